// The static evaluation: colour symmetry (a position and its colour-mirrored twin are worth the
// same to the side to move, every term included) and the open entries of a den and the
// untakeable raiders worked out by hand from their definitions (EvalWeights::open_entry_ours,
// open_entry_theirs, raider_untakeable), and the squares a den threat can come from (the den's
// geometry, and random positions). Board: files a-g, ranks
// 1-9; White (upper case) has its den on d1 and its traps on c1, e1, d2; Black's den is d9.
// FENs list rank 9 first.
#include <gtest/gtest.h>

#include <cctype>
#include <random>

#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/variant_loader.h"
#include "search/evaluate.h"
#include "search/search.h"
#include "tests/random_positions.h"

using namespace jungle;

namespace {

// The same position with the colours exchanged: ranks reversed, upper and lower case swapped,
// the other side to move. The bundled boards are symmetric under this (dens, traps, water).
std::string colour_mirrored(const std::string& fen) {
  const std::size_t space = fen.find(' ');
  const std::string board = fen.substr(0, space);
  std::string mirrored;
  for (std::size_t end = board.size(); end != std::string::npos;) {
    const std::size_t slash = end == 0 ? std::string::npos : board.rfind('/', end - 1);
    const std::size_t start = slash == std::string::npos ? 0 : slash + 1;
    std::string rank = board.substr(start, end - start);
    for (char& c : rank) c = std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : char(std::toupper(c));
    if (!mirrored.empty()) mirrored += '/';
    mirrored += rank;
    if (slash == std::string::npos) break;
    end = slash;
  }
  mirrored += fen[space + 1] == 'w' ? " b" : " w";
  return mirrored;
}

// The untuned evaluation less the same without the open entries: the term alone.
int open_entry_term(const Variant& v, const std::string& fen) {
  EvalWeights without = EvalWeights::from_rules(v);
  without.open_entry_ours = without.open_entry_theirs = 0;
  const Position pos(v, fen);
  return Evaluator(v).evaluate(pos) - Evaluator(v, without).evaluate(pos);
}

// The position with the pieces written as one of `letters` taken off the board.
std::string without_pieces(const std::string& fen, const std::string& letters) {
  std::string out;
  int empty = 0;
  for (std::size_t i = 0; i < fen.size(); ++i) {
    const char c = fen[i];
    if (c == ' ') {
      if (empty) out += std::to_string(empty);
      return out + fen.substr(i);
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      empty += c - '0';
    } else if (letters.find(c) != std::string::npos) {
      ++empty;
    } else {
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += c;
    }
  }
  return out;
}

// The untuned evaluation less the same without the untakeable raiders: the term alone.
int raider_term(const Variant& v, const std::string& fen) {
  EvalWeights without = EvalWeights::from_rules(v);
  without.raider_untakeable = 0;
  const Position pos(v, fen);
  return Evaluator(v).evaluate(pos) - Evaluator(v, without).evaluate(pos);
}

}  // namespace

TEST(Evaluate, ColourMirroredPositionsAreWorthTheSame) {
  int positions_with_open_entries = 0, positions_with_raiders = 0;
  for (const char* name : {"standard", "ludii", "viidakko"}) {
    SCOPED_TRACE(name);
    const Variant v = load_variant(name);
    // Untuned, and with the open entries weighed unevenly so that a side mixed up shows.
    EvalWeights uneven = EvalWeights::from_rules(v);
    uneven.open_entry_ours = 333;
    uneven.open_entry_theirs = 7;
    uneven.raider_untakeable = 29;
    const Evaluator untuned(v), defence(v, uneven);
    // Games from the start, and from the start with Black's rat and cat alone, so that White's
    // dog and the kinds above it but the elephant are raiders wherever they stand.
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      Game game(v, seed <= 6 ? v.start : without_pieces(v.start, "dwptle"));
      Rng rng(seed);
      for (int ply = 0; ply < 150 && !game.end(); ++ply) {
        const std::string fen = game.position().fen();
        const Position pos(v, fen), twin(v, colour_mirrored(fen));
        ASSERT_EQ(twin.fen(), colour_mirrored(fen));
        EXPECT_EQ(untuned.evaluate(pos), untuned.evaluate(twin)) << fen;
        EXPECT_EQ(defence.evaluate(pos), defence.evaluate(twin)) << fen;
        positions_with_open_entries += open_entry_term(v, fen) != 0;
        positions_with_raiders += raider_term(v, fen) != 0;
        game.play(random_move(game.position(), rng));
      }
    }
  }
  // The games wander near both dens and capture pieces, so the terms were exercised.
  EXPECT_EQ(without_pieces("l5t/1d3c1/r1p1w1e/7 w", "dwptle"), "7/5c1/r6/7 w");
  EXPECT_GT(positions_with_open_entries, 5);
  EXPECT_GT(positions_with_raiders, 5);
}

// White's den d1 has the entries c1, e1, d2. A black dog on b1 stands next to c1, which no white
// piece stands on or next to (its neighbours are b1, c2 and the den): one open entry. White to
// move pays open_entry_theirs * 1² = 60; Black to move gains open_entry_ours = 200. The white
// tiger on a1 is next to b1, not to c1.
TEST(Evaluate, OpenEntriesByHand) {
  const Variant v = load_variant("standard");
  const EvalWeights w = EvalWeights::from_rules(v);
  ASSERT_EQ(w.open_entry_ours, 200);
  ASSERT_EQ(w.open_entry_theirs, 60);
  EXPECT_EQ(open_entry_term(v, "l6/7/7/7/7/7/7/7/Td5 w"), -60);
  EXPECT_EQ(open_entry_term(v, "l6/7/7/7/7/7/7/7/Td5 b"), 200);
  // A black cat on e2 is next to e1 and d2 as well: three open entries, 60 * 3² = 540; Black
  // to move gains 200 all the same (one of them is enough).
  EXPECT_EQ(open_entry_term(v, "l6/7/7/7/7/7/7/4c2/Td5 w"), -540);
  EXPECT_EQ(open_entry_term(v, "l6/7/7/7/7/7/7/4c2/Td5 b"), 200);
  // A white cat on d3 stands next to d2: c1 and e1 stay open, 60 * 2² = 240.
  EXPECT_EQ(open_entry_term(v, "l6/7/7/7/7/7/3C3/4c2/Td5 w"), -240);
  // A white cat on c2 stands next to c1 and d2: e1 alone is open, 60.
  EXPECT_EQ(open_entry_term(v, "l6/7/7/7/7/7/7/2C1c2/Td5 w"), -60);
  // A white piece on the entry itself closes it: the dog would have to take it first.
  EXPECT_EQ(open_entry_term(v, "l6/7/7/7/7/7/7/7/TdC4 w"), 0);
}

// Untakeable raiders: raider_untakeable = 40 for each piece within three steps of the enemy den,
// off the traps that weaken it, with no enemy piece that takes its kind (by rank or the
// rat/elephant exceptions) within two steps. Black's den d9: the zone is the squares at most
// three steps from it (rank 6 only on d6). Black's tiger on a9 takes neither lion nor elephant.
TEST(Evaluate, UntakeableRaidersByHand) {
  const Variant v = load_variant("standard");
  ASSERT_EQ(EvalWeights::from_rules(v).raider_untakeable, 40);
  // A white lion on e7: one raider, for White to move +40, for Black -40.
  EXPECT_EQ(raider_term(v, "t6/7/4L2/7/7/7/7/7/7 w"), 40);
  EXPECT_EQ(raider_term(v, "t6/7/4L2/7/7/7/7/7/7 b"), -40);
  // A white cat on e8 too: the tiger takes cats but stands 5 steps away: two raiders.
  EXPECT_EQ(raider_term(v, "t6/4C2/4L2/7/7/7/7/7/7 w"), 80);
  // A black elephant on f8, which takes both, one step from the cat and two from the lion: none.
  // On g8 it is three steps from the lion and two from the cat: the lion alone.
  EXPECT_EQ(raider_term(v, "t6/4Ce1/4L2/7/7/7/7/7/7 w"), 0);
  EXPECT_EQ(raider_term(v, "t6/4C1e/4L2/7/7/7/7/7/7 w"), 40);
  // A white elephant on e7 with a black rat on d8, two steps away (the rat takes the elephant):
  // none; with a black dog there instead: one.
  EXPECT_EQ(raider_term(v, "7/3r3/4E2/7/7/7/7/7/7 w"), 0);
  EXPECT_EQ(raider_term(v, "7/3d3/4E2/7/7/7/7/7/7 w"), 40);
  // The lion on d5, four steps from d9: outside the zone. On the trap e9, weakened: not counted.
  EXPECT_EQ(raider_term(v, "t6/7/7/7/3L3/7/7/7/7 w"), 0);
  EXPECT_EQ(raider_term(v, "t3L2/7/7/7/7/7/7/7/7 w"), 0);
  // A black lion on c2 against a white cat on g1: Black's raider, White to move -40. With a
  // white lion on e7 as well, far from the black one: a raider each, 0.
  EXPECT_EQ(raider_term(v, "7/7/7/7/7/7/7/2l4/6C w"), -40);
  EXPECT_EQ(raider_term(v, "7/7/4L2/7/7/7/7/2l4/6C w"), 0);
}

// The geometry behind Variant::den_threat_squares: a quiet move that makes a new den threat
// either lands next to the enemy den or where a jump onto it takes off (the moved piece
// threatens), or leaves a square in some jump's path (it opens the jump for another piece).
// Random positions of every bundled and reference variant and of random rules.
TEST(Evaluate, NewDenThreatsComeFromTheThreatSquaresOrAnOpenedJump) {
  std::mt19937_64 rng(20261202);
  int new_threats = 0, by_the_moved_piece = 0;
  for (const Variant& base : randpos::base_variants()) {
    for (int rules = 0; rules < 6; ++rules) {
      const Variant v = rules == 0 ? base : randpos::random_rules(base, rng);
      Bitboard jump_paths = 0;
      for (int s = 0; s < SQUARE_NB; ++s)
        for (int d = 0; d < DIRECTION_NB; ++d)
          if (v.jump_to[s][d] != SQ_NONE) jump_paths |= v.jump_path[s][d];
      for (int i = 0; i < 150; ++i) {
        Position pos(v, randpos::random_fen(v, rng));
        if (pos.den_entered()) continue;
        const Color us = pos.side_to_move();
        const bool before = threatens_den(pos, us);
        const Bitboard squares = v.den_threat_squares[us];
        for (Move m : legal_moves(pos)) {
          if (pos.piece_on(to_sq(m)) != NO_PIECE || (v.den_bb[~us] & square_bb(to_sq(m)))) continue;
          Undo undo;
          pos.do_move(m, undo);
          const bool after = threatens_den(pos, us);
          pos.undo_move(m, undo);
          if (!after || before) continue;
          ++new_threats;
          if (squares & square_bb(to_sq(m))) {
            ++by_the_moved_piece;
            continue;
          }
          EXPECT_TRUE(jump_paths & square_bb(from_sq(m)))
              << v.name << ": " << pos.fen() << " move " << move_to_string(m);
        }
      }
    }
  }
  // The positions must have exercised the property (mostly, if not only, through the moved
  // piece: discovered threats need a jump onto a den, which random rules rarely make).
  EXPECT_GT(by_the_moved_piece, 100);
  EXPECT_GT(new_threats, 100);
}

// In `standard` no jump lands on a den, so the threat squares are the den's neighbours: for
// White c9, e9 and d8. With water on d7 and d8, in front of Black's den d9, a lion or tiger on
// d6 jumps onto the den, and d6 is a threat square too; the random positions above rarely meet
// such a board.
TEST(Evaluate, DenThreatSquaresAreTheDensNeighboursAndTheTakeOffsOntoIt) {
  Variant v = load_variant("standard");
  const Bitboard neighbours = square_bb(make_square(2, 8)) | square_bb(make_square(4, 8)) | square_bb(make_square(3, 7));
  EXPECT_EQ(v.den_threat_squares[WHITE], neighbours);
  EXPECT_EQ(v.den_threat_squares[BLACK],
            square_bb(make_square(2, 0)) | square_bb(make_square(4, 0)) | square_bb(make_square(3, 1)));

  v.terrain[make_square(3, 6)] = WATER;
  v.terrain[make_square(3, 7)] = WATER;
  v.conclude();
  EXPECT_EQ(v.den_threat_squares[WHITE], neighbours | square_bb(make_square(3, 5)));

  // The lion steps d5-d6 and threatens the den by the jump.
  Position lion(v, "7/7/7/7/3L3/7/7/7/7 w");
  EXPECT_FALSE(threatens_den(lion, WHITE));
  Undo undo;
  lion.do_move(parse_move(lion, "d5d6"), undo);
  EXPECT_TRUE(threatens_den(lion, WHITE));

  // White's rat in d7 blocks the lion on d6; leaving for c7 opens the jump: a discovered threat
  // from a square in the jump's path, onto a square that is not a threat square.
  EXPECT_FALSE(v.den_threat_squares[WHITE] & square_bb(make_square(2, 6)));
  Position rat(v, "7/7/3R3/3L3/7/7/7/7/7 w");
  EXPECT_FALSE(threatens_den(rat, WHITE));
  rat.do_move(parse_move(rat, "d7c7"), undo);
  EXPECT_TRUE(threatens_den(rat, WHITE));
}

namespace {

// Calls check(pos) on random positions under random rules (150 sets of rules, 20 positions each,
// each with both sides to move): the positions on which the masks below are compared with the
// move generator, their independent reference.
template <class Check>
void for_random_positions(std::uint64_t seed, Check&& check) {
  std::mt19937_64 rng(seed);
  const std::vector<Variant> bases = randpos::base_variants();
  for (int rules = 0; rules < 150; ++rules) {
    const Variant v = rules % 3 == 0 ? bases[std::size_t(rules / 3) % bases.size()]
                                     : randpos::random_rules(bases[std::size_t(rules) % bases.size()], rng);
    for (int i = 0; i < 20; ++i) {
      std::string fen = randpos::random_fen(v, rng);
      for (const char side : {'w', 'b'}) {
        fen.back() = side;
        check(Position(v, fen));
      }
    }
  }
}

}  // namespace

// The evaluator's threats are the move generator's captures: on random positions under random
// rules, for either side to move, the best piece that legal_moves can take is the one
// threatened_value names.
TEST(Evaluate, ThreatsAreTheMoveGeneratorsCaptures) {
  int compared = 0;
  for_random_positions(4242, [&](const Position& pos) {
    const MoveList moves = legal_moves(pos);
    if (moves.size == 0) return;  // a den entered: no moves, and no threat to compare
    const Evaluator evaluator(pos.variant());
    int best = 0;
    for (Move m : moves)
      if (const Piece taken = pos.piece_on(to_sq(m)); taken != NO_PIECE)
        best = std::max(best, evaluator.piece_value(kind_of(taken)));
    ASSERT_EQ(evaluator.threatened_value(pos, pos.side_to_move()), best) << pos.variant().name << ": " << pos.fen();
    ++compared;
  });
  EXPECT_GT(compared, 4000);
}

// threatens_den reads precomputed den-entry squares; the move generator is the independent
// reference: a side threatens the den exactly when one of its moves, were it to move, lands there.
TEST(Evaluate, DenThreatsAreTheMoveGeneratorsDenEntries) {
  int compared = 0, threats = 0;
  for_random_positions(4343, [&](const Position& pos) {
    const Color us = pos.side_to_move();
    bool enters = false;
    for (Move m : legal_moves(pos)) enters |= bool(pos.variant().den_bb[~us] & square_bb(to_sq(m)));
    ASSERT_EQ(threatens_den(pos, us), enters) << pos.variant().name << ": " << pos.fen();
    threats += enters;
    ++compared;
  });
  EXPECT_GT(compared, 5000);
  EXPECT_GT(threats, 100);  // the random positions reach the dens often enough to test
}

// can_win_at_once works from masks; the move list is the independent reference: some legal move
// lands on a winning square (the enemy den, or its last piece when capture_all = win).
TEST(Evaluate, AWinAtOnceIsSomeMoveOntoAWinningSquare) {
  int compared = 0, wins = 0;
  for_random_positions(4444, [&](const Position& pos) {
    if (pos.den_entered()) return;
    bool wins_now = false;
    for (Move m : legal_moves(pos)) wins_now |= wins_at_once(pos, m);
    ASSERT_EQ(can_win_at_once(pos), wins_now) << pos.variant().name << ": " << pos.fen();
    wins += wins_now;
    ++compared;
  });
  EXPECT_GT(compared, 5000);
  EXPECT_GT(wins, 100);
}
