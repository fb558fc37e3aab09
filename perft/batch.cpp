#include "perft/batch.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <memory>

#include "perft/perft.h"
#include "support/child_process.h"
#include "support/excerpt.h"
#include "support/numbers.h"
#include "support/text.h"

namespace jungle {

namespace {

std::string in_quotes(std::string_view text) {
  std::string out(1, '"');
  out += excerpt(text, 80);
  out += '"';
  return out;
}

}  // namespace

std::string format_batch_request(const BatchRequest& request) {
  std::string line = std::to_string(request.depth) + " " + request.fen;
  if (!request.moves.empty()) line += " moves " + join_moves(request.moves);
  return line;
}

BatchRequest parse_batch_request(std::string_view line) {
  // A line from Windows ends in "\r\n", and trailing blanks are no part of the last word.
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
  if (std::any_of(line.begin(), line.end(), [](char c) { return (c >= 0 && c < ' ' && c != '\t') || c == 0x7f; }))
    throw BatchRequestError("a request holds a control character: " + in_quotes(line));
  std::vector<std::string> words = split_moves(line);
  if (words.empty()) throw BatchRequestError("an empty request; expected DEPTH FEN [moves MOVE...]");
  BatchRequest request;
  const auto depth = parse_whole_number(words[0], 0, PERFT_MAX_DEPTH);
  if (!depth)
    throw BatchRequestError("depth " + in_quotes(words[0]) + " is not a number from 0 to " +
                            std::to_string(PERFT_MAX_DEPTH));
  request.depth = *depth;
  std::size_t i = 1;
  for (; i < words.size() && words[i] != "moves"; ++i) {
    if (i > 1) request.fen += ' ';
    request.fen += words[i];
  }
  if (request.fen.empty()) throw BatchRequestError("no position after the depth; expected DEPTH FEN [moves MOVE...]");
  if (i < words.size()) request.moves.assign(words.begin() + long(i) + 1, words.end());
  return request;
}

std::string format_batch_answer(const Divide& divide) {
  std::string line = std::to_string(divide.total);
  for (const DivideLine& move : divide.lines) line += " " + move.move + ":" + std::to_string(move.nodes);
  return line;
}

Divide parse_batch_answer(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::vector<std::string> words = split_moves(line);
  auto broken = [&](const std::string& why) { return DivideParseError("answer " + in_quotes(line) + ": " + why); };
  if (words.empty()) throw broken("expected TOTAL MOVE:COUNT ...");
  const auto total = parse_whole_number<std::uint64_t>(words[0], 0, UINT64_MAX);
  if (!total) throw broken("the total " + in_quotes(words[0]) + " is not a count below 2^64");
  Divide divide{{}, *total};
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::size_t colon = words[i].find(':');
    const std::string_view move = std::string_view(words[i]).substr(0, colon);
    const auto count = colon == std::string::npos
                           ? std::nullopt
                           : parse_whole_number<std::uint64_t>(std::string_view(words[i]).substr(colon + 1), 0, UINT64_MAX);
    if (!count || !is_move_text(move))
      throw broken(in_quotes(words[i]) + " is not MOVE:COUNT, MOVE as in a1a2 and COUNT below 2^64");
    divide.lines.push_back({std::string(move), *count});
  }
  return divide;
}

Generator batch_generator(const std::string& command, const GeneratorLimits& limits) {
  auto child = std::make_shared<std::unique_ptr<ChildProcess>>();
  return [command, limits, child](int depth, const std::string& fen, const std::vector<std::string>& moves) {
    const std::string request = format_batch_request({depth, fen, moves});
    // A program that broke the contract (died, fell silent, printed out of turn) is stopped, and
    // the next request starts it afresh; one that answered "error" goes on.
    auto fail = [&](const std::string& why, bool stop = true) -> Divide {
      if (stop) child->reset();
      throw GeneratorError(command + " (batch), asked \"" + request + "\": " + why);
    };
    std::optional<std::string> answer;
    try {
      if (!*child) *child = std::make_unique<ChildProcess>(ChildSpec{.program = "/bin/sh", .args = {"-c", command}, .input = true, .name = "the program"});
      // A line printed before this request was asked would be taken for its answer, and every
      // later answer for the request before it: out of step, the moves would differ falsely.
      // (A deadline of now would not look at the pipe at all: a millisecond lets it be read.)
      if (std::optional<std::string> unasked =
              (*child)->read_line(ChildProcess::Clock::now() + std::chrono::milliseconds(1), limits.max_output))
        return fail("it printed a line no request asked for: " + in_quotes(*unasked));
      (*child)->send(request);
      answer = (*child)->read_line(ChildProcess::Clock::now() + std::chrono::seconds(limits.seconds), limits.max_output);
    } catch (const ChildProcessError& e) {
      const std::optional<int> status = *child ? (*child)->wait(ChildProcess::Clock::now() + std::chrono::seconds(1))
                                                : std::nullopt;
      return fail(status ? std::string(e.what()) + ": " + describe_exit(*status) : e.what());
    }
    if (!answer) return fail("did not answer within " + std::to_string(limits.seconds) + " s");
    if (answer->rfind("error", 0) == 0) return fail("it answered " + in_quotes(*answer), false);
    try {
      return parse_batch_answer(*answer);
    } catch (const DivideParseError& e) {
      return fail(e.what());
    }
  };
}

}  // namespace jungle
