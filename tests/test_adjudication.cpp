// Draw and resign adjudication on the engines' scores, step by step against runs counted by hand.
#include <gtest/gtest.h>

#include "match/adjudication.h"

using namespace jungle;

namespace {

MoveInfo cp(int score) {
  MoveInfo m;
  m.score = score;
  return m;
}

MoveInfo mate(int moves) {
  MoveInfo m;
  m.mate = moves;
  return m;
}

}  // namespace

TEST(Adjudication, ReadsFastchessForms) {
  const DrawAdjudication d = parse_draw_adjudication("movenumber=40,movecount=8,score=10");
  EXPECT_EQ(d.movenumber, 40);
  EXPECT_EQ(d.movecount, 8);
  EXPECT_EQ(d.score, 10);
  EXPECT_EQ(parse_draw_adjudication(d.text()).text(), d.text());
  const ResignAdjudication r = parse_resign_adjudication("movecount=3,score=600,twosided=true");
  EXPECT_EQ(r.movecount, 3);
  EXPECT_TRUE(r.twosided);
  for (const char* bad : {"movecount=0,score=5", "score=5", "movecount=x", "colour=red"})
    EXPECT_THROW(parse_draw_adjudication(bad), std::invalid_argument) << bad;
  EXPECT_THROW(parse_resign_adjudication("movecount=2,score=5,twosided=maybe"), std::invalid_argument);
}

TEST(Adjudication, DrawAfterBothSidesStayedQuietLongEnough) {
  // From move 3 on, 2 moves each within ±10: plies 1-4 quiet, but move 3 starts at ply 5.
  Adjudicator a(parse_draw_adjudication("movenumber=3,movecount=2,score=10"), {});
  EXPECT_FALSE(a.after_move(WHITE, cp(5), 1));
  EXPECT_FALSE(a.after_move(BLACK, cp(-10), 2));
  EXPECT_FALSE(a.after_move(WHITE, cp(0), 3));
  EXPECT_FALSE(a.after_move(BLACK, cp(3), 4));   // four quiet plies, but only move 2
  const auto verdict = a.after_move(WHITE, cp(1), 5);  // move 3: adjudicated
  ASSERT_TRUE(verdict);
  EXPECT_EQ(verdict->first, Result::Draw);
  // A loud score or a missing one starts the count again.
  Adjudicator b(parse_draw_adjudication("movenumber=0,movecount=1,score=10"), {});
  EXPECT_FALSE(b.after_move(WHITE, cp(0), 1));
  EXPECT_FALSE(b.after_move(BLACK, cp(50), 2));
  EXPECT_FALSE(b.after_move(WHITE, MoveInfo{}, 3));
  EXPECT_FALSE(b.after_move(BLACK, cp(0), 4));
  EXPECT_FALSE(b.after_move(WHITE, mate(5), 5));
  EXPECT_FALSE(b.after_move(BLACK, cp(0), 6));
  EXPECT_TRUE(b.after_move(WHITE, cp(-2), 7));
}

TEST(Adjudication, ResignAfterALosingRun) {
  Adjudicator one({}, parse_resign_adjudication("movecount=2,score=300"));
  EXPECT_FALSE(one.after_move(WHITE, cp(-400), 1));
  EXPECT_FALSE(one.after_move(BLACK, cp(400), 2));
  const auto verdict = one.after_move(WHITE, mate(-3), 3);  // being mated counts as losing
  ASSERT_TRUE(verdict);
  EXPECT_EQ(verdict->first, Result::BlackWins);
  // Two-sided: the winner must agree over its own last moves.
  Adjudicator two({}, parse_resign_adjudication("movecount=2,score=300,twosided=true"));
  EXPECT_FALSE(two.after_move(BLACK, cp(-500), 2));
  EXPECT_FALSE(two.after_move(WHITE, cp(100), 3));  // white not yet convinced
  EXPECT_FALSE(two.after_move(BLACK, cp(-500), 4));
  EXPECT_FALSE(two.after_move(WHITE, cp(400), 5));
  EXPECT_FALSE(two.after_move(BLACK, cp(-500), 6));
  EXPECT_FALSE(two.after_move(WHITE, cp(400), 7));  // white: 2 winning moves now
  const auto late = two.after_move(BLACK, cp(-500), 8);
  ASSERT_TRUE(late);
  EXPECT_EQ(late->first, Result::WhiteWins);
}
