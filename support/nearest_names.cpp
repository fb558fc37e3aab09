#include "support/nearest_names.h"

#include <algorithm>

#include "support/text.h"

namespace jungle {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // d[i][j]: the distance between a's first i characters and b's first j, row by row; the row
  // before the previous is kept for the swaps.
  const std::size_t width = b.size() + 1;
  std::vector<std::size_t> before(width), previous(width), current(width);
  for (std::size_t j = 0; j < width; ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j < width; ++j) {
      const std::size_t replace = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, replace});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        current[j] = std::min(current[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[b.size()];
}

std::vector<std::string> nearest_names(std::string_view typed, const std::vector<std::string>& names) {
  if (typed.size() < 2) return {};
  const std::size_t limit = std::clamp<std::size_t>(typed.size() / 3, 1, 2);
  std::size_t best = limit;
  std::vector<std::string> nearest;
  for (const std::string& name : names) {
    if (name == typed) continue;
    const std::size_t distance = edit_distance(typed, name);
    if (distance > best) continue;
    if (distance < best) nearest.clear();
    best = distance;
    if (std::find(nearest.begin(), nearest.end(), name) == nearest.end()) nearest.push_back(name);
  }
  return nearest;
}

std::string did_you_mean(std::string_view typed, const std::vector<std::string>& names) {
  return did_you_mean_text(nearest_names(typed, names));
}

std::string did_you_mean_text(const std::vector<std::string>& nearest) {
  return nearest.empty() ? "" : "did you mean " + alternatives(nearest) + "?";
}

}  // namespace jungle
