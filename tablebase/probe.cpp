#include "tablebase/probe.h"

#include "engine/movegen.h"

namespace jungle::tablebase {

namespace {

// probe(position) gives the value of the position a move leads to, when a table holds it.
template <class Probe>
std::optional<Value> value_of_move(Probe&& probe, const Position& pos, Move m) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  if (wins_at_once(pos, m)) return Value{Outcome::Win, 1};
  Position after = pos;
  Undo undo;
  after.do_move(m, undo);
  if (!after.pieces(~us)) return last_capture_value(v.end);
  const std::optional<Value> reply = probe(after);
  if (!reply) return std::nullopt;
  return value_before(*reply);
}

template <class Tables>
std::vector<MoveValue> keeping(Tables& tables, const Position& pos, const Value& value) {
  std::vector<MoveValue> out;
  for (Move m : legal_moves(pos))
    if (const std::optional<Value> v = move_value(tables, pos, m); v && *v == value) out.push_back({m, *v});
  return out;
}

}  // namespace

std::optional<Value> move_value(Tablebase& tables, const Position& pos, Move m) {
  return value_of_move([&](const Position& p) { return tables.probe(p); }, pos, m);
}

std::optional<Value> move_value(const ProbeSet& tables, const Position& pos, Move m) {
  return value_of_move([&](const Position& p) { return tables.probe(p); }, pos, m);
}

std::vector<MoveValue> value_keeping_moves(Tablebase& tables, const Position& pos, const Value& value) {
  return keeping(tables, pos, value);
}

std::vector<MoveValue> value_keeping_moves(const ProbeSet& tables, const Position& pos, const Value& value) {
  return keeping(tables, pos, value);
}

std::optional<Value> value_in_game(const Value& value, const EndRules& rules, int plies, int plies_without_capture) {
  if (value.outcome == Outcome::Draw) return value;
  // Game::apply_end_rules: a move that ends the game by the rules wins even on the last ply the
  // limits allow, so a win in d needs d plies within each limit.
  if (rules.max_plies > 0 && plies + value.distance > rules.max_plies) return Value{Outcome::Draw, 0};
  if (rules.no_capture_plies > 0 && plies_without_capture + value.distance > rules.no_capture_plies) return std::nullopt;
  return value;
}

}  // namespace jungle::tablebase
