// Bitboard helpers for the 7x9 board: single squares, edges, shifts and bit iteration.
#pragma once

#include <bit>

#include "types.h"

namespace jungle {

constexpr Bitboard BOARD_MASK = (Bitboard(1) << SQUARE_NB) - 1;

constexpr Bitboard file_a_mask() {
  Bitboard b = 0;
  for (int r = 0; r < RANK_NB; ++r) b |= Bitboard(1) << (r * FILE_NB);
  return b;
}
constexpr Bitboard FILE_A = file_a_mask();
constexpr Bitboard FILE_G = FILE_A << (FILE_NB - 1);

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }

// The four directions a piece steps in, and whole-board shifts along them.
enum Direction : int { NORTH, SOUTH, EAST, WEST, DIRECTION_NB = 4 };
constexpr int DIRECTION_DELTA[DIRECTION_NB] = {FILE_NB, -FILE_NB, 1, -1};

constexpr Bitboard shift(Bitboard b, Direction d) {
  switch (d) {
    case NORTH: return (b << FILE_NB) & BOARD_MASK;
    case SOUTH: return b >> FILE_NB;
    case EAST: return (b & ~FILE_G) << 1;
    default: return (b & ~FILE_A) >> 1;
  }
}

// The square one step away in direction d, or SQ_NONE off the board.
constexpr Square step(Square s, Direction d) {
  Bitboard b = shift(square_bb(s), d);
  return b ? Square(std::countr_zero(b)) : SQ_NONE;
}

// Orthogonal neighbours of every square.
struct NeighbourTable {
  Bitboard of[SQUARE_NB] = {};
  constexpr NeighbourTable() {
    for (int s = 0; s < SQUARE_NB; ++s)
      for (int d = 0; d < DIRECTION_NB; ++d) of[s] |= shift(square_bb(Square(s)), Direction(d));
  }
};
inline constexpr NeighbourTable NEIGHBOURS{};

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

}  // namespace jungle
