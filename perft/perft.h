// Perft: counts the leaf nodes of the legal move tree, the standard test of a move generator.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/position.h"

namespace jungle {

namespace distributed {
class TaskClient;
}

// Leaves at exactly `depth` plies below pos: the plain serial count, every other mode's
// reference. A finished game (a den entered) has no children.
std::uint64_t perft(Position& pos, int depth);

// Counts deeper than PERFT_FORCED_DEPTH take hours to days, so the command line counts them only
// when forced. PERFT_MAX_DEPTH is the limit even then: perft(9) from the start is 6.8e11 and grows
// about 19-fold a ply, so near 15 plies a count from the start reaches 2^64 and would take ages.
constexpr int PERFT_FORCED_DEPTH = 10, PERFT_MAX_DEPTH = 15;

// Why a count of `depth` plies is refused, to follow "--depth 12 " or "depth 12 "; empty if it
// is not.
std::string depth_refusal(int depth, bool force);

class PerftTable;

// How far a count has got, as PerftOptions::on_root_move sees it.
struct PerftProgress {
  int root_moves_done, root_moves;
  std::uint64_t nodes;  // counted so far, finished root moves and parts of the others
};

struct PerftOptions {
  int threads = 1;              // OpenMP threads; 0: all cores
  std::size_t hash_mb = 0;      // size of a table of subtotals made for the count; 0: none
  std::uint64_t zobrist_seed = 0;  // 0: the default keys
  // A position that repeats one earlier on the current line, the root included, ends that
  // line and counts as one leaf (the convention of van Rijn and Vis's Table 1).
  bool repetition = false;
  // A table to use instead of one of hash_mb, so that many counts share one (and one warning
  // about its size). Its subtotals hold for any position under the same rules, so one table
  // must not serve two variants.
  PerftTable* table = nullptr;
  // Called once each time a root move's count is complete, one call at a time from whichever
  // thread completed it; it must not throw.
  std::function<void(const PerftProgress&)> on_root_move = nullptr;
};

struct DivideLine {
  std::string move;  // "g3g4"
  std::uint64_t nodes;
};

// Perft split by root move, sorted by move text, as Stockfish's "go perft" prints it.
// The counts are the same for any threads and hash setting.
std::vector<DivideLine> divide(const Position& pos, int depth, const PerftOptions& options = {});

// Under MPI (distributed/), divide() on rank 0 deals its tasks to every rank, each counting with
// its own --threads and a table of its own; this is the other ranks' side of it, the handler of
// "perft" jobs. The counts are the same for any number of ranks.
void serve_perft_job(const std::string& description, distributed::TaskClient& client);

// The whole count under the same options; 1 at depth 0.
std::uint64_t perft(const Position& pos, int depth, const PerftOptions& options);

}  // namespace jungle
