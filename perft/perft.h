// Perft: counts the leaf nodes of the legal move tree, the standard test of a move generator.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "position.h"

namespace jungle {

// Leaves at exactly `depth` plies below pos. A finished game (a den entered) has no children.
std::uint64_t perft(Position& pos, int depth);

struct DivideLine {
  std::string move;  // "g3g4"
  std::uint64_t nodes;
};

// Perft split by root move, sorted by move text, as Stockfish's "go perft" prints it.
std::vector<DivideLine> divide(Position& pos, int depth);

}  // namespace jungle
