// The static evaluation: colour symmetry (a position and its colour-mirrored twin are worth the
// same to the side to move, every term included) and the defence of one's own den worked out
// by hand from its definition (EvalWeights: pressure, guard, danger). Board: files a-g, ranks
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

// The evaluation with and without the den danger: their difference is the term alone.
int danger_term(const Variant& v, const std::string& fen) {
  EvalWeights without = EvalWeights::from_rules(v);
  without.danger = 0;
  const Position pos(v, fen);
  return Evaluator(v).evaluate(pos) - Evaluator(v, without).evaluate(pos);
}

}  // namespace

TEST(Evaluate, ColourMirroredPositionsAreWorthTheSame) {
  for (const char* name : {"standard", "ludii", "viidakko"}) {
    SCOPED_TRACE(name);
    const Variant v = load_variant(name);
    // Untuned, and with the defence terms large so that they show in the sum.
    EvalWeights strong = EvalWeights::from_rules(v);
    strong.danger = 400;
    strong.guard = 3;
    const Evaluator untuned(v), defence(v, strong);
    int positions_with_danger = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      Game game(v);
      Rng rng(seed);
      for (int ply = 0; ply < 150 && !game.end(); ++ply) {
        const std::string fen = game.position().fen();
        const Position pos(v, fen), twin(v, colour_mirrored(fen));
        ASSERT_EQ(twin.fen(), colour_mirrored(fen));
        EXPECT_EQ(untuned.evaluate(pos), untuned.evaluate(twin)) << fen;
        EXPECT_EQ(defence.evaluate(pos), defence.evaluate(twin)) << fen;
        positions_with_danger += danger_term(v, fen) != 0;
        game.play(random_move(game.position(), rng));
      }
    }
    // The games wander near both dens, so the term was exercised.
    EXPECT_GT(positions_with_danger, 20);
  }
}

// White to move, its den d1. Black's wolf on the trap c1 is 1 move from it (pressure 4), its dog
// on c2 2 moves (c2-c1-d1: 4): 8. White's cat on f1 stands 2 steps from the den, a guard (2);
// its tiger on a1 stands 3 steps away and is none. Left 8 - 2 = 6, cost 48 * 6² / 64 = 27.
// Black's den has no white piece within 4 moves of it (the tiger needs 8, the cat 8), so
// nothing is added for White.
TEST(Evaluate, DenDangerByHand) {
  const Variant v = load_variant("standard");
  const EvalWeights w = EvalWeights::from_rules(v);
  ASSERT_EQ(w.pressure[0], 4);
  ASSERT_EQ(w.pressure[1], 4);
  ASSERT_EQ(w.guard, 2);
  ASSERT_EQ(w.danger, 48);
  EXPECT_EQ(danger_term(v, "l6/7/7/7/7/7/7/2d4/T1w2C1 w"), -27);
  // The same for Black to move: the cost is White's, so the side to move gains it.
  EXPECT_EQ(danger_term(v, "l6/7/7/7/7/7/7/2d4/T1w2C1 b"), 27);
  // A second guard on e2: left 8 - 4 = 4, cost 48 * 16 / 64 = 12.
  EXPECT_EQ(danger_term(v, "l6/7/7/7/7/7/7/2d1C2/T1w2C1 w"), -12);
  // Four guards cancel the pressure: nothing left.
  EXPECT_EQ(danger_term(v, "l6/7/7/7/7/7/3P3/2dDC2/T1w2C1 w"), 0);
  // The dog 3 moves away on c3 (c3-c2-c1-d1: pressure 2) and no guard: the wolf's 4 + 2 = 6, cost 27;
  // and the tiger alone far away: no pressure, no cost.
  EXPECT_EQ(danger_term(v, "l6/7/7/7/7/7/2d4/7/T1w4 w"), -27);
  EXPECT_EQ(danger_term(v, "l6/7/7/7/7/7/7/7/T6 w"), 0);
}
