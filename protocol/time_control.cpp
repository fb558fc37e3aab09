#include "protocol/time_control.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cmath>

#include "support/duration.h"
#include "support/excerpt.h"
#include "support/key_values.h"
#include "support/numbers.h"

namespace jungle {

namespace {

[[noreturn]] void refuse(std::string_view text, const std::string& why) {
  throw std::invalid_argument("time control \"" + excerpt(text) + "\": " + why +
                              " (expected tc=[MOVES/]SECONDS[+INCREMENT], st=SECONDS, nodes=N, depth=D)");
}

// Seconds in support/duration.h's grammar ("10", "0.1", "1:30", "90s"), to whole milliseconds.
std::int64_t parse_seconds(std::string_view whole, std::string_view text) {
  const std::optional<double> seconds = parse_duration_seconds(text);
  if (!seconds) refuse(whole, "bad seconds");
  const double ms = *seconds * 1000;
  // A year is more than any game needs; past it the milliseconds would not fit.
  if (!(ms >= 0 && ms <= 365.0 * 24 * 3600 * 1000)) refuse(whole, "seconds out of range");
  return std::int64_t(std::llround(ms));
}

template <typename Int>
Int parse_whole(std::string_view whole, std::string_view text, Int min, Int max) {
  const std::optional<Int> n = parse_whole_number(text, min, max);
  if (!n) {
    std::string why(1, '"');  // built by appending: GCC 12 warns falsely (-Wrestrict) on a + chain
    why += excerpt(text);
    why += "\" is not a whole number from ";
    why += std::to_string(min);
    why += " to ";
    why += std::to_string(max);
    refuse(whole, why);
  }
  return *n;
}

std::string seconds_text(std::int64_t ms) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", double(ms) / 1000);
  return buffer;
}

}  // namespace

TimeControl parse_time_control(std::string_view text) {
  TimeControl tc;
  if (text.empty()) refuse(text, "empty");
  std::vector<KeyValue> items;
  try {
    items = split_key_values(text, {.keys = {"tc", "st", "nodes", "depth"}});
  } catch (const KeyValueError& e) {
    refuse(text, e.what());
  }
  for (const auto& [key, value] : items) {
    if (key == "tc") {
      std::string_view rest = value;
      if (const std::size_t slash = rest.find('/'); slash != std::string_view::npos) {
        tc.moves = parse_whole<int>(text, rest.substr(0, slash), 1, 10000);
        rest.remove_prefix(slash + 1);
      }
      if (const std::size_t plus = rest.find('+'); plus != std::string_view::npos) {
        tc.increment_ms = parse_seconds(text, rest.substr(plus + 1));
        rest = rest.substr(0, plus);
      }
      tc.base_ms = parse_seconds(text, rest);
      if (tc.base_ms <= 0) refuse(text, "a clock needs some time");
    } else if (key == "st") {
      tc.movetime_ms = parse_seconds(text, value);
      if (tc.movetime_ms <= 0) refuse(text, "st needs at least a millisecond");
    } else if (key == "nodes") {
      tc.nodes = parse_whole<std::uint64_t>(text, value, 1, 1'000'000'000'000);
    } else {
      tc.depth = parse_whole<int>(text, value, 1, 64);
    }
  }
  return tc;
}

std::string TimeControl::text() const {
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "tc=" + ... chains.
  std::string out;
  auto item = [&out](const char* key, const std::string& value) {
    if (!out.empty()) out += ',';
    out += key;
    out += value;
  };
  if (has_clock()) {
    std::string value = moves ? std::to_string(moves) + "/" : "";
    value += seconds_text(base_ms);
    if (increment_ms) value += '+', value += seconds_text(increment_ms);
    item("tc=", value);
  }
  if (movetime_ms) item("st=", seconds_text(movetime_ms));
  if (nodes) item("nodes=", std::to_string(nodes));
  if (depth) item("depth=", std::to_string(depth));
  return out;
}

std::string pgn_time_control(const TimeControl& tc) {
  // As cutechess: a move time is written in place of a clock.
  if (tc.movetime_ms) return seconds_text(tc.movetime_ms) + "/move";
  if (!tc.has_clock()) return "-";
  std::string out = tc.moves ? std::to_string(tc.moves) + "/" : "";
  out += seconds_text(tc.base_ms);
  if (tc.increment_ms) out += '+', out += seconds_text(tc.increment_ms);
  return out;
}

bool GameClock::charge(std::int64_t used_ms, std::int64_t margin_ms) {
  if (!tc_.has_clock()) return true;
  if (used_ms > left_ms_ + margin_ms) return false;
  // Within the margin a move may overstep; the clock then stands at zero, not below.
  left_ms_ = std::max<std::int64_t>(0, left_ms_ - used_ms) + tc_.increment_ms;
  ++moves_played_;
  if (tc_.moves && moves_played_ % tc_.moves == 0) left_ms_ += tc_.base_ms;
  return true;
}

}  // namespace jungle
