// The time manager of `jungle engine`: the plan of a move from go's clock, as properties over a
// grid of clocks, increments and moves to go, and the lag read from the manager's clocks. No test
// here reads a clock: the plan is arithmetic.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "search/time_manager.h"

using namespace jungle;

namespace {

ClockLimits clock_of(long long left, long long increment = 0, int moves_to_go = 0) {
  ClockLimits c;
  c.time_left_ms = left;
  c.increment_ms = increment;
  c.moves_to_go = moves_to_go;
  return c;
}

ClockLimits move_time(long long ms) {
  ClockLimits c;
  c.movetime_ms = ms;
  return c;
}

long long optimum(const ClockLimits& c, long long overhead = DEFAULT_MOVE_OVERHEAD_MS) {
  return plan_move(c, overhead)->optimum.count();
}

long long maximum(const ClockLimits& c, long long overhead = DEFAULT_MOVE_OVERHEAD_MS) {
  return plan_move(c, overhead)->maximum.count();
}

// The grid: from a bullet clock of one second to an hour, increments from none to a tenth of the
// base, every kind of moves to go, and overheads from none to a busy machine's.
const std::vector<long long> LEFT = {0, 1, 5, 20, 99, 300, 999, 1000, 2000, 5000, 10000, 60000, 600000, 3600000};
const std::vector<long long> INCREMENT = {0, 10, 20, 100, 1000, 6000};
const std::vector<int> MOVES_TO_GO = {0, 1, 2, 5, 20, 40, 100};
const std::vector<long long> OVERHEAD = {0, 10, 47, 100, 1000};

}  // namespace

TEST(TimeManager, NothingToPlanWithoutAClock) {
  EXPECT_FALSE(plan_move(ClockLimits{}));
}

// The floor for short controls, at the default overhead.
TEST(TimeManager, AShortControlStillThinks) {
  EXPECT_GE(optimum(clock_of(2000, 20)), 20);
  EXPECT_GE(optimum(clock_of(1000, 10)), 10);
  EXPECT_GE(optimum(move_time(50)), 25);
}

// 10 s + 0.1 s, no moves to go (planned as 40), overhead 30: the pool is 10000 + 39 * 100 -
// 42 * 30 = 12640 ms, 316 ms a move; the hard stop is 4 * 316 = 1264 ms, below a fifth of the
// clock (2000 ms).
TEST(TimeManager, AClockIsSharedOverTheMovesToCome) {
  EXPECT_EQ(optimum(clock_of(10000, 100), 30), 316);
  EXPECT_EQ(maximum(clock_of(10000, 100), 30), 1264);
  // The last move of a control: the pool is 10000 - 3 * 30, cut to a fifth of the clock.
  EXPECT_EQ(optimum(clock_of(10000, 0, 1), 30), 2000);
  EXPECT_EQ(maximum(clock_of(10000, 0, 1), 30), 2000);
  // Under a second, a move is planned for 500 / 20 = 25 moves: (500 + 24 * 20 - 27 * 10) / 25.
  EXPECT_EQ(optimum(clock_of(500, 20)), 28);
}

TEST(TimeManager, AMoveTimeIsUsedLessTheOverheadButNeverLessThanHalf) {
  EXPECT_EQ(optimum(move_time(1000), 30), 970);
  EXPECT_EQ(maximum(move_time(1000), 30), 970);
  EXPECT_EQ(maximum(move_time(50), 30), 25);
  EXPECT_EQ(maximum(move_time(50), 10), 40);
  EXPECT_EQ(maximum(move_time(1), 100), 1);  // the least a search can have
  EXPECT_EQ(maximum(move_time(0), 100), 1);
}

TEST(TimeManager, EveryPlanOnTheGridIsWithinTheClock) {
  for (long long left : LEFT)
    for (long long increment : INCREMENT)
      for (int moves_to_go : MOVES_TO_GO)
        for (long long overhead : OVERHEAD) {
          const MoveBudget b = *plan_move(clock_of(left, increment, moves_to_go), overhead);
          SCOPED_TRACE(testing::Message() << left << "+" << increment << " mtg " << moves_to_go << " overhead "
                                          << overhead);
          ASSERT_GE(b.optimum.count(), 1);
          ASSERT_LE(b.optimum, b.maximum);
          // Never more than a fifth of the clock (1 ms, the least a search has, excepted).
          ASSERT_LE(b.maximum.count(), std::max(1LL, left / 5));
          // Nor past the clock less the overhead, where there is more than the overhead to use.
          if (left - overhead >= 1) {
            ASSERT_LE(b.maximum.count(), std::max<long long>(b.optimum.count(), left - overhead));
          }
        }
}

// More time, more increment or a smaller overhead never plans a shorter move.
TEST(TimeManager, MoreTimeNeverPlansLess) {
  for (long long increment : INCREMENT)
    for (int moves_to_go : MOVES_TO_GO)
      for (long long overhead : OVERHEAD)
        for (std::size_t i = 1; i < LEFT.size(); ++i) {
          SCOPED_TRACE(testing::Message() << LEFT[i] << "+" << increment << " mtg " << moves_to_go << " overhead "
                                          << overhead);
          ASSERT_LE(optimum(clock_of(LEFT[i - 1], increment, moves_to_go), overhead),
                    optimum(clock_of(LEFT[i], increment, moves_to_go), overhead));
          ASSERT_LE(optimum(clock_of(LEFT[i], 0, moves_to_go), overhead),
                    optimum(clock_of(LEFT[i], increment, moves_to_go), overhead));
          ASSERT_LE(optimum(clock_of(LEFT[i], increment, moves_to_go), overhead),
                    optimum(clock_of(LEFT[i], increment, moves_to_go), 0));
        }
}

// A sensible share: from one second up, with the default overhead and no moves to go, a move is
// planned at least a hundredth of the clock (40 moves would spend at least 40%) and at most a
// twentieth plus the increment (40 moves could not spend twice the clock).
TEST(TimeManager, FromOneSecondUpAMoveGetsASensibleShare) {
  for (long long left : LEFT)
    for (long long increment : INCREMENT) {
      if (left < 1000 || increment > left / 10) continue;
      SCOPED_TRACE(testing::Message() << left << "+" << increment);
      ASSERT_GE(optimum(clock_of(left, increment)), left / 100);
      ASSERT_LE(optimum(clock_of(left, increment)), left / 20 + increment);
    }
}

// An engine that always thinks to the hard stop, and whose answer then takes as long as the
// overhead to arrive, keeps a clock above zero for 500 moves wherever the increment pays for the
// overhead and the 1 ms any move takes, and the clock held more than that at the start.
TEST(TimeManager, ThinkingToTheHardStopNeverLosesOnTime) {
  for (long long base : {1000LL, 2000LL, 10000LL, 60000LL, 3600000LL})
    for (long long increment : INCREMENT)
      for (int moves : {0, 1, 40})
        for (long long overhead : OVERHEAD) {
          if (increment <= overhead + 1 || base <= overhead + 1) continue;
          long long left = base;
          for (int move = 0; move < 500; ++move) {
            const int moves_to_go = moves ? moves - move % moves : 0;
            left -= maximum(clock_of(left, increment, moves_to_go), overhead) + overhead;
            ASSERT_GE(left, 0) << base << "+" << increment << " overhead " << overhead << " move " << move;
            left += increment;
            if (moves && (move + 1) % moves == 0) left += base;
          }
        }
}

// With no increment the overheads alone end a long enough game; but a game of 80 moves a side
// whose every search runs to twice its optimum (an iteration started just before it) keeps time
// from a clock of ten seconds up, with the default overhead and a lag as large.
TEST(TimeManager, ASuddenDeathGameOfEightyMovesKeepsTime) {
  for (long long base : {10000LL, 60000LL, 3600000LL}) {
    long long left = base;
    for (int move = 0; move < 80; ++move) {
      const MoveBudget b = *plan_move(clock_of(left));
      left -= std::min(2 * b.optimum.count(), b.maximum.count()) + DEFAULT_MOVE_OVERHEAD_MS;
      ASSERT_GT(left, 0) << base << " move " << move;
    }
  }
}

// --- The lag read from the manager's clocks --------------------------------------------------

// We thought 50 ms of 2000 + 20; two plies later the manager says 1950: it charged 70 ms, 20 ms
// more than we thought.
TEST(LagMeter, ReadsTheLagFromTheClockTheManagerReports) {
  LagMeter lag;
  lag.on_go(0, clock_of(2000, 20), 0);
  lag.on_answer(50);
  EXPECT_EQ(lag.overhead(10), 10);  // nothing measured yet
  lag.on_go(0, clock_of(1950, 20), 2);
  EXPECT_EQ(lag.measured_ms(), 20);
  EXPECT_EQ(lag.overhead(10), 20);
  EXPECT_EQ(lag.overhead(30), 30);  // a larger configured overhead stands
  // An answer on time lowers the estimate by a quarter of the gap, 20 - 20 / 4.
  lag.on_answer(40);
  lag.on_go(0, clock_of(1930, 20), 4);
  EXPECT_EQ(lag.measured_ms(), 15);
  // A later one raises it at once.
  lag.on_answer(10);
  lag.on_go(0, clock_of(1840, 20), 6);  // charged 1930 + 20 - 1840 = 110, thought 10
  EXPECT_EQ(lag.measured_ms(), 100);
}

TEST(LagMeter, MeasuresOnlyOurOwnLastMoveOfTheSameGame) {
  const auto measured_after = [](int side2, int ply2, int moves_to_go1, bool answered) {
    LagMeter lag;
    lag.on_go(1, clock_of(2000, 20, moves_to_go1), 1);
    if (answered) lag.on_answer(0);
    lag.on_go(side2, clock_of(1000, 20), ply2);
    return lag.measured_ms();
  };
  EXPECT_EQ(measured_after(1, 3, 0, true), LagMeter::MAX_LAG_MS);  // 1020 charged, clamped
  EXPECT_EQ(measured_after(0, 3, 0, true), 0);   // the other side's clock
  EXPECT_EQ(measured_after(1, 5, 0, true), 0);   // a move of ours between, unseen
  EXPECT_EQ(measured_after(1, 1, 0, true), 0);   // the same position again
  EXPECT_EQ(measured_after(1, 3, 1, true), 0);   // a new period's time came in between
  EXPECT_EQ(measured_after(1, 3, 0, false), 0);  // no answer between
}

TEST(LagMeter, ForgetsTheLastGameAndIgnoresMoveTimes) {
  LagMeter lag;
  lag.on_go(0, clock_of(2000), 0);
  lag.on_answer(0);
  lag.on_go(0, clock_of(1900), 2);
  EXPECT_EQ(lag.measured_ms(), 100);
  lag.new_game();
  EXPECT_EQ(lag.measured_ms(), 0);
  lag.on_go(0, move_time(100), 0);
  lag.on_answer(0);
  lag.on_go(0, clock_of(1000), 2);  // the move before had no clock to compare with
  EXPECT_EQ(lag.measured_ms(), 0);
  // A clock that rose (a manager that does not charge by the wall clock) is no lag.
  lag.on_answer(0);
  lag.on_go(0, clock_of(5000), 4);
  EXPECT_EQ(lag.measured_ms(), 0);
}
