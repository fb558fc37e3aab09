// `jungle ladder`: the command line of research/ladder.h, which plays the ladder; its report here
// in Markdown, ladder.md, ladder.json and ladder.html in DIR, and each run's own report (as `jungle
// tournament` writes it) in its folder.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/argument_checks.h"
#include "cli/command.h"
#include "cli/play_options.h"
#include "cli/report_output.h"
#include "engine/variant_loader.h"
#include "report/ladder_report.h"
#include "research/ladder.h"

namespace jungle::cli {

namespace {

// The options: LadderConfig's own, and those the command line gives otherwise.
struct LadderArgs {
  research::LadderConfig config;
  std::string variants;  // comma-separated; empty: every bundled variant
  int match_games = -1;  // -1: as --games
};

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t start = 0, end; start <= text.size(); start = end + 1) {
    end = std::min(text.find(',', start), text.size());
    if (end > start) out.push_back(text.substr(start, end - start));
  }
  return out;
}

int run_ladder_command(const LadderArgs& args) {
  research::LadderConfig config = args.config;
  if (args.match_games >= 0) config.match_games = args.match_games;
  if (args.variants.empty()) {
    for (const Variant& v : bundled_variants()) config.variants.push_back(v.name);
  } else {
    config.variants = split_commas(args.variants);
  }
  config.command_line = command_line();
  const research::LadderOutcome outcome = research::run_ladder(config);

  std::fprintf(stderr, "Writing each run's report in its folder...\n");
  for (const research::LadderRunReport& run : outcome.runs)
    write_report_part(run.folder, report::summary_files(run.summary, run.title));
  report::write_ladder_markdown(std::cout, outcome.summary);
  write_report_files(config.out, report::ladder_files(outcome.summary, outcome.title));
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
  cmd->add_option("--levels", args->config.levels,
                  "The levels, rising: depth=A..B, depth=A,B,... (numbers and ranges), nodes=A..B or "
                  "nodes=C*B^k,k=A..B (e.g. nodes=1000*4^k,k=0..5)")
      ->required();
  cmd->add_option("--variants", args->variants,
                  "Bundled variant names or TOML files, comma-separated (default: every bundled variant)");
  add_games_option(*cmd, args->config.games, "Self-play games per level and variant; even (each opening twice)")
      ->check(whole_number_in(2, 1000000));
  cmd->add_option("--match-games", args->match_games,
                  "Games of each level against the level below, per variant; even; 0: no matches (default: --games)")
      ->check(whole_number_in(0, 1000000));
  cmd->add_option("--contempt", args->config.contempt,
                  "Contempt C of every level's player: a foreseen draw scores -C for the mover (jungle compare's "
                  "player has 50)")
      ->capture_default_str();
  add_openings_option(*cmd, args->config.openings, "random:plies=K, none, or file=F,... as `jungle tournament`");
  add_seed_option(*cmd, args->config.seed, "Seed of openings and players: every run of the ladder uses it");
  add_threads_option(*cmd, args->config.threads, "Games played at once (0: every core)");
  cmd->add_option("--out", args->config.out, "Results directory: a folder per run (its games and report), and ladder.md, ladder.json, ladder.html")
      ->capture_default_str();
  return {cmd, [args] { return run_ladder_command(*args); }};
}

}  // namespace jungle::cli
