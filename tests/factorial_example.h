// A `jungle compare --factorial` report's record from simulated games whose cells follow a model
// that the caller gives, so that its effects are known: for the factorial report's tests and for
// the example pages tests/tools/factorial_report.cpp writes to be looked at in a browser.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "report/summary.h"
#include "results/results_file.h"
#include "stats/factorial_effects.h"

namespace jungle::simulation {

struct SimulatedFactorial {
  std::string base = "standard";
  std::vector<report::FactorialFactorSummary> factors;  // the design is over their names
  std::vector<std::string> notes;
  std::vector<Variant> rules;  // the cells' rules, for the report's rules table; none: unknown
  // The first player's chance of a win and of a draw in a cell (the rest are losses), before each
  // opening's own shift.
  std::function<double(const stats::FactorialCell&)> win;
  std::function<double(const stats::FactorialCell&)> draw = [](const stats::FactorialCell&) { return 0.2; };
  // Whether every cell's game g of opening o draws the same uniform number (common random
  // numbers), which pairs the cells as the same seeds pair compare's: two cells the model does not
  // tell apart then play the same games. Else each game draws its own.
  bool common_random_numbers = true;
  // When set, a game's result in place of the model's: (cell, opening, game, the model's result).
  std::function<Result(const stats::FactorialCell&, int, int, Result)> result;
  double opening_sd = 0.05;  // each opening shifts every cell's chance of a win alike
  int openings = 40;         // two games each, in every cell
  std::uint64_t seed = 1;
  stats::FactorialPlan plan;
  // How the games were had, as the record says it; with rounds, sized by precision.
  std::vector<stats::ComparisonRound> rounds;
  std::string stopped_by = "games";
  double games_per_second = 0;
};

struct SimulatedReport {
  std::vector<StoredGame> games;  // every cell's, recorded under the cell's name
  report::Summary summary;        // research::summarize's, with `factorial` set
};

// The cells are named as compare names them: the base's name for none on, else the factors on
// joined by "--".
SimulatedReport simulate_factorial(const SimulatedFactorial& spec);

}  // namespace jungle::simulation
