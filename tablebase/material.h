// Material signatures: which pieces a tablebase holds, written like "E/r" or "LT/e" (the first
// player's kinds in upper case, a slash, the second player's in lower case; at most one piece of
// a kind per side, at least one piece per side).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"
#include "engine/types.h"

namespace jungle::tablebase {

// A bad signature, a position a table cannot hold, rules the tables cannot express, or a table
// file that cannot be read or written; what() is one line.
struct TablebaseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The most pieces a table holds: 63^4 * 2 entries; five pieces would be 63 times as many.
constexpr int MAX_TABLE_PIECES = 4;

struct Material {
  // Each side's kinds, the strongest (by Kind order, elephant first) first: the canonical order,
  // whatever order the text had. The table's squares come in this order, white's then black's.
  std::vector<Kind> kinds[COLOR_NB];

  // Throws TablebaseError saying what is wrong with the text.
  static Material parse(std::string_view text);
  // The material of a position; throws TablebaseError if a side has none or two of a kind.
  static Material of(const Position& pos);

  std::string name() const;  // "LT/e"
  int size() const { return int(kinds[WHITE].size() + kinds[BLACK].size()); }
  // Every piece in table order: white's kinds, then black's.
  std::vector<Piece> pieces() const;
  // Without one of its pieces (a capture).
  Material without(Piece captured) const;
  bool operator==(const Material&) const = default;
};

// Every signature of 2 to max_pieces pieces, fewest pieces first, then by name: an order in
// which each table's captures lead to tables built before it.
std::vector<Material> all_materials(int max_pieces);

}  // namespace jungle::tablebase
