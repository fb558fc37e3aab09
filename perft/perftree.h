// perftree's contract (github.com/agausmann/perftree, a perft debugger for chess), which any
// move generator can speak: the program is run as
//   COMMAND DEPTH "FEN" "MOVES"
// where MOVES, space separated and possibly absent, are played from FEN first; it prints one
// "MOVE COUNT" line per legal move (COUNT: leaves DEPTH-1 plies below it), a blank line, then
// the total as a bare number:
//   a3a2 4
//   a3a4 5
//
//   9
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"
#include "perft/perft.h"

namespace jungle {

// A divide as the contract carries it: the lines and the total printed after them. The total
// is kept apart from the lines because another program's total need not be their sum.
struct Divide {
  std::vector<DivideLine> lines;
  std::uint64_t total = 0;
};

// A bad FEN or a move in MOVES that is not legal; what() is one line that names it.
struct PerftreeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Output that is no divide; what() is one line quoting the offending output line.
struct DivideParseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A move as this harness writes it, FROM then TO, such as a1a2. Another generator's output is
// held to it: a move written otherwise could only be reported as a move set that differs, which
// would hide a format mismatch behind a false finding.
bool is_move_text(std::string_view text);

// "g3g4 g7g6" -> {"g3g4", "g7g6"}; runs of spaces or tabs separate, an empty text gives none.
std::vector<std::string> split_moves(std::string_view moves);
std::string join_moves(const std::vector<std::string>& moves);

// The position after playing `moves` from `fen`; throws PerftreeError. The variant must
// outlive the position.
Position play_moves(const Variant& variant, const std::string& fen, const std::vector<std::string>& moves);

// Our divide at `depth` with its total (1 at depth 0, with no lines).
Divide divide_with_total(const Position& pos, int depth, const PerftOptions& options = {});

// The contract's output of a divide.
std::string format_perftree(const Divide& divide);

// Reads a divide as another generator prints it: perftree's ("a1a2 24" lines, a blank line, a
// bare total) or Stockfish's ("a1a2: 24" lines, a blank line, "Nodes searched: N"), either line
// form with either total, the blank line optional. MOVE is a move as this harness writes it.
// Lines may end in "\r\n"; blank lines after the total are allowed, anything else throws
// DivideParseError.
Divide parse_divide(std::string_view output);

}  // namespace jungle
