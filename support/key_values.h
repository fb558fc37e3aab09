// Options written as fastchess writes them, "key=value[,key=value]": the one reader of every such
// option (--draw, --resign, --sprt, --engine, --each, --openings file=..., player specs), so that
// they all refuse the same mistakes in the same words.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace jungle {

struct KeyValue {
  std::string key, value;
};

// Why a spec cannot be read, in words that do not yet name the option: the caller adds its name
// (and, if it likes, the forms it takes), so the user gets one line naming the option.
struct KeyValueError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

struct KeyValueSyntax {
  // The keys the option takes. One ending in '.' takes every key that begins with it ("option.").
  std::vector<std::string_view> keys{};
  // What the items are called in messages: "key", or "parameter" in player specs.
  std::string_view noun = "key";
  // Shown in parentheses after an unknown key; empty: the keys, joined by ", ".
  std::string_view expected{};
};

// The items of `text` in the order written. Refuses (KeyValueError) an empty item, an item
// without '=', a key the syntax does not take (suggesting the nearest: "did you mean tc?"), and a
// key given twice; a value may be empty.
std::vector<KeyValue> split_key_values(std::string_view text, const KeyValueSyntax& syntax);

}  // namespace jungle
