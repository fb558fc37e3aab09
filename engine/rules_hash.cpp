#include "engine/rules_hash.h"

#include <cstdint>
#include <cstdio>

#include "engine/rule_settings.h"

namespace jungle {

namespace {

std::string hashed_text(const RuleValue& value) {
  return std::holds_alternative<int>(value) ? std::to_string(std::get<int>(value)) : std::get<std::string>(value);
}

// The setting's part of the hashed text: its prefix, then its value (each kind's, and ',').
std::string hashed_text(const RuleSpec& spec, const Variant& v) {
  std::string text(spec.hash_prefix);
  if (!spec.per_kind()) return text + hashed_text(spec.access.get(v, RAT));
  for (int k = 0; k < KIND_NB; ++k) text.append(hashed_text(spec.access.get(v, Kind(k)))).push_back(',');
  return text;
}

}  // namespace

std::string rules_hash(const Variant& v) {
  // Every rule setting (engine/rule_settings.h) as text, in the order the hash has always had.
  static const Variant standard;
  std::string rules;
  for (HashWhen when : {HashWhen::Always, HashWhen::UnlessStandard})
    for (const RuleSpec& spec : rule_table()) {
      if (spec.hash_when != when) continue;
      const std::string text = hashed_text(spec, v);
      if (when == HashWhen::UnlessStandard && text == hashed_text(spec, standard)) continue;
      rules += text;
    }
  // FNV-1a: fixed on every platform, unlike std::hash.
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (unsigned char c : rules) h = (h ^ c) * 0x100000001B3ULL;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

}  // namespace jungle
