// The run's settings for the report's first table: what run.json says of how its games were made.
#include "research/run_settings.h"

#include <algorithm>
#include <fstream>
#include <map>

#include "results/run_file.h"
#include "support/text.h"

namespace jungle::research {

using report::RunSettings;

namespace {

namespace fs = std::filesystem;

constexpr const char* UNKNOWN = "unknown";

// The command as one could type it again: words with spaces or quotes in single quotes.
std::string shell_words(const std::vector<std::string>& words) {
  std::vector<std::string> quoted;
  for (const std::string& word : words) {
    if (!word.empty() && word.find_first_of(" \t'\"\\$;&|<>()*?") == std::string::npos) {
      quoted.push_back(word);
      continue;
    }
    std::string q = "'";
    for (char c : word) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    quoted.push_back(q + "'");
  }
  return join(quoted, " ");
}

// Each distinct value once, in the order first seen.
std::string distinct(const std::vector<std::string>& values) {
  std::vector<std::string> seen;
  for (const std::string& v : values)
    if (std::find(seen.begin(), seen.end(), v) == seen.end()) seen.push_back(v);
  return seen.empty() ? UNKNOWN : join(seen, ", ");
}

// The players in the order their games name them.
std::vector<std::string> players_of(std::span<const StoredGame> games) {
  std::vector<std::string> players;
  for (const StoredGame& g : games)
    for (const std::string* p : {&g.record.white, &g.record.black})
      if (std::find(players.begin(), players.end(), *p) == players.end()) players.push_back(*p);
  return players;
}

// --tb-adjudicate's folder as given, then what the last run found: per variant its tables by
// number of pieces, and the folder they were in.
std::string tablebase_text(const RunRecord& run) {
  std::string out = run.settings.tb_adjudicate;
  if (run.runs.empty() || !run.runs.back().tablebases) return out;
  // By variant name, as reports have always listed them.
  std::vector<FoundTables> tables = *run.runs.back().tablebases;
  std::sort(tables.begin(), tables.end(), [](const FoundTables& a, const FoundTables& b) { return a.variant < b.variant; });
  std::vector<std::string> variants;
  for (const FoundTables& found : tables) {
    std::string text = found.variant;
    if (found.folder.empty()) {
      variants.push_back(text + " not adjudicated (its rules have no tables)");
      continue;
    }
    std::vector<std::string> counts;
    for (const auto& [pieces, n] : found.by_pieces)
      counts.push_back(std::to_string(n) + (counts.empty() ? (n == 1 ? " table of " : " tables of ") : " of ") +
                       std::to_string(pieces) + " pieces");
    text += ' ';
    text += counts.empty() ? std::string("no tables") : join(counts, ", ");
    text += " (" + found.folder + ")";
    variants.push_back(text);
  }
  return out + ": " + join(variants, "; ");
}

// A player that evaluates positions: alphabeta or mcts (player.h's specs).
bool evaluates(const std::string& spec) { return spec.starts_with("alphabeta") || spec.starts_with("mcts"); }

// The value of a spec's weights= ("untuned" or a file), "" when it names none.
std::string named_weights(const std::string& spec) {
  for (std::size_t at = spec.find("weights="); at != std::string::npos; at = spec.find("weights=", at + 1)) {
    if (at == 0 || (spec[at - 1] != ':' && spec[at - 1] != ',')) continue;  // another key ending in "weights"
    const std::size_t begin = at + std::string("weights=").size();
    return spec.substr(begin, spec.find(',', begin) - begin);
  }
  return "";
}

// A player that evaluates positions with each variant's default weights: one without weights=.
bool plays_default_weights(const std::string& spec) { return evaluates(spec) && named_weights(spec).empty(); }

// What a player without weights= evaluates with, per variant. When every player that evaluates
// names its own weights (compare --weights untuned gives each weights=untuned), no default was
// played: the row says what was, lest it name a tuned file nobody used.
std::string default_weights_text(const RunRecord& run) {
  std::vector<std::string> named;
  for (const std::string& spec : run.settings.players)
    if (evaluates(spec)) named.push_back(fs::path(named_weights(spec)).filename().string());
  const bool defaults_recorded = std::any_of(run.variants.begin(), run.variants.end(),
                                             [](const RecordedVariant& v) { return !v.default_weights.empty(); });
  const std::vector<std::string>& players = run.settings.players;
  if (defaults_recorded && !named.empty() && std::none_of(players.begin(), players.end(), plays_default_weights))
    return distinct(named) + ", as the players' weights= say (no variant's default weights were played)";
  // Each file with what fitted it: once for all when one evaluator and recipe fitted them all.
  auto fit_of = [](const RecordedVariant& v) {
    return v.default_weights_evaluator.empty() ? std::string()
                                               : "evaluator " + v.default_weights_evaluator + ", recipe \"" +
                                                     v.default_weights_recipe + "\"";
  };
  std::vector<std::string> parts, fits;
  for (const RecordedVariant& v : run.variants)
    if (!v.default_weights.empty() && v.default_weights != "untuned") fits.push_back(fit_of(v));
  const bool one_fit = !fits.empty() && !fits.front().empty() && distinct(fits) == fits.front();
  for (const RecordedVariant& v : run.variants) {
    if (v.default_weights.empty()) continue;
    std::string part = v.name + ": " + fs::path(v.default_weights).filename().string();
    if (!one_fit && !fit_of(v).empty()) part += " (" + fit_of(v) + ")";
    parts.push_back(part);
  }
  return join(parts, "; ") + (one_fit ? "; every weights file fitted by " + fits.front() : "");
}

std::string weights_warning(const RunRecord& run) {
  std::vector<std::string> tuned, untuned;
  for (const RecordedVariant& v : run.variants) {
    if (v.default_weights.empty()) continue;
    (v.default_weights == "untuned" ? untuned : tuned).push_back(v.name);
  }
  if (std::none_of(run.settings.players.begin(), run.settings.players.end(), plays_default_weights)) return "";
  const std::string so = ", so their differences are partly of players, not rules (jungle compare plays every variant "
                         "on equal terms; or give the players weights=untuned)";
  if (!tuned.empty() && !untuned.empty())
    return "the variants were played with weights obtained differently: tuned in " + join(tuned, ", ") +
           ", untuned in " + join(untuned, ", ") + so;
  // Tuned everywhere, but by other evaluators or recipes: other players too.
  std::map<std::string, std::vector<std::string>> by_fit;
  std::vector<std::string> unrecorded;
  for (const RecordedVariant& v : run.variants)
    if (!v.default_weights.empty() && v.default_weights != "untuned") {
      if (v.default_weights_evaluator.empty() || v.default_weights_recipe.empty())
        unrecorded.push_back(v.name);
      else
        by_fit["evaluator " + v.default_weights_evaluator + " and recipe \"" + v.default_weights_recipe + "\""]
            .push_back(v.name);
    }
  // Weights fitted by another evaluator than the one that played them are another player's
  // weights, even when every variant's are alike.
  std::vector<std::string> evaluators;
  for (const RunStart& r : run.runs)
    if (!r.evaluator.empty() && std::find(evaluators.begin(), evaluators.end(), r.evaluator) == evaluators.end())
      evaluators.push_back(r.evaluator);
  std::vector<std::string> stale;
  for (const RecordedVariant& v : run.variants)
    if (!v.default_weights_evaluator.empty() && !evaluators.empty() &&
        std::find(evaluators.begin(), evaluators.end(), v.default_weights_evaluator) == evaluators.end())
      stale.push_back(v.name + "'s by " + v.default_weights_evaluator);
  if (!stale.empty())
    return "the variants' weights were fitted by another evaluator than the one that played them (" +
           join(evaluators, ", ") + "): " + join(stale, "; ") +
           ", so the players are not the ones their weights were fitted for (refit them with the command their file "
           "names)";
  if (!unrecorded.empty() && unrecorded.size() + by_fit.size() > 1)
    return "the weights files of " + join(unrecorded, ", ") +
           " do not say which evaluator version and recipe fitted them, so whether the variants' players are equal "
           "is not known (jungle compare fits such weights anew)";
  if (by_fit.size() < 2) return "";
  std::vector<std::string> parts;
  for (const auto& [fit, names] : by_fit) parts.push_back(join(names, ", ") + " by " + fit);
  return "the variants' weights were fitted differently: " + join(parts, "; ") + so;
}

// The commands typed, in order: the starts of one invocation are one command (compare
// --precision starts a tournament each round), and a start without an invocation (a folder from
// before it was recorded) one of its own. The same command typed again in a row is counted, not
// repeated: "A (run 2 times: resumed or extended)", or with another after it "A (run 2 times);
// then B".
std::string commands_text(const std::vector<RunStart>& runs) {
  std::vector<std::pair<std::string, int>> typed;  // each command with how many times in a row
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const bool same_invocation = i > 0 && !runs[i].invocation.empty() && runs[i].invocation == runs[i - 1].invocation;
    if (same_invocation) continue;
    const std::string command = shell_words(runs[i].command);
    if (!typed.empty() && typed.back().first == command)
      ++typed.back().second;
    else
      typed.push_back({command, 1});
  }
  std::vector<std::string> parts;
  for (const auto& [command, times] : typed) {
    std::string text = command;
    if (times > 1) text += " (run " + std::to_string(times) + " times" + (typed.size() == 1 ? ": resumed or extended)" : ")");
    parts.push_back(text);
  }
  return join(parts, "; then ");
}

}  // namespace

RunSettings run_settings(const fs::path& results_file, std::span<const StoredGame> games) {
  RunSettings s;
  s.source = results_file.string();
  s.command = s.seed = s.openings = s.threads = s.version = s.date = UNKNOWN;
  s.players = games.empty() ? UNKNOWN : join(players_of(games), ", ");
  const std::string in_file = std::to_string(games.size()) + (games.size() == 1 ? " game" : " games");
  s.games = in_file;

  const std::optional<RunRecord> run = read_run_file(results_file.parent_path());
  if (!run) return s;
  s.seed = std::to_string(run->settings.seed);
  s.openings = run->settings.openings;
  s.players = join(run->settings.players, ", ");
  s.games = std::to_string(run->settings.games_per_pair) + " per pairing and variant (" + in_file + " in the file)";
  std::vector<std::string> versions, threads, dates;
  for (const RunStart& r : run->runs) {
    versions.push_back(r.version);
    // An MPI run (match/tournament.h) records its ranks, each with that many threads.
    threads.push_back(std::to_string(r.threads) +
                      (r.ranks > 1 ? " per rank, " + std::to_string(r.ranks) + " ranks" : std::string()));
    dates.push_back(r.date);
  }
  if (!run->runs.empty()) s.command = commands_text(run->runs);
  if (!run->settings.tb_adjudicate.empty()) s.tablebases = tablebase_text(*run);
  s.default_weights = default_weights_text(*run);
  // In full only where some player evaluated with them.
  const bool evaluated = std::any_of(run->settings.players.begin(), run->settings.players.end(), plays_default_weights);
  for (const RecordedVariant& v : run->variants)
    if (evaluated && !v.default_weights.empty())
      s.weights.push_back({v.name, v.default_weights, v.default_weights == "untuned" ? "" : v.rules_hash,
                           v.default_weights_fitted_by, v.default_weights_evaluator, v.default_weights_recipe});
  s.weights_warning = weights_warning(*run);
  s.version = distinct(versions);
  s.threads = distinct(threads);
  if (!dates.empty()) s.date = dates.size() == 1 ? dates.front() : dates.front() + " to " + dates.back();
  return s;
}

}  // namespace jungle::research
