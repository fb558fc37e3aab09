// `jungle tune`: the evaluation's weights fitted to game results by Texel's method
// (tune/texel.h), from results files or from self-play it runs first; and the table of
// every bundled variant's tuned piece values.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>

#include "cli/command.h"
#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "match/tournament.h"
#include "players/player.h"
#include "report/report_tables.h"
#include "results/results_file.h"
#include "results/run_file.h"
#include "search/piece_values.h"
#include "search/weights_file.h"
#include "support/excerpt.h"
#include "tune/texel.h"

namespace jungle::cli {

namespace {

// The tables of weights, by the names of weights files (weight_name's prefixes).
const char* const TABLES[] = {"pieces", "advance", "traps", "threats", "den", "water", "defence", "raid"};

// The table names, one separator between each: --tune's default and its error message.
std::string table_list(const char* separator) {
  std::string list;
  for (const char* t : TABLES) {
    if (!list.empty()) list += separator;
    list += t;
  }
  return list;
}

struct TuneArgs {
  std::string variant;
  std::vector<std::filesystem::path> games;
  int selfplay = 0;
  std::string player = "alphabeta:nodes=5000,weights=untuned";
  std::string openings = "random:plies=8";
  std::filesystem::path dir;  // default out/tune/NAME
  std::filesystem::path out;  // default: standard output
  std::string start = UNTUNED_WEIGHTS;
  std::string tune = table_list(",");
  double k = 0;
  double ridge = 1e-4;
  int skip_plies = 8;
  std::string positions = "quiescence";
  std::size_t max_positions = 200000;
  std::uint64_t seed = 1;
  int threads = 0;
  bool table = false;
  std::filesystem::path weights_dir;
};

// --tune's comma list of tables as weight numbers.
std::vector<int> tuned_weights(const std::string& list) {
  std::set<std::string> chosen;
  for (std::size_t start = 0, end; start <= list.size(); start = end + 1) {
    end = std::min(list.find(',', start), list.size());
    const std::string table = list.substr(start, end - start);
    bool known = false;
    for (const char* t : TABLES) known |= table == t;
    if (!known) {
      std::string message = "--tune: unknown table \"";
      message.append(excerpt(table)).append("\" (").append(table_list(", ")).append(")");
      throw UsageError(message);
    }
    chosen.insert(table);
  }
  std::vector<int> out;
  for (int i = 0; i < WEIGHT_NB; ++i)
    if (chosen.count(weight_name(i).substr(0, weight_name(i).find('.')))) out.push_back(i);
  return out;
}

// A TOML basic string.
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out += c;
  }
  return out += '"';
}

// The records of `variant` in the files; refuses files whose run.json recorded other rules under its name.
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
    } catch (const ResultsError& e) {
      throw UsageError(std::string("--games: ") + e.what());
    }
    for (const std::string& w : warnings) std::cerr << "warning: " << w << "\n";
    for (StoredGame& g : stored)
      if (g.record.variant == variant.name) out.push_back(std::move(g.record));
  }
  return out;
}

std::vector<GameRecord> selfplay(const TuneArgs& args, const Variant& variant) {
  try {
    validate_player_spec(args.player, variant);
  } catch (const PlayerSpecError& e) {
    throw UsageError(std::string("--player: ") + e.what());
  }
  TournamentConfig config;
  config.variants = {args.variant};
  config.players = {args.player};
  config.games_per_pair = args.selfplay;
  config.openings = args.openings;
  config.seed = args.seed;
  config.threads = args.threads;
  config.out = args.dir.empty() ? std::filesystem::path("out/tune") / variant.name : args.dir;
  config.progress = true;
  config.command_line = command_line();
  std::fprintf(stderr, "Self-play: %s, %d games of %s, into %s\n", args.player.c_str(), args.selfplay,
               variant.name.c_str(), (config.out / "games.jsonl").string().c_str());
  TournamentRun run;
  run_reporting_failures([&] { run = run_tournament(config); });
  if (run.resumed > 0) std::fprintf(stderr, "Resumed: %d games were already there\n", run.resumed);
  std::vector<GameRecord> out;
  for (StoredGame& g : run.games) out.push_back(std::move(g.record));
  return out;
}

int run_tune(const TuneArgs& args) {
  if (args.games.empty() && args.selfplay == 0) throw UsageError("give --games FILE... or --selfplay N (or both)");
  if (args.selfplay % 2) throw UsageError("--selfplay must be even (each opening is played twice, colours swapped)");
  const Variant variant = load_variant(args.variant);
  const std::vector<int> free = tuned_weights(args.tune);
  EvalWeights start;
  try {
    start = *resolve_weights(variant, args.start).weights;
  } catch (const WeightsError& e) {
    throw UsageError(std::string("--start: ") + e.what());
  }

  std::vector<GameRecord> games = games_from_files(args.games, variant);
  if (!args.games.empty() && games.empty())
    throw UsageError("--games: no game of " + variant.name + " in the files given");
  if (args.selfplay > 0)
    for (GameRecord& g : selfplay(args, variant)) games.push_back(std::move(g));

  SampleOptions sampling;
  sampling.skip_plies = args.skip_plies;
  sampling.max_positions = args.max_positions;
  sampling.seed = args.seed;
  if (args.positions == "quiescence") sampling.quiescence_leaves = start;
  std::vector<TexelPosition> positions;
  try {
    positions = sample_positions(variant, games, sampling);
  } catch (const ReplayError& e) {
    throw UsageError(std::string("--games: ") + e.what());
  } catch (const PositionError& e) {
    throw UsageError(std::string("--games: a start position: ") + e.what());
  }
  if (positions.empty()) throw UsageError("no position to tune on in the " + std::to_string(games.size()) + " games");
  std::fprintf(stderr, "Tuning %s on %zu %s positions from %zu games\n", variant.name.c_str(), positions.size(),
               args.positions == "quiescence" ? "quiescence-leaf" : "quiet", games.size());

  TuneOptions options;
  options.k = args.k;
  options.ridge = args.ridge;
  options.weights = free;
  options.threads = args.threads;
  options.progress = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
  const TuneResult result = tune_weights(variant, positions, start, options);

  WeightsFile file{variant.name, rules_hash(variant), 1, result.weights};
  std::ostringstream tuning;
  tuning << "games = " << games.size() << "\npositions = " << positions.size() << "\nk = " << result.k
         << "\nerror_before = " << result.error_before << "\nerror_after = " << result.error_after
         << "\nridge = " << args.ridge << "\npositions_taken = " << quoted(args.positions) << "\nsweeps = " << result.sweeps << "\nstart = " << quoted(args.start) << "\n";
  std::string command;
  for (const std::string& word : command_line()) command.append(command.empty() ? "" : " ").append(word);
  tuning << "command = " << quoted(command) << "\n";
  const std::string text = weights_to_toml(file, tuning.str());

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
  std::ofstream out(args.out, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw UsageError("--out: cannot write " + args.out.string());
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
  cmd->add_option("--variant", args->variant, "The variant to tune for (a bundled name or a rules file)");
  cmd->add_option("--games", args->games, "Results files (games.jsonl); their games of --variant are used");
  cmd->add_option("--selfplay", args->selfplay, "Play this many self-play games first (even), kept in --dir")
      ->check(CLI::Range(0, 1000000));
  cmd->add_option("--player", args->player, "The self-play player (see jungle tournament --players)")->capture_default_str();
  cmd->add_option("--openings", args->openings, "The self-play openings (see jungle tournament)")->capture_default_str();
  cmd->add_option("--dir", args->dir, "The self-play results folder (default out/tune/VARIANT); rerunning resumes");
  cmd->add_option("--out", args->out, "The weights file to write (default: standard output)");
  cmd->add_option("--start", args->start, "The weights to start from: untuned, or a weights file")->capture_default_str();
  cmd->add_option("--tune", args->tune, "The tables of weights to tune, comma-separated")->capture_default_str();
  cmd->add_option("--k", args->k, "The scale of sigmoid(k * eval) (default: fitted to the start weights)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--ridge", args->ridge, "Weight of the ridge prior towards the start weights (0: plain Texel)")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--skip-plies", args->skip_plies, "Plies after the opening before positions are taken")
      ->check(CLI::Range(0, 10000))
      ->capture_default_str();
  cmd->add_option("--positions", args->positions,
                  "Which positions: quiescence (each game position replaced by the last position of its quiescence "
                  "search's principal variation under --start, as Texel's method does) or quiet (only the game "
                  "positions without a capture or a winning move)")
      ->check(CLI::IsMember({"quiescence", "quiet"}))
      ->capture_default_str();
  cmd->add_option("--max-positions", args->max_positions, "At most this many positions, drawn at random (0: all)")
      ->capture_default_str();
  cmd->add_option("--seed", args->seed, "Seed of the self-play and of the draw of positions")->capture_default_str();
  cmd->add_option("--threads", args->threads, "Threads (0: every core)")->check(CLI::Range(0, 1024))->capture_default_str();
  cmd->add_flag("--table", args->table, "Print every bundled variant's tuned and untuned piece values, and stop");
  cmd->add_option("--weights-dir", args->weights_dir,
                  "With --table: the folder of the NAME.weights.toml files (default: beside each variant's rules)");
  cmd->footer(
      "Examples:\n  jungle tune --variant ludii --selfplay 1000 --out ludii.weights.toml\n"
      "  jungle tune --variant standard --games runs/a/games.jsonl runs/b/games.jsonl > standard.weights.toml\n"
      "  jungle tune --table --weights-dir data/tuned-weights");
  return {cmd, [args] {
            if (args->table) return print_table(args->weights_dir);
            if (args->variant.empty()) throw UsageError("--variant is required");
            return run_tune(*args);
          }};
}

}  // namespace jungle::cli
