// Makes a rules suite (data/reference/perft/rules/VARIANT.epd): a few positions such that every
// rule flip of tests/rule_flips.h that can change this variant's moves changes the perft divide at
// depth 3 of at least one of them, so that `perft-diff` from them finds a generator that gets any
// one rule wrong. Run by hand, deterministic from the seed:
//   make_rules_suite --variant V [--seed S] [--candidates N] [--output FILE]
//
// It draws N candidate positions (half randpos::random_fen without duplicate kinds, half small
// targeted placements: a piece beside water, a trap, a den, or on a jump lane with a blocker),
// finds for each flip the candidates whose root move set differs under the flip (or, for a flip
// no root move set shows, whose divide at depth 3 differs), and picks a small covering set
// greedily: the candidate that covers most flips not yet covered, the cheaper at depth 3 on a
// tie. The counts D1 D2 D3 are the mailbox's (tests/mailbox.h), which shares nothing with the
// engine, so the engine is checked against them.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../mailbox.h"
#include "../random_positions.h"
#include "../rule_flips.h"
#include "engine/position.h"
#include "engine/variant_loader.h"
#include "support/numbers.h"

namespace {

using mailbox::Board;
using mailbox::Rules;

constexpr int DEPTH = 3;

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "make_rules_suite: " << message << "\n";
  std::exit(2);
}

// The value of a flag that takes a whole number from 0 to max.
template <class T>
T whole_number(const std::string& flag, const std::string& text, T max) {
  const std::optional<T> n = jungle::parse_whole_number<T>(text, 0, max);
  if (!n) fail(flag + " " + jungle::whole_number_expected<T>(text, 0, max));
  return *n;
}

int uniform(std::mt19937_64& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

bool is_water(const Rules& r, int sq) { return r.terrain[sq] == '~'; }
bool is_trap(const Rules& r, int sq) { return r.terrain[sq] == 'T' || r.terrain[sq] == 't'; }
bool is_den(const Rules& r, int sq) { return r.terrain[sq] == 'D' || r.terrain[sq] == 'd'; }

int neighbour(int sq, int dir) {
  static const int df[4] = {0, 0, 1, -1}, dr[4] = {1, -1, 0, 0};
  int f = sq % mailbox::FILES + df[dir], r = sq / mailbox::FILES + dr[dir];
  if (f < 0 || f >= mailbox::FILES || r < 0 || r >= mailbox::RANKS) return -1;
  return r * mailbox::FILES + f;
}

// May a piece of (side, kind) stand on sq in a position jungle::Position accepts?
bool may_stand(const Rules& r, int side, int kind, int sq) {
  if (r.terrain[sq] == (side == mailbox::FIRST ? 'D' : 'd')) return false;
  if (is_water(r, sq) && !r.swimmer[kind]) return false;
  return true;
}

// A small placement aimed at one rule: a focus piece of the side to move on a square by the
// water, a trap or a den, an enemy (or nothing) on a square it may reach by a step or a jump,
// now and then a piece in the water of the jump's lane, and a few other pieces. At most one
// piece of each kind a side.
std::string targeted_fen(const Rules& r, std::mt19937_64& rng) {
  Board b;
  b.rules = &r;
  bool used[2][mailbox::KINDS] = {};
  auto place = [&](int side, int kind, int sq) {
    if (sq < 0 || used[side][kind] || !b.cells[sq].empty() || !may_stand(r, side, kind, sq)) return false;
    b.cells[sq].side = side;
    b.cells[sq].kind = kind;
    used[side][kind] = true;
    return true;
  };
  auto interesting = [&](int sq) {
    for (int d = 0; d < 4; ++d) {
      int n = neighbour(sq, d);
      if (n >= 0 && (is_water(r, n) || is_trap(r, n) || is_den(r, n))) return true;
    }
    return is_trap(r, sq) || is_water(r, sq);
  };

  int side = uniform(rng, 0, 1);
  int kind = uniform(rng, 0, mailbox::KINDS - 1);
  int from = -1;
  for (int tries = 0; tries < 100 && from < 0; ++tries) {
    int sq = uniform(rng, 0, mailbox::SQUARES - 1);
    if ((interesting(sq) || uniform(rng, 0, 3) == 0) && place(side, kind, sq)) from = sq;
  }
  if (from < 0) return "";

  // The target: a neighbour, or the landing of a jump over the water in some direction.
  int dir = uniform(rng, 0, 3);
  int to = neighbour(from, dir);
  std::vector<int> lane;
  if (to >= 0 && is_water(r, to) && !is_water(r, from) && uniform(rng, 0, 1)) {
    while (to >= 0 && is_water(r, to)) {
      lane.push_back(to);
      to = neighbour(to, dir);
    }
  }
  if (to >= 0 && uniform(rng, 0, 3) != 0) place(1 - side, uniform(rng, 0, mailbox::KINDS - 1), to);
  if (!lane.empty() && uniform(rng, 0, 1)) {
    int swimmer = uniform(rng, 0, mailbox::KINDS - 1);
    place(uniform(rng, 0, 1), swimmer, lane[uniform(rng, 0, int(lane.size()) - 1)]);
  }

  // A few more pieces, one now and then on the enemy den (a finished game).
  int extra = uniform(rng, 0, 4);
  for (int i = 0; i < extra; ++i) {
    int s = uniform(rng, 0, 1), k = uniform(rng, 0, mailbox::KINDS - 1);
    for (int tries = 0; tries < 20; ++tries) {
      int sq = uniform(rng, 0, mailbox::SQUARES - 1);
      if (is_den(r, sq) && uniform(rng, 0, 9) != 0) continue;
      if (place(s, k, sq)) break;
    }
  }
  b.to_move = side;
  return mailbox::board_fen(b);
}

bool has_duplicate_kinds(const std::string& fen) {
  std::set<char> seen;
  for (char ch : fen.substr(0, fen.find(' ')))
    if (std::isalpha(static_cast<unsigned char>(ch)) && !seen.insert(ch).second) return true;
  return false;
}

struct Divide {
  std::vector<std::pair<std::string, std::uint64_t>> lines;  // sorted by move
  bool operator==(const Divide&) const = default;
};

Divide divide(const std::string& fen, const Rules& rules, int depth) {
  Board b = mailbox::board_from_fen(fen, rules);
  Divide d;
  for (const mailbox::Move& m : mailbox::generate(b)) {
    mailbox::Undo u;
    mailbox::make_move(b, m, u);
    d.lines.emplace_back(mailbox::move_text(m), mailbox::perft(b, depth - 1));
    mailbox::unmake_move(b, m, u);
  }
  std::sort(d.lines.begin(), d.lines.end());
  return d;
}

std::uint64_t perft(const std::string& fen, const Rules& rules, int depth) {
  Board b = mailbox::board_from_fen(fen, rules);
  return mailbox::perft(b, depth);
}

struct Candidate {
  std::string fen;
  std::set<int> catches;  // flip indices
  std::uint64_t cost = 0; // perft(3), computed when needed
};

}  // namespace

int main(int argc, char** argv) {
  std::string variant_name, output;
  std::uint64_t seed = 1;
  int count = 20000;
  std::vector<std::string> args(argv + 1, argv + argc);
  for (std::size_t i = 0; i < args.size(); ++i) {
    auto value = [&]() {
      if (i + 1 >= args.size()) fail(args[i] + " needs a value");
      return args[++i];
    };
    if (args[i] == "--variant")
      variant_name = value();
    else if (args[i] == "--seed")
      seed = whole_number("--seed", value(), std::numeric_limits<std::uint64_t>::max());
    else if (args[i] == "--candidates")
      count = whole_number("--candidates", value(), std::numeric_limits<int>::max());
    else if (args[i] == "--output")
      output = value();
    else
      fail("usage: make_rules_suite --variant V [--seed S] [--candidates N] [--output FILE]");
  }
  if (variant_name.empty()) fail("--variant is required");
  const jungle::Variant variant = jungle::load_variant(variant_name);
  const Rules rules = Rules::from_variant(variant);
  const std::vector<mailbox::RuleFlip> flips = mailbox::rule_flips(rules);
  std::vector<Rules> wrong;
  for (const mailbox::RuleFlip& f : flips) wrong.push_back(mailbox::flipped(rules, f));

  // The candidates, each accepted by jungle::Position.
  std::mt19937_64 rng(seed);
  std::vector<Candidate> candidates;
  std::set<std::string> seen;
  while (int(candidates.size()) < count) {
    std::string fen = candidates.size() % 2 ? randpos::random_fen(variant, rng) : targeted_fen(rules, rng);
    if (fen.empty() || has_duplicate_kinds(fen) || !seen.insert(fen).second) continue;
    try {
      jungle::Position check(variant, fen);
    } catch (const std::exception&) {
      continue;
    }
    candidates.push_back({fen, {}, 0});
  }

  // Which flips change each candidate's root move set.
  for (Candidate& c : candidates) {
    std::vector<std::string> right = mailbox::mailbox_moves(mailbox::board_from_fen(c.fen, rules));
    for (std::size_t f = 0; f < flips.size(); ++f)
      if (mailbox::mailbox_moves(mailbox::board_from_fen(c.fen, wrong[f])) != right) c.catches.insert(int(f));
  }
  // A flip no root move set shows may still show below: look for it in the divide at depth 3,
  // over the first candidates.
  for (std::size_t f = 0; f < flips.size(); ++f) {
    bool found = std::any_of(candidates.begin(), candidates.end(), [&](auto& c) { return c.catches.count(int(f)); });
    if (found) continue;
    int limit = std::min<int>(int(candidates.size()), 3000);
    for (int i = 0; i < limit; ++i)
      if (divide(candidates[i].fen, rules, DEPTH) != divide(candidates[i].fen, wrong[f], DEPTH))
        candidates[i].catches.insert(int(f));
  }

  // Greedy cover.
  std::set<int> uncovered;
  for (const Candidate& c : candidates) uncovered.insert(c.catches.begin(), c.catches.end());
  std::set<int> observable = uncovered;
  std::vector<int> chosen;
  while (!uncovered.empty()) {
    int best = -1;
    std::size_t best_new = 0;
    for (int i = 0; i < int(candidates.size()); ++i) {
      Candidate& c = candidates[i];
      std::size_t fresh = 0;
      for (int f : c.catches) fresh += uncovered.count(f);
      if (fresh == 0 || fresh < best_new) continue;
      if (c.cost == 0) c.cost = perft(c.fen, rules, DEPTH) + 1;
      if (fresh > best_new || c.cost < candidates[best].cost) {
        best = i;
        best_new = fresh;
      }
    }
    chosen.push_back(best);
    for (int f : candidates[best].catches) uncovered.erase(f);
  }

  // What each chosen position shows at depth 3, exactly as perft-diff would compare it.
  std::ostringstream out;
  std::string command = "build/tests/tools/make_rules_suite";
  for (const std::string& a : args) command += " " + a;
  out << "# rules: " << variant_name << "\n"
      << "# Rules suite for the variant '" << variant_name << "': every rule flip of tests/rule_flips.h that\n"
      << "# can change this variant's moves changes the perft divide at depth 3 of some position here.\n"
      << "# Counts by the plain mailbox generator of tests/mailbox.h, which shares no code with the engine.\n"
      << "# Made by: " << command << "\n"
      << "# (tests/tools/make_rules_suite.cpp: " << count << " candidate positions drawn from seed " << seed
      << ", a small covering set picked greedily.)\n";
  std::string unseen;
  for (std::size_t f = 0; f < flips.size(); ++f)
    if (!observable.count(int(f))) unseen += " " + flips[f].name;
  out << "# No candidate shows:" << (unseen.empty() ? " (none)" : unseen) << "\n";
  for (int i : chosen) {
    const std::string& fen = candidates[i].fen;
    std::string names;
    const Divide right = divide(fen, rules, DEPTH);
    for (std::size_t f = 0; f < flips.size(); ++f)
      if (divide(fen, wrong[f], DEPTH) != right) names += (names.empty() ? "" : ", ") + flips[f].name;
    out << "#\n# catches: " << names << "\n" << fen;
    for (int d = 1; d <= DEPTH; ++d) out << " ;D" << d << ' ' << perft(fen, rules, d);
    out << "\n";
  }
  if (output.empty()) {
    std::cout << out.str();
  } else {
    std::ofstream file(output);
    file << out.str();
    if (!file) fail("cannot write " + output);
  }
  std::cerr << variant_name << ": " << chosen.size() << " positions, " << observable.size() << " of " << flips.size()
            << " flips shown;" << (unseen.empty() ? " all" : " not:" + unseen) << "\n";
  return 0;
}
