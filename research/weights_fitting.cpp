#include "research/weights_fitting.h"

#include <cstdio>
#include <set>
#include <sstream>

#include "engine/rules_hash.h"
#include "match/tournament.h"
#include "players/player.h"
#include "research/input_error.h"
#include "search/evaluator_version.h"
#include "support/excerpt.h"
#include "support/nearest_names.h"
#include "support/text.h"
#include "support/version.h"

namespace jungle::research {

namespace {

// The tables of weights, by the names of weights files (weight_name's prefixes).
const char* const TABLES[] = {"pieces", "advance", "traps", "threats", "den", "water", "defence", "raid"};

// --tune's comma list of tables as weight numbers.
std::vector<int> tuned_weights(const std::string& list) {
  std::set<std::string> chosen;
  for (const std::string_view part : split(list, ',')) {
    const std::string table(part);
    bool known = false;
    for (const char* t : TABLES) known |= table == t;
    if (!known) {
      const std::string suggestion = did_you_mean(table, std::vector<std::string>(std::begin(TABLES), std::end(TABLES)));
      std::string message = "--tune: unknown table \"";
      message.append(excerpt(table)).append("\"").append(suggestion.empty() ? "" : ": " + suggestion);
      message.append(" (").append(weight_tables(", ")).append(")");
      throw InputError(message);
    }
    chosen.insert(table);
  }
  std::vector<int> out;
  for (int i = 0; i < WEIGHT_NB; ++i)
    if (chosen.count(weight_name(i).substr(0, weight_name(i).find('.')))) out.push_back(i);
  return out;
}


}  // namespace

std::string weight_tables(const char* separator) {
  std::string list;
  for (const char* t : TABLES) {
    if (!list.empty()) list += separator;
    list += t;
  }
  return list;
}

TuneSettings fitting_recipe(const std::string& variant, int selfplay) {
  TuneSettings s;
  s.variant = variant;
  s.selfplay = selfplay;
  // The games of the study's player a ply shallower (untuned), not tune's 5000-node searcher nor
  // the study's player itself: with 500 games, a tenth of the CPU time of 2000 depth-4 games and
  // weights as strong when depth 4 plays them, so that a factorial comparison can fit every cell
  // (docs/results.md, "A cheaper fit" and "A fit for every cell").
  s.player = "alphabeta:depth=3,contempt=50,weights=untuned";
  s.seed = 101;
  s.tables = "pieces";
  return s;
}

std::string tune_command(const TuneSettings& s) {
  const TuneSettings defaults;
  std::string command = "jungle tune --variant " + s.variant;
  if (s.selfplay) command += " --selfplay " + std::to_string(s.selfplay);
  if (s.player != defaults.player) command += " --player " + s.player;
  if (s.openings != defaults.openings) command += " --openings " + s.openings;
  if (s.seed != defaults.seed) command += " --seed " + std::to_string(s.seed);
  if (s.tables != weight_tables()) command += " --tune " + s.tables;
  return command;
}

std::string recipe_text(const TuneSettings& s) {
  std::ostringstream out;
  out << s.selfplay << " self-play games of " << s.player << " from " << s.openings << ", seed " << s.seed
      << "; Texel's method on " << (s.tables.empty() ? weight_tables() : s.tables) << " from " << s.start << ", "
      << s.positions << " positions after ply " << s.skip_plies << " (at most " << s.max_positions << "), ridge "
      << s.ridge;
  if (s.k > 0) out << ", k " << s.k;
  return out.str();
}

void check_tune_settings(const TuneSettings& s, const Variant& variant) {
  tuned_weights(s.tables.empty() ? weight_tables() : s.tables);
  try {
    resolve_weights(variant, s.start);
  } catch (const WeightsError& e) {
    // "untund" is no file: the word meant, rather than only that no file has that name.
    const std::string suggestion = e.line == 0 ? did_you_mean(s.start, {UNTUNED_WEIGHTS}) : "";
    throw InputError(std::string("--start: ") + e.what() + (suggestion.empty() ? "" : ": " + suggestion));
  }
}

std::vector<GameRecord> play_selfplay(const TuneSettings& s, const Variant& variant,
                                      const std::vector<std::string>& command_line) {
  try {
    validate_player_spec(s.player, variant);
  } catch (const PlayerSpecError& e) {
    throw InputError(std::string("--player: ") + e.what());
  }
  TournamentConfig config;
  config.variants = {s.variant};
  config.loaded_variants = {variant};
  config.players = {s.player};
  config.games_per_pair = s.selfplay;
  config.openings = s.openings;
  config.seed = s.seed;
  config.threads = s.threads;
  config.out = s.dir.empty() ? std::filesystem::path("out/tune") / variant.name : s.dir;
  config.progress = true;
  config.command_line = command_line;
  std::fprintf(stderr, "Self-play: %s, %d games of %s, into %s\n", s.player.c_str(), s.selfplay,
               variant.name.c_str(), (config.out / "games.jsonl").string().c_str());
  TournamentRun run;
  run_reporting_failures([&] { run = run_tournament(config); });
  if (run.resumed > 0) std::fprintf(stderr, "Resumed: %d games were already there\n", run.resumed);
  std::vector<GameRecord> out;
  for (StoredGame& g : run.games) out.push_back(std::move(g.record));
  return out;
}

FittedWeights fit_weights(const Variant& variant, const std::vector<GameRecord>& games, const TuneSettings& s,
                          const std::string& command, const std::string& recipe) {
  FittedWeights fitted;
  fitted.games = games.size();
  const std::vector<int> free = tuned_weights(s.tables.empty() ? weight_tables() : s.tables);
  try {
    fitted.start = *resolve_weights(variant, s.start).weights;
  } catch (const WeightsError& e) {
    throw InputError(std::string("--start: ") + e.what());
  }

  SampleOptions sampling;
  sampling.skip_plies = s.skip_plies;
  sampling.max_positions = s.max_positions;
  sampling.seed = s.seed;
  if (s.positions == "quiescence") sampling.quiescence_leaves = fitted.start;
  std::vector<TexelPosition> positions;
  try {
    positions = sample_positions(variant, games, sampling);
  } catch (const ReplayError& e) {
    throw InputError(std::string("--games: ") + e.what());
  } catch (const PositionError& e) {
    throw InputError(std::string("--games: a start position: ") + e.what());
  }
  if (positions.empty()) throw InputError("no position to tune on in the " + std::to_string(games.size()) + " games");
  fitted.positions = positions.size();
  std::fprintf(stderr, "Tuning %s on %zu %s positions from %zu games\n", variant.name.c_str(), positions.size(),
               s.positions == "quiescence" ? "quiescence-leaf" : "quiet", games.size());

  TuneOptions options;
  options.k = s.k;
  options.ridge = s.ridge;
  options.weights = free;
  options.threads = s.threads;
  options.progress = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
  fitted.result = tune_weights(variant, positions, fitted.start, options);

  fitted.file = WeightsFile{variant.name, rules_hash(variant), 1, fitted.result.weights,
                            {command, evaluator_version(), recipe}};
  std::ostringstream tuning;
  tuning << "games = " << games.size() << "\npositions = " << positions.size() << "\nk = " << fitted.result.k
         << "\nerror_before = " << fitted.result.error_before << "\nerror_after = " << fitted.result.error_after
         << "\nridge = " << s.ridge << "\npositions_taken = " << toml_string(s.positions)
         << "\nsweeps = " << fitted.result.sweeps << "\nstart = " << toml_string(s.start) << "\n";
  tuning << "build = " << toml_string(program_version()) << "\n";
  fitted.text = weights_to_toml(fitted.file, tuning.str());
  return fitted;
}

}  // namespace jungle::research
