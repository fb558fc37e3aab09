// The running score a tournament prints every --rating-interval games: counts, score and Elo
// worked out by hand from a few games.
#include <gtest/gtest.h>

#include "match/running_score.h"

using namespace jungle;

namespace {

StoredGame game(int index, const std::string& white, const std::string& black, Result result) {
  StoredGame g;
  g.index = index;
  g.pair = index / 2;
  g.record.white = white;
  g.record.black = black;
  g.record.result = result;
  return g;
}

}  // namespace

// Pair 0: A wins as white and draws as black (1.5 of 2); pair 1: A loses both (0 of 2). So
// 1 win, 1 draw, 2 losses, score 1.5 / 4 = 0.375, Elo -400·log10(1/0.375 - 1) = -88.7; over
// two pairs scoring 0.75 and 0 the interval leaves (0, 1): an infinite margin.
TEST(RunningScore, CountsThePairingFromItsFirstPlayersSide) {
  RunningScore score({"A", "B"});
  score.add(game(0, "A", "B", Result::WhiteWins));
  score.add(game(1, "B", "A", Result::Draw));
  score.add(game(3, "B", "A", Result::WhiteWins));  // out of order: pair 1's second game first
  score.add(game(2, "A", "B", Result::BlackWins));
  EXPECT_EQ(score.games(), 4);
  const std::vector<std::string> lines = score.lines();
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0],
            "Score of A vs B: 1 win, 1 draw, 2 losses, score 0.375 of 4 games; Elo -88.7 ± inf (pentanomial, 2 pairs)");
}

// Before two pairs are complete the games are counted alone: W 1, L 1 is score 1/2, Elo 0.
TEST(RunningScore, CountsGamesAloneBeforeTwoPairsAreIn) {
  RunningScore score({"A", "B"});
  score.add(game(0, "A", "B", Result::WhiteWins));
  score.add(game(1, "B", "A", Result::WhiteWins));
  score.add(game(2, "A", "B", Result::Draw));
  const std::vector<std::string> lines = score.lines();
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_TRUE(lines[0].starts_with("Score of A vs B: 1 win, 1 draw, 1 loss, score 0.500 of 3 games; Elo +0.0 ± "))
      << lines[0];
  EXPECT_TRUE(lines[0].ends_with("(trinomial)")) << lines[0];
}

// Three players: a line per pairing that has played, in the schedule's order; in self-play the
// side's score.
TEST(RunningScore, ALinePerPairingAndTheSidesScoreInSelfPlay) {
  RunningScore three({"A", "B", "C"});
  three.add(game(0, "C", "B", Result::WhiteWins));
  three.add(game(1, "A", "C", Result::Draw));
  const std::vector<std::string> lines = three.lines();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(lines[0].starts_with("Score of A vs C: 0 wins, 1 draw, 0 losses")) << lines[0];
  EXPECT_TRUE(lines[1].starts_with("Score of B vs C: 0 wins, 0 draws, 1 loss")) << lines[1];
  three.add(game(2, "X", "A", Result::Draw));  // not the run's players: not counted
  EXPECT_EQ(three.games(), 2);

  RunningScore self({"P"});
  self.add(game(0, "P", "P", Result::WhiteWins));
  self.add(game(1, "P", "P", Result::WhiteWins));
  self.add(game(2, "P", "P", Result::BlackWins));
  ASSERT_EQ(self.lines().size(), 1u);
  EXPECT_TRUE(self.lines()[0].starts_with("Score of the first player (P): 2 wins, 0 draws, 1 loss, score 0.667"))
      << self.lines()[0];
}

// The SPRT's line: its bounds are ln(β/(1-α)) and ln((1-β)/α), ±2.94 at α = β = 0.05.
TEST(RunningScore, TheSprtLineGivesTheLlrAndItsBounds) {
  stats::SprtParams params;
  params.elo0 = 0;
  params.elo1 = 10;
  SequentialTest test = SequentialTest::of_players(params, "A", "B");
  RunningScore score({"A", "B"});
  for (int i = 0; i < 4; ++i) {
    const StoredGame g = game(i, i % 2 ? "B" : "A", i % 2 ? "A" : "B", Result::Draw);
    test.add(g);
    score.add(g);
  }
  const std::vector<std::string> lines = score.lines(&test);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(lines[1].starts_with("SPRT elo0=0,elo1=10,alpha=0.05,beta=0.05,model=normalized: LLR ")) << lines[1];
  EXPECT_TRUE(lines[1].ends_with(" (-2.94, 2.94) after 4 games")) << lines[1];
}
