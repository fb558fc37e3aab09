// PGN export, against records written out by hand from the PGN standard's rules: the seven tag
// roster first, then Variant, SetUp, FEN, Termination and PlyCount; full-move numbers from the
// side to move of the start position ("1..." when black starts); the result last.
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
