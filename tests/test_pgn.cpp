// PGN export, against records written out by hand from the PGN standard's rules: the seven tag
// roster first, then TimeControl, Variant, SetUp, FEN, Termination and PlyCount; full-move numbers
// from the side to move of the start position ("1..." when black starts); cutechess-cli's
// comments on engine moves; the result last.
#include <gtest/gtest.h>

#include <sstream>

#include "results/pgn.h"

using namespace jungle;

TEST(Pgn, AGameWithTheTagsAndMovesThePgnStandardAsksFor) {
  StoredGame g;
  g.index = 4;
  g.record = {"ludii", "alphabeta:depth=3", "my \"engine\"", 0, {}, {"a3a4", "g7g6", "a4a5"}, Result::BlackWins,
              EndReason::IllegalMove, 3, "", {}, "bestmove {x}"};
  std::ostringstream out;
  write_pgn(out, g, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w", PgnContext{"study", "lab", "2026.12.01"});
  EXPECT_EQ(out.str(),
            "[Event \"study\"]\n"
            "[Site \"lab\"]\n"
            "[Date \"2026.12.01\"]\n"
            "[Round \"5\"]\n"
            "[White \"alphabeta:depth=3\"]\n"
            "[Black \"my \\\"engine\\\"\"]\n"
            "[Result \"0-1\"]\n"
            "[TimeControl \"?\"]\n"
            "[Variant \"ludii\"]\n"
            "[SetUp \"1\"]\n"
            "[FEN \"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w\"]\n"
            "[Termination \"rules infraction\"]\n"
            "[PlyCount \"3\"]\n"
            "\n"
            "1. a3a4 g7g6 2. a4a5 {illegal-move: bestmove {x)} 0-1\n"
            "\n");
}

TEST(Pgn, BlackToMoveFirstAndTheRecordsOwnStart) {
  StoredGame g;
  g.record = {"standard", "a", "b", 0, {}, {"d1c1", "d2d3"}, Result::Draw, EndReason::Adjudication, 2,
              "7/7/7/7/7/7/7/3E3/3l3 b", {}, ""};
  std::ostringstream out;
  write_pgn(out, g, "ignored", PgnContext{});
  const std::string pgn = out.str();
  EXPECT_NE(pgn.find("[Date \"????.??.??\"]\n"), std::string::npos);
  EXPECT_NE(pgn.find("[FEN \"7/7/7/7/7/7/7/3E3/3l3 b\"]\n"), std::string::npos);
  EXPECT_NE(pgn.find("[Termination \"adjudication\"]\n"), std::string::npos);
  EXPECT_NE(pgn.find("\n\n1... d1c1 2. d2d3 {adjudication} 1/2-1/2\n\n"), std::string::npos) << pgn;
}

TEST(Pgn, LongGamesWrapBefore80Columns) {
  StoredGame g;
  std::vector<std::string> moves;
  for (int i = 0; i < 100; ++i) moves.push_back(i % 2 ? "g7g6" : "a3a4");
  g.record = {"standard", "random", "random", 0, {}, moves, Result::Draw, EndReason::MaxPlies, 100, "", {}, ""};
  std::ostringstream out;
  write_pgn(out, g, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w", PgnContext{});
  std::istringstream in(out.str());
  for (std::string line; std::getline(in, line);) EXPECT_LT(line.size(), 80u) << line;
  EXPECT_NE(out.str().find(" 50. a3a4 g7g6 "), std::string::npos);
}

// Two engine moves after a two-ply opening, each comment worked out by cutechess-cli's rules:
// cp 35 at depth 12 in 210 ms is "+0.35/12 0.21s" (under 1 s: two decimals); `mate -3` at depth 9
// is being mated at ply 6, "-M6/9", and 1234 ms under 10 s is "1.2s" (one decimal).
TEST(Pgn, EngineMovesCarryCutechessCommentsAndTheTimeControl) {
  StoredGame g;
  g.index = 0;
  g.record = {"standard", "new", "old", 0, {"a3a4", "g7g6"}, {"a3a4", "g7g6", "a4a5", "g6g5"}, Result::Draw,
              EndReason::MaxPlies, 4, "", {}, ""};
  MoveInfo first, second;
  first.score = 35, first.depth = 12, first.seldepth = 18, first.nodes = 5000, first.ms = 210;
  first.pv = {"a4a5", "g6g5"}, first.latency_ms = 2, first.time_left_ms = 9890;
  second.mate = -3, second.depth = 9, second.ms = 1234;
  g.record.info = {first, second};
  PgnContext context{"jungle tournament runs", "lab", "2026.12.01"};
  context.mark_opening = true;
  context.time_controls = {{"new", "40/10+0.1"}, {"old", "40/10+0.1"}};
  std::ostringstream out;
  write_pgn(out, g, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w", context);
  EXPECT_EQ(out.str(),
            "[Event \"jungle tournament runs\"]\n"
            "[Site \"lab\"]\n"
            "[Date \"2026.12.01\"]\n"
            "[Round \"1\"]\n"
            "[White \"new\"]\n"
            "[Black \"old\"]\n"
            "[Result \"1/2-1/2\"]\n"
            "[TimeControl \"40/10+0.1\"]\n"
            "[Variant \"standard\"]\n"
            "[SetUp \"1\"]\n"
            "[FEN \"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w\"]\n"
            "[Termination \"normal\"]\n"
            "[PlyCount \"4\"]\n"
            "\n"
            // 73 columns up to {limit}: the result would end at 81, so it starts a line.
            "1. a3a4 g7g6 {opening} 2. a4a5 {+0.35/12 0.21s} g6g5 {-M6/9 1.2s} {limit}\n"
            "1/2-1/2\n"
            "\n");

  // Sides under different limits get a tag each, as cutechess writes them.
  context.time_controls["old"] = "0.05/move";
  std::ostringstream other;
  write_pgn(other, g, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w", context);
  EXPECT_NE(other.str().find("[Result \"1/2-1/2\"]\n[WhiteTimeControl \"40/10+0.1\"]\n[BlackTimeControl \"0.05/move\"]\n"
                             "[Variant"),
            std::string::npos)
      << other.str();
}

// cutechess-cli's MoveEvaluation::scoreText and evalString, case by case.
TEST(Pgn, MoveCommentsCaseByCase) {
  auto comment = [](std::optional<int> cp, std::optional<int> mate, int depth, std::int64_t ms) {
    MoveInfo m;
    m.score = cp, m.mate = mate, m.depth = depth, m.ms = ms;
    return pgn_move_comment(m);
  };
  EXPECT_EQ(comment(0, {}, 5, 50), "0.00/5 0.050s");      // no sign on 0; three decimals under 0.1 s
  EXPECT_EQ(comment(-120, {}, 7, 0), "-1.20/7 0s");      // no time at all: "0s"
  EXPECT_EQ(comment(1, {}, 1, 12345), "+0.01/1 12s");    // from 10 s on, whole seconds
  EXPECT_EQ(comment(250, {}, 3, 9999), "+2.50/3 10.0s");  // one decimal under 10 s, rounded
  EXPECT_EQ(comment({}, 5, 9, 100), "+M9/9 0.10s");      // mate in 5 moves: the 9th ply
  EXPECT_EQ(comment({}, 1, 1, 100), "+M1/1 0.10s");
  EXPECT_EQ(comment({}, -1, 2, 100), "-M2/2 0.10s");     // mated in 1: the 2nd ply
  EXPECT_EQ(comment(40, {}, 0, 30), "0.030s");           // a score without a depth is not shown
  EXPECT_EQ(comment({}, {}, 0, 100), "");                // nothing said, under 0.5 s: no comment
  EXPECT_EQ(comment({}, {}, 0, 600), "0.60s");
  MoveInfo counted;
  counted.nodes = 10, counted.ms = 3;
  EXPECT_EQ(pgn_move_comment(counted), "0.003s");
}
