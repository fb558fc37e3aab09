// A variant's resolved rules written out as a variant file: every key, no `extends`. Read
// back, the text gives the same rules; the same rules always give the same text, so results
// folders can carry their rules with them and a reader can compare variants key by key.
#pragma once

#include <string>
#include <vector>

#include "engine/variant.h"

namespace jungle {

// The file text: name and description, then every table in the schema's words.
std::string variant_to_toml(const Variant& variant);

// Every rule as (table, key, value as TOML writes it), in the order of variant_to_toml's text;
// name and description left out. Two variants differ exactly where these values do.
struct RuleSetting {
  std::string table, key, value;
};
std::vector<RuleSetting> rule_settings(const Variant& variant);

}  // namespace jungle
