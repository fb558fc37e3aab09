#include "research/compare_levels.h"

#include <cstdio>

#include "engine/variant_loader.h"
#include "match/tournament.h"
#include "research/equal_players.h"
#include "research/input_error.h"
#include "research/ladder_runs.h"
#include "research/levels_summary.h"
#include "support/text.h"

namespace jungle::research {

namespace {

// The level's players against each other in the base variant, with the weights the comparison
// gave the base (equal_players.h), so that the match measures the levels and nothing else.
std::vector<StoredGame> match_below(const CompareConfig& config, const LadderLevel& lower, const LadderLevel& upper,
                                    int games) {
  const Variant base = load_variant(config.variants[0]);
  CompareConfig base_only = config;
  base_only.variants = {config.variants[0]};
  const EqualPlayers players = equal_players(base_only, {base}, base_only.variants);
  TournamentConfig tournament;
  tournament.variants = {config.variants[0]};
  tournament.loaded_variants = {base};
  tournament.default_weights = players.weights;
  tournament.players = {lower.spec, upper.spec};
  tournament.games_per_pair = games;
  tournament.openings = config.openings;
  tournament.seed = config.seed;
  tournament.threads = config.threads;
  tournament.out = match_folder(config.out, lower, upper);  // where the ladder keeps its matches
  tournament.progress = true;
  tournament.command_line = config.command_line;
  std::fprintf(stderr, "Level %s against %s in %s, %d games, into %s\n", upper.label.c_str(), lower.label.c_str(),
               base.name.c_str(), games, tournament.out.string().c_str());
  TournamentRun run;
  run_reporting_failures([&] { run = run_tournament(tournament); });
  return run.games;
}

}  // namespace

LevelsOutcome run_compare_levels(const CompareConfig& config, const std::vector<LadderLevel>& given, int match_games,
                                 const std::function<void(const std::filesystem::path&, const CompareOutcome&)>& write_level) {
  if (config.player != CompareConfig{}.player)
    throw InputError("--levels: each level is the player (alpha-beta at the level, contempt " +
                     std::to_string(LEVELS_CONTEMPT) + "); give no --player");
  if (match_games < 0 || match_games % 2 != 0)
    throw InputError("--level-games: an even number of games, 0 or more, not " + std::to_string(match_games));
  std::vector<LadderLevel> levels = given;
  try {
    set_ladder_contempt(levels, LEVELS_CONTEMPT);
  } catch (const std::invalid_argument& e) {
    throw InputError(e.what());
  }
  LevelsOutcome out;
  std::vector<LevelInput> inputs;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    CompareConfig level = config;
    level.player = levels[i].spec;
    level.out = config.out / ("level-" + levels[i].label);
    std::fprintf(stderr, "Level %s (%s): the comparison, into %s\n", levels[i].label.c_str(), levels[i].spec.c_str(),
                 level.out.string().c_str());
    CompareOutcome outcome = run_compare(level);
    write_level(level.out, outcome);
    LevelInput input;
    input.label = levels[i].label;
    input.spec = levels[i].spec;
    input.comparison = *outcome.summary.comparison;
    run_reporting_failures([&] { input.games = read_results(level.out / "games.jsonl"); });
    input.cpu = {outcome.effort.cpu_seconds, std::uint64_t(outcome.effort.timed_games)};
    input.searched_nodes = outcome.effort.searched_nodes;
    input.searched_moves = outcome.effort.searched_moves;
    if (i > 0 && match_games > 0) {
      input.match_below = match_below(config, levels[i - 1], levels[i], match_games);
      input.below_spec = levels[i - 1].spec;
    }
    inputs.push_back(std::move(input));
    out.comparisons.push_back(std::move(outcome));
  }
  try {
    out.summary = summarize_levels(inputs);
  } catch (const std::invalid_argument& e) {
    throw InputError(e.what());
  }
  std::vector<std::string> labels;
  for (const LadderLevel& l : levels) labels.push_back(l.label);
  out.summary.settings = {{"command", join(config.command_line, " ")},
                          {"levels", join(labels, ", ")},
                          {"each level's report", (config.out / "level-LABEL/report.html").string()},
                          {"matches between adjacent levels",
                           match_games > 0 ? std::to_string(match_games) + " games each, in " + config.variants[0]
                                           : std::string("none (--level-games 0)")}};
  std::vector<std::string> compared;
  for (const report::LevelsVariant& v : out.summary.variants) compared.push_back(v.name);
  out.title = "Jungle comparison across strengths: " + join(compared, ", ") + " against " + out.summary.base;
  return out;
}

}  // namespace jungle::research
