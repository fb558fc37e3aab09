// `jungle ladder`: the strength ladder. The alpha-beta player at each level plays itself in every
// variant and plays the level below it (match/ladder.h); then the first player's score, its share
// of the decisive games, the draw rate, the repetitions and each level's Elo over the one below,
// per variant and level, the trend of the score with the level and each level's CPU time a game
// (report/ladder_report.h): Markdown here, ladder.md, ladder.json and ladder.html in DIR, and
// each run's own report (as `jungle tournament` writes it) in its folder.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "cli/report_output.h"
#include "engine/variant_loader.h"
#include "match/ladder.h"
#include "match/tournament.h"
#include "report/ladder_report.h"
#include "report/report.h"
#include "search/search.h"
#include "support/text.h"
#include "support/version.h"

namespace jungle::cli {

namespace {

struct LadderArgs {
  std::string variants;  // empty: every bundled variant
  std::string levels;
  int games = 100;
  int match_games = -1;  // -1: as --games
  std::string openings = "random:plies=4";
  std::uint64_t seed = 1;
  int threads = 0;
  int contempt = AlphaBeta::DEFAULT_CONTEMPT;
  std::filesystem::path out = "out/ladder";
};

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t start = 0, end; start <= text.size(); start = end + 1) {
    end = std::min(text.find(',', start), text.size());
    if (end > start) out.push_back(text.substr(start, end - start));
  }
  return out;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return date;
}

// A run's report in its folder, the files `jungle tournament` writes there (summary.json,
// summary.csv, pairings.csv, report.html), so that each run reads as a tournament of its own.
void write_run_report(const std::filesystem::path& folder, const std::vector<StoredGame>& games,
                      const std::vector<Variant>& rules, const std::string& title) {
  report::Options options;
  options.rules = rules;  // a variant from a TOML file is known by its path, not its name
  report::Summary summary = report::summarize(games, options);
  summary.sources = {(folder / "games.jsonl").string()};
  summary.runs = {report::run_settings(folder / "games.jsonl", games)};
  write_report_part(folder, report::summary_files(summary, title));
}

report::CpuTime cpu_time(const LadderCpu& cpu) { return {cpu.seconds, cpu.games}; }

int run_ladder_command(const LadderArgs& args) {
  LadderConfig config;
  try {
    config.levels = parse_ladder_levels(args.levels);
    set_ladder_contempt(config.levels, args.contempt);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  if (args.games % 2 != 0) throw UsageError("--games must be even (each opening twice, colours swapped), not " +
                                            std::to_string(args.games));
  config.games = args.games;
  config.match_games = args.match_games < 0 ? args.games : args.match_games;
  if (config.match_games % 2 != 0)
    throw UsageError("--match-games must be even (each opening twice, colours swapped), not " +
                     std::to_string(config.match_games));
  if (args.variants.empty()) {
    config.variants.clear();
    for (const Variant& v : bundled_variants()) config.variants.push_back(v.name);
  } else {
    config.variants = split_commas(args.variants);
    if (config.variants.empty()) throw UsageError("--variants: no variant named");
  }
  config.openings = args.openings;
  config.seed = args.seed;
  config.threads = args.threads;
  config.out = args.out;
  config.progress = true;
  config.command_line = command_line();

  LadderRun run;
  run_reporting_failures([&] { run = run_ladder(config); });
  if (run.resumed > 0) std::fprintf(stderr, "Resumed: %d games were already there\n", run.resumed);
  std::fprintf(stderr, "Ladder: %d games played in %.1f s\n", run.played, run.seconds);

  std::fprintf(stderr, "Writing each run's report in its folder...\n");
  for (std::size_t i = 0; i < config.levels.size(); ++i) {
    const LadderLevel& level = config.levels[i];
    write_run_report(self_play_folder(config.out, level), run.self_play[i], run.rules,
                     "Jungle ladder: self-play at " + level.label);
    if (!run.match_below[i].empty())
      write_run_report(match_folder(config.out, config.levels[i - 1], level), run.match_below[i], run.rules,
                       "Jungle ladder: " + config.levels[i - 1].label + " against " + level.label);
  }

  std::vector<report::LadderLevelGames> levels;
  for (std::size_t i = 0; i < config.levels.size(); ++i)
    levels.push_back({config.levels[i].label, config.levels[i].spec, std::move(run.self_play[i]),
                      std::move(run.match_below[i]), cpu_time(run.self_play_cpu[i]), cpu_time(run.match_cpu[i])});
  report::LadderSummary summary = report::summarize_ladder(levels);
  std::vector<std::string> labels;
  for (const LadderLevel& level : config.levels) labels.push_back(level.label);
  summary.settings = {
      {"command", join(command_line(), " ")},
      {"levels", args.levels + " (" + join(labels, ", ") + ")"},
      {"player", "alphabeta at each level, contempt " + std::to_string(args.contempt) +
                     (args.contempt == AlphaBeta::DEFAULT_CONTEMPT ? " (the default)" : "") + " (" +
                     config.levels.front().spec + ", ...)"},
      {"variants", join(config.variants, ", ")},
      {"self-play games", std::to_string(config.games) + " per level and variant"},
      {"match games", std::to_string(config.match_games) + " per adjacent pair of levels and variant"},
      {"openings", config.openings + ", each twice with colours swapped; the same in every run"},
      {"seed", std::to_string(config.seed)},
      {"threads", std::to_string(config.threads > 0 ? config.threads : omp_get_max_threads())},
      {"version", program_version()},
      {"date", utc_now()},
  };

  report::write_ladder_markdown(std::cout, summary);
  write_report_files(args.out, report::ladder_files(summary, "Jungle strength ladder"));
  return 0;
}

}  // namespace

Command add_ladder_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "ladder",
      "The strength ladder: the alpha-beta player at each of --levels plays itself in every variant and plays the "
      "level below it; then per variant and level the first player's score, its share of the decisive games and the "
      "draw rate with their intervals, the repetitions and the Elo over the level below; the trend of the first "
      "player's score with the level; each level's CPU time a game. Each run is a tournament in a folder of DIR, with its "
      "report; rerunning resumes.");
  auto args = std::make_shared<LadderArgs>();
  cmd->add_option("--levels", args->levels,
                  "The levels, rising: depth=A..B, depth=A,B,... (numbers and ranges), nodes=A..B or "
                  "nodes=C*B^k,k=A..B (e.g. nodes=1000*4^k,k=0..5)")
      ->required();
  cmd->add_option("--variants", args->variants,
                  "Bundled variant names or TOML files, comma-separated (default: every bundled variant)");
  cmd->add_option("--games", args->games, "Self-play games per level and variant; even (each opening twice)")
      ->check(CLI::Range(2, 1000000))
      ->capture_default_str();
  cmd->add_option("--match-games", args->match_games,
                  "Games of each level against the level below, per variant; even; 0: no matches (default: --games)")
      ->check(CLI::Range(0, 1000000));
  cmd->add_option("--contempt", args->contempt,
                  "Contempt C of every level's player: a foreseen draw scores -C for the mover (jungle compare's "
                  "player has 50)")
      ->capture_default_str();
  cmd->add_option("--openings", args->openings, "random:plies=K, none, or file=F,... as `jungle tournament`")
      ->capture_default_str();
  cmd->add_option("--seed", args->seed, "Seed of openings and players: every run of the ladder uses it")
      ->capture_default_str();
  cmd->add_option("--threads", args->threads, "Games played at once (0: every core)")
      ->check(CLI::Range(0, 1024))
      ->capture_default_str();
  cmd->add_option("--out", args->out, "Results directory: a folder per run (its games and report), and ladder.md, ladder.json, ladder.html")
      ->capture_default_str();
  return {cmd, [args] { return run_ladder_command(*args); }};
}

}  // namespace jungle::cli
