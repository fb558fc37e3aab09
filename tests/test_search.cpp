// The searcher on hand-made positions whose answers are worked out by hand in the comments:
// den entries in 1, 3 and 5 plies, a capture that only a trap allows, a rat taking from the
// water where the variant allows it, draws scored by the variant's rules and the contempt, and
// the time manager's arithmetic. The den entries and the trap capture are worked out from rules
// that every bundled variant shares (all pieces may enter the den, a trap lets any enemy take
// the piece on it, a lost last piece or a side left without moves loses), so they are checked
// in every bundled variant. Board: files a-g, ranks 1-9; White (upper case) has its den on
// d1 and its traps on c1, e1, d2; Black's den is d9, its traps c9, e9, d8; water fills b4-c6 and
// e4-f6. FENs list rank 9 first.
#include <gtest/gtest.h>

#include <set>

#include "engine/variant_loader.h"
#include "search/search.h"

using namespace jungle;

namespace {

SearchResult search_to_depth(const Game& game, int depth, int contempt = 0) {
  AlphaBeta search;
  search.set_contempt(contempt);
  Rng rng(1);
  SearchLimits limits;
  limits.depth = depth;
  return search.search(game, limits, rng);
}

bool is_legal(const Game& game, const std::string& move) {
  for (Move m : game.legal())
    if (move_to_string(m) == move) return true;
  return false;
}

}  // namespace

// --- Den entries --------------------------------------------------------------------------

// White's lion on d8 steps into Black's den d9: a win in one ply.
TEST(Search, EntersTheDenInOnePly) {
  for (const Variant& v : bundled_variants()) {
    const SearchResult r = search_to_depth(Game(v, "6r/3L3/7/7/7/7/7/7/7 w"), 4);
    EXPECT_EQ(move_to_string(r.best), "d8d9") << v.name;
    EXPECT_EQ(r.score, SCORE_MATE - 1) << v.name;
  }
}

// White's lion on c8, Black's cat on e8. The den d9 is entered from c9, d8 or e9. Lion to d8
// stands on Black's trap, next to the cat, which takes it (and with White's last piece gone,
// Black wins by capture-all). Lion to c9 also stands on a trap, but the squares next to c9 are
// b9, c8 and the den, and the cat reaches none of them in one move (it goes to d8, e9, f8 or
// e7): the lion enters d9 on White's next move, ply 3. Nothing wins sooner. (Where capturing
// every piece does not win, White left without pieces has no move, which loses there too.)
TEST(Search, EntersTheDenInThreePlies) {
  for (const Variant& v : bundled_variants())
    for (int depth : {3, 5}) {
      const SearchResult r = search_to_depth(Game(v, "7/2L1c2/7/7/7/7/7/7/7 w"), depth);
      EXPECT_EQ(move_to_string(r.best), "c8c9") << v.name << " depth " << depth;
      EXPECT_EQ(r.score, SCORE_MATE - 3) << v.name << " depth " << depth;
    }
}

// White's lion on d6 walks d7, d8, d9: three moves, ply 5; d6 has no shorter way (c6 and e6
// are water, and its jumps land on a6 or g6, farther). Black's only piece, a rat on g9, would
// have to stand on c8, e8 or d7 after its second move to take the lion on the trap d8, but e8,
// the nearest, is three moves away.
TEST(Search, EntersTheDenInFivePlies) {
  for (const Variant& v : bundled_variants())
    for (int depth : {5, 7}) {
      const SearchResult r = search_to_depth(Game(v, "6r/7/7/3L3/7/7/7/7/7 w"), depth);
      EXPECT_EQ(move_to_string(r.best), "d6d7") << v.name << " depth " << depth;
      EXPECT_EQ(r.score, SCORE_MATE - 5) << v.name << " depth " << depth;
    }
}

// --- Captures the rules allow only in places ---------------------------------------------

// Black's lion on c1, White's trap next to White's den, enters d1 next move unless taken. A
// dog cannot take a lion, except on a trap of its own side, where the lion is weakened: b1xc1
// is the only move that does not lose, though the elephant's capture of the tiger (g5xg6)
// wins more material at once. (Where traps weaken everyone, as in ludii, the dog off the trap
// keeps its rank, so the capture stands there too.)
TEST(Search, TakesOnATrap) {
  for (const Variant& v : bundled_variants()) {
    const Game game(v, "7/7/7/6t/6E/7/7/7/1Dl4 w");
    ASSERT_TRUE(is_legal(game, "b1c1")) << v.name;
    for (int depth : {2, 4}) {
      const SearchResult r = search_to_depth(game, depth);
      EXPECT_EQ(move_to_string(r.best), "b1c1") << v.name << " depth " << depth;
      EXPECT_GT(r.score, 0) << v.name << ": a lion for nothing";
    }
  }
}

// White's rat in the water on c4, Black's rat on the land next to it, d4; Black's cat far off
// on g9. Where a rat in the water may take a rat on land (ludii, selva and viidakko say so in
// their rules texts), White moves first and takes. Under the other bundled rules it may not,
// and c4d4 is no move at all.
TEST(Search, TakesFromTheWaterWhereTheVariantAllowsIt) {
  const std::string fen = "6c/7/7/7/7/2Rr3/7/7/7 w";
  const std::set<std::string> rat_takes_from_water = {"ludii", "selva", "viidakko"};
  for (const Variant& v : bundled_variants()) {
    const Game game(v, fen);
    if (!rat_takes_from_water.count(v.name)) {
      EXPECT_FALSE(is_legal(game, "c4d4")) << v.name;
      continue;
    }
    ASSERT_TRUE(is_legal(game, "c4d4")) << v.name;
    for (int depth : {2, 4}) EXPECT_EQ(move_to_string(search_to_depth(game, depth).best), "c4d4") << v.name << " depth " << depth;
  }
}

// --- Draws by the rules, and contempt ------------------------------------------------------

namespace {

// Black to move: Black's cat a9 and dog g9 against White's cat a2; Black is a dog up. The dog
// shuttles g9-g8 and back, White's cat a2-a1 and back. After these seven plies the position
// (White's cat on a1, White to move) stands for the second time, and White's a1a2 would bring
// back the start a third time: a draw by repetition. White's only other move is a1b1.
Game repetition_offered(const Variant& v) {
  Game game(v, "c5d/7/7/7/7/7/7/C6/7 b");
  for (const char* text : {"g9g8", "a2a1", "g8g9", "a1a2", "g9g8", "a2a1", "g8g9"})
    EXPECT_TRUE(game.play(parse_move(game.position(), text))) << text;
  EXPECT_FALSE(game.end());
  return game;
}

}  // namespace

// Without contempt the side a dog down takes the draw: 0 beats any score a dog down. With
// contempt C the draw is worth -C to the side to move at the root, which plays as the better
// player: with C = 1000, more than a dog and anything the position adds to it, it plays on.
TEST(Search, ContemptMakesTheRootSideAvoidARepetitionDraw) {
  const Variant v;
  const Game game = repetition_offered(v);
  for (int depth : {2, 4}) {
    const SearchResult level = search_to_depth(game, depth, 0);
    EXPECT_EQ(move_to_string(level.best), "a1a2") << depth;
    EXPECT_EQ(level.score, 0) << depth;
    const SearchResult proud = search_to_depth(game, depth, 1000);
    EXPECT_EQ(move_to_string(proud.best), "a1b1") << depth;
    EXPECT_LT(proud.score, 0) << depth;
    EXPECT_GT(proud.score, -1000) << depth;
  }
}

// When every move ends the game in a draw, the root's score is the draw's worth to it: -C.
// White's lone rat against Black's tiger and lion: with no_capture_plies = 1 any move of
// White's (none can capture) draws by the no-capture limit; with max_plies = 1 by the ply
// limit.
TEST(Search, ForeseenDrawsScoreMinusTheContempt) {
  for (const char* rule : {"no-capture", "limit"}) {
    Variant v;
    (std::string(rule) == "limit" ? v.end.max_plies : v.end.no_capture_plies) = 1;
    v.conclude();
    const Game game(v, "t5l/7/7/7/7/7/7/7/R6 w");
    for (int contempt : {0, 25, -40}) EXPECT_EQ(search_to_depth(game, 3, contempt).score, -contempt) << rule;
  }
}

// Repetition as the variant says: a draw (worth -C to the root side), a loss for the side
// that completes it, or forbidden (a1a2 is then no move: White must play a1b1).
TEST(Search, RepetitionIsScoredByTheVariantsRule) {
  for (RepetitionResult rule : {RepetitionResult::Draw, RepetitionResult::Loss, RepetitionResult::Forbidden}) {
    Variant v;
    v.end.repetition_result = rule;
    v.conclude();
    const Game game = repetition_offered(v);
    EXPECT_EQ(is_legal(game, "a1a2"), rule != RepetitionResult::Forbidden);
    const SearchResult r = search_to_depth(game, 4, 30);
    if (rule == RepetitionResult::Draw) {
      // A dog down, but not by 30 less than a dog: the draw's -30 is the best White has.
      EXPECT_EQ(move_to_string(r.best), "a1a2");
      EXPECT_EQ(r.score, -30);
    } else {
      EXPECT_EQ(move_to_string(r.best), "a1b1");
      // (Under "forbidden" a1b1 is the only move, played without a search.)
      if (rule == RepetitionResult::Loss) {
        EXPECT_LT(r.score, -100) << "a dog down";
      }
    }
  }
}

TEST(Search, ContemptOutOfRangeIsRefused) {
  AlphaBeta search;
  EXPECT_THROW(search.set_contempt(AlphaBeta::MAX_CONTEMPT + 1), std::invalid_argument);
  EXPECT_THROW(search.set_contempt(-AlphaBeta::MAX_CONTEMPT - 1), std::invalid_argument);
  search.set_contempt(-AlphaBeta::MAX_CONTEMPT);
  EXPECT_EQ(search.contempt(), -AlphaBeta::MAX_CONTEMPT);
}
