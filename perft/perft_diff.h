// Finding where another move generator goes wrong: compare its divide with ours, follow the
// first move whose counts differ down the tree, and stop at the position whose move sets
// differ. The other generator is driven through perftree's contract (perftree.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/position.h"
#include "perft/perft.h"
#include "perft/perftree.h"

namespace jungle {

// The other generator: the divide at `depth` of the position reached by playing `moves` from
// `fen`, as `COMMAND DEPTH "FEN" "MOVES"` would print it (or a batch program, perft/batch.h). Throws GeneratorError when it
// cannot answer.
using Generator = std::function<Divide(int depth, const std::string& fen, const std::vector<std::string>& moves)>;

// The other generator failed or broke the contract; what() is one line naming the command.
struct GeneratorError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Bounds on one run of the other generator; past either, it is killed with everything it
// started, and the run is a GeneratorError.
struct GeneratorLimits {
  int seconds = 120;
  std::size_t max_output = std::size_t(1) << 20;  // bytes; far more than any divide
};

// Runs `command DEPTH 'FEN' 'MOVES'` through /bin/sh, so the command may carry arguments of
// its own. As perftree does, MOVES is left out when there are none, standard input is empty
// and standard error passes through. The output may be perftree's or Stockfish's (parse_divide).
Generator external_generator(const std::string& command, const GeneratorLimits& limits = {});

enum class DiffKind {
  None,          // every count agrees
  MoveSets,      // the move sets differ: extra and/or missing
  Duplicate,     // theirs lists a move more than once
  BadTotal,      // theirs prints a total that is not the sum of its lines
  Inconsistent,  // one side's total here differs from its count below the same move one level up
  LeafCount,     // the move sets agree at depth 1, but a move does not count one leaf on both sides
};

// One step of the descent: the position after `moves`, searched to `depth`.
struct DiffLevel {
  int depth;
  std::vector<std::string> moves;
  std::uint64_t ours, theirs;  // the totals
};

struct DiffResult {
  DiffKind kind = DiffKind::None;
  std::vector<DiffLevel> levels;     // root first; the last is where the descent stopped
  std::string fen;                   // the position where it stopped
  std::vector<std::string> moves;    // from the root to there
  int depth = 0;                     // left to search there
  std::vector<std::string> extra;    // MoveSets: theirs only; Duplicate: the repeated moves
  std::vector<std::string> missing;  // MoveSets: ours only
  // LeafCount: the move and its two counts.
  std::string move;
  std::uint64_t ours = 0, theirs = 0;
  // BadTotal: the sum of their lines and the total they print.
  std::uint64_t sum_of_lines = 0, printed_total = 0;
  // Inconsistent: `side` ("ours" or "theirs") counted `above` below the last move one level
  // up, and totals `here` here.
  std::string side;
  std::uint64_t above = 0, here = 0;
};

// Compares our divide of root at `depth` (>= 1) with the other generator's, descending as
// described above. Throws GeneratorError from `theirs`.
DiffResult perft_diff(const Position& root, int depth, const Generator& theirs, const PerftOptions& options = {});

// The report `jungle perft-diff` prints: one line per level, a blank line, then the verdict.
std::string format_diff(const DiffResult& result);
// The verdict alone: "No difference ..." or "Difference: ...", the position and moves where the
// descent stopped and, for move sets, the extra and missing moves.
std::string format_verdict(const DiffResult& result);

}  // namespace jungle
