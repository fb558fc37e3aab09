// Core types shared by every part of the engine: squares, colours, kinds, pieces and moves.
#pragma once

#include <cstdint>

namespace jungle {

using Bitboard = std::uint64_t;

constexpr int FILE_NB = 7;
constexpr int RANK_NB = 9;
constexpr int SQUARE_NB = FILE_NB * RANK_NB;  // 63: one bit each in a Bitboard, bit 63 unused

// Square index = rank * 7 + file; a1 = 0, g1 = 6, a9 = 56, g9 = 62.
enum Square : int { SQ_NONE = -1 };

constexpr Square make_square(int file, int rank) { return Square(rank * FILE_NB + file); }
constexpr int file_of(Square s) { return int(s) % FILE_NB; }
constexpr int rank_of(Square s) { return int(s) / FILE_NB; }
constexpr bool is_ok(Square s) { return s >= 0 && s < SQUARE_NB; }

// WHITE is the first player: upper-case letters, den on rank 1, moves first.
enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Kinds in the standard order of strength; the variant's ranks decide who takes whom.
enum Kind : std::uint8_t { RAT, CAT, DOG, WOLF, LEOPARD, TIGER, LION, ELEPHANT, KIND_NB = 8 };

// A set of kinds, one bit per Kind.
using KindSet = std::uint8_t;
constexpr KindSet kind_bit(Kind k) { return KindSet(1u << k); }
constexpr KindSet ALL_KINDS = 0xFF;

// Piece = color * 8 + kind, or NO_PIECE.
enum Piece : std::uint8_t { NO_PIECE = 16 };
constexpr Piece make_piece(Color c, Kind k) { return Piece(int(c) * KIND_NB + int(k)); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }
constexpr Kind kind_of(Piece p) { return Kind(p & 7); }

// Fixed table of notation letters, indexed by Kind.
constexpr char KIND_LETTERS[KIND_NB + 1] = "rcdwptle";
constexpr const char* KIND_NAMES[KIND_NB] = {"rat",     "cat",   "dog",  "wolf",
                                             "leopard", "tiger", "lion", "elephant"};

// What a square of the board is. TRAP/DEN carry the colour whose den they guard or are.
enum Terrain : std::uint8_t { LAND, WATER, TRAP_WHITE, TRAP_BLACK, DEN_WHITE, DEN_BLACK };

// A move is from-square and to-square, 6 bits each.
enum Move : std::uint16_t { MOVE_NONE = 0xFFFF };
constexpr Move make_move(Square from, Square to) { return Move(from | (to << 6)); }
constexpr Square from_sq(Move m) { return Square(m & 63); }
constexpr Square to_sq(Move m) { return Square((m >> 6) & 63); }

}  // namespace jungle
