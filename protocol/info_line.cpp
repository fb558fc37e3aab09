#include "protocol/info_line.h"

#include <algorithm>
#include <climits>
#include <sstream>
#include <string_view>
#include <vector>

#include "support/numbers.h"
#include "support/text.h"

namespace jungle {

namespace {

// UCI's info fields: a pv runs until one of them (or the end of the line).
bool is_info_key(const std::string& word) {
  static const std::vector<std::string> KEYS = {"depth",    "seldepth",       "time",     "nodes",  "pv",
                                                "multipv",  "score",          "currmove", "hashfull", "nps",
                                                "tbhits",   "sbhits",         "cpuload",  "string", "refutation",
                                                "currline", "currmovenumber"};
  return std::find(KEYS.begin(), KEYS.end(), word) != KEYS.end();
}

std::optional<long long> bounded(const std::string& text, long long min, long long max) {
  return clamp_whole_number(std::string_view(text), min, max);
}

}  // namespace

void read_info_line(const std::string& line, SearchReport& report) {
  MoveInfo& info = report.info;
  const std::vector<std::string> w = words(line);
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string& key = w[i];
    if (key == "string") break;
    const bool valued = i + 1 < w.size();
    if (key == "depth" && valued) {
      if (auto d = bounded(w[++i], 0, MAX_INFO_DEPTH)) info.depth = int(*d);
    } else if (key == "seldepth" && valued) {
      if (auto d = bounded(w[++i], 0, MAX_INFO_DEPTH)) info.seldepth = int(*d);
    } else if (key == "nodes" && valued) {
      if (auto n = bounded(w[++i], 0, INT64_MAX)) info.nodes = std::uint64_t(*n);
    } else if (key == "time" && valued) {
      if (auto t = bounded(w[++i], 0, INT64_MAX)) report.reported_ms = *t;
    } else if (key == "score" && i + 2 < w.size()) {
      if (w[i + 1] == "cp") {
        if (auto cp = bounded(w[i + 2], -MAX_INFO_CP, MAX_INFO_CP)) info.score = int(*cp), info.mate.reset();
      } else if (w[i + 1] == "mate") {
        if (auto m = bounded(w[i + 2], -MAX_INFO_MATE, MAX_INFO_MATE)) info.mate = int(*m), info.score.reset();
      }
      i += 2;
    } else if (key == "pv") {
      // A new line of play replaces the last one, even when it is cut short.
      info.pv.clear();
      for (; i + 1 < w.size() && !is_info_key(w[i + 1]) && w[i + 1].size() <= MAX_INFO_MOVE_CHARS; ++i)
        if (info.pv.size() < MAX_INFO_PV) info.pv.push_back(w[i + 1]);
    }
  }
}

std::optional<std::int64_t> latency_ms(std::int64_t wall_ms, std::optional<std::int64_t> reported_ms) {
  if (!reported_ms) return std::nullopt;
  return wall_ms - *reported_ms;
}

}  // namespace jungle
