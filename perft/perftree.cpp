#include "perft/perftree.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <sstream>

#include "engine/movegen.h"
#include "support/excerpt.h"
#include "support/numbers.h"
#include "support/text.h"

namespace jungle {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// A count is digits only: "12", not "+12", "-1", "12k" or "". One of 2^64 or more is not wrapped
// around: it is an error of its own, which clamp_whole_number tells apart.
enum class Count { Ok, Bad, TooLarge };
Count parse_count(std::string_view text, std::uint64_t& value) {
  bool too_large = false;
  const std::optional<std::uint64_t> count =
      clamp_whole_number<std::uint64_t>(text, 0, std::numeric_limits<std::uint64_t>::max(), &too_large);
  if (!count) return Count::Bad;
  if (too_large) return Count::TooLarge;
  value = *count;
  return Count::Ok;
}

// "a1a2 24" (perftree's) or "a1a2: 24" (Stockfish's).
Count parse_move_line(std::string_view text, DivideLine& line) {
  std::vector<std::string> fields = split_moves(text);
  if (fields.size() != 2) return Count::Bad;
  std::string_view move = fields[0];
  if (move.size() == 5 && move.back() == ':') move.remove_suffix(1);
  if (!is_move_text(move)) return Count::Bad;
  line.move = std::string(move);
  return parse_count(fields[1], line.nodes);
}

// "24" (perftree's) or "Nodes searched: 24" (Stockfish's).
bool is_total_line(std::string_view text) {
  std::vector<std::string> fields = split_moves(text);
  return fields.size() == 1 ? !fields[0].empty() && (std::isdigit(static_cast<unsigned char>(fields[0][0])) != 0)
                            : fields.size() == 3 && fields[0] == "Nodes" && fields[1] == "searched:";
}

Count parse_total_line(std::string_view text, std::uint64_t& total) {
  std::vector<std::string> fields = split_moves(text);
  if (fields.size() == 1) return parse_count(fields[0], total);
  if (fields.size() == 3 && fields[0] == "Nodes" && fields[1] == "searched:") return parse_count(fields[2], total);
  return Count::Bad;
}

// The line as an error message quotes it: long lines cut and control bytes escaped, so the
// message stays one line.
std::string quoted(std::string_view line) { return "\"" + excerpt(line, 80) + "\""; }

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

[[noreturn]] void broken(std::size_t index, std::string_view line, const std::string& fault) {
  throw DivideParseError("line " + std::to_string(index + 1) + " " + quoted(line) + ": " + fault);
}

}  // namespace

bool is_move_text(std::string_view text) {
  auto square = [](std::string_view s) { return s[0] >= 'a' && s[0] <= 'g' && s[1] >= '1' && s[1] <= '9'; };
  return text.size() == 4 && square(text.substr(0, 2)) && square(text.substr(2));
}

std::vector<std::string> split_moves(std::string_view moves) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < moves.size()) {
    while (i < moves.size() && is_blank(moves[i])) ++i;
    std::size_t start = i;
    while (i < moves.size() && !is_blank(moves[i])) ++i;
    if (i > start) out.emplace_back(moves.substr(start, i - start));
  }
  return out;
}

std::string join_moves(const std::vector<std::string>& moves) { return join(moves, " "); }

Position play_moves(const Variant& variant, const std::string& fen, const std::vector<std::string>& moves) {
  Position pos = [&] {
    try {
      return Position(variant, fen);
    } catch (const PositionError& e) {
      throw PerftreeError(e.what());
    }
  }();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    Move m = parse_move(pos, moves[i]);
    if (m == MOVE_NONE)
      throw PerftreeError("move " + std::to_string(i + 1) + " '" + moves[i] + "' is not legal in " + pos.fen());
    Undo undo;  // never taken back: the position after the moves is the one wanted
    pos.do_move(m, undo);
  }
  return pos;
}

Divide divide_with_total(const Position& pos, int depth, const PerftOptions& options) {
  Divide d{divide(pos, depth, options), depth == 0 ? 1u : 0u};
  for (const DivideLine& line : d.lines) d.total += line.nodes;
  return d;
}

std::string format_perftree(const Divide& divide) {
  std::ostringstream out;
  for (const DivideLine& line : divide.lines) out << line.move << ' ' << line.nodes << '\n';
  out << '\n' << divide.total << '\n';
  return out.str();
}

Divide parse_divide(std::string_view output) {
  std::vector<std::string_view> lines = split_lines(output);
  Divide divide;
  std::uint64_t sum = 0;
  std::size_t i = 0;
  for (; i < lines.size() && !is_total_line(lines[i]) && !split_moves(lines[i]).empty(); ++i) {
    DivideLine line;
    switch (parse_move_line(lines[i], line)) {
      case Count::Bad: broken(i, lines[i], "expected \"MOVE COUNT\" or \"MOVE: COUNT\", MOVE as in a1a2");
      case Count::TooLarge: broken(i, lines[i], "the count does not fit in 64 bits");
      case Count::Ok: break;
    }
    // Their total is checked against this sum later; a wrapped sum could pass for it.
    if (__builtin_add_overflow(sum, line.nodes, &sum)) broken(i, lines[i], "the sum of the counts does not fit in 64 bits");
    divide.lines.push_back(std::move(line));
  }
  while (i < lines.size() && split_moves(lines[i]).empty()) ++i;  // Stockfish and perftree print a blank line
  if (i == lines.size())
    throw DivideParseError("the output ends after " + std::to_string(lines.size()) +
                           " lines without the total (\"N\" or \"Nodes searched: N\")");
  switch (parse_total_line(lines[i], divide.total)) {
    case Count::Bad: broken(i, lines[i], "expected the total, \"N\" or \"Nodes searched: N\"");
    case Count::TooLarge: broken(i, lines[i], "the total does not fit in 64 bits");
    case Count::Ok: break;
  }
  for (++i; i < lines.size(); ++i)
    if (!split_moves(lines[i]).empty()) broken(i, lines[i], "expected nothing after the total");
  return divide;
}

}  // namespace jungle
