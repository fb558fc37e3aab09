// The research table of `jungle tablebase compare`: per signature, how each variant's rules
// split its positions into wins, draws and losses for the side to move.
#pragma once

#include <vector>

#include "tablebase/tablebase.h"

namespace jungle::tablebase {

struct Shares {
  std::uint64_t positions = 0;  // both sides to move
  double win = 0, draw = 0, loss = 0;  // fractions of positions, for the side to move
  int longest_win = 0;
};

// Over both sides to move.
Shares shares_of(const Table& table);

struct CompareRow {
  Material material;
  std::vector<Shares> variants;  // in the order the tablebases were given
  // The largest gap between two variants in the share of one outcome (a fraction): how much
  // the rules change this endgame.
  double spread = 0;
};

// Every signature of 2 to max_pieces pieces, the largest spread first (then by name).
std::vector<CompareRow> compare_tables(const std::vector<Tablebase*>& variants, int max_pieces);

}  // namespace jungle::tablebase
