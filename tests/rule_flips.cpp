#include "tests/rule_flips.h"

namespace mailbox {

namespace {

const char* const KIND_NAMES[KINDS] = {"rat", "cat", "dog", "wolf", "leopard", "tiger", "lion", "elephant"};

const char* blockers_name(Blockers b) {
  return b == Blockers::Any ? "any" : b == Blockers::Enemy ? "enemy" : "none";
}

}  // namespace

std::vector<RuleFlip> rule_flips(const Rules& rules) {
  std::vector<RuleFlip> flips;
  auto add = [&](std::string name, std::string description, std::function<void(Rules&)> apply) {
    flips.push_back({std::move(name), std::move(description), std::move(apply)});
  };

  // A rank one step up meets the next kind's; the elephant, already on top, steps down instead.
  for (int k = 0; k < KINDS; ++k) {
    const std::string kind = KIND_NAMES[k];
    if (k == KIND_ELEPHANT)
      add("ranks.elephant", "the elephant's rank one lower", [](Rules& r) { r.rank[KIND_ELEPHANT] -= 1; });
    else
      add("ranks." + kind, "the " + kind + "'s rank one higher", [k](Rules& r) { r.rank[k] += 1; });
  }

  add("rat_captures_elephant", "whether the rat takes the elephant, negated",
      [](Rules& r) { r.rat_captures_elephant = !r.rat_captures_elephant; });
  add("elephant_captures_rat", "whether the elephant takes the rat, negated",
      [](Rules& r) { r.elephant_captures_rat = !r.elephant_captures_rat; });
  add("exceptions_outrank_traps", "whether the rat/elephant exceptions come before the traps, negated",
      [](Rules& r) { r.exceptions_outrank_traps = !r.exceptions_outrank_traps; });

  for (int k = 0; k < KINDS; ++k)
    add(std::string("swimmers.") + KIND_NAMES[k], std::string("whether the ") + KIND_NAMES[k] + " swims, toggled",
        [k](Rules& r) { r.swimmer[k] = !r.swimmer[k]; });
  for (int k = 0; k < KINDS; ++k)
    add(std::string("water_to_land.") + KIND_NAMES[k],
        std::string("whether a piece in the water may take a ") + KIND_NAMES[k] + " on land, toggled",
        [k](Rules& r) { r.water_to_land[k] = !r.water_to_land[k]; });
  add("land_to_water", "whether a piece on land may take one in the water, negated",
      [](Rules& r) { r.land_to_water = !r.land_to_water; });

  for (int k = 0; k < KINDS; ++k) {
    const std::string kind = KIND_NAMES[k];
    add("jumps." + kind + ".vertical", "whether the " + kind + " jumps the water vertically, toggled",
        [k](Rules& r) { r.jumps_vertical[k] = !r.jumps_vertical[k]; });
    add("jumps." + kind + ".horizontal", "whether the " + kind + " jumps the water horizontally, toggled",
        [k](Rules& r) { r.jumps_horizontal[k] = !r.jumps_horizontal[k]; });
  }
  for (Blockers b : {Blockers::Any, Blockers::Enemy, Blockers::None})
    if (b != rules.blocked_by)
      add(std::string("blocked_by=") + blockers_name(b),
          std::string("jumps blocked by ") + blockers_name(b) + " pieces in the water instead of " +
              blockers_name(rules.blocked_by),
          [b](Rules& r) { r.blocked_by = b; });

  add("traps.weakens", "traps weaken everyone instead of enemies, or back",
      [](Rules& r) { r.traps_weaken_everyone = !r.traps_weaken_everyone; });
  add("traps.weakened_attacker", "a weakened attacker has rank zero instead of its rank, or back",
      [](Rules& r) { r.weakened_attacker_rank_zero = !r.weakened_attacker_rank_zero; });

  for (int k = 0; k < KINDS; ++k)
    add(std::string("den.enterable_by.") + KIND_NAMES[k],
        std::string("whether the ") + KIND_NAMES[k] + " may enter the enemy den, toggled",
        [k](Rules& r) { r.den_enterable[k] = !r.den_enterable[k]; });

  add("own_den", "a piece may enter its own den", [](Rules& r) { r.own_den_enterable = true; });
  add("trap_owners", "each trap weakens the pieces of the side whose den it guards",
      [](Rules& r) { r.trap_owners_swapped = true; });
  add("game_goes_on", "moves are still generated after a den was entered",
      [](Rules& r) { r.moves_after_den_entry = true; });
  add("water_to_water", "a piece in the water may not take one in the water",
      [](Rules& r) { r.water_to_water = false; });
  return flips;
}

std::optional<RuleFlip> find_rule_flip(const Rules& rules, const std::string& name) {
  for (RuleFlip& flip : rule_flips(rules))
    if (flip.name == name) return flip;
  return std::nullopt;
}

Rules flipped(const Rules& rules, const RuleFlip& flip) {
  Rules wrong = rules;
  flip.apply(wrong);
  return wrong;
}

}  // namespace mailbox
