// A perft program for the perft-diff tests that speaks perftree's contract,
//   wrong_perftree [FAULT...] DEPTH FEN [MOVES]
// counting with the plain mailbox generator of tests/mailbox.h, with faults switched on by
// flags so a test knows exactly what is wrong:
//   --variant V                   the rules (default: standard)
//   --flip RULE                   negate elephant_captures_rat, rat_captures_elephant or land_to_water
//   --blocked-by any|enemy|none   change what stops a jump over water
//   --finished-counts-zero        a finished game (a den entered) counts no leaf at depth 0
//   --total-off-by N              add N to the printed total
// Without faults it agrees with `jungle perft --perftree`.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "../mailbox.h"
#include "engine/variant_loader.h"

namespace {

struct Faults {
  bool finished_counts_zero = false;
  std::int64_t total_off_by = 0;
};

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "wrong_perftree: " << message << "\n";
  std::exit(1);
}

void flip(mailbox::Rules& rules, const std::string& rule) {
  if (rule == "elephant_captures_rat")
    rules.elephant_captures_rat = !rules.elephant_captures_rat;
  else if (rule == "rat_captures_elephant")
    rules.rat_captures_elephant = !rules.rat_captures_elephant;
  else if (rule == "land_to_water")
    rules.land_to_water = !rules.land_to_water;
  else
    fail("unknown rule to flip: " + rule);
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

void play(mailbox::Board& b, const std::string& text) {
  for (const mailbox::Move& m : mailbox::generate(b))
    if (mailbox::move_text(m) == text) {
      mailbox::Undo u;
      mailbox::make_move(b, m, u);
      return;
    }
  fail("illegal move " + text + " in " + mailbox::board_fen(b));
}

// One line per move, sorted by move text as the contract's example is; none at depth 0.
void print_divide(mailbox::Board& board, int depth, const Faults& faults) {
  std::vector<mailbox::Move> moves;
  if (depth > 0) moves = mailbox::generate(board);
  std::sort(moves.begin(), moves.end(), [](const mailbox::Move& a, const mailbox::Move& b) {
    return mailbox::move_text(a) < mailbox::move_text(b);
  });
  std::uint64_t total = depth == 0 ? 1 : 0;
  for (const mailbox::Move& m : moves) {
    mailbox::Undo u;
    mailbox::make_move(board, m, u);
    std::uint64_t nodes = count(board, depth - 1, faults);
    mailbox::unmake_move(board, m, u);
    std::cout << mailbox::move_text(m) << ' ' << nodes << '\n';
    total += nodes;
  }
  std::cout << '\n' << total + std::uint64_t(faults.total_off_by) << '\n';
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string variant = "standard";
  std::vector<std::string> flips;
  std::string blocked_by;
  Faults faults;
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
      else if (args[i] == "--blocked-by")
        blocked_by = value("--blocked-by");
      else if (args[i] == "--finished-counts-zero")
        faults.finished_counts_zero = true;
      else if (args[i] == "--total-off-by")
        faults.total_off_by = std::stoll(value("--total-off-by"));
      else
        fail("unknown flag " + args[i]);
    }
    if (args.size() - i < 2 || args.size() - i > 3) fail("usage: wrong_perftree [FAULT...] DEPTH FEN [MOVES]");

    mailbox::Rules rules = mailbox::Rules::from_variant(jungle::load_variant(variant));
    for (const std::string& rule : flips) flip(rules, rule);
    if (!blocked_by.empty()) rules.blocked_by = blockers(blocked_by);
    int depth = std::stoi(args[i]);
    mailbox::Board board = mailbox::board_from_fen(args[i + 1], rules);
    if (args.size() - i == 3)
      for (const std::string& m : words(args[i + 2])) play(board, m);

    print_divide(board, depth, faults);
  } catch (const std::exception& e) {
    fail(e.what());
  }
  return 0;
}
