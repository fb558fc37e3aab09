#include "research/factorial_compare.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <stdexcept>

#include "engine/variant_toml.h"
#include "research/compare_games.h"
#include "research/comparison_rounds.h"
#include "research/equal_players.h"
#include "research/factorial_cells.h"
#include "research/game_summary.h"
#include "research/input_error.h"
#include "research/run_settings.h"
#include "support/text.h"

namespace jungle::research {

namespace {

// "captures.elephant_captures_rat: false → true", as the variant files write the values.
std::vector<std::string> difference_texts(const Variant& base, const Variant& factor,
                                          const std::vector<RuleDifference>& differences) {
  std::map<std::string, std::string> from, to;
  for (const RuleSetting& s : rule_settings(base)) from[s.table + "." + s.key] = s.value;
  for (const RuleSetting& s : rule_settings(factor)) to[s.table + "." + s.key] = s.value;
  std::vector<std::string> out;
  for (const RuleDifference& d : differences) out.push_back(d.name() + ": " + from[d.name()] + " → " + to[d.name()]);
  return out;
}

// Every cell's games: a cell that plays as another gets that cell's games under its own name.
std::vector<StoredGame> games_of_every_cell(const FactorialCells& cells, const std::vector<StoredGame>& played) {
  std::vector<StoredGame> out = played;
  for (std::size_t i = 0; i < cells.cells.size(); ++i) {
    const std::size_t as = cells.cells[i].plays_as;
    if (as == i) continue;
    for (const StoredGame& g : played)
      if (g.record.variant == cells.cells[as].variant.name) {
        out.push_back(g);
        out.back().record.variant = cells.cells[i].variant.name;
      }
  }
  return out;
}

report::FactorialSummary factorial_summary(const Variant& base, const std::vector<FactorFile>& files,
                                           const FactorialCells& cells, const std::vector<StoredGame>& games) {
  report::FactorialSummary s;
  s.base = base.name;
  for (std::size_t j = 0; j < cells.factors.size(); ++j) {
    const FactorialFactor& f = cells.factors[j];
    s.factors.push_back({f.name, f.file, difference_texts(base, files[j].variant, f.differences)});
  }
  for (std::size_t i = 0; i < cells.cells.size(); ++i) {
    report::FactorialCellSummary c;
    c.name = cells.cells[i].variant.name;
    c.factors = cells.design.cells[i].factors_on;
    for (const StoredGame& g : games) c.games += g.record.variant == c.name;
    if (const std::size_t as = cells.cells[i].plays_as; as != i) c.plays_as = cells.cells[as].variant.name;
    s.cells.push_back(std::move(c));
  }
  s.notes = cells.notes;
  return s;
}

// --pilot-games is an A/B comparison's games a variant; a main effect sets half the cells against
// the other half, so the same first round's precision takes pilot × 2 / cells games a cell (two
// openings at least, so that a variance can be estimated).
CompareConfig with_factorial_pilot(CompareConfig config, std::size_t cells) {
  config.pilot_games = std::max(4, 2 * int(std::uint64_t(config.pilot_games) / cells));
  return config;
}

}  // namespace

CompareOutcome run_factorial_compare(const CompareConfig& config) {
  check_compare_config(config);
  if (!config.precision_figures.empty())
    throw InputError("--precision-figures: not with --factorial, whose rounds size the primary figure's main effects");
  const std::vector<Variant> variants = load_compared_variants(config.variants);
  const Variant& base = variants[0];
  std::vector<FactorFile> files;
  for (std::size_t i = 1; i < variants.size(); ++i) files.push_back({variants[i], config.variants[i]});
  const FactorialCells cells = factorial_cells(base, files, config.full_factorial);
  std::fprintf(stderr, "Factorial design over %s:\n%s\n", base.name.c_str(),
               stats::describe_design(cells.design).c_str());
  for (const std::string& note : cells.notes) std::fprintf(stderr, "Note: %s\n", note.c_str());

  // A cell that plays as an earlier one is not played; its weights would be that cell's too.
  std::vector<Variant> played;
  std::vector<std::string> names_given;
  for (std::size_t i = 0; i < cells.cells.size(); ++i)
    if (cells.cells[i].plays_as == i) {
      played.push_back(cells.cells[i].variant);
      // The base as the user named it; a fraction need not play it, and another cell has no file.
      names_given.push_back(cells.design.cells[i].factors_on.empty() ? config.variants[0] : cells.cells[i].variant.name);
    }
  if (played.size() < cells.cells.size())
    std::fprintf(stderr, "%zu cells, %zu played: each other one shares the games of a cell whose rules play alike\n",
                 cells.cells.size(), played.size());

  const auto start = std::chrono::steady_clock::now();  // max_seconds counts the fitting of weights too
  const EqualPlayers players = equal_players(config, played, names_given);
  std::fprintf(stderr, "Playing the cells: %s; %s\n", players.player.c_str(), players.note.c_str());

  stats::FactorialPlan asked;
  asked.primary = config.primary;
  asked.target = config.precision;
  asked.margin = config.margin;
  const RoundsStart from = rounds_start(with_factorial_pilot(config, cells.cells.size()));
  const stats::FactorialPlan plan = factorial_rounds_plan(asked, cells.design, from.first_openings, !config.games);
  if (plan.precision_asked > 0)
    announce_settling_target("the main effects' intervals", plan.margin, plan.target, plan.precision_asked);
  CompareTournament tournament(config, played, players, start);
  stats::FactorialAnalysis analysis;  // the last round's
  PlayedRounds rounds;
  try {
    rounds = play_rounds(from.first_openings, !config.games, plan.target, tournament.games("cell"), from.earlier_rounds,
                         [&](const std::vector<StoredGame>& games) {
                           analysis = stats::analyse_factorial(cells.design, games_of_every_cell(cells, games), plan);
                           return analysis.widest_half_width;
                         },
                         FACTORIAL_ROUND_GROWTH);
  } catch (const std::invalid_argument& e) {
    throw InputError(e.what());
  }
  const TournamentRun& run = tournament.last_run();

  SummaryOptions options;
  options.rules = run.rules;
  options.baseline = played[0].name;  // a fraction may leave the base out
  CompareOutcome outcome;
  report::Summary& summary = outcome.summary;
  summary = summarize(run.games, options);
  // The effects compare the cells; each cell against one of them, unpaired, would be a second
  // answer to another question.
  for (report::VariantSummary& v : summary.variants) {
    v.vs_baseline.reset();
    v.draws_vs_baseline.reset();
  }
  report::FactorialSummary factorial = factorial_summary(base, files, cells, games_of_every_cell(cells, run.games));
  factorial.analysis = std::move(analysis);
  name_combinations(factorial.analysis, base.name);
  factorial.sequential = !config.games;
  factorial.stopped_by = rounds.stopped_by;
  factorial.rounds = rounds.rounds;
  factorial.games_played = run.games.size();
  factorial.games_per_second = tournament.games_per_second();
  factorial.player = players.player;
  factorial.weights = players.note;
  summary.factorial = std::move(factorial);
  summary.sources = {(config.out / "games.jsonl").string()};
  summary.runs = {run_settings(config.out / "games.jsonl", run.games)};
  std::vector<std::string> factor_names;
  for (const FactorialFactor& f : cells.factors) factor_names.push_back(f.name);
  outcome.title = "Jungle factorial comparison: " + join(factor_names, ", ") + " on " + base.name;
  outcome.effort = tournament.effort();
  return outcome;
}

}  // namespace jungle::research
