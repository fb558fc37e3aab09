#include "research/ladder.h"

#include <omp.h>

#include <cstdio>
#include <ctime>
#include <stdexcept>

#include "research/game_summary.h"
#include "research/input_error.h"
#include "research/ladder_levels.h"
#include "research/ladder_runs.h"
#include "research/ladder_summary.h"
#include "research/run_settings.h"
#include "support/text.h"
#include "support/version.h"

namespace jungle::research {

namespace {

// The levels as config.levels writes them, at config.contempt, once every setting is checked, in
// the order the command line's mistakes have always been reported.
std::vector<LadderLevel> checked_levels(const LadderConfig& config) {
  std::vector<LadderLevel> levels;
  try {
    levels = parse_ladder_levels(config.levels);
    set_ladder_contempt(levels, config.contempt);
  } catch (const std::invalid_argument& e) {
    throw InputError(e.what());
  }
  if (config.games % 2 != 0)
    throw InputError("--games must be even (each opening twice, colours swapped), not " + std::to_string(config.games));
  const int match_games = config.match_games.value_or(config.games);
  if (match_games % 2 != 0)
    throw InputError("--match-games must be even (each opening twice, colours swapped), not " +
                     std::to_string(match_games));
  if (config.variants.empty()) throw InputError("--variants: no variant named");
  return levels;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return date;
}

// The run's games summarized as `jungle tournament` reports a folder.
LadderRunReport run_report(const std::filesystem::path& folder, const std::vector<StoredGame>& games,
                           const std::vector<Variant>& rules, const std::string& title) {
  SummaryOptions options;
  options.rules = rules;  // a variant from a TOML file is known by its path, not its name
  LadderRunReport run{folder, summarize(games, options), title};
  run.summary.sources = {(folder / "games.jsonl").string()};
  run.summary.runs = {run_settings(folder / "games.jsonl", games)};
  return run;
}

// What the report's first table shows: how the ladder was run.
std::vector<std::pair<std::string, std::string>> settings(const LadderConfig& config,
                                                          const std::vector<LadderLevel>& levels, int match_games) {
  std::vector<std::string> labels;
  for (const LadderLevel& level : levels) labels.push_back(level.label);
  return {
      {"command", join(config.command_line, " ")},
      {"levels", config.levels + " (" + join(labels, ", ") + ")"},
      {"player", "alphabeta at each level, contempt " + std::to_string(config.contempt) +
                     (config.contempt == AlphaBeta::DEFAULT_CONTEMPT ? " (the default)" : "") + " (" +
                     levels.front().spec + ", ...)"},
      {"variants", join(config.variants, ", ")},
      {"self-play games", std::to_string(config.games) + " per level and variant"},
      {"match games", std::to_string(match_games) + " per adjacent pair of levels and variant"},
      {"openings", config.openings + ", each twice with colours swapped; the same in every run"},
      {"seed", std::to_string(config.seed)},
      {"threads", std::to_string(config.threads > 0 ? config.threads : omp_get_max_threads())},
      {"version", program_version()},
      {"date", utc_now()},
  };
}

}  // namespace

LadderOutcome run_ladder(const LadderConfig& config) {
  const std::vector<LadderLevel> levels = checked_levels(config);
  const int match_games = config.match_games.value_or(config.games);
  LadderRuns runs;
  run_reporting_failures([&] { runs = play_ladder_runs(config, levels, match_games); });
  if (runs.resumed > 0) std::fprintf(stderr, "Resumed: %d games were already there\n", runs.resumed);
  std::fprintf(stderr, "Ladder: %d games played in %.1f s\n", runs.played, runs.seconds);

  LadderOutcome outcome;
  std::vector<LadderLevelGames> games;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const LadderLevel& level = levels[i];
    outcome.runs.push_back(run_report(self_play_folder(config.out, level), runs.self_play[i], runs.rules,
                                      "Jungle ladder: self-play at " + level.label));
    if (!runs.match_below[i].empty())
      outcome.runs.push_back(run_report(match_folder(config.out, levels[i - 1], level), runs.match_below[i],
                                        runs.rules, "Jungle ladder: " + levels[i - 1].label + " against " + level.label));
    games.push_back({level.label, level.spec, std::move(runs.self_play[i]), std::move(runs.match_below[i]),
                     runs.self_play_cpu[i], runs.match_cpu[i]});
  }
  outcome.summary = summarize_ladder(games);
  outcome.summary.settings = settings(config, levels, match_games);
  outcome.title = "Jungle strength ladder";
  return outcome;
}

}  // namespace jungle::research
