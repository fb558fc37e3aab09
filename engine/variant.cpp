#include "engine/variant.h"

#include <algorithm>

namespace jungle {

const std::array<const char*, RANK_NB> STANDARD_TERRAIN = {
    "..tdt..", "...t...", ".......", ".~~.~~.", ".~~.~~.",
    ".~~.~~.", ".......", "...T...", "..TDT..",
};

namespace {
constexpr char TERRAIN_CHARS[] = ".~TtDd";  // indexed by Terrain
}

char terrain_char(Terrain t) { return TERRAIN_CHARS[t]; }

bool parse_terrain_row(const std::string& row, int rank, std::array<Terrain, SQUARE_NB>& terrain) {
  if (row.size() != FILE_NB) return false;
  for (int file = 0; file < FILE_NB; ++file) {
    int t = 0;
    while (TERRAIN_CHARS[t] && TERRAIN_CHARS[t] != row[file]) ++t;
    if (!TERRAIN_CHARS[t]) return false;
    terrain[make_square(file, rank)] = Terrain(t);
  }
  return true;
}

Variant::Variant() {
  for (int i = 0; i < RANK_NB; ++i) parse_terrain_row(STANDARD_TERRAIN[i], RANK_NB - 1 - i, terrain);
  jump_axes[LION] = jump_axes[TIGER] = AXIS_VERTICAL | AXIS_HORIZONTAL;
  conclude();
}

void Variant::conclude() {
  water_bb = 0;
  Bitboard traps_guarding[COLOR_NB] = {};
  den_bb[WHITE] = den_bb[BLACK] = 0;
  for (int s = 0; s < SQUARE_NB; ++s) {
    Bitboard b = square_bb(Square(s));
    switch (terrain[s]) {
      case WATER: water_bb |= b; break;
      case TRAP_WHITE: traps_guarding[WHITE] |= b; break;
      case TRAP_BLACK: traps_guarding[BLACK] |= b; break;
      case DEN_WHITE: den_bb[WHITE] |= b; break;
      case DEN_BLACK: den_bb[BLACK] |= b; break;
      case LAND: break;
    }
  }
  land_bb = BOARD_MASK & ~water_bb;

  Bitboard all_traps = traps_guarding[WHITE] | traps_guarding[BLACK];
  for (Color c : {WHITE, BLACK})
    weakening_traps[c] = trap_weakens == TrapWeakens::Everyone ? all_traps : traps_guarding[~c];

  for (Color c : {WHITE, BLACK})
    for (int k = 0; k < KIND_NB; ++k) {
      Bitboard b = BOARD_MASK & ~den_bb[c];
      if (!is_swimmer(Kind(k))) b &= ~water_bb;
      if (!(den_enterable & kind_bit(Kind(k)))) b &= ~den_bb[~c];
      enterable[c][k] = b;
    }

  // Where no piece may stand in the water, the rules of captures into and out of it are moot,
  // and the masks say so, for plays_alike; so are jump blockers, below.
  bool some_swimmer = false;
  for (int k = 0; k < KIND_NB; ++k) some_swimmer |= ((enterable[WHITE][k] | enterable[BLACK][k]) & water_bb) != 0;
  const bool into_water = land_to_water && some_swimmer, out_of_water = water_to_land && some_swimmer;

  land_to_water_gate = into_water ? BOARD_MASK : land_bb;
  rank_zero_attackers = weakened_attacker == WeakenedAttacker::RankZero;

  for (int a = 0; a < KIND_NB; ++a) {
    takes[a] = 0;
    for (int v = 0; v < KIND_NB; ++v) {
      bool ok = rank[a] >= rank[v];
      if (a == RAT && v == ELEPHANT) ok = rat_captures_elephant;
      if (a == ELEPHANT && v == RAT) ok = elephant_captures_rat;
      if (ok) takes[a] |= kind_bit(Kind(v));
    }
  }
  for (int v = 0; v < KIND_NB; ++v)
    for (int a = 0; a < KIND_NB; ++a) {
      taker_lanes[v][a] = (takes[a] & kind_bit(Kind(v))) ? ~Bitboard(0) : 0;
      const bool by_exception = (a == RAT && v == ELEPHANT) || (a == ELEPHANT && v == RAT);
      exception_lanes[v][a] = by_exception ? ~Bitboard(0) : 0;
    }

  for (int k = 0; k < KIND_NB; ++k) {
    jump_directions[k] = 0;
    if (jump_axes[k] & AXIS_VERTICAL) jump_directions[k] |= (1 << NORTH) | (1 << SOUTH);
    if (jump_axes[k] & AXIS_HORIZONTAL) jump_directions[k] |= (1 << EAST) | (1 << WEST);
  }

  // A jump starts on land next to water and crosses consecutive water squares to the first
  // land square beyond; it does not exist if the water runs off the board.
  for (int s = 0; s < SQUARE_NB; ++s)
    for (int d = 0; d < DIRECTION_NB; ++d) {
      jump_to[s][d] = SQ_NONE;
      jump_path[s][d] = 0;
      if (water_bb & square_bb(Square(s))) continue;
      Bitboard path = 0;
      Square t = step(Square(s), Direction(d));
      while (t != SQ_NONE && (water_bb & square_bb(t))) {
        path |= square_bb(t);
        t = step(t, Direction(d));
      }
      if (path && t != SQ_NONE) {
        jump_to[s][d] = t;
        jump_path[s][d] = path;
      }
    }

  // The water's edge, as seen by a step in direction d: the squares it enters from the same
  // terrain, from land into water, and from water onto land.
  for (int d = 0; d < DIRECTION_NB; ++d) {
    const Direction dir = Direction(d);
    const Bitboard from_land = shift(land_bb, dir), from_water = shift(water_bb, dir);
    capture_gate[d] = (from_land & land_bb) | (from_water & water_bb);
    if (into_water) capture_gate[d] |= from_land & water_bb;
    water_to_land_edge[d] = from_water & land_bb;
    for (Color c : {WHITE, BLACK})
      for (int k = 0; k < KIND_NB; ++k) step_to[c][d][k] = enterable[c][k] & shift(BOARD_MASK, dir);
  }
  for (int k = 0; k < KIND_NB; ++k)
    water_to_land_lanes[k] = out_of_water && (water_to_land & kind_bit(Kind(k))) ? ~Bitboard(0) : 0;

  for (Color c : {WHITE, BLACK}) {
    den_threat_squares[c] = 0;
    for (Bitboard den = den_bb[~c]; den;) den_threat_squares[c] |= NEIGHBOURS.of[pop_lsb(den)];
  }
  for (int k = 0; k < KIND_NB; ++k) {
    jump_origins[k] = 0;
    for (int s = 0; s < SQUARE_NB; ++s)
      for (int d = 0; d < DIRECTION_NB; ++d) {
        if (!(jump_directions[k] >> d & 1) || jump_to[s][d] == SQ_NONE) continue;
        jump_origins[k] |= square_bb(Square(s));
        for (Color c : {WHITE, BLACK})
          if (den_bb[~c] & square_bb(jump_to[s][d])) den_threat_squares[c] |= square_bb(Square(s));
      }
  }
  // Blockers stand in the water on a jump's path: where nothing may stand in the water or
  // nothing jumps, jump_blocked_by changes no move.
  bool some_jump = false;
  for (int k = 0; k < KIND_NB; ++k) some_jump |= jump_origins[k] != 0;
  const bool blockers_matter = some_jump && some_swimmer;
  jump_blocking_own = blockers_matter && jump_blocked_by == JumpBlocker::Any ? ~Bitboard(0) : 0;
  jump_blocking_enemy = blockers_matter && jump_blocked_by != JumpBlocker::None ? ~Bitboard(0) : 0;

  for (Color c : {WHITE, BLACK})
    for (int k = 0; k < KIND_NB; ++k) {
      const Bitboard entries = den_bb[~c] & enterable[c][k];
      den_entry_steps[c][k] = adjacent(entries);
      den_entry_jumps[c][k] = 0;
      for (Bitboard b = jump_origins[k]; b;) {
        const Square s = pop_lsb(b);
        for (int d = 0; d < DIRECTION_NB; ++d)
          if ((jump_directions[k] >> d & 1) && jump_to[s][d] != SQ_NONE && (entries & square_bb(jump_to[s][d])))
            den_entry_jumps[c][k] |= square_bb(s);
      }
    }

  exceptions_first = exceptions_outrank_traps;
  swimming_kinds = swimmers;
  for (int k = 0; k < KIND_NB; ++k) {
    rank_order[k] = 0;
    for (int j = 0; j < KIND_NB; ++j)  // each rank below once, at its first kind
      if (rank[j] < rank[k] && std::find(rank.begin(), rank.begin() + j, rank[j]) == rank.begin() + j) ++rank_order[k];
  }
}

bool plays_alike(const Variant& a, const Variant& b) {
  return static_cast<const ConcludedRules&>(a) == static_cast<const ConcludedRules&>(b) && a.start == b.start &&
         a.end == b.end;
}

}  // namespace jungle
