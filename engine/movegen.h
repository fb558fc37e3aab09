// Legal move generation. Jungle has no check, so every generated move is legal.
#pragma once

#include <algorithm>
#include <bit>
#include <string>
#include <string_view>

#include "engine/position.h"
#include "engine/types.h"

namespace jungle {

// 32 pieces a side, each with 4 steps and 4 jumps at the most.
constexpr int MAX_MOVES = Position::MAX_PIECES_PER_SIDE * 8;

struct MoveList {
  Move moves[MAX_MOVES];
  int size = 0;
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
  bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }
};

// Every legal move of the side to move; none once a den has been entered.
MoveList legal_moves(const Position& pos);

// The captures among them, in the order legal_moves lists them.
MoveList legal_captures(const Position& pos);

// The number of legal moves, without building a list: perft's last ply.
int count_legal_moves(const Position& pos);

// The number of legal two-move sequences, perft(2), without making a move: the replies to
// each move are counted from the parent's masks. Perft's last two plies.
std::uint64_t count_two_plies(const Position& pos);

// The enemy pieces `side` could take were it to move, whichever side is to move: the squares
// of the captures legal_moves would list. Like legal_moves, for a position where no den has been
// entered (the caller checks).
Bitboard capture_targets(const Position& pos, Color side);

// The pieces that stop a jump by standing in the water it crosses, for a side whose pieces are
// `own` against `enemy`: the variant's jump_blocked_by.
[[gnu::always_inline]] inline Bitboard jump_blockers(const Variant& v, Bitboard own, Bitboard enemy) {
  return (own & v.jump_blocking_own) | (enemy & v.jump_blocking_enemy);
}

// The squares a piece of kind k on `from` lands on by the jumps that `blockers` leave open. Whether
// it may stand there (enterable) and take what stands there is the caller's to ask. The
// generator's jumps, and the den threats of the end rules, so that the two cannot disagree.
[[gnu::always_inline]] inline Bitboard jump_landings(const Variant& v, Square from, Kind k, Bitboard blockers) {
  Bitboard landings = 0;
  for (unsigned dirs = v.jump_directions[k]; dirs; dirs &= dirs - 1) {
    const int d = std::countr_zero(dirs);
    const Square to = v.jump_to[from][d];
    if (to != SQ_NONE && !(v.jump_path[from][d] & blockers)) landings |= square_bb(to);
  }
  return landings;
}

// "g3g4"; and back, MOVE_NONE if the text is not a legal move here.
std::string move_to_string(Move m);
Move parse_move(const Position& pos, std::string_view text);

}  // namespace jungle
