// Time controls as cutechess-cli and fastchess write them, and the clock arithmetic of a game,
// checked against sums done by hand.
#include <gtest/gtest.h>

#include "protocol/engine_player.h"
#include "protocol/time_control.h"

using namespace jungle;

TEST(TimeControl, ReadsTheUsualForms) {
  TimeControl tc = parse_time_control("tc=40/10+0.1");
  EXPECT_EQ(tc.moves, 40);
  EXPECT_EQ(tc.base_ms, 10000);
  EXPECT_EQ(tc.increment_ms, 100);
  tc = parse_time_control("tc=1:30+0.5");
  EXPECT_EQ(tc.moves, 0);
  EXPECT_EQ(tc.base_ms, 90000);
  EXPECT_EQ(tc.increment_ms, 500);
  tc = parse_time_control("st=0.05");
  EXPECT_EQ(tc.movetime_ms, 50);
  EXPECT_FALSE(tc.has_clock());
  tc = parse_time_control("tc=10+0.1,nodes=20000,depth=6");
  EXPECT_EQ(tc.base_ms, 10000);
  EXPECT_EQ(tc.nodes, 20000u);
  EXPECT_EQ(tc.depth, 6);
}

TEST(TimeControl, TextReadsBackToItself) {
  for (const char* text : {"tc=40/10+0.1", "tc=60", "st=0.05", "nodes=1000", "depth=3", "tc=10+0.1,nodes=20000"}) {
    const TimeControl tc = parse_time_control(text);
    EXPECT_EQ(tc.text(), text);
    EXPECT_EQ(parse_time_control(tc.text()), tc);
  }
}

TEST(TimeControl, BadFormsAreRefusedSayingWhy) {
  struct Case {
    const char* text;
    const char* why;
  };
  for (const Case& c : {Case{"tc=abc", "bad seconds"}, Case{"tc=0", "a clock needs some time"},
                        Case{"tc=0/10", "is not a whole number from 1"}, Case{"st=-1", "bad seconds"},
                        Case{"nodes=0", "is not a whole number from 1"}, Case{"depth=99", "from 1 to 64"},
                        Case{"moves=3", "unknown key \"moves\""}, Case{"tc", "is not key=value"},
                        Case{"", "empty"}, Case{"tc=1e300", "seconds out of range"}}) {
    try {
      parse_time_control(c.text);
      ADD_FAILURE() << "accepted " << c.text;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(c.why), std::string::npos) << c.text << ": " << e.what();
    }
  }
}

TEST(TimeControl, ClockAddsIncrementsAndPeriods) {
  // 2 moves in 1 s, +0.1 s a move.
  GameClock clock(parse_time_control("tc=2/1+0.1"));
  EXPECT_EQ(clock.left_ms(), 1000);
  EXPECT_EQ(clock.moves_to_go(), 2);
  EXPECT_TRUE(clock.charge(300, 0));  // 1000 - 300 + 100
  EXPECT_EQ(clock.left_ms(), 800);
  EXPECT_EQ(clock.moves_to_go(), 1);
  EXPECT_TRUE(clock.charge(500, 0));  // 800 - 500 + 100, then the next period's 1000
  EXPECT_EQ(clock.left_ms(), 1400);
  EXPECT_EQ(clock.moves_to_go(), 2);
  EXPECT_FALSE(clock.charge(1500, 50));  // 100 ms over, margin 50: lost on time
}

TEST(TimeControl, TheMarginForgivesALittleAndTheClockStopsAtZero) {
  GameClock clock(parse_time_control("tc=1+0.2"));
  EXPECT_TRUE(clock.charge(1040, 50));  // 40 ms over, within the margin
  EXPECT_EQ(clock.left_ms(), 200);      // 0 + the increment
  EXPECT_EQ(clock.moves_to_go(), 0);    // sudden death
  GameClock untimed(parse_time_control("nodes=100"));
  EXPECT_TRUE(untimed.charge(1'000'000, 0));  // no clock, no loss on time
}

// The go line as cutechess and fastchess send it: both clocks, each side's own increment, and
// the mover's own moves to go.
TEST(TimeControl, GoLineForEachSide) {
  const TimeControl tc = parse_time_control("tc=2/1+0.1");
  GameClock white(tc), black(tc);
  ASSERT_TRUE(white.charge(300, 0));  // white has made 1 of its 2 moves: 800 ms left
  EXPECT_EQ(go_command(tc, BLACK, white, black), "go wtime 800 btime 1000 winc 100 binc 100 movestogo 2");
  EXPECT_EQ(go_command(tc, WHITE, white, black), "go wtime 800 btime 1000 winc 100 binc 100 movestogo 1");
  GameClock sudden(parse_time_control("tc=5+0.5"));
  EXPECT_EQ(go_command(parse_time_control("tc=5+0.5"), BLACK, white, sudden),
            "go wtime 800 btime 5000 winc 100 binc 500");
  GameClock none(parse_time_control("st=0.05"));
  EXPECT_EQ(go_command(parse_time_control("st=0.05,depth=3"), WHITE, none, none), "go movetime 50 depth 3");
}

// cutechess-cli's TimeControl tag (TimeControl::toString): seconds as the shortest number,
// moves before a slash, the increment after a plus; a move time as "S/move"; "-" for no time.
TEST(TimeControl, PgnTagAsCutechessWritesIt) {
  EXPECT_EQ(pgn_time_control(parse_time_control("tc=40/10+0.1")), "40/10+0.1");
  EXPECT_EQ(pgn_time_control(parse_time_control("tc=1:00+0.5")), "60+0.5");
  EXPECT_EQ(pgn_time_control(parse_time_control("tc=90")), "90");
  EXPECT_EQ(pgn_time_control(parse_time_control("tc=10+0.1,nodes=20000")), "10+0.1");
  EXPECT_EQ(pgn_time_control(parse_time_control("st=0.05")), "0.05/move");
  EXPECT_EQ(pgn_time_control(parse_time_control("depth=3")), "-");
  EXPECT_EQ(pgn_time_control(TimeControl{}), "-");
}
