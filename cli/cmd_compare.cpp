// `jungle compare BASE VARIANT...`: the command line of research/compare.h, which does the work.
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/command.h"
#include "cli/play_options.h"
#include "cli/report_output.h"
#include "report/levels_report.h"
#include "research/compare.h"
#include "research/compare_levels.h"
#include "research/factorial_compare.h"
#include "research/ladder_levels.h"
#include "support/duration.h"
#include "support/excerpt.h"
#include "support/nearest_names.h"
#include "support/text.h"

namespace jungle::cli {

namespace {

// The options: CompareConfig's own, and those the command line gives as text (typed below),
// whose defaults are CompareConfig's written as --help shows them.
struct CompareArgs {
  research::CompareConfig config;
  std::string weights = "auto";
  std::string primary = "score";
  std::string precision_figures;  // comma-separated
  std::string max_time = "30m";
  int games = 0;  // read only when given
  std::string levels;     // --levels: empty, one comparison
  int level_games = 200;  // --level-games
  bool factorial = false;  // --factorial
};

// A duration in support/duration.h's grammar: "90s", "30m", "2h", "1:30", or seconds alone.
double parse_duration(const std::string& text) {
  const std::optional<double> seconds = parse_duration_seconds(text);
  if (!seconds || !(*seconds > 0))
    throw UsageError("--max-time must be a duration such as 90s, 30m, 2h or 1:30, not " + quoted_excerpt(text));
  return *seconds;
}

// --primary's and --precision-figures' names.
stats::Figure parse_figure(const std::string& option, const std::string& name) {
  if (name == "score") return stats::Figure::Score;
  if (name == "decisive-share") return stats::Figure::DecisiveShare;
  if (name == "draw-rate") return stats::Figure::DrawRate;
  const std::string suggestion = did_you_mean(name, {"score", "decisive-share", "draw-rate"});
  throw UsageError(option + " must be score, decisive-share or draw-rate, not " + quoted_excerpt(name) +
                   (suggestion.empty() ? "" : ": " + suggestion));
}

// The options that are text on the command line, typed; `fixed_games`: --games was given.
research::CompareConfig typed(const CompareArgs& args, bool fixed_games) {
  research::CompareConfig config = args.config;
  if (args.weights == "auto") {
    config.weights = research::WeightsChoice::Auto;
  } else if (args.weights == "untuned") {
    config.weights = research::WeightsChoice::Untuned;
  } else {
    std::error_code ec;
    const std::string suggestion = did_you_mean(args.weights, {"auto", "untuned"});
    if (!std::filesystem::is_regular_file(args.weights, ec))
      throw UsageError("--weights must be auto, untuned or a weights file, not " + quoted_excerpt(args.weights) +
                       (std::filesystem::is_directory(args.weights, ec) ? " (a folder)" : " (no such file)") +
                       (suggestion.empty() ? "" : ": " + suggestion));
    config.weights = research::WeightsChoice::File;
    config.weights_file = args.weights;
  }
  if (fixed_games) config.games = args.games;
  config.max_seconds = parse_duration(args.max_time);
  config.primary = parse_figure("--primary", args.primary);
  if (!args.precision_figures.empty())
    for (std::string_view name : split(args.precision_figures, ','))
      config.precision_figures.push_back(parse_figure("--precision-figures", std::string(trim(name))));
  config.command_line = command_line();
  return config;
}

int compare_and_report(const research::CompareConfig& config, bool factorial) {
  const research::CompareOutcome outcome =
      factorial ? research::run_factorial_compare(config) : research::run_compare(config);
  report::write_markdown(std::cout, outcome.summary);
  write_report(config.out, outcome.summary, outcome.title);
  return 0;
}

// --levels: a comparison a level, each reported in its folder as it ends, then the levels together.
int compare_levels_and_report(const research::CompareConfig& config, const std::string& levels_text, int level_games) {
  std::vector<research::LadderLevel> levels;
  try {
    levels = research::parse_ladder_levels(levels_text);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  const research::LevelsOutcome outcome = research::run_compare_levels(
      config, levels, level_games, [](const std::filesystem::path& dir, const research::CompareOutcome& level) {
        write_report(dir, level.summary, level.title);
      });
  report::write_levels_markdown(std::cout, outcome.summary);
  write_report_files(config.out, report::levels_files(outcome.summary, outcome.title));
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
  cmd->add_option("VARIANT", args->config.variants, "BASE, then each VARIANT: bundled names or rules files")
      ->required();
  add_player_option(*cmd, args->config.player,
                    "The player of every variant, in self-play (see `jungle tournament --players`)");
  cmd->add_option("--weights", args->weights,
                  "auto: tuned weights in every variant, all fitted by today's evaluator and the bundled weights' "
                  "recipe: the file beside a variant's rules when its [tuning] table says so, else fitted first and "
                  "cached; untuned: untuned weights in every variant; a weights file: its weights in every variant, "
                  "whatever rules they were fitted for")
      ->capture_default_str();
  cmd->add_option("--fit-games", args->config.fit_games,
                  "With --weights auto: the self-play games that fit a variant's weights (the bundled weights' recipe)")
      ->capture_default_str();
  cmd->add_option("--weights-cache", args->config.weights_cache,
                  "Where fitted weights are kept, by rules hash, evaluator version and recipe (default: "
                  "$XDG_CACHE_HOME/jungle/weights or ~/.cache/jungle/weights)");
  auto* games = cmd->add_option("--games", args->games,
                                "A fixed number of games a variant, even (each opening twice, colours swapped), "
                                "instead of playing until --precision");
  auto* precision =
      cmd->add_option("--precision", args->config.precision,
                      "Play until the primary figure's 95% interval is within ±H (each round sized from the variance "
                      "so far), or --max-time is spent")
          ->type_name("H")
          ->capture_default_str();
  games->excludes(precision);
  cmd->add_option("--pilot-games", args->config.pilot_games, "Sized by precision: the first round's games a variant (with --factorial, as many in all as a "
                  "comparison of two variants would play: pilot × 2 / cells a cell)")
      ->capture_default_str();
  cmd->add_option("--primary", args->primary,
                  "The figure the verdict and --precision are about: score, decisive-share or draw-rate (the others "
                  "are secondary)")
      ->capture_default_str();
  cmd->add_option("--precision-figures", args->precision_figures,
                  "More figures whose intervals must reach ±H too, comma-separated")
      ->type_name("LIST");
  cmd->add_option("--margin", args->config.margin,
                  "Also test equivalence: \"equivalent within ±M\" when the 90% interval lies inside ±M (two one-sided "
                  "tests); sized by precision, the rounds play until every answer is settled, equivalent or different")
      ->type_name("M");
  cmd->add_option("--max-time", args->max_time,
                  "Sized by precision: no round that would end past this (90s, 30m, 2h, 1:30), counting the fitting of "
                  "weights; the verdict says when it stopped short")
      ->type_name("DURATION")
      ->capture_default_str();
  cmd->add_option("--tablebase-dir", args->config.tablebase_dir,
                  "Where the two-piece endgame tables are kept (default: as jungle tablebase's --dir)");
  add_openings_option(*cmd, args->config.openings, "random:plies=K, none, or file=F,format=epd|moves[,...]");
  add_seed_option(*cmd, args->config.seed, "Seed of openings and players");
  add_threads_option(*cmd, args->config.threads, "Games played at once, per MPI rank (0: every core)");
  cmd->add_option("--out", args->config.out, "Results and report directory")->capture_default_str();
  auto* levels_option = cmd->add_option("--levels", args->levels,
                  "Compare at each of these strengths, in jungle ladder's syntax (depth=2,4,6 or nodes=1000*4^k,k=0..3): "
                  "the player is alpha-beta at the level with contempt 50; a comparison a level in OUT/level-LABEL, "
                  "then the difference against the level and its trend in OUT/levels.html")
      ->type_name("LEVELS");
  cmd->add_option("--level-games", args->level_games,
                  "With --levels: games of each level against the level below in BASE, for its Elo (even; 0: none)")
      ->capture_default_str();
  auto* factorial_flag = cmd->add_flag("--factorial", args->factorial,
                "Several rule questions at once: each VARIANT is a factor (its rule differences from BASE, on or off), "
                "and the cells of a two-level factorial design (every combination for up to 4 factors, a resolution V "
                "fraction for 5 to 8) are played paired; the report gives every main effect and two-factor "
                "interaction of each figure, and the most balanced combination. --games is then a cell's, and "
                "--precision is every main effect's of the primary figure")
      ->excludes(levels_option);
  cmd->add_flag("--full-factorial", args->config.full_factorial,
                "With --factorial: every combination of the factors, also for 5 or 6 factors (32 or 64 cells), not "
                "the resolution V fraction: no cell of a fraction differs from another in one factor alone, so its "
                "games are paired less closely")
      ->needs(factorial_flag);
  return {cmd, [args, games] {
            const research::CompareConfig config = typed(*args, games->count() > 0);
            return args->levels.empty() ? compare_and_report(config, args->factorial)
                                        : compare_levels_and_report(config, args->levels, args->level_games);
          }};
}

}  // namespace jungle::cli
