#include "tablebase/table.h"

#include <algorithm>

namespace jungle::tablebase {

std::string value_name(const Value& value) {
  switch (value.outcome) {
    case Outcome::Win: return "win in " + std::to_string(value.distance);
    case Outcome::Loss: return "loss in " + std::to_string(value.distance);
    default: return "draw";
  }
}

Value value_of(const RulesEnd& end) {
  switch (end.outcome) {
    case jungle::Outcome::Win: return {Outcome::Win, 0};
    case jungle::Outcome::Loss: return {Outcome::Loss, 0};
    case jungle::Outcome::Draw: return {Outcome::Draw, 0};
  }
  return {Outcome::Draw, 0};
}

Value last_capture_value(const EndRules& rules) { return value_before(value_of(end_without_pieces(rules))); }

Value value_before(const Value& after) {
  switch (after.outcome) {
    case Outcome::Win: return {Outcome::Loss, after.distance + 1};
    case Outcome::Loss: return {Outcome::Win, after.distance + 1};
    default: return {Outcome::Draw, 0};
  }
}

Table::Table(Material material) : material_(std::move(material)), pieces_(material_.pieces()) {
  std::size_t n = 2;
  for (std::size_t i = 0; i < pieces_.size(); ++i) n *= SQUARE_NB;
  entries_.assign(n, NONE);
}

std::optional<Value> Table::value(std::size_t index) const {
  const Entry e = entries_[index];
  if (e == NONE) return std::nullopt;
  return decode(e);
}

std::size_t Table::index(const Square* squares, Color side_to_move) const {
  std::size_t i = 0;
  for (std::size_t p = 0; p < pieces_.size(); ++p) i = i * SQUARE_NB + std::size_t(squares[p]);
  return i * 2 + side_to_move;
}

void Table::squares(std::size_t index, Square* out) const {
  index /= 2;
  for (std::size_t p = pieces_.size(); p-- > 0;) {
    out[p] = Square(index % SQUARE_NB);
    index /= SQUARE_NB;
  }
}

std::optional<Value> Table::probe(const Position& pos) const {
  Square squares[MAX_TABLE_PIECES];
  for (std::size_t p = 0; p < pieces_.size(); ++p) {
    const Bitboard b = pos.pieces(color_of(pieces_[p]), kind_of(pieces_[p]));
    if (popcount(b) != 1) throw TablebaseError("the position does not have the material " + material_.name());
    squares[p] = lsb(b);
  }
  if (popcount(pos.occupied()) != int(pieces_.size()))
    throw TablebaseError("the position does not have the material " + material_.name());
  return value(index(squares, pos.side_to_move()));
}

std::array<SideStats, COLOR_NB> Table::stats() const {
  std::array<SideStats, COLOR_NB> out{};
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const Entry e = entries_[i];
    if (e == NONE) continue;
    SideStats& s = out[side_to_move(i)];
    const Value v = decode(e);
    if (v.outcome == Outcome::Win) ++s.wins, s.longest_win = std::max(s.longest_win, v.distance);
    else if (v.outcome == Outcome::Loss) ++s.losses;
    else ++s.draws;
    s.longest = std::max(s.longest, v.distance);
  }
  return out;
}

bool valid_placement(const Variant& variant, const std::vector<Piece>& pieces, const Square* squares) {
  const Bitboard dens = variant.den_bb[WHITE] | variant.den_bb[BLACK];
  Bitboard used = 0;
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    const Bitboard b = square_bb(squares[p]);
    if ((used & b) || (dens & b)) return false;
    if ((variant.water_bb & b) && !variant.is_swimmer(kind_of(pieces[p]))) return false;
    used |= b;
  }
  return true;
}

Position position_at(const Variant& variant, const Table& table, std::size_t index) {
  Square squares[MAX_TABLE_PIECES];
  table.squares(index, squares);
  Position::Placement placements[MAX_TABLE_PIECES];
  const std::vector<Piece>& pieces = table.pieces();
  for (std::size_t p = 0; p < pieces.size(); ++p) placements[p] = {pieces[p], squares[p]};
  return Position::from_pieces(variant, std::span(placements, pieces.size()), Table::side_to_move(index));
}

}  // namespace jungle::tablebase
