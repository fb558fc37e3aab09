// The research table of `jungle tablebase compare` and of `jungle compare`: per signature and
// side to move, how each variant's rules split its positions into wins, draws and losses.
#pragma once

#include <string>
#include <vector>

#include "tablebase/tablebase.h"

namespace jungle::tablebase {

struct Shares {
  std::uint64_t positions = 0;
  double win = 0, draw = 0, loss = 0;  // fractions of positions, for the side to move
  int longest_win = 0;                 // plies
  bool operator==(const Shares&) const = default;
};

// The positions of one side to move.
Shares shares_of(const SideStats& side);

// The same material with the colours swapped: "E/r" for "R/e".
Material mirrored(const Material& material);

struct CompareRow {
  Material material;
  Color to_move = WHITE;
  std::vector<Shares> variants;  // in the order the tablebases were given
  // The largest gap between two variants in the share of one outcome (a fraction), over both
  // sides to move of the signature: how much the rules change this endgame.
  double spread = 0;
};

// Every signature of 2 to max_pieces pieces, each side to move in a row of its own, the first
// player's to move first. A signature and its mirror image are one signature when every variant's
// rules treat them alike (its first player to move is the mirror's second, and the other way
// round), as in every bundled variant: then only the one whose name comes first is listed.
// The signatures with the largest spread come first (then by name).
std::vector<CompareRow> compare_tables(const std::vector<Tablebase*>& variants, int max_pieces);

// A comparison as a report shows it, whole: the variants, the signatures compared, and their rows
// (or, when the tables could not be had, why not).
struct EndgameComparison {
  std::vector<std::string> variants;  // names, in the order of every row's shares
  int pieces = 2;                      // the largest signatures compared
  std::vector<CompareRow> rows;        // compare_tables'
  std::string left_out;                // why there are no rows, when there are none
};

}  // namespace jungle::tablebase
