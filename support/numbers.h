// Numbers as the user writes them, in specs, options and protocol lines, and as the program's
// own processes and files pass them on: read one way and refused in one wording, wherever they
// are read.
#pragma once

#include <charconv>
#include <cmath>
#include <concepts>
#include <optional>
#include <string>
#include <string_view>

#include "support/excerpt.h"

namespace jungle {

// The number `text` spells (decimal digits, with a '-' for a signed type; nothing before or
// after) if it lies in [min, max]; nothing otherwise, an overflow included.
template <std::integral T>
std::optional<T> parse_whole_number(std::string_view text, T min, T max) {
  T n{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || n < min || n > max)
    return std::nullopt;
  return n;
}

// The number `text` spells, taken at the nearer bound when it lies outside [min, max], however
// far (an overflow too); nothing if it spells no number. *clamped, if given, says whether it was
// moved. For values that are read on rather than refused: an engine's `info`, a `go` line.
template <std::integral T>
std::optional<T> clamp_whole_number(std::string_view text, T min, T max, bool* clamped = nullptr) {
  T n{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  const bool overflow = error == std::errc::result_out_of_range;
  if (text.empty() || end != text.data() + text.size() || (error != std::errc() && !overflow)) return std::nullopt;
  const T value = overflow ? (text.front() == '-' ? min : max) : n < min ? min : n > max ? max : n;
  if (clamped) *clamped = overflow || value != n;
  return value;
}

// Whether `text` is digits, with a sign or none: a whole number, however large.
inline bool spells_whole_number(std::string_view text) {
  if (!text.empty() && (text.front() == '+' || text.front() == '-')) text.remove_prefix(1);
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

// The finite number `text` spells in decimal: digits with a '-' if negative, a fraction and an
// exponent if any ("-2.5", ".5", "1e3"); nothing before or after, and no "inf" or "nan". Nothing
// otherwise, a number too large for a double included.
inline std::optional<double> parse_decimal_number(std::string_view text) {
  double x = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), x);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || !std::isfinite(x))
    return std::nullopt;
  return x;
}

// The refusal of parse_whole_number's nothing: `must be a whole number from MIN to MAX, not "TEXT"`.
template <std::integral T>
std::string whole_number_expected(std::string_view text, T min, T max) {
  std::string out = "must be a whole number from ";
  out += std::to_string(min);
  out += " to ";
  out += std::to_string(max);
  out += ", not \"";
  out += excerpt(text);
  out += '"';
  return out;
}

}  // namespace jungle
