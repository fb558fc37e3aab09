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
#include "research/comparison_rounds.h"
#include "research/endgame_comparison.h"
#include "research/equal_players.h"
#include "research/game_summary.h"
#include "research/input_error.h"
#include "research/run_settings.h"
#include "results/run_file.h"
#include "support/text.h"
#include "tablebase/tablebase.h"

namespace jungle::research {

namespace {

// The compared variants, each read once, for the whole comparison.
std::vector<Variant> load_variants(const std::vector<std::string>& names) {
  std::vector<Variant> variants;
  for (const std::string& name : names) {
    try {
      variants.push_back(load_variant(name));
    } catch (const VariantError& e) {
      // The variants are compare's positionals, not tournament's --variants; a file's mistakes carry their place.
      throw InputError("compare: " + (e.message.starts_with("unknown variant") ? e.message : std::string(e.what())));
    }
    for (std::size_t i = 0; i + 1 < variants.size(); ++i)
      if (variants[i].name == variants.back().name)
        throw InputError("compare: variant " + variants.back().name + " is given twice");
  }
  return variants;
}

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
  const std::vector<Variant> variants = load_variants(config.variants);
  const stats::ComparisonPlan plan = comparison_plan(config, variants);
  // max_seconds counts the fitting of weights too.
  const auto start = std::chrono::steady_clock::now();
  auto seconds_spent = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  const EqualPlayers players = equal_players(config, variants);

  TournamentConfig tournament;
  tournament.variants = config.variants;
  tournament.loaded_variants = variants;
  tournament.default_weights = players.weights;
  tournament.players = {players.player};
  tournament.openings = config.openings;
  tournament.seed = config.seed;
  tournament.threads = config.threads;
  tournament.out = config.out;
  tournament.paired_variants = true;
  tournament.progress = true;
  tournament.command_line = config.command_line;
  std::fprintf(stderr, "Comparing %s with %s: %s; %s\n", join(plan.variants, ", ").c_str(), plan.base.c_str(),
               players.player.c_str(), players.note.c_str());

  // The first round: --games, or the pilot; a folder that already holds more goes on from there.
  std::uint64_t first_openings = std::uint64_t(config.games ? *config.games : config.pilot_games) / 2;
  std::vector<std::uint64_t> earlier_rounds;  // where earlier commands' rounds ended, for the history
  std::optional<RunRecord> there;
  run_reporting_failures([&] { there = read_run_file(config.out); });
  if (there) {
    for (const RunStart& run : there->runs)
      if (run.games > 0) earlier_rounds.push_back(std::uint64_t(run.games) / 2);
    if (!config.games) first_openings = std::max(first_openings, std::uint64_t(there->settings.games_per_pair) / 2);
  }
  TournamentRun run;
  int played = 0, timed_games = 0;
  double cpu_seconds = 0;
  std::uint64_t searched_nodes = 0, searched_moves = 0;
  double playing_seconds = 0;
  const double games_an_opening = 2.0 * double(variants.size());
  ComparisonGames games;
  games.play = [&](std::uint64_t openings) {
    tournament.games_per_pair = int(2 * openings);
    run_reporting_failures([&] { run = run_tournament(tournament); });
    played += run.played;
    playing_seconds += run.seconds;
    cpu_seconds += run.cpu_seconds;
    timed_games += run.timed_games;
    searched_nodes += run.searched_nodes;
    searched_moves += run.searched_moves;
    return run.games;
  };
  games.games_per_second = [&] { return playing_seconds > 0 ? played / playing_seconds : 0; };
  // As many openings as the time left allows, at the rate measured so far, and the tournament's cap.
  games.affordable = [&](std::uint64_t wanted) {
    const std::uint64_t now = std::uint64_t(tournament.games_per_pair) / 2;
    std::uint64_t allowed = std::min<std::uint64_t>(wanted, std::uint64_t(MAX_TOURNAMENT_GAMES / games_an_opening));
    if (const double rate = games.games_per_second(); rate > 0 && std::isfinite(config.max_seconds)) {
      const double left = std::max(0.0, config.max_seconds - seconds_spent());
      allowed = std::min<std::uint64_t>(allowed, now + std::uint64_t(left * rate / games_an_opening));
    }
    return allowed;
  };
  stats::Comparison comparison;
  try {
    comparison = run_comparison(plan, first_openings, !config.games, games, earlier_rounds);
  } catch (const std::invalid_argument& e) {
    throw InputError(e.what());
  }

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
  outcome.cpu_seconds = cpu_seconds;
  outcome.timed_games = timed_games;
  outcome.searched_nodes = searched_nodes;
  outcome.searched_moves = searched_moves;
  return outcome;
}

}  // namespace jungle::research
