// Durations as the user writes them, one grammar for every option that takes one (--max-time,
// tc=, st=): seconds ("90", "0.05"), a number with a unit ("90s", "30m", "1.5h"), or a clock's
// "M:SS" or "H:MM:SS" ("1:30", "1:00:00").
#pragma once

#include <optional>
#include <string_view>

namespace jungle {

// The duration in seconds, or nothing if `text` is none of the forms above (empty, negative,
// not finite, seconds or minutes of 60 or more after a ':', anything after the unit).
std::optional<double> parse_duration_seconds(std::string_view text);

}  // namespace jungle
