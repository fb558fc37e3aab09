#include "research/compare.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>

#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "match/tournament.h"
#include "research/compare_games.h"
#include "research/endgame_comparison.h"
#include "research/equal_players.h"
#include "research/game_summary.h"
#include "research/input_error.h"
#include "research/run_settings.h"
#include "results/run_file.h"
#include "support/text.h"
#include "tablebase/tablebase.h"

namespace jungle::research {

std::vector<Variant> load_compared_variants(const std::vector<std::string>& names) {
  std::vector<Variant> variants;
  for (const std::string& name : names) {
    try {
      variants.push_back(load_variant(name));
    } catch (const VariantError& e) {
      // The variants are compare's positionals, which the message quotes (`jungle` names the
      // command before it); a file's mistakes carry their place.
      throw InputError(e.what());
    }
    for (std::size_t i = 0; i + 1 < variants.size(); ++i)
      if (variants[i].name == variants.back().name)
        throw InputError("variant " + variants.back().name + " is given twice");
  }
  return variants;
}

namespace {

stats::ComparisonPlan comparison_plan(const CompareConfig& config, const std::vector<Variant>& variants) {
  stats::ComparisonPlan plan;
  plan.base = variants[0].name;
  for (std::size_t i = 1; i < variants.size(); ++i) plan.variants.push_back(variants[i].name);
  plan.primary = config.primary;
  plan.precision_figures = {plan.primary};
  for (const stats::Figure f : config.precision_figures)
    if (std::find(plan.precision_figures.begin(), plan.precision_figures.end(), f) == plan.precision_figures.end())
      plan.precision_figures.push_back(f);
  plan.target = config.precision;
  plan.margin = config.margin;
  return plan;
}

// The two-piece endgames of every variant side by side, when some variant's rules differ from the
// base's (else there is nothing to see; the report lists the signatures whose outcomes differ, as
// different captures make them): built in about a second, or left out with a note.
std::optional<tablebase::EndgameComparison> endgames(const CompareConfig& config,
                                                     const std::vector<Variant>& variants) {
  const std::string base = rules_hash(variants[0]);
  if (std::all_of(variants.begin() + 1, variants.end(), [&](const Variant& v) { return rules_hash(v) == base; }))
    return std::nullopt;
  const auto start = std::chrono::steady_clock::now();
  std::filesystem::path root = config.tablebase_dir;
  if (root.empty()) {
    try {
      root = tablebase::default_folder();
    } catch (const tablebase::TablebaseError& e) {
      tablebase::EndgameComparison none;
      none.left_out = e.what();
      return none;
    }
  }
  tablebase::EndgameComparison out = compare_endgames(variants, 2, root, config.threads);
  std::fprintf(stderr, "Endgames: the two-piece tables of every variant, %s (%s)\n",
               out.left_out.empty() ? "compared" : ("left out: " + out.left_out).c_str(),
               duration_text(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()).c_str());
  return out;
}

}  // namespace

CompareOutcome run_compare(const CompareConfig& config) {
  check_compare_config(config);
  const std::vector<Variant> variants = load_compared_variants(config.variants);
  const stats::ComparisonPlan plan = comparison_plan(config, variants);
  // max_seconds counts the fitting of weights too.
  const auto start = std::chrono::steady_clock::now();
  const EqualPlayers players = equal_players(config, variants, config.variants);
  std::fprintf(stderr, "Comparing %s with %s: %s; %s\n", join(plan.variants, ", ").c_str(), plan.base.c_str(),
               players.player.c_str(), players.note.c_str());

  const RoundsStart from = rounds_start(config);
  if (const stats::ComparisonPlan played = rounds_plan(plan, from.first_openings, !config.games); played.precision_asked > 0)
    announce_settling_target("the intervals", played.margin, played.target, played.precision_asked);
  CompareTournament tournament(config, variants, players, start);
  stats::Comparison comparison;
  try {
    comparison = run_comparison(plan, from.first_openings, !config.games, tournament.games("variant"), from.earlier_rounds);
  } catch (const std::invalid_argument& e) {
    throw InputError(e.what());
  }
  const TournamentRun& run = tournament.last_run();

  SummaryOptions options;
  options.rules = run.rules;
  options.baseline = variants[0].name;
  CompareOutcome outcome;
  report::Summary& summary = outcome.summary;
  summary = summarize(run.games, options);
  comparison.player = players.player;
  comparison.weights = players.note;
  attach_comparison(summary, comparison);
  summary.endgames = endgames(config, variants);
  summary.sources = {(config.out / "games.jsonl").string()};
  summary.runs = {run_settings(config.out / "games.jsonl", run.games)};
  outcome.title = "Jungle comparison: " + join(plan.variants, ", ") + " against " + plan.base;
  outcome.effort = tournament.effort();
  return outcome;
}

}  // namespace jungle::research
