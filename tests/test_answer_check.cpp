// The judgement of an engine's `option` and `info` lines (protocol/answer_check.h), on lines
// written by hand: UCI's own examples and Stockfish's declarations pass, and each way of being
// malformed is named.
#include <gtest/gtest.h>

#include "engine/game.h"
#include "engine/variant_loader.h"
#include "protocol/answer_check.h"

using namespace jungle;

TEST(OptionLine, ReadsStockfishsDeclarations) {
  const OptionLine hash = read_option_line("option name Hash type spin default 16 min 1 max 33554432");
  EXPECT_EQ(hash.problem, "");
  EXPECT_EQ(hash.option.name, "Hash");
  EXPECT_EQ(hash.option.type, "spin");
  EXPECT_EQ(hash.option.min, 1);
  EXPECT_EQ(hash.option.max, 33554432);

  // A name of several words, ended by `type` alone.
  const OptionLine overhead = read_option_line("option name Move Overhead type spin default 10 min 0 max 5000");
  EXPECT_EQ(overhead.problem, "");
  EXPECT_EQ(overhead.option.name, "Move Overhead");

  const OptionLine variant = read_option_line("option name UCI_Variant type combo default chess var chess var xiangqi");
  EXPECT_EQ(variant.problem, "");
  EXPECT_EQ(variant.option.vars, (std::vector<std::string>{"chess", "xiangqi"}));

  EXPECT_EQ(read_option_line("option name Ponder type check default false").problem, "");
  EXPECT_EQ(read_option_line("option name Clear Hash type button").problem, "");
  EXPECT_EQ(read_option_line("option name VariantPath type string default <empty>").problem, "");
  EXPECT_EQ(read_option_line("option name Debug Log File type string default").problem, "");
}

TEST(OptionLine, NamesWhatIsWrong) {
  EXPECT_EQ(read_option_line("option type spin default 1 min 0 max 2").problem, "no name");
  EXPECT_EQ(read_option_line("option name Hash default 1").problem, "no type");
  EXPECT_EQ(read_option_line("option name Hash type number default 1").problem,
            "type \"number\" is none of spin, check, combo, string, button");
  EXPECT_EQ(read_option_line("option name Hash type spin default 100 min 1 max 64").problem,
            "default 100 is not within min 1 and max 64");
  EXPECT_EQ(read_option_line("option name Hash type spin default 16 min 1").problem, "a spin needs default, min and max");
  EXPECT_EQ(read_option_line("option name Hash type spin default big min 1 max 64").problem,
            "default \"big\", min \"1\" and max \"64\" must be whole numbers");
  EXPECT_EQ(read_option_line("option name Ponder type check default yes").problem,
            "a check's default must be true or false, not \"yes\"");
  EXPECT_EQ(read_option_line("option name V type combo default shogi var chess var xiangqi").problem,
            "default \"shogi\" is not one of its vars");
  EXPECT_EQ(read_option_line("option name V type combo default chess").problem, "a combo needs at least one var");
  EXPECT_EQ(read_option_line("option name P type string").problem, "a string needs a default");
  EXPECT_EQ(read_option_line("option name P type check default true min 0 max 1").problem,
            "min and max belong to a spin, not a check");
  EXPECT_EQ(read_option_line("option name P type spin default 1 min 0 max 1 min 0").problem, "\"min\" is given twice");
}

TEST(InfoLine, PassesWellFormedLines) {
  const Variant standard = load_variant("standard");
  const Game game(standard);
  // From the start, a3a4 (the elephant's step) then g7g6 (the other elephant's) are legal one after another.
  EXPECT_EQ(info_line_problem("info depth 3 seldepth 5 score cp -12 nodes 1000 nps 50000 time 20 pv a3a4 g7g6", game),
            std::nullopt);
  EXPECT_EQ(info_line_problem("info depth 9 score mate -3 lowerbound nodes 0", game), std::nullopt);
  EXPECT_EQ(info_line_problem("info currmove a3a4 currmovenumber 1", game), std::nullopt);
  EXPECT_EQ(info_line_problem("info string depth -1 is only text here", game), std::nullopt);
}

TEST(InfoLine, NamesWhatIsWrong) {
  const Variant standard = load_variant("standard");
  const Game game(standard);
  EXPECT_EQ(info_line_problem("info depth -1 nodes 5", game), "depth \"-1\" is not a whole number of at least 0");
  EXPECT_EQ(info_line_problem("info depth 2 nodes 1.5", game), "nodes \"1.5\" is not a whole number of at least 0");
  EXPECT_EQ(info_line_problem("info depth", game), "depth without a value");
  EXPECT_EQ(info_line_problem("info score 35", game), "score must be followed by cp N or mate N");
  EXPECT_EQ(info_line_problem("info score cp high", game), "score cp \"high\" is not a whole number");
  EXPECT_EQ(info_line_problem("info currmove a1a1", game),
            "currmove \"a1a1\" is not legal in l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w");
  // a3a4 moves the elephant away: after black's g7g6, a3a4 again has no piece to move.
  EXPECT_EQ(info_line_problem("info depth 2 pv a3a4 g7g6 a3a4", game),
            "pv move 3 \"a3a4\" is not legal in l5t/1d3c1/r1p1w2/6e/7/E6/2W1P1R/1C3D1/T5L w");
}
