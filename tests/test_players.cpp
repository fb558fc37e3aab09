// Players: reproducible from their seed, the one-ply rules of greedy, alpha-beta's tactics
// and strength, MCTS against random, and refused specs.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "players/mcts.h"
#include "players/player.h"
#include "search/search.h"

using namespace jungle;

namespace {

struct Played {
  std::vector<Move> moves;
  GameEnd end;
};

// One game between two specs, both players built from the seed, as a tournament does.
Played play_game(const Variant& v, const std::string& white, const std::string& black, std::uint64_t seed) {
  Game game(v);
  auto w = make_player(white, seed), b = make_player(black, seed);
  while (!game.end()) {
    Player& mover = game.position().side_to_move() == WHITE ? *w : *b;
    const Move m = mover.choose(game);
    if (!game.play(m)) {
      ADD_FAILURE() << mover.spec() << " chose the illegal " << move_to_string(m) << " in " << game.position().fen();
      break;
    }
  }
  return {game.moves(), game.end().value_or(GameEnd{Result::Draw, EndReason::MaxPlies})};
}

// The move a freshly built player chooses in a position.
std::string choice(const std::string& spec, const Variant& v, const std::string& fen, std::uint64_t seed = 1) {
  Game game(v, fen);
  return move_to_string(make_player(spec, seed)->choose(game));
}

// How many of `games` games `spec` wins against `opponent`, alternating colours.
int wins_against(const Variant& v, const std::string& spec, const std::string& opponent, int games, std::uint64_t seed) {
  int wins = 0;
  for (int i = 0; i < games; ++i) {
    const bool white = i % 2 == 0;
    const Played p = play_game(v, white ? spec : opponent, white ? opponent : spec, seed + std::uint64_t(i));
    wins += p.end.result == (white ? Result::WhiteWins : Result::BlackWins);
  }
  return wins;
}

// White's dog on d8 may enter Black's den d9 or take the cat on e8.
const char* DEN_OR_CAPTURE = "7/3Dc2/7/7/7/7/7/7/l6 w";
// Lion c7-c8 leaves Black no move (cat a9 boxed in by dog a8 and wolf b9, dog c9 by the wolf,
// its own den and the lion); the wolf may instead take the dog (rank 3) or the cat (rank 2).
const char* STALEMATE_OR_CAPTURE = "cWd4/D6/2L4/7/7/7/7/7/7 w";
// White's elephant on d3 may take a dog (c3) or a tiger (e3).
const char* TWO_CAPTURES = "7/7/7/7/7/7/2dEt2/7/l6 w";
// Black's dog on d2 (weakened on White's trap) threatens White's den d1; White's elephant on a5
// may take Black's lion on a6 instead of taking the dog with the cat on c2, and then loses.
const char* MUST_DEFEND = "7/7/7/l6/E6/7/7/2Cd3/7 w";

// Black's lion has shuttled g8-g9 and back twice while White's lion shuttles a1-a2: the
// position after a2a1 has occurred twice, and g9g8 would bring it back a third time.
Game lion_shuttled_twice(const Variant& v) {
  Game game(v, "7/6l/7/7/7/7/7/7/L6 w");
  for (const char* text : {"a1a2", "g8g9", "a2a1", "g9g8", "a1a2", "g8g9", "a2a1"})
    EXPECT_TRUE(game.play(parse_move(game.position(), text))) << text;
  return game;
}

TEST(Players, SameSeedSameMoves) {
  // Games capped at 100 plies: long enough to use every part of each player, short enough for
  // the sanitizer builds.
  Variant v;
  v.end.max_plies = 100;
  v.conclude();
  for (const char* spec : {"random", "greedy", "alphabeta:depth=2", "alphabeta:nodes=3000", "mcts:playouts=20",
                           "mcts:playouts=10,rollout=greedy"}) {
    const Played a = play_game(v, spec, "random", 7), b = play_game(v, spec, "random", 7);
    EXPECT_EQ(a.moves, b.moves) << spec;
    EXPECT_EQ(a.end, b.end) << spec;
    const Played c = play_game(v, "greedy", spec, 8), d = play_game(v, "greedy", spec, 8);
    EXPECT_EQ(c.moves, d.moves) << spec;
  }
}

TEST(Players, DifferentSeedsUsuallyDifferForRandom) {
  const Variant v;
  std::set<std::vector<Move>> games;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) games.insert(play_game(v, "random", "random", seed).moves);
  EXPECT_GE(games.size(), 9u);
}

TEST(Players, BothSidesFromOneSeedDoNotMirrorEachOther) {
  // Both colours built from the same seed draw from different streams.
  const Variant v;
  int same_index = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Game game(v);
    auto w = make_player("random", seed), b = make_player("random", seed);
    const MoveList white_moves = legal_moves(game.position());
    const Move wm = w->choose(game);
    game.play(wm);
    const MoveList black_moves = legal_moves(game.position());
    const Move bm = b->choose(game);
    const auto index = [](const MoveList& l, Move m) { return std::find(l.begin(), l.end(), m) - l.begin(); };
    same_index += index(white_moves, wm) == index(black_moves, bm);
  }
  EXPECT_LT(same_index, 10);
}

TEST(Players, GreedyTakesAWinningMove) {
  const Variant v;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    EXPECT_EQ(choice("greedy", v, DEN_OR_CAPTURE, seed), "d8d9");
    EXPECT_EQ(choice("greedy", v, STALEMATE_OR_CAPTURE, seed), "c7c8") << "leaving Black no move wins";
  }
  // Where having no move draws, stalemating is no win: the highest capture instead.
  Variant draw;
  draw.end.no_moves = NoMovesResult::Draw;
  draw.conclude();
  EXPECT_EQ(choice("greedy", draw, STALEMATE_OR_CAPTURE), "b9c9");
}

TEST(Players, GreedyTakesTheLastPieceWhenThatWins) {
  const Variant v;
  // White's lion may take Black's last piece (cat a3) or step; either way capture-all wins.
  EXPECT_EQ(choice("greedy", v, "7/7/7/7/7/7/c6/L6/7 w"), "a2a3");
}

TEST(Players, GreedyTakesTheHighestRankByTheVariant) {
  const Variant v;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) EXPECT_EQ(choice("greedy", v, TWO_CAPTURES, seed), "d3e3");
  Variant weak_tiger;  // the tiger ranked below the dog: the dog is now the prize
  weak_tiger.rank[TIGER] = 2;
  weak_tiger.conclude();
  EXPECT_EQ(choice("greedy", weak_tiger, TWO_CAPTURES), "d3c3");
}

TEST(Players, GreedyBreaksTiesAtRandom) {
  const Variant v;
  std::set<std::string> chosen;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) chosen.insert(choice("greedy", v, "7/7/7/7/7/7/2dEd2/7/l6 w", seed));
  EXPECT_EQ(chosen, (std::set<std::string>{"d3c3", "d3e3"}));
}

TEST(Players, AlphabetaEntersTheDenInOne) {
  const Variant v;
  for (const char* spec : {"alphabeta:depth=1", "alphabeta:depth=2", "alphabeta:nodes=500"})
    EXPECT_EQ(choice(spec, v, DEN_OR_CAPTURE), "d8d9") << spec;
}

TEST(Players, AlphabetaAvoidsAOneMoveLoss) {
  const Variant v;
  for (const char* spec : {"alphabeta:depth=1", "alphabeta:depth=2", "alphabeta:depth=3"})
    EXPECT_EQ(choice(spec, v, MUST_DEFEND), "c2d2") << spec;
}

TEST(Players, AlphabetaPrefersTheBiggerCapture) {
  const Variant v;
  EXPECT_EQ(choice("alphabeta:depth=2", v, TWO_CAPTURES), "d3e3");
}

TEST(Players, AlphabetaStalematesWhenThatWins) {
  const Variant v;
  EXPECT_EQ(choice("alphabeta:depth=2", v, STALEMATE_OR_CAPTURE), "c7c8");
}

TEST(Players, AlphabetaNodeBudgetIsCountedAndDeterministic) {
  const Variant v;
  const Game game(v);
  AlphaBeta a, b;
  Rng ra(3), rb(3);
  SearchLimits limits;
  limits.nodes = 20000;
  const SearchResult x = a.search(game, limits, ra), y = b.search(game, limits, rb);
  EXPECT_EQ(x.best, y.best);
  EXPECT_EQ(x.nodes, y.nodes);
  EXPECT_EQ(x.depth, y.depth);
  EXPECT_GE(x.nodes, 20000u);
  EXPECT_LT(x.nodes, 20100u) << "stops soon after the budget";
  EXPECT_GE(x.depth, 2);
}

TEST(Players, AlphabetaSeesRepetitionFromTheGame) {
  // With repetition a loss for the repeater, a search must not complete a third occurrence.
  Variant v;
  v.end.repetition_result = RepetitionResult::Loss;
  v.conclude();
  // Black's lion shuttles g8-g9 and back; g9-g8, towards White's den, is the move its
  // evaluation likes, but a third time it repeats the position and loses.
  const Game game = lion_shuttled_twice(v);
  ASSERT_FALSE(game.end());
  ASSERT_EQ(game.occurrences(), 2);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    auto player = make_player("alphabeta:depth=2", seed);
    EXPECT_NE(move_to_string(player->choose(game)), "g9g8");
  }
}

// Black's lion shuttles g8-g9 and back, as above; under the forbidden-repetition rule g9g8, the
// move its evaluation likes, is the one move that would complete a third occurrence.
TEST(Players, NoPlayerCompletesAForbiddenRepetition) {
  Variant v;
  v.end.repetition_result = RepetitionResult::Forbidden;
  v.conclude();
  const Game game = lion_shuttled_twice(v);
  for (const char* spec : {"random", "greedy", "alphabeta:depth=1", "alphabeta:depth=3", "mcts:playouts=50"})
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const std::string chosen = move_to_string(make_player(spec, seed)->choose(game));
      EXPECT_NE(chosen, "g9g8") << spec << " seed " << seed;
      Game copy = game;
      EXPECT_TRUE(copy.play(parse_move(copy.position(), chosen))) << spec << " chose " << chosen;
    }
}

// On a board whose a9 and a8 are water, Black's rat on a9 can only shuttle to a8 and back
// between White's elephants, which cannot enter the water nor be taken from it. After g2g1 the
// rat's only move would repeat the start a third time: forbidden, so Black has no move and
// loses. The search must see that as a win in one, and find no win in one when repetition is
// a draw.
TEST(Players, AlphabetaForcesAForbiddenRepetition) {
  for (RepetitionResult rule : {RepetitionResult::Forbidden, RepetitionResult::Draw}) {
    Variant v;
    v.terrain[parse_square("a9")] = v.terrain[parse_square("a8")] = WATER;
    v.end.repetition_result = rule;
    v.conclude();
    Game game(v, "rE5/1E5/E6/7/7/7/7/7/6E w");
    for (const char* text : {"g1g2", "a9a8", "g2g1", "a8a9", "g1g2", "a9a8"})
      ASSERT_TRUE(game.play(parse_move(game.position(), text))) << text;
    AlphaBeta search;
    Rng rng(1);
    SearchLimits limits;
    limits.depth = 2;
    const SearchResult result = search.search(game, limits, rng);
    if (rule == RepetitionResult::Forbidden) {
      EXPECT_EQ(move_to_string(result.best), "g2g1");
      EXPECT_EQ(result.score, SCORE_MATE - 1);
    } else {
      // No win in one: the elephant on b9 needs two moves to White's den d9.
      EXPECT_LT(result.score, SCORE_MATE - 1);
    }
  }
}

// White's lone rat against Black's tiger and lion: lost on material, but with no_capture_plies
// = 1 any move White makes (none can capture) draws at once.
TEST(Players, AlphabetaScoresTheNoCaptureLimitAsADraw) {
  for (int limit : {0, 1}) {
    Variant v;
    v.end.no_capture_plies = limit;
    v.conclude();
    const Game game(v, "t5l/7/7/7/7/7/7/7/R6 w");
    AlphaBeta search;
    Rng rng(1);
    SearchLimits limits;
    limits.depth = 3;
    const int score = search.search(game, limits, rng).score;
    if (limit == 1)
      EXPECT_EQ(score, 0);
    else
      EXPECT_LT(score, -100) << "a rat against a tiger and a lion";
  }
}

TEST(PlayersSlow, AlphabetaDepth3BeatsRandom) {
  const Variant v;
  const int games = 200;
  const int wins = wins_against(v, "alphabeta:depth=3", "random", games, 2024);
  RecordProperty("wins", wins);
  std::cout << "alphabeta:depth=3 won " << wins << " of " << games << " games against random\n";
  EXPECT_GE(wins, games * 95 / 100);
}

TEST(Players, MctsWithFewPlayoutsBeatsRandom) {
  const Variant v;
  const int games = 8;
  const int wins = wins_against(v, "mcts:playouts=30", "random", games, 99);
  std::cout << "mcts:playouts=30 won " << wins << " of " << games << " games against random\n";
  EXPECT_GT(wins, games / 2);
}

TEST(PlayersSlow, MctsBeatsRandom) {
  const Variant v;
  const int games = 20;
  const int wins = wins_against(v, "mcts:playouts=100", "random", games, 99);
  std::cout << "mcts:playouts=100 won " << wins << " of " << games << " games against random\n";
  EXPECT_GE(wins, games * 3 / 4);
}

TEST(Players, MctsFindsTheDenEntry) {
  const Variant v;
  EXPECT_EQ(choice("mcts:playouts=200", v, DEN_OR_CAPTURE), "d8d9");
}

// What a player searched is its own to count, for the tournament to sum: alpha-beta's one search
// a move it chose, of at least the root and a move below it at depth 2; greedy searches nothing.
TEST(Players, AlphaBetaCountsItsSearches) {
  const Variant v;
  Game game(v);
  auto alphabeta = make_player("alphabeta:depth=2", 1), greedy = make_player("greedy", 1);
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(game.play(alphabeta->choose(game)));
    ASSERT_TRUE(game.play(greedy->choose(game)));
  }
  EXPECT_EQ(alphabeta->searched().moves, 3u);
  EXPECT_GE(alphabeta->searched().nodes, 2u * 3u);
  EXPECT_EQ(greedy->searched().moves, 0u);
  EXPECT_EQ(greedy->searched().nodes, 0u);
}

// --- Specs ---------------------------------------------------------------------------------

TEST(PlayerSpecs, AreNormalised) {
  EXPECT_EQ(make_player("random", 1)->spec(), "random");
  EXPECT_EQ(make_player("greedy", 1)->spec(), "greedy");
  EXPECT_EQ(make_player("alphabeta:depth=03", 1)->spec(), "alphabeta:depth=3");
  EXPECT_EQ(make_player("alphabeta:nodes=5000", 1)->spec(), "alphabeta:nodes=5000");
  // The default contempt (10) is left out; others are kept, after the limit.
  EXPECT_EQ(make_player("alphabeta:contempt=10,depth=3", 1)->spec(), "alphabeta:depth=3");
  EXPECT_EQ(make_player("alphabeta:contempt=-20,depth=3", 1)->spec(), "alphabeta:depth=3,contempt=-20");
  EXPECT_EQ(make_player("alphabeta:nodes=900,contempt=0", 1)->spec(), "alphabeta:nodes=900,contempt=0");
  EXPECT_EQ(make_player("mcts:playouts=50", 1)->spec(), "mcts:playouts=50");
  EXPECT_EQ(make_player("mcts:rollout=random,playouts=50", 1)->spec(), "mcts:playouts=50");
  EXPECT_EQ(make_player("mcts:rollout=greedy,playouts=50", 1)->spec(), "mcts:playouts=50,rollout=greedy");
  EXPECT_NO_THROW(validate_player_spec("mcts:playouts=1,rollout=greedy"));
}

TEST(PlayerSpecs, BadSpecsAreRefusedListingTheValidOnes) {
  const std::string valid =
      "valid: random, greedy, alphabeta:depth=N[,contempt=C][,weights=FILE|untuned][,tablebases=DIR|auto], "
      "alphabeta:nodes=N[,contempt=C][,weights=FILE|untuned][,tablebases=DIR|auto], "
      "mcts:playouts=N[,rollout=random|greedy][,weights=FILE|untuned]";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"foo", "unknown player \"foo\""},
      {"", "unknown player \"\""},
      {"Random", "unknown player \"Random\""},
      // A near miss names the nearest kind, parameter or rollout.
      {"alphabta:depth=3", "unknown player \"alphabta\": did you mean alphabeta?"},
      {"alphabeta:dpeth=3", "unknown parameter \"dpeth\": did you mean depth?"},
      {"mcts:playouts=10,rollout=gredy", "rollout must be random or greedy, not \"gredy\": did you mean greedy?"},
      {"random:depth=1", "takes no parameters"},
      {"greedy:", "takes no parameters"},
      {"alphabeta", "needs depth=N or nodes=N"},
      {"alphabeta:", "empty parameter"},
      {"alphabeta:depth=0", "depth must be a whole number from 1 to 64, not \"0\""},
      {"alphabeta:depth=abc", "depth must be a whole number from 1 to 64, not \"abc\""},
      {"alphabeta:depth=-1", "depth must be a whole number from 1 to 64, not \"-1\""},
      {"alphabeta:depth=3x", "depth must be a whole number from 1 to 64, not \"3x\""},
      {"alphabeta:depth=", "depth must be a whole number from 1 to 64, not \"\""},
      {"alphabeta:depth", "parameter \"depth\" has no value"},
      {"alphabeta:depth=65", "depth must be a whole number from 1 to 64, not \"65\""},
      {"alphabeta:nodes=99999999999999999999999", "nodes must be a whole number from 1 to "},
      {"alphabeta:depth=2,nodes=100", "not both"},
      {"alphabeta:depth=2,depth=3", "given twice"},
      {"alphabeta:width=2", "unknown parameter \"width\""},
      {"alphabeta:depth=2,contempt=1001", "contempt must be a whole number from -1000 to 1000, not \"1001\""},
      {"alphabeta:depth=2,contempt=ten", "contempt must be a whole number from -1000 to 1000, not \"ten\""},
      {"alphabeta:depth=2,contempt=", "contempt must be a whole number"},
      {"mcts", "needs playouts=N"},
      {"mcts:rollout=greedy", "needs playouts=N"},
      {"mcts:playouts=10,rollout=smart", "rollout must be random or greedy, not \"smart\""},
      {"mcts:playouts=10,c=2", "unknown parameter \"c\""},
      {"mcts:playouts=10,", "empty parameter"},
  };
  for (const auto& [spec, gist] : cases) {
    for (int build = 0; build < 2; ++build) {
      try {
        if (build) make_player(spec, 1);
        else validate_player_spec(spec);
        ADD_FAILURE() << "accepted \"" << spec << "\"";
      } catch (const PlayerSpecError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find(gist), std::string::npos) << what;
        EXPECT_NE(what.find(valid), std::string::npos) << what;
        EXPECT_EQ(what.find('\n'), std::string::npos) << "one line: " << what;
      }
    }
  }
}

}  // namespace
