// Building a table by retrograde analysis.
//
// Every position is first looked at once, forwards (in parallel): a position whose side to
// move has no legal move is decided by [end] no_moves at distance 0; moves that leave the
// table are valued at once (a den entry wins in 1; a capture leads into the smaller table,
// with the other side to move; taking the last enemy piece wins in 1 under capture_all =
// "win", and otherwise leaves the opponent without a move, which no_moves decides); the moves
// that stay in the table are counted. Then the decided positions are taken in order of
// distance and their predecessors found by un-moving (unmoves.h): a predecessor of a loss in d
// wins in d + 1; a predecessor all of whose moves in the table lead to wins, and that has no
// winning or drawing move out of it, loses in the larger of d + 1 and its longest losing move
// out. Taking distances in increasing order makes a win's distance the shortest and a loss's
// the longest. What is never decided is a draw: neither side can force an end. Large buckets
// are un-moved in parallel too; the table is the same on any number of threads.
#pragma once

#include <functional>

#include "engine/variant.h"
#include "tablebase/table.h"

namespace jungle::tablebase {

// Throws TablebaseError when the variant's rules give positions values the tables cannot hold:
// a repetition that loses or is forbidden makes a position's value depend on the game's history.
void check_rules(const Variant& variant);

// The table of material under the variant's rules. smaller(m) gives the table of each signature
// a capture leads to (one piece fewer), already built. threads: 0 for OpenMP's default.
Table generate_table(const Variant& variant, const Material& material,
                     const std::function<const Table&(const Material&)>& smaller, int threads = 0);

}  // namespace jungle::tablebase
