// Zobrist keys: a 64-bit random number per piece and square, XORed together with one for the
// side to move, so that a position's key can be updated with a few XORs per move.
#pragma once

#include <cstdint>

#include "engine/types.h"

namespace jungle {

using Key = std::uint64_t;

struct Zobrist {
  // Different seeds give independent keys; perft --verify counts twice with two of them.
  explicit Zobrist(std::uint64_t seed);
  Key piece_square[NO_PIECE][SQUARE_NB];
  Key black_to_move;
};

// The keys positions use unless told otherwise.
const Zobrist& default_zobrist();

}  // namespace jungle
