// `jungle ladder`: the strength ladder. The alpha-beta player at each of a rising list of levels
// (ladder_levels.h) plays itself in every variant and plays the level below it, each run a
// tournament in a folder of its own (ladder_runs.h); then per variant and level the first
// player's score, its share of the decisive games, the draw rate, the repetitions and each
// level's Elo over the one below, the trend of the score with the level and each level's CPU time
// a game (report/ladder_report.h), and each run's own report, as `jungle tournament` writes one.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "report/ladder_report.h"
#include "report/report.h"
#include "results/tournament_settings.h"
#include "search/search.h"

namespace jungle::research {

// `jungle ladder`'s settings, with the command's defaults.
struct LadderConfig {
  std::string levels;                          // the levels as written (ladder_levels.h)
  int contempt = AlphaBeta::DEFAULT_CONTEMPT;  // every level's player's (set_ladder_contempt)
  std::vector<std::string> variants;           // bundled names or TOML paths; at least one
  int games = 100;                             // self-play games per level and variant; even
  std::optional<int> match_games;  // games of each adjacent match per variant; even; 0: no matches; none: as games
  std::string openings = DEFAULT_OPENINGS;
  std::uint64_t seed = DEFAULT_SEED;
  int threads = DEFAULT_THREADS;  // 0: every core
  std::filesystem::path out = "out/ladder";
  std::vector<std::string> command_line;  // as typed, for each tournament's run.json and the report's settings
};

// A run's report, to be written in its folder, so that each run reads as a tournament of its own.
struct LadderRunReport {
  std::filesystem::path folder;
  report::Summary summary;
  std::string title;
};

struct LadderOutcome {
  std::vector<LadderRunReport> runs;  // a level's self-play, then its match against the level below
  report::LadderSummary summary;      // across the levels, its settings filled
  std::string title;                  // the ladder's page's
};

// Checks the settings, then plays (or resumes: every run goes on from the games in its folder) the
// ladder into config.out and returns its reports, written nowhere yet; progress goes to standard
// error. Mistakes are InputErrors naming the option; a results file there that does not read is
// a ResultsError.
LadderOutcome run_ladder(const LadderConfig& config);

}  // namespace jungle::research
