// `jungle tune`: the evaluation's weights fitted to game results by Texel's method
// (tune/texel.h), from results files or from self-play it runs first; and the table of
// every bundled variant's tuned piece values.
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/argument_checks.h"
#include "cli/command.h"
#include "cli/play_options.h"
#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "report/report_tables.h"
#include "research/weights_fitting.h"
#include "results/replay_check.h"
#include "results/results_file.h"
#include "results/run_file.h"
#include "search/piece_values.h"
#include "search/weights_file.h"
#include "support/files.h"
#include "support/text.h"

namespace jungle::cli {

namespace {

struct TuneArgs {
  research::TuneSettings settings;
  std::vector<std::filesystem::path> games;
  std::filesystem::path out;  // default: standard output
  bool table = false;
  std::filesystem::path weights_dir;
};

// The records of `variant` in the files, replayed under its rules; refuses files whose run.json
// recorded other rules under its name, and files with a game of it that does not replay or is
// not between the players run.json lists (the games of other variants are not fitted on, so not
// replayed).
std::vector<GameRecord> games_from_files(const std::vector<std::filesystem::path>& files, const Variant& variant) {
  std::vector<GameRecord> out;
  const std::string hash = rules_hash(variant);
  for (const std::filesystem::path& file : files) {
    std::vector<std::string> warnings;
    std::vector<StoredGame> stored;
    try {
      stored = read_results(file, &warnings);
      for (const Variant& recorded : recorded_rules(file))
        if (recorded.name == variant.name && rules_hash(recorded) != hash)
          throw UsageError("--games: " + file.string() + ": its games of " + variant.name +
                           " were played under other rules than --variant's (see its run.json)");
      std::erase_if(stored, [&](const StoredGame& g) { return g.record.variant != variant.name; });
      stored = replayed_games(file, std::move(stored), {variant}, recorded_players(file));
    } catch (const ResultsError& e) {
      throw UsageError(std::string("--games: ") + e.what());
    }
    for (const std::string& w : warnings) std::cerr << "warning: " << w << "\n";
    for (StoredGame& g : stored) out.push_back(std::move(g.record));
  }
  return out;
}

int run_tune(const TuneArgs& args) {
  const research::TuneSettings& settings = args.settings;
  if (args.games.empty() && settings.selfplay == 0) throw UsageError("give --games FILE... or --selfplay N (or both)");
  if (settings.selfplay % 2) throw UsageError("--selfplay must be even (each opening is played twice, colours swapped)");
  const Variant variant = load_variant_argument("--variant", settings.variant);
  research::check_tune_settings(settings, variant);
  // Before the games are read, played or fitted: an --out that cannot be written is found now.
  if (!args.out.empty()) {
    try {
      check_writable(args.out);
    } catch (const FileWriteError& e) {
      throw UsageError(std::string("--out: ") + e.what());
    }
  }
  std::vector<GameRecord> games = games_from_files(args.games, variant);
  if (!args.games.empty() && games.empty())
    throw UsageError("--games: no game of " + variant.name + " in the files given");
  if (settings.selfplay > 0)
    for (GameRecord& g : research::play_selfplay(settings, variant, command_line())) games.push_back(std::move(g));
  // Games from files are no recipe: the weights record none, and compare fits its own.
  const research::FittedWeights fitted = research::fit_weights(
      variant, games, settings, join(command_line(), " "), args.games.empty() ? research::recipe_text(settings) : "");
  const TuneResult& result = fitted.result;
  const EvalWeights& start = fitted.start;
  const std::string& text = fitted.text;

  // The summary goes where the weights file does not.
  std::ostream& summary = args.out.empty() ? std::cerr : std::cout;
  char line[200];
  std::snprintf(line, sizeof line, "k %.6g; mean squared error %.6f before, %.6f after, %d sweeps\n", result.k,
                result.error_before, result.error_after, result.sweeps);
  summary << line << "\n| weight | start | tuned |\n|---|---:|---:|\n";
  for (int i = 0; i < WEIGHT_NB; ++i)
    if (weight_at(start, i) != weight_at(result.weights, i))
      summary << "| " << weight_name(i) << " | " << weight_at(start, i) << " | " << weight_at(result.weights, i) << " |\n";
  if (args.out.empty()) {
    std::cout << text;
    return 0;
  }
  try {
    write_file_atomically(args.out, text);
  } catch (const FileWriteError& e) {
    throw UsageError(std::string("--out: ") + e.what());
  }
  summary << "\nWeights: " << args.out.string() << "\n";
  return 0;
}

// Each bundled variant's piece values, tuned (DIR/NAME.weights.toml, or the file beside its
// rules) and untuned: the section the study's report shows.
int print_table(const std::filesystem::path& dir) {
  std::vector<PieceValues> values;
  for (const Variant& v : bundled_variants()) values.push_back(piece_values(v, dir));
  report::detail::write_sections_markdown(std::cout, {report::detail::piece_values_section(values)});
  return 0;
}

}  // namespace

Command add_tune_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "tune",
      "Fit the evaluation's weights to the results of games (Texel's method: logistic regression of the result "
      "on the evaluation of the positions' quiescence leaves) and write a weights file for players (weights=FILE) and jungle engine "
      "(option Weights)");
  auto args = std::make_shared<TuneArgs>();
  args->settings.tables = research::weight_tables();
  cmd->add_option("--variant", args->settings.variant, "The variant to tune for (a bundled name or a rules file)");
  cmd->add_option("--games", args->games, "Results files (games.jsonl); their games of --variant are used");
  cmd->add_option("--selfplay", args->settings.selfplay, "Play this many self-play games first (even), kept in --dir")
      ->check(whole_number_in(0, 1000000));
  add_player_option(*cmd, args->settings.player, "The self-play player (see jungle tournament --players)");
  add_openings_option(*cmd, args->settings.openings, "The self-play openings (see jungle tournament)");
  cmd->add_option("--dir", args->settings.dir, "The self-play results folder (default out/tune/VARIANT); rerunning resumes");
  cmd->add_option("--out", args->out, "The weights file to write (default: standard output)");
  cmd->add_option("--start", args->settings.start, "The weights to start from: untuned, or a weights file")->capture_default_str();
  cmd->add_option("--tune", args->settings.tables, "The tables of weights to tune, comma-separated")->capture_default_str();
  cmd->add_option("--k", args->settings.k, "The scale of sigmoid(k * eval) (default: fitted to the start weights)")
      ->check(number_in(0.0, 1.0));
  cmd->add_option("--ridge", args->settings.ridge, "Weight of the ridge prior towards the start weights (0: plain Texel)")
      ->check(number_in(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--skip-plies", args->settings.skip_plies, "Plies after the opening before positions are taken")
      ->check(whole_number_in(0, 10000))
      ->capture_default_str();
  cmd->add_option("--positions", args->settings.positions,
                  "Which positions: quiescence (each game position replaced by the last position of its quiescence "
                  "search's principal variation under --start, as Texel's method does) or quiet (only the game "
                  "positions without a capture or a winning move)")
      ->check(one_of({"quiescence", "quiet"}))
      ->capture_default_str();
  cmd->add_option("--max-positions", args->settings.max_positions, "At most this many positions, drawn at random (0: all)")
      ->capture_default_str();
  add_seed_option(*cmd, args->settings.seed, "Seed of the self-play and of the draw of positions");
  add_threads_option(*cmd, args->settings.threads, "Threads (0: every core)");
  cmd->add_flag("--table", args->table, "Print every bundled variant's tuned and untuned piece values, and stop");
  cmd->add_option("--weights-dir", args->weights_dir,
                  "With --table: the folder of the NAME.weights.toml files (default: beside each variant's rules)");
  cmd->footer(
      "Examples:\n  jungle tune --variant ludii --selfplay 1000 --out ludii.weights.toml\n"
      "  jungle tune --variant standard --games runs/a/games.jsonl runs/b/games.jsonl > standard.weights.toml\n"
      "  jungle tune --table --weights-dir data/tuned-weights");
  return {cmd, [args] {
            if (args->table) return print_table(args->weights_dir);
            if (args->settings.variant.empty()) throw UsageError("--variant is required");
            return run_tune(*args);
          }};
}

}  // namespace jungle::cli
