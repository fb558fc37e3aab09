#include "tests/factorial_example.h"

#include <algorithm>
#include <random>

#include "research/factorial_cells.h"
#include "research/game_summary.h"
#include "support/text.h"

namespace jungle::simulation {

SimulatedReport simulate_factorial(const SimulatedFactorial& spec) {
  std::vector<std::string> names;
  for (const report::FactorialFactorSummary& f : spec.factors) names.push_back(f.name);
  stats::FactorialDesign design = stats::make_factorial_design(names);
  for (stats::FactorialCell& cell : design.cells) cell.name = cell.on == 0 ? spec.base : join(cell.factors_on, "--");

  SimulatedReport out;
  std::mt19937_64 random(spec.seed);
  std::normal_distribution<double> shift(0, spec.opening_sd);
  std::uniform_real_distribution<double> uniform(0, 1);
  const std::string player = "alphabeta:depth=2";
  for (int o = 0; o < spec.openings; ++o) {
    const double u = std::clamp(spec.opening_sd > 0 ? shift(random) : 0.0, -0.15, 0.15);
    for (int g = 0; g < 2; ++g) {
      const double shared = uniform(random);
      for (const stats::FactorialCell& cell : design.cells) {
        const double r = spec.common_random_numbers ? shared : uniform(random);
        const double win = std::clamp(spec.win(cell) + u, 0.0, 1.0), draw = spec.draw(cell);
        StoredGame game;
        game.record.variant = cell.name;
        game.record.white = game.record.black = player;
        game.record.result = r < win ? Result::WhiteWins : r < win + draw ? Result::Draw : Result::BlackWins;
        if (spec.result) game.record.result = spec.result(cell, o, g, game.record.result);
        game.record.reason = game.record.result == Result::Draw ? EndReason::Repetition : EndReason::Den;
        game.record.plies = 40 + int(60 * r);
        game.opening = game.pair = o;
        out.games.push_back(std::move(game));
      }
    }
  }

  research::SummaryOptions options;
  options.rules = spec.rules;
  // The base, when the design played it (a fraction may not); else summarize's choice.
  if (std::any_of(design.cells.begin(), design.cells.end(), [](const auto& c) { return c.on == 0; }))
    options.baseline = spec.base;
  out.summary = research::summarize(out.games, options);
  report::FactorialSummary f;
  f.base = spec.base;
  f.factors = spec.factors;
  f.notes = spec.notes;
  f.analysis = stats::analyse_factorial(design, out.games, spec.plan);
  research::name_combinations(f.analysis, spec.base);
  for (const stats::FactorialCell& cell : design.cells)
    f.cells.push_back({cell.name, cell.factors_on, std::uint64_t(2 * spec.openings), ""});
  f.sequential = !spec.rounds.empty();
  f.stopped_by = spec.stopped_by;
  f.rounds = spec.rounds;
  f.games_played = out.games.size();
  f.games_per_second = spec.games_per_second;
  f.player = player;
  f.weights = "untuned in every cell (weights=untuned)";
  out.summary.factorial = std::move(f);
  return out;
}

}  // namespace jungle::simulation
