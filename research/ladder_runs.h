// The strength ladder's runs (ladder.h): the alpha-beta player at each level plays itself in every
// variant, and each level plays the level below it. Every one of these runs is an ordinary
// tournament (match/tournament.h) in a folder of its own under DIR:
//   DIR/selfplay-depth=3/               the level's self-play, all variants
//   DIR/match-depth=2-vs-depth=3/       the level below (first player of the pairing) against it
// so each resumes, extends with a larger --games, and reports on its own (`jungle stats`), and a
// ladder with more levels reuses every folder a smaller one made with the same settings. The
// runs are played from the lowest level up, each level's match right after its self-play, so
// that an interrupted ladder has its lower rungs complete.
//
// The cost of a run is the CPU time of its games, each timed on the thread that played it
// (TournamentRun::cpu_seconds), over the games timed. It is added up in the run's folder,
// DIR/RUN/cpu.json, so that a resumed or extended run keeps the cost of the games played before;
// games played by other commands (jungle tournament into the same folder) are not timed, nor
// under MPI the games of ranks other than the first.
#pragma once

#include <filesystem>
#include <vector>

#include "engine/variant.h"
#include "report/ladder_report.h"
#include "research/ladder.h"
#include "research/ladder_levels.h"
#include "results/results_file.h"

namespace jungle::research {

struct LadderRuns {
  std::vector<Variant> rules;  // the variants' rules, in the order of config.variants
  // Per level, in the order of the levels: its self-play games, and its games against the level
  // below (empty for the first level and without matches).
  std::vector<std::vector<StoredGame>> self_play;
  std::vector<std::vector<StoredGame>> match_below;
  std::vector<report::CpuTime> self_play_cpu, match_cpu;  // per level, likewise
  int resumed = 0;      // games found in the folders
  int played = 0;       // games played now
  double seconds = 0;   // time spent playing them
};

std::filesystem::path self_play_folder(const std::filesystem::path& out, const LadderLevel& level);
std::filesystem::path match_folder(const std::filesystem::path& out, const LadderLevel& lower,
                                   const LadderLevel& upper);

// The run folder's cost so far (cpu.json): nothing when the file is missing or cannot be read (the
// cost is a side figure: a damaged file starts it afresh rather than stop the ladder).
report::CpuTime read_run_cpu(const std::filesystem::path& folder);

// Plays (or resumes) every run of the ladder into config.out: `levels` are config.levels read,
// `match_games` the games of each match a variant (0: no matches). A line per run and the
// tournaments' progress go to standard error. Throws what run_tournament throws: TournamentError
// for a bad configuration or folder, ResultsError for a garbled games.jsonl, VariantError.
LadderRuns play_ladder_runs(const LadderConfig& config, const std::vector<LadderLevel>& levels, int match_games);

}  // namespace jungle::research
