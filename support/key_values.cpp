#include "support/key_values.h"

#include <algorithm>

#include "support/excerpt.h"
#include "support/nearest_names.h"
#include "support/text.h"

namespace jungle {

namespace {

bool takes(const KeyValueSyntax& syntax, std::string_view key) {
  return std::any_of(syntax.keys.begin(), syntax.keys.end(), [&](std::string_view known) {
    return known.ends_with('.') ? key.size() > known.size() && key.starts_with(known) : key == known;
  });
}

}  // namespace

std::vector<KeyValue> split_key_values(std::string_view text, const KeyValueSyntax& syntax) {
  const std::string noun(syntax.noun);
  std::vector<KeyValue> items;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, comma - start);
    start = comma + 1;
    if (item.empty()) throw KeyValueError("empty " + noun);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos)
      throw KeyValueError(noun + " " + quoted_excerpt(item) + " has no value (" + quoted_excerpt(item) +
                          " is not key=value)");
    KeyValue kv{std::string(item.substr(0, eq)), std::string(item.substr(eq + 1))};
    if (!takes(syntax, kv.key)) {
      const std::string expected = syntax.expected.empty() ? join(syntax.keys, ", ") : std::string(syntax.expected);
      // "option." takes "option.NAME": no suggestion of its own.
      std::vector<std::string> keys;
      for (std::string_view known : syntax.keys)
        if (!known.ends_with('.')) keys.emplace_back(known);
      const std::string suggestion = did_you_mean(kv.key, keys);
      throw KeyValueError("unknown " + noun + " " + quoted_excerpt(kv.key) + (suggestion.empty() ? "" : ": " + suggestion) +
                          " (" + expected + ")");
    }
    for (const KeyValue& earlier : items)
      if (earlier.key == kv.key) throw KeyValueError(noun + " " + quoted_excerpt(kv.key) + " is given twice");
    items.push_back(std::move(kv));
  }
  return items;
}

}  // namespace jungle
