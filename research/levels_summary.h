// The figures of `jungle compare --levels` (report/levels_report.h's records) from each level's
// verdict and games: per compared variant the primary figure's difference at each level, their
// pooled mean and the line through them against the level; per level its cost and its Elo over
// the level below. report/levels_report.h writes what summarize_levels returns.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "report/ladder_report.h"
#include "report/levels_report.h"
#include "results/results_file.h"
#include "stats/variant_comparison.h"

namespace jungle::research {

using report::LevelsSummary;

// One level as compare --levels played it.
struct LevelInput {
  std::string label;  // "depth=3"
  std::string spec;   // its player
  stats::Comparison comparison;   // the level's verdict: every variant against the base
  std::vector<StoredGame> games;  // its self-play games, every variant
  report::CpuTime cpu;                    // of the games this command played
  std::uint64_t searched_nodes = 0, searched_moves = 0;  // in them (players/player.h, SearchTally)
  std::vector<StoredGame> match_below;  // against the level below, in the base; empty: none
  std::string below_spec;               // the level below's player; empty for the first
};

// Throws std::invalid_argument when a match game is not between a level and the one below.
LevelsSummary summarize_levels(const std::vector<LevelInput>& levels, double confidence = 0.95);

}  // namespace jungle::research
