// Un-making moves: the positions of a table from which one move, neither a capture nor a den
// entry, leads to a given position. Retrograde analysis walks the table backwards with it.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/variant.h"
#include "tablebase/table.h"

namespace jungle::tablebase {

class Unmoves {
 public:
  // The variant must outlive this.
  Unmoves(const Variant& variant, const Table& table);

  // Calls on_predecessor(index) for each predecessor of the position at index, which must be
  // a position of the table. Each predecessor comes once: one move leads from it here.
  template <class OnPredecessor>
  void for_each(std::size_t index, OnPredecessor&& on_predecessor) const {
    Square squares[MAX_TABLE_PIECES];
    table_.squares(index, squares);
    const Color mover = ~Table::side_to_move(index);  // the side that has just moved
    Bitboard occupied = 0, mover_pieces = 0;
    for (int p = 0; p < pieces_; ++p) {
      occupied |= square_bb(squares[p]);
      if (colors_[p] == mover) mover_pieces |= square_bb(squares[p]);
    }
    // Jump paths are water; the squares a jump leaves and lands on are land, so the pieces in
    // the water are the same before the move as after it.
    const Bitboard blockers =
        (mover_pieces & variant_.jump_blocking_own) | (occupied & ~mover_pieces & variant_.jump_blocking_enemy);
    for (int p = 0; p < pieces_; ++p) {
      if (colors_[p] != mover) continue;
      const Square to = squares[p];
      for (const Source& s : sources_[p][to]) {
        if (occupied & square_bb(s.from)) continue;
        if (s.jump_path & blockers) continue;
        const std::ptrdiff_t delta = (std::ptrdiff_t(s.from) - std::ptrdiff_t(to)) * std::ptrdiff_t(weights_[p]);
        on_predecessor(std::size_t(std::ptrdiff_t(index) + delta) ^ 1);
      }
    }
  }

 private:
  // A square a piece may have come from in one non-capturing move, and the water it jumped
  // (0 for a step).
  struct Source {
    Square from;
    Bitboard jump_path;
  };

  const Variant& variant_;
  const Table& table_;
  int pieces_;
  Color colors_[MAX_TABLE_PIECES];
  std::size_t weights_[MAX_TABLE_PIECES];  // how far the index moves per square of piece p
  std::vector<Source> sources_[MAX_TABLE_PIECES][SQUARE_NB];  // by piece and destination
};

}  // namespace jungle::tablebase
