// Fitting a variant's evaluation weights to games, as `jungle tune` does: its settings, its
// self-play, and Texel's method with them. `jungle compare` fits a variant that has no weights
// by the same recipe the bundled variants' weights were fitted with (fitting_recipe), and keeps
// the result in a cache by rules hash (weights_cache.h). Mistakes throw InputError.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/variant.h"
#include "results/tournament_settings.h"
#include "search/weights_file.h"
#include "tune/texel.h"

namespace jungle::research {

// `jungle tune`'s settings, with its defaults.
struct TuneSettings {
  std::string variant;  // as the user named it: a bundled name or a rules file
  int selfplay = 0;     // games to play first (even)
  std::string player = "alphabeta:nodes=5000,weights=untuned";
  std::string openings = "random:plies=8";
  std::filesystem::path dir;  // the self-play's results folder; default out/tune/NAME
  std::string start = UNTUNED_WEIGHTS;
  std::string tables;  // comma-separated; empty: every table
  double k = 0;
  double ridge = 1e-4;
  int skip_plies = 8;
  std::string positions = "quiescence";  // or "quiet"
  std::size_t max_positions = 200000;
  std::uint64_t seed = DEFAULT_SEED;
  int threads = DEFAULT_THREADS;
};

// The tables of weights, comma-separated: --tune's default and the list its error names.
std::string weight_tables(const char* separator = ",");

// The recipe of the bundled weights files (docs/ladder-and-tuning.md, "The shipped weights"):
// `selfplay` self-play games of the untuned depth-3 player (alphabeta:depth=3,contempt=50, the
// default player a ply shallower) from random 8-ply openings, seed 101, and the piece values
// fitted to them.
TuneSettings fitting_recipe(const std::string& variant, int selfplay);

// About the CPU seconds a fit by fitting_recipe takes a self-play game, Texel's method included
// (docs/results.md, "A fit for every cell": 5.4 to 6.4 s for 500 games in standard): what compare says a
// fit will cost before it starts. An estimate for the announcement, never a limit.
constexpr double FIT_CPU_SECONDS_A_GAME = 0.012;

// The shell command that runs these settings with `jungle tune`.
std::string tune_command(const TuneSettings& settings);

// Every setting that decides the fitted weights but the variant and the folder, as one line:
// two weights files of the same recipe and evaluator version (search/evaluator_version.h) were
// fitted the same way, so their players are equal. Weights files record it.
std::string recipe_text(const TuneSettings& settings);

// Refuses (InputError) unknown tables and a start that does not read or fit the variant, before
// any game is played.
void check_tune_settings(const TuneSettings& settings, const Variant& variant);

// Plays settings.selfplay games into settings.dir (resuming what is there) and returns them.
// `variant` is settings.variant loaded; `command_line` goes into the self-play's run.json.
std::vector<GameRecord> play_selfplay(const TuneSettings& settings, const Variant& variant,
                                      const std::vector<std::string>& command_line);

struct FittedWeights {
  WeightsFile file;  // provenance: `command`, today's evaluator, the settings' recipe
  EvalWeights start;
  TuneResult result;
  std::size_t games = 0, positions = 0;
  std::string text;  // the weights file, with its [tuning] table
};

// Texel's method on the games (tune/texel.h) with the settings; `command` is recorded as how the
// weights were fitted, with today's evaluator version and `recipe`: recipe_text(settings) when
// the games are the settings' self-play alone, else "" (games from files are no recipe that
// another fit repeats, and compare refits such weights). Progress goes to standard error.
FittedWeights fit_weights(const Variant& variant, const std::vector<GameRecord>& games, const TuneSettings& settings,
                          const std::string& command, const std::string& recipe);

}  // namespace jungle::research
