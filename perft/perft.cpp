#include "perft.h"

#include <algorithm>

#include "movegen.h"

namespace jungle {

std::uint64_t perft(Position& pos, int depth) {
  if (depth == 0) return 1;
  // Bulk counting: the last ply is a popcount, not a list of moves made and unmade.
  if (depth == 1) return count_legal_moves(pos);
  std::uint64_t nodes = 0;
  Undo undo;
  for (Move m : legal_moves(pos)) {
    pos.do_move(m, undo);
    nodes += perft(pos, depth - 1);
    pos.undo_move(m, undo);
  }
  return nodes;
}

std::vector<DivideLine> divide(Position& pos, int depth) {
  std::vector<DivideLine> lines;
  if (depth < 1) return lines;
  Undo undo;
  for (Move m : legal_moves(pos)) {
    pos.do_move(m, undo);
    lines.push_back({move_to_string(m), perft(pos, depth - 1)});
    pos.undo_move(m, undo);
  }
  std::sort(lines.begin(), lines.end(), [](const auto& a, const auto& b) { return a.move < b.move; });
  return lines;
}

}  // namespace jungle
