// The batch contract: one process answers many positions, a line each, so that thousands of
// positions cost one start of the other program instead of thousands. The caller writes
// requests to the program's standard input, one a line,
//   DEPTH FEN [moves MOVE...]
// (FEN is the board and the side to move, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w"),
// and the program answers each with one line, flushed at once:
//   TOTAL MOVE:COUNT MOVE:COUNT ...
// the count DEPTH plies below the position reached by the moves, then each legal move there
// with its count DEPTH-1 plies below, in any order ("1" at depth 0, "0" with no moves); or
//   error MESSAGE
// for a request it cannot answer, and goes on with the next. It exits at the end of its input.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "perft/perft_diff.h"
#include "perft/perftree.h"

namespace jungle {

struct BatchRequest {
  int depth = 0;
  std::string fen;
  std::vector<std::string> moves;
};

// A request line that cannot be read; what() is one line.
struct BatchRequestError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string format_batch_request(const BatchRequest& request);
// Throws BatchRequestError. DEPTH is a whole number up to PERFT_MAX_DEPTH.
BatchRequest parse_batch_request(std::string_view line);

std::string format_batch_answer(const Divide& divide);
// Throws DivideParseError for a line that is no answer; "error ..." is the caller's to check.
Divide parse_batch_answer(std::string_view line);

// The other generator as one process speaking the batch contract, `/bin/sh -c COMMAND`,
// started at the first call, in the calling thread, which must outlive every later call; it
// dies with the generator. Each answer is awaited for at most `limits.seconds` and may be at
// most `limits.max_output` bytes. Throws GeneratorError naming the command and the request.
Generator batch_generator(const std::string& command, const GeneratorLimits& limits = {});

}  // namespace jungle
