// Where two variants' rules differ, setting by setting, as rule_table() lists them: what a
// factor of a factorial design is (a variant file's differences from its base), and how a cell's
// rules are made (the base with some factors' differences applied).
#pragma once

#include <string>
#include <vector>

#include "engine/rule_settings.h"
#include "engine/variant.h"

namespace jungle {

struct RuleDifference {
  const RuleKey* key;  // one of rule_keys(): a setting, or one kind's key of a setting per kind
  RuleValue value;     // the other variant's

  // As a variant file and the loader's messages name it: "captures.elephant_captures_rat",
  // "ranks.dog", "end.repetition.count".
  std::string name() const { return key->path(); }
};

// Every key of rule_keys() whose value in `other` is not the one in `base`, in rule_keys()'s
// order, with other's value. Identity (name, description, extends, source) is not a rule: two
// variants of the same rules have none.
std::vector<RuleDifference> rule_differences(const Variant& base, const Variant& other);

// Sets the difference's key to its value. The caller concludes the variant after the last one.
void apply(Variant& variant, const RuleDifference& difference);

}  // namespace jungle
