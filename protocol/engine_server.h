// The built-in searcher as an engine speaking the protocol of docs/protocol.md (UCI, as
// Fairy-Stockfish speaks it for chess variants): `jungle engine`.
#pragma once

#include <istream>
#include <ostream>

namespace jungle {

// Reads commands from `in`, one a line, and answers on `out` until `quit` or the end of input;
// a search runs on a thread of its own, so that `stop` and `isready` are answered while it
// runs. Mistakes in the input get `info string error: ...` and change nothing. Returns 0.
// `in` must not be tied to `out`: the search thread writes while this one reads.
int run_uci_engine(std::istream& in, std::ostream& out);

}  // namespace jungle
