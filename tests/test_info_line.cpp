// An engine's info lines as a tournament keeps them with its move, and the latency worked out
// from the time they report, against lines written by hand.
#include <gtest/gtest.h>

#include "protocol/info_line.h"

using namespace jungle;

TEST(InfoLine, KeepsTheLastValueOfEachField) {
  SearchReport r;
  read_info_line("info depth 12 seldepth 18 multipv 1 score cp 35 nodes 5000 nps 24038 time 208 pv a3a4 g7g6", r);
  EXPECT_EQ(r.info.depth, 12);
  EXPECT_EQ(r.info.seldepth, 18);
  EXPECT_EQ(r.info.score, 35);
  EXPECT_FALSE(r.info.mate.has_value());
  EXPECT_EQ(r.info.nodes, 5000u);
  EXPECT_EQ(r.info.pv, (std::vector<std::string>{"a3a4", "g7g6"}));
  EXPECT_EQ(r.reported_ms, 208);
  // A line without a pv or a time leaves the last ones; a mate replaces the score.
  read_info_line("info depth 13 currmove a3a4 currmovenumber 1 score mate -3", r);
  EXPECT_EQ(r.info.depth, 13);
  EXPECT_EQ(r.info.mate, -3);
  EXPECT_FALSE(r.info.score.has_value());
  EXPECT_EQ(r.info.pv, (std::vector<std::string>{"a3a4", "g7g6"}));
  EXPECT_EQ(r.reported_ms, 208);
  // The words after `string` are text.
  read_info_line("info string time 5 pv b1b2 depth 40", r);
  EXPECT_EQ(r.reported_ms, 208);
  EXPECT_EQ(r.info.depth, 13);
  EXPECT_EQ(r.info.pv.size(), 2u);
}

TEST(InfoLine, APvEndsAtTheNextFieldAndIsBounded) {
  SearchReport r;
  read_info_line("info pv a3a4 g7g6 score cp 10 time 3", r);
  EXPECT_EQ(r.info.pv, (std::vector<std::string>{"a3a4", "g7g6"}));
  EXPECT_EQ(r.info.score, 10);
  EXPECT_EQ(r.reported_ms, 3);
  // 300 moves: the first 256 are kept. A 17-letter word is no move and ends the pv.
  std::string line = "info pv";
  for (int i = 0; i < 300; ++i) line += " a3a4";
  read_info_line(line, r);
  EXPECT_EQ(r.info.pv.size(), 256u);
  read_info_line("info pv a3a4 abcdefghijklmnopq g7g6", r);
  EXPECT_EQ(r.info.pv, (std::vector<std::string>{"a3a4"}));
  // Out of bounds: clamped as the depth, nodes and score are.
  read_info_line("info seldepth 99999 time -7", r);
  EXPECT_EQ(r.info.seldepth, 10000);
  EXPECT_EQ(r.reported_ms, 0);
}

TEST(InfoLine, LatencyIsTheWallTimeLessTheReportedTime) {
  EXPECT_EQ(latency_ms(210, 208), 2);
  EXPECT_EQ(latency_ms(57, 0), 57);
  EXPECT_EQ(latency_ms(5, 9), -4);  // the engine counted more than the manager saw
  EXPECT_FALSE(latency_ms(210, std::nullopt).has_value());
}
