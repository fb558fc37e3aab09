#include "probe.h"

#include "movegen.h"

namespace jungle::tablebase {

std::optional<Value> move_value(Tablebase& tables, const Position& pos, Move m) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  if (v.den_bb[~us] & square_bb(to_sq(m))) return Value{Outcome::Win, 1};
  Position after = pos;
  Undo undo;
  after.do_move(m, undo);
  if (!after.pieces(~us)) {
    if (v.end.capture_all == CaptureAllResult::Win || v.end.no_moves == NoMovesResult::Loss)
      return Value{Outcome::Win, 1};
    return Value{Outcome::Draw, 0};
  }
  const std::optional<Value> reply = tables.probe(after);
  if (!reply) return std::nullopt;
  return value_before(*reply);
}

std::vector<MoveValue> value_keeping_moves(Tablebase& tables, const Position& pos, const Value& value) {
  std::vector<MoveValue> out;
  for (Move m : legal_moves(pos))
    if (const std::optional<Value> v = move_value(tables, pos, m); v && *v == value) out.push_back({m, *v});
  return out;
}

}  // namespace jungle::tablebase
