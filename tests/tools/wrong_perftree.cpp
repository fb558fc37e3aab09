// A perft program for the perft-diff tests and the rules suites, over the plain mailbox
// generator of tests/mailbox.h, with faults switched on by flags so a test knows exactly what
// is wrong. It speaks three contracts:
//   wrong_perftree [FLAG...] DEPTH FEN [MOVES]   perftree's: "MOVE COUNT" lines, a blank line,
//                                                the total
//   ... --format stockfish DEPTH FEN [MOVES]     Stockfish's divide: "MOVE: COUNT" lines, a
//                                                blank line, "Nodes searched: N"
//   ... --batch                                  requests on standard input, one a line,
//                                                "DEPTH FEN" or "DEPTH FEN moves M1 M2 ...";
//                                                one line back for each, flushed:
//                                                "TOTAL MOVE:COUNT ..." or "error MESSAGE"
// Flags:
//   --variant V                   the rules (default: standard)
//   --flip NAME                   one rule flip of tests/rule_flips.h (repeatable)
//   --list-flips                  print every flip's name and description, and exit
//   --blocked-by any|enemy|none   change what stops a jump over water
//   --finished-counts-zero        a finished game (a den entered) counts no leaf at depth 0
//   --total-off-by N              add N to the printed total
// Without faults it agrees with `jungle perft --perftree`.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "../mailbox.h"
#include "../rule_flips.h"
#include "engine/variant_loader.h"
#include "support/numbers.h"

namespace {

struct Faults {
  bool finished_counts_zero = false;
  std::int64_t total_off_by = 0;
};

enum class Format { Perftree, Stockfish };

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "wrong_perftree: " << message << "\n";
  std::exit(1);
}

mailbox::Blockers blockers(const std::string& text) {
  if (text == "any") return mailbox::Blockers::Any;
  if (text == "enemy") return mailbox::Blockers::Enemy;
  if (text == "none") return mailbox::Blockers::None;
  fail("--blocked-by takes any, enemy or none, not " + text);
}

// Some piece stands on its enemy's den (mailbox.cpp keeps its own test private).
bool finished(const mailbox::Board& b) {
  for (int sq = 0; sq < mailbox::SQUARES; ++sq) {
    const mailbox::Cell& c = b.cells[sq];
    if (!c.empty() && b.rules->terrain[sq] == (c.side == mailbox::FIRST ? 'd' : 'D')) return true;
  }
  return false;
}

std::uint64_t count(mailbox::Board& b, int depth, const Faults& faults) {
  if (depth == 0) return faults.finished_counts_zero && finished(b) ? 0 : 1;
  std::uint64_t nodes = 0;
  for (const mailbox::Move& m : mailbox::generate(b)) {
    mailbox::Undo u;
    mailbox::make_move(b, m, u);
    nodes += count(b, depth - 1, faults);
    mailbox::unmake_move(b, m, u);
  }
  return nodes;
}

// Throws std::invalid_argument when the move is not legal there.
void play(mailbox::Board& b, const std::string& text) {
  for (const mailbox::Move& m : mailbox::generate(b))
    if (mailbox::move_text(m) == text) {
      mailbox::Undo u;
      mailbox::make_move(b, m, u);
      return;
    }
  throw std::invalid_argument("illegal move " + text + " in " + mailbox::board_fen(b));
}

struct Line {
  std::string move;
  std::uint64_t nodes;
};

// Each legal move with its count depth-1 plies below, sorted by move text; none at depth 0.
std::vector<Line> divide(mailbox::Board& board, int depth, const Faults& faults) {
  std::vector<Line> lines;
  if (depth == 0) return lines;
  for (const mailbox::Move& m : mailbox::generate(board)) {
    mailbox::Undo u;
    mailbox::make_move(board, m, u);
    lines.push_back({mailbox::move_text(m), count(board, depth - 1, faults)});
    mailbox::unmake_move(board, m, u);
  }
  std::sort(lines.begin(), lines.end(), [](const Line& a, const Line& b) { return a.move < b.move; });
  return lines;
}

// The total as printed: the sum of the lines (1 at depth 0), with the fault added.
std::uint64_t total(const std::vector<Line>& lines, int depth, const Faults& faults) {
  std::uint64_t sum = depth == 0 ? 1 : 0;
  for (const Line& l : lines) sum += l.nodes;
  return sum + std::uint64_t(faults.total_off_by);
}

void print_divide(mailbox::Board& board, int depth, const Faults& faults, Format format) {
  std::vector<Line> lines = divide(board, depth, faults);
  const char* separator = format == Format::Stockfish ? ": " : " ";
  for (const Line& l : lines) std::cout << l.move << separator << l.nodes << '\n';
  std::cout << '\n' << (format == Format::Stockfish ? "Nodes searched: " : "") << total(lines, depth, faults) << '\n';
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

int parse_depth(const std::string& text) {
  const std::optional<int> depth = text.size() <= 2 ? jungle::parse_whole_number(text, 0, 99) : std::nullopt;
  if (!depth) throw std::invalid_argument("bad depth \"" + text + "\"");
  return *depth;
}

// One batch request, "DEPTH BOARD SIDE [moves M1 M2 ...]", answered as one line.
std::string answer(const std::string& request, const mailbox::Rules& rules, const Faults& faults) {
  std::vector<std::string> tokens = words(request);  // spaces, tabs and a trailing \r all separate
  if (tokens.size() < 3) throw std::invalid_argument("expected DEPTH FEN [moves M1 M2 ...]");
  if (tokens.size() > 3 && tokens[3] != "moves") throw std::invalid_argument("expected \"moves\", not \"" + tokens[3] + "\"");
  int depth = parse_depth(tokens[0]);
  mailbox::Board board = mailbox::board_from_fen(tokens[1] + " " + tokens[2], rules);
  for (std::size_t i = 4; i < tokens.size(); ++i) play(board, tokens[i]);
  std::vector<Line> lines = divide(board, depth, faults);
  std::string out = std::to_string(total(lines, depth, faults));
  for (const Line& l : lines) out += ' ' + l.move + ':' + std::to_string(l.nodes);
  return out;
}

void serve_batch(const mailbox::Rules& rules, const Faults& faults) {
  for (std::string request; std::getline(std::cin, request);) {
    std::string reply;
    try {
      reply = answer(request, rules, faults);
    } catch (const std::exception& e) {
      reply = std::string("error ") + e.what();
    }
    std::cout << reply << std::endl;  // flushed: the caller waits for each line
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string variant = "standard";
  std::vector<std::string> flips;
  std::string blocked_by;
  Faults faults;
  Format format = Format::Perftree;
  bool batch = false, list_flips = false;
  std::size_t i = 0;
  try {
    auto value = [&](const std::string& flag) {
      if (i + 1 >= args.size()) fail(flag + " needs a value");
      return args[++i];
    };
    for (; i < args.size() && args[i].rfind("--", 0) == 0; ++i) {
      if (args[i] == "--variant")
        variant = value("--variant");
      else if (args[i] == "--flip")
        flips.push_back(value("--flip"));
      else if (args[i] == "--list-flips")
        list_flips = true;
      else if (args[i] == "--blocked-by")
        blocked_by = value("--blocked-by");
      else if (args[i] == "--finished-counts-zero")
        faults.finished_counts_zero = true;
      else if (args[i] == "--total-off-by") {
        const std::string off_by = value("--total-off-by");
        const auto n = jungle::parse_whole_number<std::int64_t>(off_by, INT64_MIN, INT64_MAX);
        if (!n) fail("--total-off-by takes a whole number, not " + off_by);
        faults.total_off_by = *n;
      } else if (args[i] == "--batch")
        batch = true;
      else if (args[i] == "--format") {
        std::string f = value("--format");
        if (f == "stockfish")
          format = Format::Stockfish;
        else if (f == "perftree")
          format = Format::Perftree;
        else
          fail("--format takes perftree or stockfish, not " + f);
      } else
        fail("unknown flag " + args[i]);
    }

    mailbox::Rules rules = mailbox::Rules::from_variant(jungle::load_variant(variant));
    if (list_flips) {
      for (const mailbox::RuleFlip& flip : mailbox::rule_flips(rules))
        std::cout << flip.name << "  " << flip.description << '\n';
      return 0;
    }
    for (const std::string& name : flips) {
      std::optional<mailbox::RuleFlip> flip = mailbox::find_rule_flip(rules, name);
      if (!flip) fail("unknown rule to flip: " + name + " (--list-flips lists them)");
      flip->apply(rules);
    }
    if (!blocked_by.empty()) rules.blocked_by = blockers(blocked_by);

    if (batch) {
      if (i != args.size()) fail("--batch reads its requests from standard input, not arguments");
      serve_batch(rules, faults);
      return 0;
    }
    if (args.size() - i < 2 || args.size() - i > 3) fail("usage: wrong_perftree [FLAG...] DEPTH FEN [MOVES]");
    int depth = parse_depth(args[i]);
    mailbox::Board board = mailbox::board_from_fen(args[i + 1], rules);
    if (args.size() - i == 3)
      for (const std::string& m : words(args[i + 2])) play(board, m);

    print_divide(board, depth, faults, format);
  } catch (const std::exception& e) {
    fail(e.what());
  }
  return 0;
}
