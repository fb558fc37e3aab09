// Rule flips: one rule of a variant set wrong each, the mistakes a rules suite (perft/rules_suite.h)
// must catch in another move generator. Every setting the move generator reads (RuleSpec::
// affects_moves), but the terrain, which is the board's map rather than one rule, has its flips,
// drawn from the rules table (engine/rule_settings.h), so that a setting added there has flips
// without a word here:
//   - a boolean negated: "captures.rat_captures_elephant";
//   - a kind's rank one higher, the highest rank one lower: "ranks.lion";
//   - each other value of a choice: "jumps.blocked_by=none", "traps.weakens=everyone";
//   - a kind added to or taken from a set of kinds: "water.swimmers.dog", "den.enterable_by.cat";
//   - a jump axis added to or taken from a kind: "jumps.lion.vertical".
// Four classic generator bugs outside the schema follow, made by setting one table that
// Variant::conclude() derives wrong: "own_den" (a piece may enter its own den), "trap_owners"
// (each trap weakens the pieces of the side whose den it guards), "game_goes_on" (moves after a
// den was entered) and "water_to_water" (no capture from the water into the water).
//
// The names are those of tests/rule_flips.h, the tests' mailbox generator's flips, with the
// table's name in front where that leaves them out (its "swimmers.dog" is "water.swimmers.dog").
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/variant.h"

namespace jungle {

struct RuleFlip {
  std::string name;
  // Sets the rule wrong in a concluded variant, leaving it concluded with the wrong rule. (The
  // bugs outside the schema are in the derived tables: concluding again would undo them.)
  std::function<void(Variant&)> apply;
};

// Every flip of the variant's rules, in the rules table's order, then the four bugs.
std::vector<RuleFlip> rule_flips(const Variant& v);

// The variant with one flip applied.
Variant flipped(const Variant& v, const RuleFlip& flip);

}  // namespace jungle
