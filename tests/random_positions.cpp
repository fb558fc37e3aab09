#include "tests/random_positions.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "engine/variant_loader.h"
#include "perft/random_positions.h"

#ifndef JUNGLE_SOURCE_DIR
#define JUNGLE_SOURCE_DIR "."
#endif

namespace randpos {

using namespace jungle;

namespace {

bool chance(std::mt19937_64& rng, double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; }
int uniform(std::mt19937_64& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

KindSet random_kinds(std::mt19937_64& rng, double p) {
  KindSet s = 0;
  for (int k = 0; k < KIND_NB; ++k)
    if (chance(rng, p)) s |= kind_bit(Kind(k));
  return s;
}

void set_terrain(Variant& v, const std::array<const char*, RANK_NB>& rows) {
  for (int i = 0; i < RANK_NB; ++i) parse_terrain_row(rows[i], RANK_NB - 1 - i, v.terrain);
}

}  // namespace

std::vector<Variant> builtin_reference_variants() {
  std::vector<Variant> out;
  Variant standard;  // the constructor gives the standard rules
  standard.name = "standard";
  out.push_back(standard);

  Variant v = standard;
  v.name = "any-trap";
  v.extends = "standard";
  v.rank[DOG] = 4;
  v.rank[WOLF] = 3;
  v.trap_weakens = TrapWeakens::Everyone;
  v.weakened_attacker = WeakenedAttacker::RankZero;
  v.conclude();
  out.push_back(v);

  v = standard;
  v.name = "elephant-takes-rat";
  v.extends = "standard";
  v.elephant_captures_rat = true;
  v.conclude();
  out.push_back(v);

  v = standard;
  v.name = "jumpers";
  v.extends = "standard";
  v.jump_axes[TIGER] = AXIS_VERTICAL;
  v.jump_axes[LEOPARD] = AXIS_HORIZONTAL;
  v.jump_blocked_by = JumpBlocker::Enemy;
  v.conclude();
  out.push_back(v);

  v = standard;
  v.name = "one-river";
  v.extends = "standard";
  set_terrain(v, {"...d...", "..ttt..", ".......", ".~~~~~.", ".~~~~~.", ".......", ".......", "..TTT..",
                  "...D..."});
  v.conclude();
  out.push_back(v);

  v = standard;
  v.name = "swimmers";
  v.extends = "standard";
  v.swimmers = kind_bit(RAT) | kind_bit(DOG);
  v.jump_blocked_by = JumpBlocker::None;
  v.den_enterable = kind_bit(RAT);
  v.conclude();
  out.push_back(v);

  v = standard;
  v.name = "water-edge";
  v.extends = "standard";
  v.water_to_land = kind_bit(RAT) | kind_bit(ELEPHANT);
  v.land_to_water = true;
  v.conclude();
  out.push_back(v);
  return out;
}

std::vector<Variant> base_variants() {
  // A loader failure must fail the tests that use these, not quietly shrink their coverage.
  std::vector<Variant> out;
  std::set<std::string> names;
  for (Variant& v : bundled_variants())
    if (names.insert(v.name).second) out.push_back(std::move(v));
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(JUNGLE_SOURCE_DIR) / "data" /
                                                            "reference" / "rules"))
    if (e.path().extension() == ".toml") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    Variant v = load_variant_file(f);
    if (names.insert(v.name).second) out.push_back(std::move(v));
  }
  return out;
}

Variant random_rules(const Variant& base, std::mt19937_64& rng) {
  Variant v = base;
  v.name = base.name + "+random";

  // Every setting of the moves plainly, each value its grammar allows about as often.
  for (const RuleKey& key : rule_keys()) {
    if (!key.spec->affects_moves()) continue;
    const RuleGrammar& grammar = key.spec->grammar;
    switch (grammar.form) {
      case RuleGrammar::Boolean: key.set(v, int(chance(rng, 0.5))); break;
      case RuleGrammar::Integer: key.set(v, uniform(rng, grammar.min, grammar.min + 8)); break;
      case RuleGrammar::Choice:
        key.set(v, grammar.choices[std::size_t(uniform(rng, 0, int(grammar.choices.size()) - 1))].second);
        break;
      case RuleGrammar::Kinds:
      case RuleGrammar::KindsOrAll: key.set(v, int(random_kinds(rng, 0.5))); break;
      case RuleGrammar::Axes: key.set(v, uniform(rng, 0, AXIS_VERTICAL | AXIS_HORIZONTAL)); break;
      case RuleGrammar::Terrain:  // below
      case RuleGrammar::Position: break;  // the base's: the tests draw positions of their own
    }
  }

  // Ranks: the base's, permuted, drawn with ties, or the dog and wolf swapped.
  v.rank = base.rank;
  switch (uniform(rng, 0, 4)) {
    case 0: break;
    case 1: {
      std::array<int, KIND_NB> r = {1, 2, 3, 4, 5, 6, 7, 8};
      std::shuffle(r.begin(), r.end(), rng);
      v.rank = r;
      break;
    }
    case 2:
      for (int& r : v.rank) r = uniform(rng, 1, 8);
      break;
    case 3:
      for (int& r : v.rank) r = uniform(rng, 1, 3);  // many ties
      break;
    default: std::swap(v.rank[DOG], v.rank[WOLF]); break;
  }
  if (chance(rng, 0.2)) std::swap(v.rank[DOG], v.rank[WOLF]);

  v.swimmers = random_kinds(rng, 0.2);
  if (chance(rng, 0.85)) v.swimmers |= kind_bit(RAT);
  v.water_to_land = chance(rng, 0.35) ? KindSet(0) : random_kinds(rng, chance(rng, 0.5) ? 0.3 : 0.8);

  // Jumps: any kind may jump on either axis, swimmers included.
  double jump_p = chance(rng, 0.5) ? 0.25 : 0.6;
  for (int k = 0; k < KIND_NB; ++k) {
    if (chance(rng, 0.4)) {  // keep the base's axes
      v.jump_axes[k] = base.jump_axes[k];
      continue;
    }
    v.jump_axes[k] = chance(rng, jump_p) ? std::uint8_t(uniform(rng, 1, 3)) : std::uint8_t(0);
  }
  if (chance(rng, 0.25)) {  // a swimmer that also jumps
    int k = uniform(rng, 0, KIND_NB - 1);
    if (v.swimmers & kind_bit(Kind(k))) v.jump_axes[k] = std::uint8_t(uniform(rng, 1, 3));
  }
  v.den_enterable = chance(rng, 0.5) ? ALL_KINDS : random_kinds(rng, 0.5);

  // Now and then a changed terrain: water flipped (reaching the board's edge), traps moved
  // beside the water so that jumps land on them.
  if (chance(rng, 0.25)) {
    int flips = uniform(rng, 1, 8);
    for (int i = 0; i < flips; ++i) {
      int sq = uniform(rng, 0, SQUARE_NB - 1);
      if (v.terrain[sq] == LAND) v.terrain[sq] = WATER;
      else if (v.terrain[sq] == WATER) v.terrain[sq] = LAND;
    }
  }
  if (chance(rng, 0.15)) {
    int traps = uniform(rng, 1, 4);
    for (int i = 0; i < traps; ++i) {
      int sq = uniform(rng, 0, SQUARE_NB - 1);
      if (v.terrain[sq] == LAND) v.terrain[sq] = chance(rng, 0.5) ? TRAP_WHITE : TRAP_BLACK;
    }
  }
  if (chance(rng, 0.05)) {  // a whole file of water on the edge: jumps that run off the board
    int file = chance(rng, 0.5) ? 0 : FILE_NB - 1;
    for (int r = 3; r <= 5; ++r) {
      int sq = r * FILE_NB + file;
      if (v.terrain[sq] == LAND) v.terrain[sq] = WATER;
    }
  }
  v.conclude();
  return v;
}

Variant with_another_value(const Variant& v, const RuleKey& key) {
  Variant changed = v;
  const RuleValue value = key.get(v);
  const int number = std::holds_alternative<int>(value) ? std::get<int>(value) : 0;
  const RuleGrammar& grammar = key.spec->grammar;
  switch (grammar.form) {
    case RuleGrammar::Boolean: key.set(changed, int(!number)); break;
    case RuleGrammar::Integer: key.set(changed, number + 1); break;
    case RuleGrammar::Choice: {
      auto at = std::find_if(grammar.choices.begin(), grammar.choices.end(),
                             [number](const auto& choice) { return choice.second == number; });
      key.set(changed, std::next(at) == grammar.choices.end() ? grammar.choices.front().second : std::next(at)->second);
      break;
    }
    case RuleGrammar::Kinds:
    case RuleGrammar::KindsOrAll: key.set(changed, number ^ kind_bit(DOG)); break;
    case RuleGrammar::Axes: key.set(changed, number ^ AXIS_VERTICAL); break;
    case RuleGrammar::Terrain: {
      std::string squares = std::get<std::string>(value);
      char& a5 = squares[make_square(0, 4)];
      a5 = a5 == terrain_char(WATER) ? terrain_char(LAND) : terrain_char(WATER);
      key.set(changed, squares);
      break;
    }
    case RuleGrammar::Position: {
      std::string start = std::get<std::string>(value);
      start.back() = start.back() == 'w' ? 'b' : 'w';
      key.set(changed, start);
      break;
    }
  }
  changed.conclude();
  return changed;
}

std::string random_fen(const Variant& v, std::mt19937_64& rng) { return jungle::random_fen(v, rng); }

}  // namespace randpos
