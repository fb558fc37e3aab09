#include "perft/perftree.h"

#include <algorithm>
#include <charconv>
#include <sstream>

#include "engine/movegen.h"
#include "support/excerpt.h"
#include "support/text.h"

namespace jungle {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// A count is digits only: "12", not "+12", "-1", "12k" or "". One of 2^64 or more is not wrapped
// around: it is an error of its own.
enum class Count { Ok, Bad, TooLarge };
Count parse_count(std::string_view text, std::uint64_t& value) {
  if (text.empty()) return Count::Bad;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (end != text.data() + text.size()) return Count::Bad;
  if (error == std::errc::result_out_of_range) return Count::TooLarge;
  return error == std::errc() ? Count::Ok : Count::Bad;
}

// A move is printable ASCII, so that a report quoting it stays one readable line.
bool is_move_text(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c > ' ' && c < 0x7f; });
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
  throw PerftreeParseError("line " + std::to_string(index + 1) + " " + quoted(line) + ": " + fault);
}

}  // namespace

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

Divide parse_perftree(std::string_view output) {
  std::vector<std::string_view> lines = split_lines(output);
  Divide divide;
  std::uint64_t sum = 0;
  std::size_t i = 0;
  for (; i < lines.size() && !lines[i].empty(); ++i) {
    std::vector<std::string> fields = split_moves(lines[i]);
    std::uint64_t count = 0;
    Count parsed = fields.size() == 2 && is_move_text(fields[0]) ? parse_count(fields[1], count) : Count::Bad;
    if (parsed == Count::Bad) broken(i, lines[i], "expected \"MOVE COUNT\"");
    if (parsed == Count::TooLarge) broken(i, lines[i], "the count does not fit in 64 bits");
    // Their total is checked against this sum later; a wrapped sum could pass for it.
    if (__builtin_add_overflow(sum, count, &sum)) broken(i, lines[i], "the sum of the counts does not fit in 64 bits");
    divide.lines.push_back({fields[0], count});
  }
  if (i + 1 >= lines.size())
    throw PerftreeParseError("the output ends after " + std::to_string(lines.size()) +
                             " lines without a blank line and the total");
  ++i;  // the blank line
  std::vector<std::string> total = split_moves(lines[i]);
  Count parsed = total.size() == 1 ? parse_count(total[0], divide.total) : Count::Bad;
  if (parsed == Count::Bad) broken(i, lines[i], "expected the total, a bare number");
  if (parsed == Count::TooLarge) broken(i, lines[i], "the total does not fit in 64 bits");
  for (++i; i < lines.size(); ++i)
    if (!split_moves(lines[i]).empty()) broken(i, lines[i], "expected nothing after the total");
  return divide;
}

}  // namespace jungle
