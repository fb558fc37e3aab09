// Another program's output under perftree's contract: parse_divide reads a divide or refuses
// the output with DivideParseError. A divide it reads is written by format_perftree to output
// that reads back as the same divide. split_moves, which splits both the output's lines and the
// MOVES argument, is checked on the same bytes: its words joined split back to themselves. The
// same bytes as a line of the batch contract (perft/batch.h), an answer and a request, read back
// the same way once written.
#include <cstdint>

#include "perft/batch.h"
#include "perft/perftree.h"
#include "tests/fuzz/fuzz_support.h"

using namespace jungle;

namespace {

bool same(const Divide& a, const Divide& b) {
  if (a.total != b.total || a.lines.size() != b.lines.size()) return false;
  for (std::size_t i = 0; i < a.lines.size(); ++i)
    if (a.lines[i].move != b.lines[i].move || a.lines[i].nodes != b.lines[i].nodes) return false;
  return true;
}

// An answer line that reads is written back to the same divide; likewise a request.
void check_batch_line(std::string_view line) {
  try {
    const Divide answer = parse_batch_answer(line);
    if (!same(parse_batch_answer(format_batch_answer(answer)), answer)) fuzz::finding("a batch answer reads back as another");
  } catch (const DivideParseError&) {
  }
  try {
    const BatchRequest request = parse_batch_request(line);
    const BatchRequest back = parse_batch_request(format_batch_request(request));
    if (back.depth != request.depth || back.fen != request.fen || back.moves != request.moves)
      fuzz::finding("a batch request reads back as another");
  } catch (const BatchRequestError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view output = fuzz::as_text(data, size);
  if (output.find('\n') == std::string_view::npos) check_batch_line(output);

  const std::vector<std::string> words = split_moves(output);
  if (split_moves(join_moves(words)) != words) fuzz::finding("split_moves of join_moves gives other words");

  Divide divide;
  try {
    divide = parse_divide(output);
  } catch (const DivideParseError&) {
    return 0;  // the documented refusal
  }
  const std::string written = format_perftree(divide);
  try {
    if (!same(parse_divide(written), divide)) fuzz::finding("format_perftree's output reads back as another divide:\n" + written);
  } catch (const DivideParseError& e) {
    fuzz::finding("format_perftree wrote output that does not read back (" + std::string(e.what()) + "):\n" + written);
  }
  return 0;
}
