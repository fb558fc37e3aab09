// `jungle compare`'s settings, typed, with the command's defaults: the command line fills them
// (cli/cmd_compare.cpp), and research/compare.h runs them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "results/tournament_settings.h"
#include "stats/paired_difference.h"

namespace jungle::research {

// How every variant's player gets its weights, the same way in each, so that the comparison is of
// rules and not of players.
enum class WeightsChoice {
  Auto,     // tuned: the file beside the variant's rules, else one of the same rules, else fitted
  Untuned,  // the untuned weights, derived from each variant's rules
  File,     // one weights file's weights in every variant, whatever rules it was fitted for
};

// The self-play games of the bundled weights' recipe (weights_fitting.h, fitting_recipe), and so
// the default of compare's --fit-games.
constexpr int BUNDLED_FIT_GAMES = 500;

struct CompareConfig {
  std::vector<std::string> variants;  // BASE first: bundled names or rules files
  // The study's player (docs/study.md says why): about 60 ms of CPU a game. Must name no weights=.
  std::string player = "alphabeta:depth=4,contempt=50";
  WeightsChoice weights = WeightsChoice::Auto;
  std::filesystem::path weights_file;  // with File: the file
  int fit_games = BUNDLED_FIT_GAMES;    // the self-play games that fit a variant's weights: the bundled recipe
  std::filesystem::path weights_cache;  // where fitted weights are kept; empty: default_weights_cache()
  std::filesystem::path tablebase_dir;  // the two-piece tables; empty: tablebase::default_folder()
  std::optional<int> games;             // a fixed number of games a variant; none: sized by precision
  int pilot_games = 200;                // sized by precision: the first round's games a variant
  double precision = 0.03;              // the half-width the precision figures' intervals are played to
  stats::Figure primary = stats::Figure::Score;
  std::vector<stats::Figure> precision_figures;  // besides the primary, figures that must reach it too
  double margin = 0;                    // equivalence within ±margin; 0: not asked
  double max_seconds = 30 * 60;         // sized by precision: no round past this, the fitting counted
  std::string openings = DEFAULT_OPENINGS;
  std::uint64_t seed = DEFAULT_SEED;
  int threads = DEFAULT_THREADS;  // games at once, per MPI rank; 0: every core
  std::filesystem::path out = "out/compare";
  // With --factorial: every combination of the factors' levels, also for 5 factors or more,
  // where the design is otherwise a fraction.
  bool full_factorial = false;
  std::vector<std::string> command_line;  // as typed, for run.json's record of each run
};

// Refuses (InputError, naming the option) settings out of their ranges, before anything is read.
void check_compare_config(const CompareConfig& config);

}  // namespace jungle::research
