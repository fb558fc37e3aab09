#include "search/eval_weights.h"

#include <bit>
#include <cstdint>
#include <cstdio>

namespace jungle {

namespace {

// The bonus for standing n moves from the enemy den: steep near it, where a piece threatens
// to win, and still positive far away so that pieces move forward at all.
constexpr std::array<int, ADVANCE_DISTANCES> ADVANCE_BONUS = {100, 60, 40, 28, 20, 14, 10, 7, 5, 3, 2, 1};

constexpr int FIRST_ADVANCE = KIND_NB;
constexpr int FIRST_SCALAR = KIND_NB + ADVANCE_DISTANCES;
constexpr const char* SCALAR_NAMES[] = {"advance.far",   "traps.next_to_enemy", "traps.alone", "threats.ours",
                                        "threats.theirs", "den.ours",            "den.theirs",  "water.swimmer",
                                        "defence.open_entry_ours", "defence.open_entry_theirs",
                                        "raid.untakeable"};
static_assert(FIRST_SCALAR + int(std::size(SCALAR_NAMES)) == WEIGHT_NB);

// Shares of a piece's value (traps, threats) stay within the whole value, either way.
bool is_share(int i) { return i >= FIRST_SCALAR + 1 && i <= FIRST_SCALAR + 4; }

}  // namespace

EvalWeights EvalWeights::from_rules(const Variant& variant) {
  EvalWeights w;
  // A piece is worth more the more enemy kinds it takes and the fewer take it: this reads the
  // variant's ranks and both rat/elephant exceptions (a rat that takes the elephant is worth
  // more, an elephant that the rat cannot take too). Jumping and swimming add reach. It reads
  // the derived fields alone (two jump directions an axis), which plays_alike compares.
  for (int k = 0; k < KIND_NB; ++k) {
    int takers = 0;
    for (int a = 0; a < KIND_NB; ++a) takers += (variant.takes[a] >> k) & 1;
    w.piece[k] = 150 + 30 * std::popcount(unsigned(variant.takes[k])) + 30 * (KIND_NB - takers) +
                 20 * std::popcount(unsigned(variant.jump_directions[k])) +
                 (variant.swimming_kinds & kind_bit(Kind(k)) ? 40 : 0);
  }
  w.advance = ADVANCE_BONUS;
  w.advance_far = 1;
  // A trapped piece next to an enemy is likely lost (a third of it); alone, a little (an eighth).
  w.trap_next_to_enemy = WEIGHT_SHARE_UNIT / 3;
  w.trap_alone = WEIGHT_SHARE_UNIT / 8;
  // The side to move can take what it attacks before the opponent can save it, and can answer
  // only one of the opponent's threats: count a share of each.
  w.threat_ours = WEIGHT_SHARE_UNIT / 4;
  w.threat_theirs = WEIGHT_SHARE_UNIT / 3;
  // A piece next to the enemy den wins on the next move unless it is taken first.
  w.den_threat_ours = 300;
  w.den_threat_theirs = 150;
  w.swimmer_in_water = 0;
  // A piece next to an open entry of the enemy den, its side to move, wins in two moves unless
  // the opponent wins first: a little less than a den threat. With the opponent to move, one
  // open entry can be closed or its attacker taken; two rarely.
  w.open_entry_ours = 200;
  w.open_entry_theirs = 60;
  // A raider the enemy cannot soon take keeps guards beside the den's entries for as long as
  // it stays: a fraction of a den threat, as it wins only once a guard has to leave.
  w.raider_untakeable = 40;
  return w;
}

int& weight_at(EvalWeights& w, int i) {
  if (i < FIRST_ADVANCE) return w.piece[std::size_t(i)];
  if (i < FIRST_SCALAR) return w.advance[std::size_t(i - FIRST_ADVANCE)];
  int* scalars[] = {&w.advance_far,     &w.trap_next_to_enemy, &w.trap_alone,        &w.threat_ours,
                    &w.threat_theirs,   &w.den_threat_ours,    &w.den_threat_theirs, &w.swimmer_in_water,
                    &w.open_entry_ours, &w.open_entry_theirs, &w.raider_untakeable};
  return *scalars[i - FIRST_SCALAR];
}

int weight_at(const EvalWeights& w, int i) { return weight_at(const_cast<EvalWeights&>(w), i); }

std::string weight_name(int i) {
  if (i < FIRST_ADVANCE) return std::string("pieces.") + KIND_NAMES[i];
  if (i < FIRST_SCALAR) {
    std::string name = "advance.by_distance[";
    name.append(std::to_string(i - FIRST_ADVANCE + 1)).append("]");
    return name;
  }
  return SCALAR_NAMES[i - FIRST_SCALAR];
}

// Generous bounds that keep a typo out; evaluate() also clamps its sum below the scores that
// mean a forced win.
int weight_min(int i) { return i < FIRST_ADVANCE ? 1 : is_share(i) ? -WEIGHT_SHARE_UNIT : -1000; }
int weight_max(int i) { return i < FIRST_ADVANCE ? 2000 : is_share(i) ? WEIGHT_SHARE_UNIT : 1000; }

std::string weights_digest(const EvalWeights& w) {
  std::uint64_t hash = 0xCBF29CE484222325ULL;  // FNV-1a, the same on every platform
  for (int i = 0; i < WEIGHT_NB; ++i)
    for (char c : std::to_string(weight_at(w, i)) + ",") hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001B3ULL;
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

}  // namespace jungle
