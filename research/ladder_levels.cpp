#include "research/ladder_levels.h"

#include <cctype>
#include <cstdint>
#include <optional>

#include "search/search.h"
#include "support/excerpt.h"
#include "support/nearest_names.h"
#include "support/numbers.h"
#include "support/text.h"

namespace jungle::research {

namespace {

// The player specs' own ceilings (player.cpp): deeper or longer searches are refused there too.
constexpr std::uint64_t MAX_DEPTH = AlphaBeta::MAX_DEPTH;
constexpr std::uint64_t MAX_NODES = 1'000'000'000'000;

constexpr const char* FORMS = "expected depth=A..B, depth=A,B,..., or nodes=C*B^k,k=A..B";

[[noreturn]] void refuse(const std::string& why) { throw std::invalid_argument("--levels: " + why); }

std::optional<std::uint64_t> number(std::string_view text) {
  return parse_whole_number<std::uint64_t>(text, 0, UINT64_MAX);
}

std::uint64_t number_or_refuse(std::string_view text, std::string_view whole) {
  const auto n = number(text);
  if (!n) refuse(std::string(FORMS) + "; \"" + excerpt(text) + "\" in " + quoted_excerpt(whole) + " is not a number");
  return *n;
}

// "A..B" as [A, B]; nothing when the text has no "..".
std::optional<std::pair<std::uint64_t, std::uint64_t>> range(std::string_view text, std::string_view whole) {
  const std::size_t dots = text.find("..");
  if (dots == std::string_view::npos) return std::nullopt;
  const std::uint64_t low = number_or_refuse(text.substr(0, dots), whole);
  const std::uint64_t high = number_or_refuse(text.substr(dots + 2), whole);
  if (low > high) refuse("the range " + quoted_excerpt(text) + " runs downwards");
  if (high - low >= MAX_LADDER_LEVELS) refuse("more than " + std::to_string(MAX_LADDER_LEVELS) + " levels");
  return std::make_pair(low, high);
}

bool is_variable(std::string_view text) {
  if (text.empty() || !std::isalpha(static_cast<unsigned char>(text[0]))) return false;
  for (char c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

// a·b, or nothing when it passes `ceiling` (the values above it are refused anyway).
std::optional<std::uint64_t> times(std::uint64_t a, std::uint64_t b, std::uint64_t ceiling) {
  if (a != 0 && b > ceiling / a) return std::nullopt;
  return a * b;
}

// The formula's value at variable = k: a product of factors "N", "B^variable" and "variable".
std::optional<std::uint64_t> evaluate(std::string_view formula, std::string_view variable, std::uint64_t k,
                                      std::uint64_t ceiling) {
  std::uint64_t value = 1;
  for (std::string_view factor : split(formula, '*')) {
    std::optional<std::uint64_t> next;
    if (factor == variable) {
      next = times(value, k, ceiling);
    } else if (const std::size_t caret = factor.find('^'); caret != std::string_view::npos) {
      if (factor.substr(caret + 1) != variable)
        refuse(std::string(FORMS) + "; the exponent of " + quoted_excerpt(factor) + " must be " + std::string(variable));
      const std::uint64_t base = number_or_refuse(factor.substr(0, caret), formula);
      next = value;
      // Powers of 0 and 1 settle at once; any larger base passes the ceiling within 64 steps.
      if (base <= 1) next = k == 0 ? value : value * base;
      else
        for (std::uint64_t i = 0; i < k && next; ++i) next = times(*next, base, ceiling);
    } else {
      next = times(value, number_or_refuse(factor, formula), ceiling);
    }
    if (!next) return std::nullopt;
    value = *next;
  }
  return value;
}

}  // namespace

std::vector<LadderLevel> parse_ladder_levels(std::string_view text) {
  const std::size_t equals = text.find('=');
  const std::string_view key = text.substr(0, equals);
  if (equals == std::string_view::npos || (key != "depth" && key != "nodes")) {
    const std::string suggestion = did_you_mean(key, {"depth", "nodes"});
    refuse(std::string(FORMS) + ", not " + quoted_excerpt(text) + (suggestion.empty() ? "" : ": " + suggestion));
  }
  const std::uint64_t ceiling = key == "depth" ? MAX_DEPTH : MAX_NODES;
  const std::string_view list = text.substr(equals + 1);
  std::vector<std::string_view> items = split(list, ',');

  std::vector<std::uint64_t> values;
  const std::size_t last_equals = items.back().find('=');
  if (last_equals != std::string_view::npos) {
    // A formula over a variable: "C*B^k,k=A..B".
    const std::string_view variable = items.back().substr(0, last_equals);
    if (items.size() != 2 || !is_variable(variable))
      refuse(std::string(FORMS) + ", not " + quoted_excerpt(text));
    const auto span = range(items.back().substr(last_equals + 1), list);
    if (!span) refuse(std::string(FORMS) + "; " + quoted_excerpt(items.back()) + " needs a range A..B");
    for (std::uint64_t k = span->first; k <= span->second; ++k) {
      const auto value = evaluate(items[0], variable, k, ceiling);
      if (!value || *value > ceiling)
        refuse(std::string(key) + " is at most " + std::to_string(ceiling) + ", and " + quoted_excerpt(items[0]) +
               " passes it at " + std::string(variable) + "=" + std::to_string(k));
      values.push_back(*value);
    }
  } else {
    for (std::string_view item : items) {
      if (const auto span = range(item, list)) {
        for (std::uint64_t v = span->first; v <= span->second; ++v) values.push_back(v);
      } else {
        values.push_back(number_or_refuse(item, list));
      }
      if (values.size() > MAX_LADDER_LEVELS) refuse("more than " + std::to_string(MAX_LADDER_LEVELS) + " levels");
    }
  }

  std::vector<LadderLevel> levels;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i] == 0 || values[i] > ceiling)
      refuse(std::string(key) + " must be from 1 to " + std::to_string(ceiling) + ", not " + std::to_string(values[i]));
    if (i > 0 && values[i] <= values[i - 1])
      refuse("the levels must rise, but " + std::to_string(values[i]) + " follows " + std::to_string(values[i - 1]));
    std::string label(key);
    label += '=';
    label += std::to_string(values[i]);
    std::string spec = "alphabeta:";
    spec += label;
    levels.push_back({label, spec});
  }
  if (levels.size() > MAX_LADDER_LEVELS) refuse("more than " + std::to_string(MAX_LADDER_LEVELS) + " levels");
  return levels;
}

void set_ladder_contempt(std::vector<LadderLevel>& levels, int contempt) {
  if (contempt < -AlphaBeta::MAX_CONTEMPT || contempt > AlphaBeta::MAX_CONTEMPT)
    throw std::invalid_argument("--contempt: must be a whole number from -" + std::to_string(AlphaBeta::MAX_CONTEMPT) +
                                " to " + std::to_string(AlphaBeta::MAX_CONTEMPT) + ", not " + std::to_string(contempt));
  if (contempt == AlphaBeta::DEFAULT_CONTEMPT) return;
  for (LadderLevel& level : levels) level.spec += ",contempt=" + std::to_string(contempt);
}

}  // namespace jungle::research
