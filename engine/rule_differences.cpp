#include "engine/rule_differences.h"

namespace jungle {

std::vector<RuleDifference> rule_differences(const Variant& base, const Variant& other) {
  std::vector<RuleDifference> out;
  for (const RuleKey& key : rule_keys()) {
    RuleValue value = key.get(other);
    if (value != key.get(base)) out.push_back({&key, std::move(value)});
  }
  return out;
}

void apply(Variant& variant, const RuleDifference& difference) { difference.key->set(variant, difference.value); }

}  // namespace jungle
