#include "results/results_file.h"

#include <algorithm>
#include <climits>
#include <map>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/variant_loader.h"
#include "support/excerpt.h"
#include "support/files.h"
#include "support/text.h"


namespace jungle {

namespace fs = std::filesystem;

namespace {

// "den, capture-all, ... or adjudication": every reason a record may give.
std::string end_reason_list() {
  std::vector<std::string> reasons;
  for (int i = 0; i < END_REASON_NB; ++i) reasons.push_back(end_reason_name(EndReason(i)));
  return alternatives(reasons);
}

// A line's fault, without its location; read_results adds file and line.
struct LineError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

const nlohmann::json& field(const nlohmann::json& object, const char* name) {
  auto it = object.find(name);
  if (it == object.end()) throw LineError(std::string("missing field \"") + name + "\"");
  return *it;
}

std::string string_field(const nlohmann::json& object, const char* name) {
  const nlohmann::json& value = field(object, name);
  if (!value.is_string()) throw LineError(std::string("field \"") + name + "\" is not a string");
  return value.get<std::string>();
}

std::uint64_t unsigned_field(const nlohmann::json& object, const char* name, std::uint64_t max) {
  const nlohmann::json& value = field(object, name);
  // nlohmann reads every integer >= 0 as unsigned; negatives and fractions fail here.
  if (!value.is_number_unsigned() || value.get<std::uint64_t>() > max)
    throw LineError(std::string("field \"") + name + "\" is not an integer from 0 to " + std::to_string(max));
  return value.get<std::uint64_t>();
}

int int_field(const nlohmann::json& object, const char* name) { return int(unsigned_field(object, name, INT_MAX)); }

std::vector<std::string> moves_field(const nlohmann::json& object, const char* name) {
  const nlohmann::json& value = field(object, name);
  if (!value.is_array()) throw LineError(std::string("field \"") + name + "\" is not an array of moves");
  std::vector<std::string> moves;
  for (const nlohmann::json& m : value) {
    if (!m.is_string()) throw LineError(std::string("field \"") + name + "\" holds a non-string");
    moves.push_back(m.get<std::string>());
  }
  return moves;
}

std::optional<std::int64_t> optional_int(const nlohmann::json& object, const char* name, const char* where) {
  auto it = object.find(name);
  if (it == object.end() || it->is_null()) return std::nullopt;
  // An unsigned number past INT64_MAX would read back as a negative one.
  if (!it->is_number_integer() || (it->is_number_unsigned() && it->get<std::uint64_t>() > INT64_MAX))
    throw LineError(std::string(where) + ": \"" + name + "\" is not an integer from " + std::to_string(-INT64_MAX) +
                    " to " + std::to_string(INT64_MAX));
  return it->get<std::int64_t>();
}

// An info entry's "pv": moves as strings, within the bounds an engine's line is cut to.
std::vector<std::string> pv_field(const nlohmann::json& entry, const std::string& where) {
  auto it = entry.find("pv");
  if (it == entry.end()) return {};
  if (!it->is_array() || it->size() > MAX_INFO_PV)
    throw LineError(where + ": \"pv\" is not an array of at most " + std::to_string(MAX_INFO_PV) + " moves");
  std::vector<std::string> pv;
  for (const nlohmann::json& m : *it) {
    if (!m.is_string() || m.get<std::string>().empty() || m.get<std::string>().size() > MAX_INFO_MOVE_CHARS)
      throw LineError(where + ": \"pv\" holds something that is not a move");
    pv.push_back(m.get<std::string>());
  }
  return pv;
}

// "info": one object per move after the opening, each with any of cp or mate, depth, seldepth,
// nodes, ms, latency_ms, time_left_ms and pv; those added after the first (seldepth on) may be
// missing, as in older files.
std::vector<MoveInfo> info_field(const nlohmann::json& object, std::size_t played) {
  auto it = object.find("info");
  if (it == object.end()) return {};
  if (!it->is_array()) throw LineError("field \"info\" is not an array");
  if (it->size() > played)
    throw LineError("field \"info\" has " + std::to_string(it->size()) + " entries for " + std::to_string(played) +
                    " moves after the opening");
  std::vector<MoveInfo> out;
  for (const nlohmann::json& entry : *it) {
    if (!entry.is_object()) throw LineError("field \"info\" holds a non-object");
    MoveInfo m;
    const std::string where = "info entry " + std::to_string(out.size() + 1);
    auto bounded = [&](const char* name, std::int64_t min, std::int64_t max) -> std::optional<std::int64_t> {
      const auto v = optional_int(entry, name, where.c_str());
      if (v && (*v < min || *v > max))
        throw LineError(where + ": \"" + name + "\" is out of range");
      return v;
    };
    if (auto v = bounded("cp", -MAX_INFO_CP, MAX_INFO_CP)) m.score = int(*v);
    if (auto v = bounded("mate", -MAX_INFO_MATE, MAX_INFO_MATE)) m.mate = int(*v);
    m.depth = int(bounded("depth", 0, MAX_INFO_DEPTH).value_or(0));
    m.nodes = std::uint64_t(bounded("nodes", 0, INT64_MAX).value_or(0));
    m.ms = bounded("ms", 0, INT64_MAX).value_or(0);
    if (auto v = bounded("seldepth", 0, MAX_INFO_DEPTH)) m.seldepth = int(*v);
    m.time_left_ms = bounded("time_left_ms", 0, INT64_MAX);
    m.latency_ms = bounded("latency_ms", -INT64_MAX, INT64_MAX);
    m.pv = pv_field(entry, where);
    out.push_back(m);
  }
  return out;
}

StoredGame parse_line(const std::string& line) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(line);
  } catch (const nlohmann::json::exception& e) {
    // Any of nlohmann's errors, a number out of range (1e400) as well as bad syntax. Drop its
    // "[json.exception.parse_error.101] " prefix: the rest says it all.
    std::string what = e.what();
    throw LineError("bad JSON: " + excerpt(what.substr(what.find(']') + 2), 200));
  }
  if (!j.is_object()) throw LineError("not a JSON object");

  StoredGame g;
  g.index = int_field(j, "index");
  g.pair = int_field(j, "pair");
  g.opening = int_field(j, "opening_id");
  GameRecord& r = g.record;
  r.variant = string_field(j, "variant");
  r.white = string_field(j, "white");
  r.black = string_field(j, "black");
  r.seed = unsigned_field(j, "seed", UINT64_MAX);
  r.opening = moves_field(j, "opening");
  r.moves = moves_field(j, "moves");
  const std::string result = string_field(j, "result");
  if (auto parsed = parse_result(result))
    r.result = *parsed;
  else
    throw LineError("bad result \"" + excerpt(result) + "\" (expected 1-0, 0-1 or 1/2-1/2)");
  const std::string reason = string_field(j, "reason");
  if (auto parsed = parse_end_reason(reason))
    r.reason = *parsed;
  else
    throw LineError("bad reason \"" + excerpt(reason) + "\" (expected " + end_reason_list() + ")");
  r.plies = int_field(j, "plies");
  if (j.contains("fen")) r.fen = string_field(j, "fen");
  if (j.contains("detail")) r.detail = string_field(j, "detail");

  if (r.variant.empty() || r.white.empty() || r.black.empty()) throw LineError("empty variant or player");
  if (std::size_t(r.plies) != r.moves.size())
    throw LineError("plies is " + std::to_string(r.plies) + " but " + std::to_string(r.moves.size()) +
                    " moves are given");
  if (r.opening.size() > r.moves.size() || !std::equal(r.opening.begin(), r.opening.end(), r.moves.begin()))
    throw LineError("the opening is not the start of the moves");
  r.info = info_field(j, r.moves.size() - r.opening.size());
  return g;
}

}  // namespace

namespace {

// Built step by step: GCC 12 gives a false -Wrestrict for the one-expression concatenation.
std::string located(const std::string& file, int line, const std::string& message) {
  std::string out = file;
  if (line > 0) {
    out += ':';
    out += std::to_string(line);
  }
  out += ": ";
  out += message;
  return out;
}

}  // namespace

ResultsError::ResultsError(std::string file_, int line_, const std::string& message_)
    : std::runtime_error(located(file_, line_, message_)),
      file(std::move(file_)),
      line(line_),
      message(message_) {}

std::string to_json_line(const StoredGame& g) {
  // ordered_json keeps the fields in the order a person reads them.
  const GameRecord& r = g.record;
  nlohmann::ordered_json j;
  j["index"] = g.index;
  j["pair"] = g.pair;
  j["opening_id"] = g.opening;
  j["variant"] = r.variant;
  j["white"] = r.white;
  j["black"] = r.black;
  j["seed"] = r.seed;
  j["opening"] = r.opening;
  j["moves"] = r.moves;
  j["result"] = result_name(r.result);
  j["reason"] = end_reason_name(r.reason);
  j["plies"] = r.plies;
  // Written only when there is something to say, so that built-in players' lines stay short.
  if (!r.fen.empty()) j["fen"] = r.fen;
  if (!r.detail.empty()) j["detail"] = r.detail;
  if (!r.info.empty()) {
    nlohmann::ordered_json info = nlohmann::ordered_json::array();
    for (const MoveInfo& m : r.info) {
      nlohmann::ordered_json e = nlohmann::ordered_json::object();
      if (m.score) e["cp"] = *m.score;
      if (m.mate) e["mate"] = *m.mate;
      e["depth"] = m.depth;
      if (m.seldepth) e["seldepth"] = *m.seldepth;
      e["nodes"] = m.nodes;
      e["ms"] = m.ms;
      if (m.latency_ms) e["latency_ms"] = *m.latency_ms;
      if (m.time_left_ms) e["time_left_ms"] = *m.time_left_ms;
      if (!m.pv.empty()) e["pv"] = m.pv;
      info.push_back(e);
    }
    j["info"] = info;
  }
  return j.dump();
}

StoredGame parse_results_line(const std::string& line) {
  try {
    return parse_line(line);
  } catch (const LineError& e) {
    throw std::invalid_argument(e.what());
  }
}

std::vector<StoredGame> read_results(const fs::path& file, std::vector<std::string>* warnings) {
  const std::string name = file.string();
  std::error_code ec;
  if (fs::is_directory(file, ec)) throw ResultsError(name, 0, "is a directory, not a results file");
  std::optional<LineReader> reader;
  try {
    reader.emplace(file);
  } catch (const FileReadError& e) {
    throw ResultsError(name, 0, fs::exists(file, ec) ? "cannot read the file: " + e.message : "no such file");
  }

  std::vector<StoredGame> games;
  std::map<int, int> line_of_index;
  std::string line;
  for (;;) {
    // Read a line at a time, each bounded (MAX_LINE): /dev/zero is refused, not read until
    // memory runs out.
    try {
      if (!reader->next(line)) break;
    } catch (const FileReadError& e) {
      throw ResultsError(name, e.line, e.message);
    }
    const int line_number = reader->line_number();
    const bool complete = reader->had_newline();
    if (!line.empty() && line.back() == '\r') line.pop_back();
    try {
      games.push_back(parse_line(line));
    } catch (const LineError& e) {
      if (complete) throw ResultsError(name, line_number, e.what());
      // A last line without '\n' that is no record: a write cut off by a kill. Not an error.
      if (warnings)
        warnings->push_back(ResultsError(name, line_number,
                                         "the last line has no newline and is not a complete record (" +
                                             std::string(e.what()) + "); it is left out")
                                .what());
      break;
    }
    auto [it, fresh] = line_of_index.emplace(games.back().index, line_number);
    if (!fresh)
      throw ResultsError(name, line_number,
                         "game index " + std::to_string(it->first) + " is also on line " + std::to_string(it->second));
  }
  for (StoredGame& g : games) g.line = line_of_index[g.index];
  std::sort(games.begin(), games.end(), [](const StoredGame& a, const StoredGame& b) { return a.index < b.index; });
  return games;
}

std::vector<StoredGame> read_results(const std::vector<fs::path>& files, std::vector<std::string>* warnings) {
  std::vector<StoredGame> all;
  for (const fs::path& file : files) {
    std::vector<StoredGame> games = read_results(file, warnings);
    all.insert(all.end(), std::make_move_iterator(games.begin()), std::make_move_iterator(games.end()));
  }
  return all;
}

}  // namespace jungle
