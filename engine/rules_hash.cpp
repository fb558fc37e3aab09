#include "engine/rules_hash.h"

#include <cstdint>
#include <cstdio>
#include <sstream>

namespace jungle {

std::string rules_hash(const Variant& v) {
  // Every rule a variant file can set (the list test_variant_loader.cpp compares), written out
  // as text; a rule added to Variant must be added here too.
  std::ostringstream rules;
  for (Terrain t : v.terrain) rules << terrain_char(t);
  rules << "|start=" << v.start << "|rank=";
  for (int r : v.rank) rules << r << ',';
  rules << "|rce=" << v.rat_captures_elephant << "|ecr=" << v.elephant_captures_rat << "|swim=" << int(v.swimmers)
        << "|w2l=" << int(v.water_to_land) << "|l2w=" << v.land_to_water << "|jumps=";
  for (std::uint8_t axes : v.jump_axes) rules << int(axes) << ',';
  rules << "|blocked=" << int(v.jump_blocked_by) << "|weakens=" << int(v.trap_weakens)
        << "|attacker=" << int(v.weakened_attacker) << "|den=" << int(v.den_enterable)
        << "|capture_all=" << int(v.end.capture_all) << "|no_moves=" << int(v.end.no_moves)
        << "|max_plies=" << v.end.max_plies << "|repetition=" << v.end.repetition_count << ','
        << int(v.end.repetition_result);
  // Only when set, so that the folders of versions before the rule still match.
  if (v.end.no_capture_plies) rules << "|no_capture_plies=" << v.end.no_capture_plies;
  // FNV-1a: fixed on every platform, unlike std::hash.
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (unsigned char c : rules.str()) h = (h ^ c) * 0x100000001B3ULL;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

}  // namespace jungle
