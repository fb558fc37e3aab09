// `jungle compare --levels`: does a rule change's effect hold as play gets stronger? The
// comparison of compare.h at each level of a rising list, in the ladder's syntax
// (ladder_levels.h), each in a folder of its own, OUT/level-LABEL/, with the same openings
// and game seeds, and the same weights at every level (they are fitted once, by one evaluator
// and recipe: equal_players.h). Then each level against the one below it in the base variant, so
// that the report can say how strong each level is (report/levels_report.h).
#pragma once

#include <filesystem>
#include <functional>
#include <vector>

#include "report/levels_report.h"
#include "research/compare.h"
#include "research/compare_config.h"
#include "research/ladder_levels.h"

namespace jungle::research {

// Every level's player is the alpha-beta player at the level with compare's contempt.
constexpr int LEVELS_CONTEMPT = 50;

struct LevelsOutcome {
  std::vector<CompareOutcome> comparisons;  // one per level, each already written to its folder
  report::LevelsSummary summary;            // across the levels
  std::string title;
};

// config.player must be the default: each level is the player. `match_games`: games of each
// level against the one below, in the base variant (0: none; even). Plays (or resumes) everything
// into config.out; mistakes are InputErrors. `write_level` is given each level's folder and
// outcome as soon as it is done, so that an interrupted run keeps its finished levels' reports.
LevelsOutcome run_compare_levels(const CompareConfig& config, const std::vector<LadderLevel>& levels, int match_games,
                                 const std::function<void(const std::filesystem::path&, const CompareOutcome&)>& write_level);

}  // namespace jungle::research
