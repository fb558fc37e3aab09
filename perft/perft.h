// Perft: counts the leaf nodes of the legal move tree, the standard test of a move generator.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "position.h"

namespace jungle {

// Leaves at exactly `depth` plies below pos: the plain serial count, every other mode's
// reference. A finished game (a den entered) has no children.
std::uint64_t perft(Position& pos, int depth);

struct PerftOptions {
  int threads = 1;              // OpenMP threads; 0: all cores
  std::size_t hash_mb = 0;      // size of the table of subtotals; 0: none
  std::uint64_t zobrist_seed = 0;  // 0: the default keys
  // A position that repeats one earlier on the current line, the root included, ends that
  // line and counts as one leaf (the convention of van Rijn and Vis's Table 1).
  bool repetition = false;
};

struct DivideLine {
  std::string move;  // "g3g4"
  std::uint64_t nodes;
};

// Perft split by root move, sorted by move text, as Stockfish's "go perft" prints it.
// The counts are the same for any threads and hash setting.
std::vector<DivideLine> divide(const Position& pos, int depth, const PerftOptions& options = {});

// The whole count under the same options; 1 at depth 0.
std::uint64_t perft(const Position& pos, int depth, const PerftOptions& options);

}  // namespace jungle
