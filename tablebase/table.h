// One tablebase: the value of every position of a material signature, for the side to move.
//
// Index: each piece's square (0..62) in the signature's order (material.h), as digits of a
// number in base 63, times 2, plus 1 when black is to move. Entries that are not positions of
// the table (two pieces on a square, a non-swimmer in water, a piece on a den) hold no value.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/end_rules.h"
#include "engine/position.h"
#include "tablebase/material.h"

namespace jungle::tablebase {

enum class Outcome : std::uint8_t { Win, Draw, Loss };

// For the side to move. distance: plies to the end of the game, the winner playing to shorten
// it and the loser to lengthen it; 0 for a draw, and for a position lost (or drawn) because
// the side to move has no legal move.
struct Value {
  Outcome outcome = Outcome::Draw;
  int distance = 0;
  bool operator==(const Value&) const = default;
};

// The value of a position the rules end (end_rules.h), for its side to move: distance 0.
Value value_of(const RulesEnd& end);

// The value, for the mover, of taking the last enemy piece. (A table's positions carry no
// history, so the rules that need one do not apply: value_in_game adds the limits.)
Value last_capture_value(const EndRules& rules);

// "win in 7", "loss in 0", "draw".
std::string value_name(const Value& value);

// The value for the side that moved into a position of value `after`: a loss in d for the
// opponent is a win in d + 1.
Value value_before(const Value& after);

// Won, drawn and lost positions of one side to move, and the longest distance of a won or
// lost one.
struct SideStats {
  std::uint64_t wins = 0, draws = 0, losses = 0;
  int longest = 0;
  int longest_win = 0;
};

class Table {
 public:
  // Stored form of an entry: a tag in the top three bits, a distance below.
  using Entry = std::uint16_t;
  static constexpr Entry NONE = 0x0000;  // not a position of the table
  static constexpr Entry DRAW = 0x4000;
  static constexpr Entry WIN = 0x6000;
  static constexpr Entry LOSS = 0x8000;
  static constexpr Entry TAG_MASK = 0xE000;
  static constexpr Entry DISTANCE_MASK = 0x1FFF;

  // Every entry NONE.
  explicit Table(Material material);

  const Material& material() const { return material_; }
  const std::vector<Piece>& pieces() const { return pieces_; }
  std::size_t size() const { return entries_.size(); }

  std::optional<Value> value(std::size_t index) const;
  // The position's value; the position must have this table's material.
  std::optional<Value> probe(const Position& pos) const;

  // The index of squares (in table order) and the side to move, and back.
  std::size_t index(const Square* squares, Color side_to_move) const;
  void squares(std::size_t index, Square* out) const;
  static Color side_to_move(std::size_t index) { return Color(index & 1); }

  std::array<SideStats, COLOR_NB> stats() const;

  // Raw access for the generator and the file format.
  std::vector<Entry>& entries() { return entries_; }
  const std::vector<Entry>& entries() const { return entries_; }

  static Value decode(Entry e) {
    const int d = e & DISTANCE_MASK;
    switch (e & TAG_MASK) {
      case WIN: return {Outcome::Win, d};
      case LOSS: return {Outcome::Loss, d};
      default: return {Outcome::Draw, 0};
    }
  }
  static Entry encode(const Value& v) {
    return v.outcome == Outcome::Win ? Entry(WIN | v.distance) : v.outcome == Outcome::Loss ? Entry(LOSS | v.distance) : DRAW;
  }

 private:
  Material material_;
  std::vector<Piece> pieces_;
  std::vector<Entry> entries_;
};

// Whether the pieces may stand on these squares (table order): distinct squares, water only
// for the variant's swimmers, no piece on a den.
bool valid_placement(const Variant& variant, const std::vector<Piece>& pieces, const Square* squares);

// The position of a table index, which must be a valid placement.
Position position_at(const Variant& variant, const Table& table, std::size_t index);

}  // namespace jungle::tablebase
