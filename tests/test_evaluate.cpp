// The static evaluation: colour symmetry (a position and its colour-mirrored twin are worth the
// same to the side to move, every term included) and the open entries of a den worked out by
// hand from their definition (EvalWeights::open_entry_ours, open_entry_theirs). Board: files a-g, ranks
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

}  // namespace

TEST(Evaluate, ColourMirroredPositionsAreWorthTheSame) {
  int positions_with_open_entries = 0;
  for (const char* name : {"standard", "ludii", "viidakko"}) {
    SCOPED_TRACE(name);
    const Variant v = load_variant(name);
    // Untuned, and with the open entries weighed unevenly so that a side mixed up shows.
    EvalWeights uneven = EvalWeights::from_rules(v);
    uneven.open_entry_ours = 333;
    uneven.open_entry_theirs = 7;
    const Evaluator untuned(v), defence(v, uneven);
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      Game game(v);
      Rng rng(seed);
      for (int ply = 0; ply < 150 && !game.end(); ++ply) {
        const std::string fen = game.position().fen();
        const Position pos(v, fen), twin(v, colour_mirrored(fen));
        ASSERT_EQ(twin.fen(), colour_mirrored(fen));
        EXPECT_EQ(untuned.evaluate(pos), untuned.evaluate(twin)) << fen;
        EXPECT_EQ(defence.evaluate(pos), defence.evaluate(twin)) << fen;
        positions_with_open_entries += open_entry_term(v, fen) != 0;
        game.play(random_move(game.position(), rng));
      }
    }
  }
  // The games wander near both dens, so the term was exercised.
  EXPECT_GT(positions_with_open_entries, 5);
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
