// The static evaluation: colour symmetry (a position and its colour-mirrored twin are worth the
// same to the side to move, every term included) and the open entries of a den and the
// untakeable raiders, the river's hunters and walled jumpers worked out by hand from their
// definitions (EvalWeights::open_entry_ours, open_entry_theirs, raider_untakeable,
// raider_taker_near, river_hunter, jumper_walled). Board: files a-g, ranks
// 1-9; White (upper case) has its den on d1 and its traps on c1, e1, d2; Black's den is d9.
// FENs list rank 9 first.
#include <gtest/gtest.h>

#include <cctype>

#include "evaluate.h"
#include "game.h"
#include "search.h"
#include "variant_loader.h"

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

// The untuned evaluation less the same without the untakeable raiders: the term alone (with
// raider_taker_near 0, so that any taker within three steps but not two counts for nothing).
int raider_term(const Variant& v, const std::string& fen) {
  EvalWeights with = EvalWeights::from_rules(v);
  with.raider_taker_near = 0;
  EvalWeights without = with;
  without.raider_untakeable = 0;
  const Position pos(v, fen);
  return Evaluator(v, with).evaluate(pos) - Evaluator(v, without).evaluate(pos);
}

// The evaluation with one weight (of the untuned ones, the river and taker_near weights 0) set to
// `value`, less the same with it 0: that term alone.
int term_alone(const Variant& v, const std::string& fen, int EvalWeights::*weight, int value) {
  EvalWeights without = EvalWeights::from_rules(v);
  without.raider_taker_near = without.river_hunter = without.jumper_walled = without.own_wall = 0;
  without.*weight = 0;
  EvalWeights with = without;
  with.*weight = value;
  const Position pos(v, fen);
  return Evaluator(v, with).evaluate(pos) - Evaluator(v, without).evaluate(pos);
}

}  // namespace

TEST(Evaluate, ColourMirroredPositionsAreWorthTheSame) {
  int positions_with_open_entries = 0, positions_with_raiders = 0, positions_with_hunters = 0,
      positions_with_walled = 0, positions_with_near_takers = 0, positions_with_own_walls = 0;
  for (const char* name : {"standard", "ludii", "viidakko"}) {
    SCOPED_TRACE(name);
    const Variant v = load_variant(name);
    // Untuned, and with the open entries weighed unevenly so that a side mixed up shows.
    EvalWeights uneven = EvalWeights::from_rules(v);
    uneven.open_entry_ours = 333;
    uneven.open_entry_theirs = 7;
    uneven.raider_untakeable = 29;
    uneven.raider_taker_near = 11;
    uneven.river_hunter = 17;
    uneven.jumper_walled = 23;
    uneven.own_wall = 13;
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
        positions_with_hunters += term_alone(v, fen, &EvalWeights::river_hunter, 17) != 0;
        positions_with_walled += term_alone(v, fen, &EvalWeights::jumper_walled, 23) != 0;
        positions_with_near_takers += term_alone(v, fen, &EvalWeights::raider_taker_near, 11) != 0;
        positions_with_own_walls += term_alone(v, fen, &EvalWeights::own_wall, 13) != 0;
        game.play(random_move(game.position(), rng));
      }
    }
  }
  // The games wander near both dens and capture pieces, so the terms were exercised.
  EXPECT_EQ(without_pieces("l5t/1d3c1/r1p1w1e/7 w", "dwptle"), "7/5c1/r6/7 w");
  EXPECT_GT(positions_with_open_entries, 5);
  EXPECT_GT(positions_with_raiders, 5);
  EXPECT_GT(positions_with_hunters, 5);
  EXPECT_GT(positions_with_walled, 5);
  EXPECT_GT(positions_with_near_takers, 5);
  EXPECT_GT(positions_with_own_walls, 5);
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

// Takers near a raider: a raider (as above) whose nearest enemy that takes it stands exactly three
// steps away counts raider_taker_near (here 20) less. White's lion on e7 with Black's elephant,
// which takes it, on g8: two files and a rank away, three steps: -20 for White to move, +20 for
// Black. On g9, four steps: nothing taken off. On f8, two steps: no raider, so nothing either.
TEST(Evaluate, TakerNearRaiderByHand) {
  const Variant v = load_variant("standard");
  const auto near = &EvalWeights::raider_taker_near;
  EXPECT_EQ(term_alone(v, "t6/6e/4L2/7/7/7/7/7/7 w", near, 20), -20);
  EXPECT_EQ(term_alone(v, "t6/6e/4L2/7/7/7/7/7/7 b", near, 20), 20);
  EXPECT_EQ(term_alone(v, "t5e/7/4L2/7/7/7/7/7/7 w", near, 20), 0);
  EXPECT_EQ(term_alone(v, "t6/5e1/4L2/7/7/7/7/7/7 w", near, 20), 0);
}

// River hunters: river_hunter (here 30) for each enemy piece in the water (the lakes b4-c6 and
// e4-f6) with a piece of ours that swims and takes it (in standard only the rat) within two
// steps. A black rat in the water on e5 and a white rat on e3, two steps away on land: White
// hunts it, +30 for White to move, -30 for Black. On d5, one step: the same. On a5, four steps:
// nothing. A white cat on e3 takes rats but cannot swim: nothing. A white rat in the water on
// f5 beside the black one: each hunts the other, 0.
TEST(Evaluate, RiverHuntersByHand) {
  const Variant v = load_variant("standard");
  const auto hunter = &EvalWeights::river_hunter;
  EXPECT_EQ(term_alone(v, "7/7/7/7/4r2/7/4R2/7/7 w", hunter, 30), 30);
  EXPECT_EQ(term_alone(v, "7/7/7/7/4r2/7/4R2/7/7 b", hunter, 30), -30);
  EXPECT_EQ(term_alone(v, "7/7/7/7/3Rr2/7/7/7/7 w", hunter, 30), 30);
  EXPECT_EQ(term_alone(v, "7/7/7/7/R3r2/7/7/7/7 w", hunter, 30), 0);
  EXPECT_EQ(term_alone(v, "7/7/7/7/4r2/7/4C2/7/7 w", hunter, 30), 0);
  EXPECT_EQ(term_alone(v, "7/7/7/7/4rR1/7/7/7/7 w", hunter, 30), 0);
}

// Walled jumpers: jumper_walled (here 30) off for each lion or tiger on a take-off square whose
// every jump is stopped, at least one by an enemy piece in its path. White's lion on e3 has one
// jump, up over e4-e6 to e7: a black rat on e5 walls it, -30 for White to move, +30 for Black.
// The rat on b5, off that path: nothing. White's own rat on e5: blocked, but not by the enemy:
// nothing. White's lion on d5 jumps left over c5-b5 and right over e5-f5: a black rat on c5
// leaves the right jump open (nothing); with White's rat on e5 as well, both are stopped, one by
// the enemy: -30. Black's tiger on f7, its jump down walled by White's rat on f4: +30 for White.
TEST(Evaluate, WalledJumpersByHand) {
  const Variant v = load_variant("standard");
  const auto walled = &EvalWeights::jumper_walled;
  EXPECT_EQ(term_alone(v, "7/7/7/7/4r2/7/4L2/7/7 w", walled, 30), -30);
  EXPECT_EQ(term_alone(v, "7/7/7/7/4r2/7/4L2/7/7 b", walled, 30), 30);
  EXPECT_EQ(term_alone(v, "7/7/7/7/1r5/7/4L2/7/7 w", walled, 30), 0);
  EXPECT_EQ(term_alone(v, "7/7/7/7/4R2/7/4L2/7/7 w", walled, 30), 0);
  EXPECT_EQ(term_alone(v, "7/7/7/7/2rL3/7/7/7/7 w", walled, 30), 0);
  EXPECT_EQ(term_alone(v, "7/7/7/7/2rLR2/7/7/7/7 w", walled, 30), -30);
  EXPECT_EQ(term_alone(v, "l6/7/5t1/7/7/5R1/7/7/7 w", walled, 30), 30);
}

// Own walls: own_wall (here 30) off the side ahead (by the rest of the evaluation) for each of its
// swimmers in the water in the path of a jump of its own jumper from where it stands. White's lion
// on e3 and rat on e5, in the lion's lane up to e7, against Black's lone cat on a9: White leads,
// -30 for White to move, +30 for Black. The rat on b5, off the lane: nothing. Against Black's
// elephant and tiger, Black leads: White's wall is not counted, and Black has none: nothing.
TEST(Evaluate, OwnWallsByHand) {
  const Variant v = load_variant("standard");
  const auto own = &EvalWeights::own_wall;
  EXPECT_EQ(term_alone(v, "c6/7/7/7/4R2/7/4L2/7/7 w", own, 30), -30);
  EXPECT_EQ(term_alone(v, "c6/7/7/7/4R2/7/4L2/7/7 b", own, 30), 30);
  EXPECT_EQ(term_alone(v, "c6/7/7/7/1R5/7/4L2/7/7 w", own, 30), 0);
  EXPECT_EQ(term_alone(v, "e5t/7/7/7/4R2/7/4L2/7/7 w", own, 30), 0);
}
