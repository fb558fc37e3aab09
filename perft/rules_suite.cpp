#include "perft/rules_suite.h"

#include <algorithm>
#include <cctype>
#include <random>
#include <set>
#include <sstream>

#include "engine/movegen.h"
#include "engine/position.h"
#include "perft/perft.h"
#include "perft/random_positions.h"
#include "perft/rule_flips.h"
#include "support/text.h"

namespace jungle {

namespace {

struct Candidate {
  std::string fen;
  std::vector<Position::Placement> pieces;
  Color side = WHITE;
  std::set<int> shows;     // flip indices
  std::uint64_t cost = 0;  // perft at RULES_SUITE_DEPTH, plus one; 0 until needed
  std::vector<std::pair<Move, std::uint64_t>> divide;  // under the variant's rules; empty until needed
};

// The candidate's pieces under other rules. Not through the position text, which the flipped
// rules may refuse: a flip that takes the rat out of the water leaves it there, to show.
Position position_under(const Variant& v, const Candidate& c) { return Position::from_pieces(v, c.pieces, c.side); }

std::vector<Move> root_moves(const Position& pos) {
  const MoveList list = legal_moves(pos);
  std::vector<Move> moves(list.begin(), list.end());
  std::sort(moves.begin(), moves.end());
  return moves;
}

// The count below each root move, by move: the plain serial count, on a position of rules that
// may be flipped (divide() would read the position again from its text, under rules that may
// refuse it).
std::vector<std::pair<Move, std::uint64_t>> serial_divide(Position pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> lines;
  Undo undo;
  for (Move m : legal_moves(pos)) {
    pos.do_move(m, undo);
    lines.emplace_back(m, perft(pos, depth - 1));
    pos.undo_move(m, undo);
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

// Other generators (public engines among them) may hold one piece of a kind a side.
bool has_duplicate_kinds(const std::string& fen) {
  std::set<char> seen;
  for (char ch : fen.substr(0, fen.find(' ')))
    if (std::isalpha(static_cast<unsigned char>(ch)) && !seen.insert(ch).second) return true;
  return false;
}

// Distinct candidates the variant accepts, alternately a targeted placement and a random position.
std::vector<Candidate> draw_candidates(const Variant& v, const RulesSuiteOptions& options) {
  std::mt19937_64 rng(options.seed);
  std::vector<Candidate> candidates;
  std::set<std::string> seen;
  // A board with fewer distinct positions than asked for would draw forever: at most 100 tries a
  // candidate.
  const long most_tries = 100L * options.candidates + 1000;
  for (long tries = 0; int(candidates.size()) < options.candidates && tries < most_tries; ++tries) {
    std::string fen = candidates.size() % 2 ? random_fen(v, rng) : targeted_fen(v, rng);
    if (fen.empty() || has_duplicate_kinds(fen) || seen.count(fen)) continue;
    try {
      const Position pos(v, fen);
      Candidate c{fen, {}, pos.side_to_move(), {}, 0, {}};
      for (int s = 0; s < SQUARE_NB; ++s)
        if (pos.piece_on(Square(s)) != NO_PIECE) c.pieces.push_back({pos.piece_on(Square(s)), Square(s)});
      candidates.push_back(std::move(c));
      seen.insert(fen);
    } catch (const PositionError&) {  // both dens entered, say: draw another
    }
  }
  return candidates;
}

}  // namespace

RulesSuite make_rules_suite(const Variant& v, const RulesSuiteOptions& options) {
  const std::vector<RuleFlip> flips = rule_flips(v);
  std::vector<Variant> wrong;
  for (const RuleFlip& f : flips) wrong.push_back(flipped(v, f));
  RulesSuite suite;
  suite.flips = int(flips.size());
  std::vector<int> live;  // the flips that change some table the move generator reads
  for (std::size_t f = 0; f < flips.size(); ++f) {
    if (static_cast<const ConcludedRules&>(wrong[f]) == static_cast<const ConcludedRules&>(v))
      suite.moot.push_back(flips[f].name);
    else
      live.push_back(int(f));
  }

  std::vector<Candidate> candidates = draw_candidates(v, options);
  suite.candidates = int(candidates.size());
  auto divide_under = [&](const Variant& rules, const Candidate& c) {
    return serial_divide(position_under(rules, c), RULES_SUITE_DEPTH);
  };
  // The right divide, counted once a candidate (every flip compares against it).
  auto right_divide = [&](Candidate& c) -> const std::vector<std::pair<Move, std::uint64_t>>& {
    if (c.divide.empty()) c.divide = divide_under(v, c);
    return c.divide;
  };
  auto count = [&](const Candidate& c, int depth) {
    Position pos = position_under(v, c);
    return perft(pos, depth);
  };

  // Most flips change some root move set; the rest are looked for deeper, in the divide.
  for (Candidate& c : candidates) {
    const std::vector<Move> right = root_moves(position_under(v, c));
    for (int f : live)
      if (root_moves(position_under(wrong[f], c)) != right) c.shows.insert(f);
  }
  for (int f : live) {
    if (std::any_of(candidates.begin(), candidates.end(), [&](const Candidate& c) { return c.shows.count(f); }))
      continue;
    for (Candidate& c : candidates)
      if (right_divide(c) != divide_under(wrong[f], c)) c.shows.insert(f);
  }

  std::set<int> uncovered;
  for (const Candidate& c : candidates) uncovered.insert(c.shows.begin(), c.shows.end());
  for (int f : live)
    if (!uncovered.count(f)) suite.unseen.push_back(flips[std::size_t(f)].name);

  // Greedy cover: most flips not yet shown, then the cheapest to count.
  while (!uncovered.empty()) {
    Candidate* best = nullptr;
    std::size_t best_new = 0;
    for (Candidate& c : candidates) {
      std::size_t fresh = 0;
      for (int f : c.shows) fresh += uncovered.count(f);
      if (fresh == 0 || fresh < best_new) continue;
      if (c.cost == 0) c.cost = count(c, RULES_SUITE_DEPTH) + 1;
      if (fresh > best_new || c.cost < best->cost) {
        best = &c;
        best_new = fresh;
      }
    }
    for (int f : best->shows) uncovered.erase(f);

    // What it shows in the end is what perft-diff compares: the divide at the suite's depth.
    RulesSuitePosition& p = suite.positions.emplace_back();
    p.fen = best->fen;
    const auto& right = right_divide(*best);
    for (int f : live)
      if (right != divide_under(wrong[std::size_t(f)], *best)) p.shows.push_back(flips[std::size_t(f)].name);
    for (int d = 1; d <= RULES_SUITE_DEPTH; ++d) p.counts.push_back(count(*best, d));
  }
  return suite;
}

std::string format_rules_suite(const RulesSuite& suite, const std::string& variant_name, const std::string& rules,
                               const std::string& made_by, const RulesSuiteOptions& options) {
  // Appended: GCC 12 warns falsely (-Wrestrict) on " " + std::string.
  auto names = [](const std::vector<std::string>& list) {
    std::string text = " ";
    text += list.empty() ? "(none)" : join(list, " ");
    return text;
  };
  std::ostringstream out;
  out << "# rules: " << rules << "\n"
      << "# Rules suite for the variant '" << variant_name << "': every rule flip (docs/perft.md) that can change\n"
      << "# this variant's moves changes the perft divide at depth " << RULES_SUITE_DEPTH
      << " of some position here, as far as " << suite.candidates << "\n"
      << "# candidate positions drawn from seed " << options.seed
      << " show; a small covering set was picked greedily.\n"
      << "# Counts by jungle's own move generator: a suite to check another generator against jungle's.\n"
      << "# Made by: " << made_by << "\n"
      << "# No position can show (the rules derive the same move tables with the flip):" << names(suite.moot) << "\n"
      << "# No candidate shows:" << names(suite.unseen) << "\n";
  for (const RulesSuitePosition& p : suite.positions) {
    out << "#\n# catches: " << join(p.shows) << "\n" << p.fen;
    for (std::size_t d = 0; d < p.counts.size(); ++d) out << " ;D" << d + 1 << ' ' << p.counts[d];
    out << "\n";
  }
  return out.str();
}

}  // namespace jungle
