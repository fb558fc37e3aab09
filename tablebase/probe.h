// What a table says of a position and of each of its moves, and what that is worth in a game.
#pragma once

#include <vector>

#include "tablebase/disk_tables.h"
#include "tablebase/tablebase.h"

namespace jungle::tablebase {

// The value of a move for the side that makes it: a den entry wins in 1; taking the last enemy
// piece follows capture_all and then no_moves; any other move is worth what the position it
// leads to is worth to the opponent (value_before). std::nullopt when that position has no
// table (with a ProbeSet: no table in memory). m must be legal in pos.
std::optional<Value> move_value(Tablebase& tables, const Position& pos, Move m);
std::optional<Value> move_value(const ProbeSet& tables, const Position& pos, Move m);

struct MoveValue {
  Move move;
  Value value;
};

// The moves that keep the position's value: for a win in d, those that win in d; for a loss in
// d, those that lose in d; for a draw, those that draw. In generation order.
std::vector<MoveValue> value_keeping_moves(Tablebase& tables, const Position& pos, const Value& value);
std::vector<MoveValue> value_keeping_moves(const ProbeSet& tables, const Position& pos, const Value& value);

// What a table's value is worth in a game that has run `plies` plies, the last
// `plies_without_capture` of them without a capture: the tables ignore max_plies and
// no_capture_plies. A draw stays a draw. A win or loss in d that the ply limit cuts off
// (plies + d > max_plies) is a draw, since the loser can hold out that long. One that the
// no-capture limit may cut off (plies_without_capture + d > no_capture_plies) is unknown,
// std::nullopt: a capture on the way would restart the count, and the tables do not say whether
// the winner can fit one in. Otherwise the value stands.
std::optional<Value> value_in_game(const Value& value, const EndRules& rules, int plies, int plies_without_capture);

}  // namespace jungle::tablebase
