// `jungle study`: the main job. Every bundled variant's perft table, then a self-play tournament
// per variant that measures the first player's advantage, then the report, which also shows the
// piece values the players evaluate with (Markdown on the terminal; summary.json, summary.csv,
// pairings.csv and report.html in DIR).
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/argument_checks.h"
#include "cli/command.h"
#include "cli/play_options.h"
#include "cli/report_output.h"
#include "engine/variant_loader.h"
#include "match/tournament.h"
#include "players/player.h"
#include "report/report.h"
#include "research/game_summary.h"
#include "research/run_settings.h"
#include "search/piece_values.h"
#include "search/weights_file.h"

namespace jungle::cli {

namespace {

struct StudyArgs {
  std::filesystem::path out = "out/study";
  // The strongest player whose games fit the study's budget of one to two minutes on two cores
  // (docs/study.md, "The default player"): depth 4 is 135 to 315 Elo above depth 3 in every bundled
  // variant (the strength ladder) at six times the cost, about 61 ms of CPU a game, so 500 games
  // per variant take about 215 CPU-seconds and put the first player's score within about ±0.045
  // (95%). Contempt 50 rather than 10 cut its draws by repetition from 30% and 24% to 19% and 16%
  // (standard, ludii) at no measurable cost in strength. Nodes-limited players cost more for the
  // same strength (nodes=2000 plays about as depth 3, at 45 ms a game).
  int games = 500;
  std::string player = "alphabeta:depth=4,contempt=50";
  std::string openings = DEFAULT_OPENINGS;
  int threads = DEFAULT_THREADS;
  int depth = 6;
  std::uint64_t seed = DEFAULT_SEED;
  std::vector<std::string> variants;  // empty: every bundled variant
};

// A line under the piece values when the study's player (as typed, and read) does not evaluate
// with them as the table says; empty when it does.
std::string piece_values_note(const std::string& player, const PlayerSpec& spec) {
  const std::optional<std::string> weights = spec.evaluates() ? std::optional(spec.weights) : std::nullopt;
  std::string note = "the study's player, ";
  note.append(player);
  if (!weights) return note.append(", does not evaluate positions: these are the values alphabeta and mcts would use");
  if (*weights == UNTUNED_WEIGHTS) return note.append(", was told weights=untuned: its games used the untuned values");
  if (!weights->empty()) return note.append(", evaluated with the weights of ").append(*weights);
  return "";
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int run_study(const StudyArgs& args) {
  const auto start = std::chrono::steady_clock::now();
  PlayerSpec spec;
  try {
    spec = parse_player_spec(args.player);
  } catch (const PlayerSpecError& e) {
    throw UsageError(std::string("--player: ") + e.what());
  }
  std::vector<Variant> variants;
  if (args.variants.empty()) {
    variants = bundled_variants();
  } else {
    run_reporting_failures([&] {
      for (const std::string& name : args.variants) variants.push_back(load_variant(name));
    });
  }
  // Read before the long part, so that a bad weights file beside some rules stops the study at once.
  std::vector<PieceValues> values;
  for (const Variant& v : variants) values.push_back(piece_values(v));

  std::fprintf(stderr, "Perft, depths 1-%d, %s...\n", args.depth,
               args.variants.empty() ? "every bundled variant" : "every variant");
  report::Summary perft_only;
  perft_only.perft = perft_table(args.depth, {}, variants);
  const double perft_seconds = seconds_since(start);

  TournamentConfig config;
  config.variants.clear();
  if (args.variants.empty()) {
    for (const Variant& v : variants) config.variants.push_back(v.name);
  } else {
    config.variants = args.variants;  // names or files, as given
  }
  config.players = {args.player};
  config.games_per_pair = args.games;
  config.openings = args.openings;
  config.seed = args.seed;
  config.threads = args.threads;
  config.out = args.out;
  config.paired_variants = true;  // compared as compare does: the same openings and seeds in every variant
  config.progress = true;
  config.command_line = command_line();
  std::fprintf(stderr, "Self-play: %s, %d games per variant, %zu variants, into %s\n", args.player.c_str(), args.games,
               config.variants.size(), (args.out / "games.jsonl").string().c_str());
  TournamentRun run;
  run_reporting_failures([&] { run = run_tournament(config); });
  if (run.resumed > 0) std::fprintf(stderr, "Resumed: %d games were already there\n", run.resumed);

  research::SummaryOptions options;
  options.rules = run.rules;
  report::Summary summary = research::summarize(run.games, options);
  try {
    const std::string weights = !spec.evaluates()      ? "none (the player does not evaluate positions)"
                                : spec.weights.empty() ? "each variant's default weights (Settings)"
                                                       : "as the player's weights= say";
    research::attach_study_comparison(summary, run.games, args.player, weights,
                                      run.seconds > 0 ? run.played / run.seconds : 0);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "Study: the variants are not compared: %s (4 games a variant at least)\n", e.what());
  }
  summary.perft = std::move(perft_only.perft);
  summary.piece_values = std::move(values);
  summary.piece_values_note = piece_values_note(args.player, spec);
  summary.sources = {(args.out / "games.jsonl").string()};
  summary.runs = {research::run_settings(args.out / "games.jsonl", run.games)};
  report::write_markdown(std::cout, summary);
  print_run_warnings(summary);
  write_report(args.out, summary, "Jungle variant study: " + args.player + " self-play");
  std::fprintf(stderr, "Study done in %.1f s: perft %.1f s, %d games played in %.1f s, report %.1f s\n",
               seconds_since(start), perft_seconds, run.played, run.seconds,
               seconds_since(start) - perft_seconds - run.seconds);
  return 0;
}

}  // namespace

Command add_study_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "study",
      "The main job: perft of every bundled variant, then self-play games per variant measuring the first "
      "player's advantage, then the report with each variant's piece values, tuned and untuned (Markdown here; JSON, CSV "
      "and HTML in DIR). Rerunning resumes. Under "
      "mpirun every rank plays games dealt by rank 0.");
  auto args = std::make_shared<StudyArgs>();
  cmd->add_option("--out", args->out, "Results and report directory")->capture_default_str();
  add_games_option(*cmd, args->games, "Games per variant; even (each opening twice, colours swapped)")
      ->check(whole_number_in(2, 1000000));
  add_player_option(*cmd, args->player, "The player that plays itself (see `jungle tournament --players`)");
  add_openings_option(*cmd, args->openings, "random:plies=K or none");
  add_threads_option(*cmd, args->threads, "Games played at once, per MPI rank (0: every core)");
  cmd->add_option("--depth", args->depth, "Deepest perft depth")->check(whole_number_in(1, 8))->capture_default_str();
  add_seed_option(*cmd, args->seed, "Seed of openings and players");
  cmd->add_option("--variants", args->variants,
                  "Bundled variant names or rules files, comma-separated (default: every bundled variant)")
      ->delimiter(',');
  return {cmd, [args] { return run_study(*args); }};
}

}  // namespace jungle::cli
