#include "support/duration.h"

#include <cctype>
#include <cmath>

#include "support/numbers.h"

namespace jungle {

namespace {

// A decimal number, all of `text`: no sign, no spaces.
std::optional<double> plain_number(std::string_view text) {
  if (text.empty() || !(std::isdigit(static_cast<unsigned char>(text.front())) || text.front() == '.'))
    return std::nullopt;
  return parse_decimal_number(text);
}

}  // namespace

std::optional<double> parse_duration_seconds(std::string_view text) {
  if (text.find(':') != std::string_view::npos) {
    // H:MM:SS or M:SS: every part after the first below 60.
    double seconds = 0;
    bool first = true;
    for (;;) {
      const std::size_t colon = text.find(':');
      const std::optional<double> part = plain_number(text.substr(0, colon));
      if (!part || (!first && *part >= 60)) return std::nullopt;
      seconds = seconds * 60 + *part;
      first = false;
      if (colon == std::string_view::npos) return std::isfinite(seconds) ? std::optional(seconds) : std::nullopt;
      text.remove_prefix(colon + 1);
    }
  }
  double unit = 1;
  if (!text.empty() && (text.back() == 's' || text.back() == 'm' || text.back() == 'h')) {
    unit = text.back() == 'h' ? 3600 : text.back() == 'm' ? 60 : 1;
    text.remove_suffix(1);
  }
  const std::optional<double> value = plain_number(text);
  if (!value || !std::isfinite(*value * unit)) return std::nullopt;
  return *value * unit;
}

}  // namespace jungle
