// What a table says of a position and of each of its moves.
#pragma once

#include <vector>

#include "tablebase.h"

namespace jungle::tablebase {

// The value of a move for the side that makes it: a den entry wins in 1; taking the last enemy
// piece follows capture_all and then no_moves; any other move is worth what the position it
// leads to is worth to the opponent (value_before). std::nullopt when that position has no
// table. m must be legal in pos.
std::optional<Value> move_value(Tablebase& tables, const Position& pos, Move m);

struct MoveValue {
  Move move;
  Value value;
};

// The moves that keep the position's value: for a win in d, those that win in d; for a loss in
// d, those that lose in d; for a draw, those that draw. In generation order.
std::vector<MoveValue> value_keeping_moves(Tablebase& tables, const Position& pos, const Value& value);

}  // namespace jungle::tablebase
