// The run's settings for the report's first table: what run.json says of how its games were made.
#include <algorithm>
#include <fstream>

#include <nlohmann/json.hpp>

#include "report/report.h"

namespace jungle::report {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

constexpr const char* UNKNOWN = "unknown";

std::string joined(const std::vector<std::string>& items, const char* separator) {
  std::string out;
  for (const std::string& item : items) {
    if (!out.empty()) out += separator;
    out += item;
  }
  return out;
}

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
  return joined(quoted, " ");
}

// Each distinct value once, in the order first seen.
std::string distinct(const std::vector<std::string>& values) {
  std::vector<std::string> seen;
  for (const std::string& v : values)
    if (std::find(seen.begin(), seen.end(), v) == seen.end()) seen.push_back(v);
  return seen.empty() ? UNKNOWN : joined(seen, ", ");
}

std::string text_of(const json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }

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
std::string tablebase_text(const json& run) {
  std::string out = text_of(run.at("tb_adjudicate"));
  const json runs = run.value("runs", json::array());
  if (runs.empty() || !runs.back().contains("tablebases")) return out;
  std::vector<std::string> variants;
  const json& found_per_variant = runs.back().at("tablebases");
  for (const auto& [variant, found] : found_per_variant.items()) {
    std::string text = variant;
    const std::string folder = found.value("folder", "");
    if (folder.empty()) {
      text += " not adjudicated (its rules have no tables)";
      variants.push_back(text);
      continue;
    }
    std::vector<std::string> counts;
    const json tables = found.value("tables", json::object());  // kept: items() refers into it
    for (const auto& [pieces, n] : tables.items()) {
      std::string count = text_of(n);
      count += counts.empty() ? (n == 1 ? " table of " : " tables of ") : " of ";
      count += pieces;
      count += " pieces";
      counts.push_back(count);
    }
    text += ' ';
    text += counts.empty() ? std::string("no tables") : joined(counts, ", ");
    text += " (";
    text += folder;
    text += ')';
    variants.push_back(text);
  }
  out += ": ";
  out += joined(variants, "; ");
  return out;
}

}  // namespace

RunSettings run_settings(const fs::path& results_file, std::span<const StoredGame> games) {
  RunSettings s;
  s.source = results_file.string();
  s.command = s.seed = s.openings = s.threads = s.version = s.date = UNKNOWN;
  s.players = games.empty() ? UNKNOWN : joined(players_of(games), ", ");
  const std::string in_file = std::to_string(games.size()) + (games.size() == 1 ? " game" : " games");
  s.games = in_file;

  const fs::path run_file = results_file.parent_path() / "run.json";
  std::error_code ec;
  if (!fs::is_regular_file(run_file, ec)) return s;
  try {
    std::ifstream in(run_file);
    const json run = json::parse(in);
    if (run.contains("seed")) s.seed = text_of(run.at("seed"));
    if (run.contains("openings")) s.openings = text_of(run.at("openings"));
    if (run.contains("players")) s.players = joined(run.at("players").get<std::vector<std::string>>(), ", ");
    if (run.contains("games")) {
      s.games = text_of(run.at("games"));
      s.games += " per pairing and variant (";
      s.games += in_file;
      s.games += " in the file)";
    }
    // A tournament resumed or extended has one entry per start: the first command made it.
    const json runs = run.value("runs", json::array());
    std::vector<std::string> versions, threads, dates;
    for (const json& r : runs) {
      if (r.contains("version")) versions.push_back(text_of(r.at("version")));
      if (r.contains("threads")) {
        // An MPI run (match/tournament.h) records its ranks, each with that many threads.
        std::string t = text_of(r.at("threads"));
        if (r.contains("ranks")) {
          t += " per rank, ";
          t += text_of(r.at("ranks"));
          t += " ranks";
        }
        threads.push_back(std::move(t));
      }
      if (r.contains("date")) dates.push_back(text_of(r.at("date")));
    }
    if (!runs.empty() && runs.front().contains("command"))
      s.command = shell_words(runs.front().at("command").get<std::vector<std::string>>());
    if (runs.size() > 1) {
      s.command += " (run ";
      s.command += std::to_string(runs.size());
      s.command += " times: resumed or extended)";
    }
    if (run.contains("tb_adjudicate")) s.tablebases = tablebase_text(run);
    s.version = distinct(versions);
    s.threads = distinct(threads);
    if (!dates.empty()) s.date = dates.size() == 1 ? dates.front() : dates.front() + " to " + dates.back();
  } catch (const json::exception& e) {
    std::string what = e.what();
    throw ResultsError(run_file.string(), 0, "not a tournament's run.json (" + what.substr(what.find(']') + 2) + ")");
  }
  return s;
}

}  // namespace jungle::report
