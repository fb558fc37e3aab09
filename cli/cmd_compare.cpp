// `jungle compare BASE VARIANT...`: does a rule change change who wins? Every variant is played
// by the same player with weights obtained the same way, from the base's openings with the same
// game seeds (paired variants), in rounds sized by precision (report::run_comparison), and the
// report opens with the verdict (report/comparison.h).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/command.h"
#include "cli/weights_fitting.h"
#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "match/tournament.h"
#include "players/player.h"
#include "report/comparison.h"
#include "results/run_file.h"
#include "search/weights_file.h"
#include "support/duration.h"
#include "support/file_lock.h"
#include "support/files.h"
#include "support/text.h"
#include "tablebase/tablebase.h"

namespace jungle::cli {

namespace {

struct CompareArgs {
  std::vector<std::string> variants;  // BASE first
  // The study's player (cmd_study.cpp says why): about 60 ms of CPU a game.
  std::string player = "alphabeta:depth=4,contempt=50";
  std::string weights = "auto";
  int fit_games = 2000;  // the recipe of the bundled weights
  std::filesystem::path weights_cache;  // default: default_weights_cache()
  std::filesystem::path tablebase_dir;  // default: tablebase::default_folder()
  int games = 200;          // with fixed_games: the games a variant
  bool fixed_games = false;  // --games given: a fixed number, not sized by precision
  int pilot_games = 200;     // the first round's games a variant, when sized by precision
  double precision = 0.03;   // the primary figure's half-width the rounds play for
  std::string precision_figures;  // more figures that must reach it, comma-separated
  std::string primary = "score";
  double margin = 0;  // equivalence within ±margin; 0: not asked
  std::string max_time = "30m";
  std::string openings = "random:plies=4";
  std::uint64_t seed = 1;
  int threads = 0;
  std::filesystem::path out = "out/compare";
};

// A duration in support/duration.h's grammar: "90s", "30m", "2h", "1:30", or seconds alone.
double parse_duration(const std::string& text) {
  const std::optional<double> seconds = parse_duration_seconds(text);
  if (!seconds || !(*seconds > 0))
    throw UsageError("--max-time: expected a duration such as 90s, 30m, 2h or 1:30, not \"" + text + "\"");
  return *seconds;
}

// Where fitted weights are kept between comparisons: $XDG_CACHE_HOME/jungle/weights, else
// ~/.cache/jungle/weights, else out/weights-cache.
std::filesystem::path default_weights_cache() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "jungle/weights";
  if (const char* home = std::getenv("HOME"); home && *home) return std::filesystem::path(home) / ".cache/jungle/weights";
  return "out/weights-cache";
}

// The weights of a variant that has no weights file beside its rules, fitted by the bundled
// weights' recipe (weights_fitting.h) and kept in the cache by rules hash and number of games, so
// that the next comparison with the same rules finds them. Interrupted, the self-play resumes.
// Returns the weights file; `spent` adds the seconds it took.
std::filesystem::path fitted_weights(const CompareArgs& args, const std::string& name_given, const Variant& variant,
                                     double& spent) {
  const std::string key = rules_hash(variant) + "-selfplay" + std::to_string(args.fit_games);
  const std::filesystem::path cache = args.weights_cache.empty() ? default_weights_cache() : args.weights_cache;
  const std::filesystem::path file = cache / (key + ".weights.toml");
  std::error_code ec;
  if (std::filesystem::exists(file, ec)) return file;
  // The cache is checked before the self-play and the fit, not after them.
  try {
    check_writable_folder(cache);
  } catch (const FileWriteError& e) {
    throw UsageError(std::string("--weights-cache: ") + e.what());
  }
  // One fit per variant's weights at a time: another run fitting the same weights is waited
  // for, and its weights taken, rather than fitted twice into the same self-play folder.
  std::optional<FileLock> lock;
  try {
    lock.emplace(cache / (key + ".lock"), [&](long holder) {
      const std::string who = holder > 0 ? "another run (pid " + std::to_string(holder) + ")" : "another run";
      std::fprintf(stderr, "compare: the weights of %s are being fitted by %s; waiting for it\n", variant.name.c_str(),
                   who.c_str());
    });
  } catch (const FileWriteError& e) {
    throw UsageError(std::string("--weights-cache: ") + e.what());
  }
  if (std::filesystem::exists(file, ec)) {
    std::fprintf(stderr, "compare: the other run has fitted the weights of %s: %s\n", variant.name.c_str(),
                 file.string().c_str());
    return file;
  }
  TuneSettings recipe = fitting_recipe(name_given, args.fit_games);
  recipe.dir = cache / key;
  recipe.threads = args.threads;
  const std::string command = tune_command(recipe);
  std::fprintf(stderr, "%s has no weights file beside its rules: fitting its weights as the bundled ones were (%s)\n",
               variant.name.c_str(), command.c_str());
  const auto start = std::chrono::steady_clock::now();
  const FittedWeights fitted = fit_weights(variant, play_selfplay(recipe, variant), recipe, command);
  try {
    write_file_atomically(file, fitted.text);
  } catch (const FileWriteError& e) {
    throw UsageError(std::string("--weights-cache: ") + e.what());
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  spent += seconds;
  std::fprintf(stderr, "Fitted %s's weights in %s: %s\n", variant.name.c_str(), duration_text(seconds).c_str(),
               file.string().c_str());
  return file;
}

// A variant with the same rules as `variant` and a weights file beside them, with that file: one of
// the compared variants if one is such, else a bundled one.
std::optional<std::pair<std::string, std::filesystem::path>> weights_of_same_rules(const Variant& variant,
                                                                                   const std::vector<Variant>& compared) {
  const std::string hash = rules_hash(variant);
  auto file_of_same_rules = [&](const Variant& other) -> std::optional<std::pair<std::string, std::filesystem::path>> {
    std::error_code ec;
    if (const auto file = weights_path_beside(other);
        !file.empty() && std::filesystem::exists(file, ec) && rules_hash(other) == hash)
      return std::pair{other.name, file};
    return std::nullopt;
  };
  for (const Variant& other : compared)
    if (auto found = file_of_same_rules(other)) return found;
  for (const Variant& other : bundled_variants())
    if (auto found = file_of_same_rules(other)) return found;
  return std::nullopt;
}

// The player spec every variant is played with, and a note on how its weights were chosen. Every
// variant's player must stand on equal terms. With `auto`, each plays tuned weights: the file
// beside its rules, or else weights fitted by the same recipe (fitted_weights), which become the
// variant's default weights in this process. With `untuned`, each plays the untuned weights.
std::pair<std::string, std::string> equal_players(const CompareArgs& args, const std::vector<Variant>& variants) {
  std::optional<std::string> given;
  try {
    given = evaluation_weights(args.player);
  } catch (const PlayerSpecError& e) {
    throw UsageError(std::string("--player: ") + e.what());
  }
  if (!given) return {args.player, "the player does not evaluate positions: no weights"};
  if (!given->empty())
    throw UsageError("--player: give no weights=; compare chooses them so that every variant's player stands on "
                     "equal terms (--weights auto|untuned)");
  if (args.weights == "untuned") return {args.player + ",weights=untuned", "untuned weights in every variant (--weights untuned)"};
  std::vector<std::string> sources;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const Variant& v = variants[i];
    try {
      if (const ResolvedWeights beside = resolve_weights(v, ""); beside.origin != UNTUNED_WEIGHTS) {
        sources.push_back(v.name + "'s from the file beside its rules, " +
                          std::filesystem::path(beside.origin).filename().string());
        continue;
      }
      // Weights belong to rules, not names: a file that only renames a bundled variant plays its weights.
      if (const auto same = weights_of_same_rules(v, variants)) {
        use_default_weights(v, read_weights_file(same->second), same->second.string());
        sources.push_back(v.name + "'s from the file beside " + same->first + "'s rules, which are the same, " +
                          same->second.filename().string());
        continue;
      }
      double seconds = 0;
      const std::filesystem::path file = fitted_weights(args, args.variants[i], v, seconds);
      use_default_weights(v, read_weights_file(file), file.string());
      sources.push_back(v.name + "'s fitted by the bundled weights' recipe (" + std::to_string(args.fit_games) +
                        " self-play games, Texel's method on the piece values)" +
                        (seconds > 0 ? " in " + duration_text(seconds) + ", kept in " : ", found in the cache ") +
                        file.string());
    } catch (const WeightsError& e) {
      throw UsageError(std::string("the weights of ") + v.name + ": " + e.what());
    }
  }
  const std::string note = "tuned weights in every variant: " + join(sources, "; ");
  return {args.player, note};
}

// The two-piece endgames of every variant side by side, when some variant's rules differ from the
// base's (else there is nothing to see; the report lists the signatures whose outcomes differ, as
// different captures make them): built in about a second, or left out with a note.
std::optional<report::EndgameComparison> endgames(const CompareArgs& args, const std::vector<Variant>& variants) {
  const std::string base = rules_hash(variants[0]);
  if (std::all_of(variants.begin() + 1, variants.end(), [&](const Variant& v) { return rules_hash(v) == base; }))
    return std::nullopt;
  const auto start = std::chrono::steady_clock::now();
  std::filesystem::path root = args.tablebase_dir;
  if (root.empty()) {
    try {
      root = tablebase::default_folder();
    } catch (const tablebase::TablebaseError& e) {
      report::EndgameComparison none;
      none.left_out = e.what();
      return none;
    }
  }
  report::EndgameComparison out = report::compare_endgames(variants, 2, root, args.threads);
  std::fprintf(stderr, "Endgames: the two-piece tables of every variant, %s (%s)\n",
               out.left_out.empty() ? "compared" : ("left out: " + out.left_out).c_str(),
               duration_text(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()).c_str());
  return out;
}

// --primary's and --precision-figures' names.
stats::Figure parse_figure(const std::string& option, const std::string& name) {
  if (name == "score") return stats::Figure::Score;
  if (name == "decisive-share") return stats::Figure::DecisiveShare;
  if (name == "draw-rate") return stats::Figure::DrawRate;
  throw UsageError(option + ": score, decisive-share or draw-rate, not \"" + name + "\"");
}

report::ComparisonPlan comparison_plan(const CompareArgs& args, const std::vector<Variant>& variants) {
  report::ComparisonPlan plan;
  plan.base = variants[0].name;
  for (std::size_t i = 1; i < variants.size(); ++i) plan.variants.push_back(variants[i].name);
  plan.primary = parse_figure("--primary", args.primary);
  plan.precision_figures = {plan.primary};
  for (std::string_view name : args.precision_figures.empty() ? std::vector<std::string_view>{}
                                                               : split(args.precision_figures, ','))
    if (const stats::Figure f = parse_figure("--precision-figures", std::string(trim(name)));
        std::find(plan.precision_figures.begin(), plan.precision_figures.end(), f) == plan.precision_figures.end())
      plan.precision_figures.push_back(f);
  plan.target = args.precision;
  plan.margin = args.margin;
  return plan;
}

void check_args(const CompareArgs& args) {
  if (args.variants.size() < 2) throw UsageError("compare: name the base variant and at least one variant to compare");
  if (args.weights != "auto" && args.weights != "untuned")
    throw UsageError("--weights: auto or untuned, not \"" + args.weights + "\"");
  if (args.games < 2 || args.games % 2) throw UsageError("--games must be even and at least 2");
  if (args.pilot_games < 4 || args.pilot_games % 2) throw UsageError("--pilot-games must be even and at least 4");
  if (args.fit_games < 2 || args.fit_games % 2) throw UsageError("--fit-games must be even and at least 2");
  if (!(args.precision > 0 && args.precision < 0.5)) throw UsageError("--precision must lie between 0 and 0.5");
  if (!(args.margin >= 0 && args.margin < 0.5)) throw UsageError("--margin must lie between 0 and 0.5");
}

int run_compare(const CompareArgs& args) {
  check_args(args);
  const double max_seconds = parse_duration(args.max_time);
  std::vector<Variant> variants;
  for (const std::string& name : args.variants) {
    try {
      variants.push_back(load_variant(name));
    } catch (const VariantError& e) {
      // The variants are compare's positionals, not tournament's --variants; a file's mistakes carry their place.
      throw UsageError("compare: " + (e.message.starts_with("unknown variant") ? e.message : std::string(e.what())));
    }
    for (std::size_t i = 0; i + 1 < variants.size(); ++i)
      if (variants[i].name == variants.back().name)
        throw UsageError("compare: variant " + variants.back().name + " is given twice");
  }
  const report::ComparisonPlan plan = comparison_plan(args, variants);
  // --max-time counts the fitting of weights too.
  const auto start = std::chrono::steady_clock::now();
  auto seconds_spent = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  const auto [player, weights_note] = equal_players(args, variants);

  TournamentConfig config;
  config.variants = args.variants;
  config.players = {player};
  config.openings = args.openings;
  config.seed = args.seed;
  config.threads = args.threads;
  config.out = args.out;
  config.paired_variants = true;
  config.progress = true;
  config.command_line = command_line();
  std::fprintf(stderr, "Comparing %s with %s: %s; %s\n", join(plan.variants, ", ").c_str(), plan.base.c_str(),
               player.c_str(), weights_note.c_str());

  // The first round: --games, or the pilot; a folder that already holds more goes on from there.
  std::uint64_t first_openings = std::uint64_t(args.fixed_games ? args.games : args.pilot_games) / 2;
  std::vector<std::uint64_t> earlier_rounds;  // where earlier commands' rounds ended, for the history
  std::optional<RunRecord> there;
  run_reporting_failures([&] { there = read_run_file(args.out); });
  if (there) {
    for (const RunStart& start : there->runs)
      if (start.games > 0) earlier_rounds.push_back(std::uint64_t(start.games) / 2);
    if (!args.fixed_games) first_openings = std::max(first_openings, std::uint64_t(there->settings.games_per_pair) / 2);
  }
  TournamentRun run;
  int played = 0;
  double playing_seconds = 0;
  const double games_an_opening = 2.0 * double(variants.size());
  report::ComparisonGames games;
  games.play = [&](std::uint64_t openings) {
    config.games_per_pair = int(2 * openings);
    run_reporting_failures([&] { run = run_tournament(config); });
    played += run.played;
    playing_seconds += run.seconds;
    return run.games;
  };
  games.games_per_second = [&] { return playing_seconds > 0 ? played / playing_seconds : 0; };
  // As many openings as the time left allows, at the rate measured so far, and the tournament's cap.
  games.affordable = [&](std::uint64_t wanted) {
    const std::uint64_t now = std::uint64_t(config.games_per_pair) / 2;
    std::uint64_t allowed = std::min<std::uint64_t>(wanted, std::uint64_t(MAX_TOURNAMENT_GAMES / games_an_opening));
    if (const double rate = games.games_per_second(); rate > 0 && std::isfinite(max_seconds)) {
      const double left = std::max(0.0, max_seconds - seconds_spent());
      allowed = std::min<std::uint64_t>(allowed, now + std::uint64_t(left * rate / games_an_opening));
    }
    return allowed;
  };
  report::Comparison comparison;
  try {
    comparison = report::run_comparison(plan, first_openings, !args.fixed_games, games, earlier_rounds);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }

  report::Options options;
  options.rules = run.rules;
  options.baseline = variants[0].name;
  report::Summary summary = report::summarize(run.games, options);
  comparison.player = player;
  comparison.weights = weights_note;
  report::attach_comparison(summary, comparison);
  summary.endgames = endgames(args, variants);
  summary.sources = {(args.out / "games.jsonl").string()};
  summary.runs = {report::run_settings(args.out / "games.jsonl", run.games)};
  report::write_markdown(std::cout, summary);
  write_report(args.out, summary, "Jungle comparison: " + join(plan.variants, ", ") + " against " + plan.base);
  return 0;
}

}  // namespace

Command add_compare_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "compare",
      "Does a rule change change who wins? Plays BASE and each VARIANT with the same player, weights obtained the same "
      "way, the same openings and game seeds, until the primary figure's interval is within ±--precision, and opens "
      "the report with a verdict per variant: the primary figure (the first player's score) and the secondary ones "
      "(its share of the decisive games, the draw rate) against BASE's, paired over the openings, significant only "
      "after Holm's adjustment over every test. Rerunning resumes; a smaller --precision or a larger --games "
      "extends. Under mpirun every rank plays games dealt by rank 0.");
  auto args = std::make_shared<CompareArgs>();
  cmd->add_option("variants", args->variants, "BASE, then each VARIANT: bundled names or rules files")->required();
  cmd->add_option("--player", args->player, "The player of every variant, in self-play (see `jungle tournament --players`)")
      ->capture_default_str();
  cmd->add_option("--weights", args->weights,
                  "auto: tuned weights in every variant, the file beside its rules or else fitted first by the "
                  "bundled weights' recipe and cached; untuned: untuned weights in every variant")
      ->capture_default_str();
  cmd->add_option("--fit-games", args->fit_games,
                  "With --weights auto: the self-play games that fit a variant's weights (the bundled weights' recipe)")
      ->capture_default_str();
  cmd->add_option("--weights-cache", args->weights_cache,
                  "Where fitted weights are kept, by rules hash (default: $XDG_CACHE_HOME/jungle/weights or "
                  "~/.cache/jungle/weights)");
  auto* games = cmd->add_option("--games", args->games,
                                "A fixed number of games a variant, even (each opening twice, colours swapped), "
                                "instead of playing until --precision");
  auto* precision =
      cmd->add_option("--precision", args->precision,
                      "Play until the primary figure's 95% interval is within ±H (each round sized from the variance "
                      "so far), or --max-time is spent")
          ->type_name("H")
          ->capture_default_str();
  games->excludes(precision);
  cmd->add_option("--pilot-games", args->pilot_games, "Sized by precision: the first round's games a variant")
      ->capture_default_str();
  cmd->add_option("--primary", args->primary,
                  "The figure the verdict and --precision are about: score, decisive-share or draw-rate (the others "
                  "are secondary)")
      ->capture_default_str();
  cmd->add_option("--precision-figures", args->precision_figures,
                  "More figures whose intervals must reach ±H too, comma-separated")
      ->type_name("LIST");
  cmd->add_option("--margin", args->margin,
                  "Also test equivalence: \"equivalent within ±M\" when the 90% interval lies inside ±M (two one-sided "
                  "tests)")
      ->type_name("M");
  cmd->add_option("--max-time", args->max_time,
                  "Sized by precision: no round that would end past this (90s, 30m, 2h, 1:30), counting the fitting of "
                  "weights; the verdict says when it stopped short")
      ->type_name("DURATION")
      ->capture_default_str();
  cmd->add_option("--tablebase-dir", args->tablebase_dir,
                  "Where the two-piece endgame tables are kept (default: as jungle tablebase's --dir)");
  cmd->add_option("--openings", args->openings, "random:plies=K, none, or file=F,format=epd|moves[,...]")
      ->capture_default_str();
  cmd->add_option("--seed", args->seed, "Seed of openings and players")->capture_default_str();
  cmd->add_option("--threads", args->threads, "Games played at once, per MPI rank (0: every core)")
      ->check(CLI::Range(0, 1024))
      ->capture_default_str();
  cmd->add_option("--out", args->out, "Results and report directory")->capture_default_str();
  return {cmd, [args, games] {
            args->fixed_games = games->count() > 0;
            return run_compare(*args);
          }};
}

}  // namespace jungle::cli
