#include "perft/rule_flips.h"

#include <algorithm>
#include <utility>

#include "engine/rule_settings.h"

namespace jungle {

namespace {

// The flip that gives the key another value: set, then conclude.
RuleFlip set_key(std::string name, const RuleKey& key, int value) {
  return {std::move(name), [&key, value](Variant& v) {
            key.set(v, value);
            v.conclude();
          }};
}

// A kind's rank one higher meets the next kind's; the highest rank has none above it to meet,
// so it steps down instead (the elephant's, in every bundled variant).
int other_rank(const Variant& v, const RuleKey& key) {
  const int rank = std::get<int>(key.get(v));
  const bool highest = rank == *std::max_element(v.rank.begin(), v.rank.end());
  return highest && rank - 1 >= key.spec->grammar.min ? rank - 1 : rank + 1;
}

void add_schema_flips(const Variant& v, const RuleKey& key, std::vector<RuleFlip>& flips) {
  const RuleGrammar& grammar = key.spec->grammar;
  const int value = std::holds_alternative<int>(key.get(v)) ? std::get<int>(key.get(v)) : 0;
  switch (grammar.form) {
    case RuleGrammar::Boolean: flips.push_back(set_key(key.path(), key, !value)); break;
    case RuleGrammar::Integer:
      flips.push_back(set_key(key.path(), key, key.table == "ranks" ? other_rank(v, key) : value + 1));
      break;
    case RuleGrammar::Choice:
      for (const auto& [name, choice] : grammar.choices)
        if (choice != value) flips.push_back(set_key(key.path() + "=" + std::string(name), key, choice));
      break;
    case RuleGrammar::Kinds:
    case RuleGrammar::KindsOrAll:
      for (int k = 0; k < KIND_NB; ++k)
        flips.push_back(set_key(key.path() + "." + KIND_NAMES[k], key, value ^ kind_bit(Kind(k))));
      break;
    case RuleGrammar::Axes:
      for (int axis = 0; axis < int(std::size(AXIS_NAMES)); ++axis)
        flips.push_back(set_key(key.path() + "." + std::string(AXIS_NAMES[axis]), key, value ^ (1 << axis)));
      break;
    case RuleGrammar::Terrain:   // the board's map, not one rule: suites are drawn on the variant's own
    case RuleGrammar::Position:  // not read by the move generator
      break;
  }
}

// The step tables again after `enterable` changed, as conclude() derives them.
void derive_steps(Variant& v) {
  for (int d = 0; d < DIRECTION_NB; ++d)
    for (Color c : {WHITE, BLACK})
      for (int k = 0; k < KIND_NB; ++k) v.step_to[c][d][k] = v.enterable[c][k] & shift(BOARD_MASK, Direction(d));
}

void add_bugs(std::vector<RuleFlip>& flips) {
  flips.push_back({"own_den", [](Variant& v) {
                     for (Color c : {WHITE, BLACK})
                       for (int k = 0; k < KIND_NB; ++k) v.enterable[c][k] |= v.den_bb[c];
                     derive_steps(v);
                   }});
  flips.push_back({"trap_owners", [](Variant& v) { std::swap(v.weakening_traps[WHITE], v.weakening_traps[BLACK]); }});
  // With no dens the game never ends; every square the dens were on stays enterable as before.
  flips.push_back({"game_goes_on", [](Variant& v) { v.den_bb[WHITE] = v.den_bb[BLACK] = 0; }});
  flips.push_back({"water_to_water", [](Variant& v) {
                     for (int d = 0; d < DIRECTION_NB; ++d)
                       v.capture_gate[d] &= ~(shift(v.water_bb, Direction(d)) & v.water_bb);
                   }});
}

}  // namespace

std::vector<RuleFlip> rule_flips(const Variant& v) {
  std::vector<RuleFlip> flips;
  for (const RuleKey& key : rule_keys())
    if (key.spec->affects_moves()) add_schema_flips(v, key, flips);
  add_bugs(flips);
  return flips;
}

Variant flipped(const Variant& v, const RuleFlip& flip) {
  Variant wrong = v;
  flip.apply(wrong);
  return wrong;
}

}  // namespace jungle
