// "Did you mean": the names nearest to one the user mistyped (a subcommand, an option, a variant,
// a key), by edit distance, so that every "unknown ..." message suggests the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace jungle {

// The fewest edits that turn `a` into `b`: inserting, deleting or replacing one character, or
// swapping two adjacent ones ("depht" for "depth"), each one edit; no substring is edited twice
// (the optimal string alignment form of the Damerau-Levenshtein distance). Case counts.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The names nearest to `typed`, in the order given, when they are near enough to be a slip of
// the keyboard: at most 2 edits away, and at most a third of typed's length (but 1 always), so
// that a short word is not "corrected" into an unrelated one. Empty when none is, and for a single
// character, which is one edit from every other; never `typed` itself.
std::vector<std::string> nearest_names(std::string_view typed, const std::vector<std::string>& names);

// "did you mean perft?" or "did you mean a or b?" of nearest_names, or "" when there is none.
std::string did_you_mean(std::string_view typed, const std::vector<std::string>& names);
// The same words for names found otherwise: "" for none.
std::string did_you_mean_text(const std::vector<std::string>& nearest);

}  // namespace jungle
