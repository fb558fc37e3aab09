// The strength ladder's figures (report/ladder_report.h's records) from each level's games: per
// variant and level the first player's score, its share of the decisive games and the draw rate
// in the level's self-play, each with its interval; the level's Elo over the level below from
// their match; per variant a line through the scores against the level. report/ladder_report.h
// writes what summarize_ladder returns.
#pragma once

#include <string>
#include <vector>

#include "report/ladder_report.h"
#include "results/results_file.h"

namespace jungle::research {

using report::CpuTime;
using report::LadderStep;
using report::LadderSummary;

// One level's games, as the ladder played them (research/ladder_runs.h).
struct LadderLevelGames {
  std::string label;  // "depth=3"
  std::string spec;   // the level's player: both sides of its self-play, one side of its match
  std::vector<StoredGame> self_play;
  std::vector<StoredGame> match_below;  // against the level below; empty for the first level
  CpuTime self_play_cpu{}, match_cpu{};  // every variant's games together
};

// A level (player `upper`, named `label`) against the level below (player `lower`) over their
// match's games, from the upper level's side. Shared by the ladder and `compare --levels`. Throws
// std::invalid_argument naming a game that is not between the two.
LadderStep step_over_below(const std::vector<const StoredGame*>& games, const std::string& label,
                           const std::string& upper, const std::string& lower, double confidence = 0.95);

// Throws std::invalid_argument when a match game is not between the level and the one below.
LadderSummary summarize_ladder(const std::vector<LadderLevelGames>& levels, double confidence = 0.95);

}  // namespace jungle::research
