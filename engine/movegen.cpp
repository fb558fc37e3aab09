#include "movegen.h"

namespace jungle {

namespace {

// One generator serves both the move list and bulk counting, so that the two can never
// disagree. With CountOnly it builds no list and adds up target squares by popcount.
template <bool CountOnly>
int generate(const Position& pos, Move* list) {
  if (pos.den_entered()) return 0;

  const Variant& v = pos.variant();
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard own = pos.pieces(us), enemy = pos.pieces(them);
  const Bitboard occupied = own | enemy;
  const Bitboard empty = BOARD_MASK & ~occupied;
  const Bitboard weakened = enemy & v.weakening_traps[them];
  const Bitboard rank_zero_squares = v.rank_zero_attackers ? v.weakening_traps[us] : 0;
  const Bitboard jump_blockers = v.jump_blocked_by == JumpBlocker::Any     ? occupied
                                 : v.jump_blocked_by == JumpBlocker::Enemy ? enemy
                                                                           : 0;
  // What a piece in the water may take: pieces in the water, and on land only the listed kinds.
  Bitboard reach_from_water = 0;
  if (own & v.water_bb) {
    reach_from_water = v.water_bb;
    for (int k = 0; k < KIND_NB; ++k)
      if (v.water_to_land & kind_bit(Kind(k))) reach_from_water |= pos.pieces(them, Kind(k));
  }

  int count = 0;
  for (int k = 0; k < KIND_NB; ++k) {
    Bitboard pieces = pos.pieces(us, Kind(k));
    if (!pieces) continue;
    const Bitboard takeable = pos.prey(us, Kind(k)) | weakened;
    const Bitboard from_land = (empty | (takeable & v.land_to_water_gate)) & v.enterable[us][k];
    const Bitboard jump_origins = v.jump_origins[k];
    do {
      const Square from = pop_lsb(pieces);
      const Bitboard from_bb = square_bb(from);
      Bitboard targets;
      if (from_bb & v.water_bb) {
        targets = NEIGHBOURS.of[from] & v.enterable[us][k] & (empty | (takeable & reach_from_water));
      } else {
        const Bitboard allowed =
            (from_bb & rank_zero_squares) ? (empty | weakened) & v.enterable[us][k] : from_land;
        targets = NEIGHBOURS.of[from] & allowed;
        if (from_bb & jump_origins)
          for (std::uint8_t dirs = v.jump_directions[k]; dirs; dirs &= dirs - 1) {
            const int d = std::countr_zero(dirs);
            const Square to = v.jump_to[from][d];
            if (to != SQ_NONE && !(v.jump_path[from][d] & jump_blockers)) targets |= square_bb(to) & allowed;
          }
      }
      if constexpr (CountOnly) {
        count += popcount(targets);
      } else {
        while (targets) list[count++] = make_move(from, pop_lsb(targets));
      }
    } while (pieces);
  }
  return count;
}

}  // namespace

MoveList legal_moves(const Position& pos) {
  MoveList list;
  list.size = generate<false>(pos, list.moves);
  return list;
}

int count_legal_moves(const Position& pos) { return generate<true>(pos, nullptr); }

std::string move_to_string(Move m) { return square_name(from_sq(m)) + square_name(to_sq(m)); }

Move parse_move(const Position& pos, std::string_view text) {
  for (Move m : legal_moves(pos))
    if (move_to_string(m) == text) return m;
  return MOVE_NONE;
}

}  // namespace jungle
