// Every line of every reference suite, at every listed depth, against its rules file.
// The expectations come from an independent mailbox implementation (data/reference/README.md).
#include <gtest/gtest.h>

#include "engine/variant_loader.h"
#include "perft/perft.h"
#include "perft/suite.h"

using namespace jungle;

namespace {

const std::string REFERENCE = JUNGLE_SOURCE_DIR "/data/reference";

class ReferenceSuite : public testing::TestWithParam<std::string> {};

TEST_P(ReferenceSuite, EveryPositionEveryDepth) {
  Variant variant = load_variant_file(REFERENCE + "/rules/" + GetParam() + ".toml");
  std::vector<SuiteEntry> entries = read_suite(REFERENCE + "/perft/" + GetParam() + ".epd");
  ASSERT_EQ(entries.size(), 41u);  // the start position and 40 random ones
  for (const SuiteEntry& entry : entries) {
    Position pos(variant, entry.fen);
    for (const SuiteExpectation& e : entry.expected)
      EXPECT_EQ(perft(pos, e.depth), e.nodes) << GetParam() << ".epd line " << entry.line << " \"" << entry.fen
                                              << "\" depth " << e.depth;
    EXPECT_EQ(pos.fen(), entry.fen) << "perft must leave the position as it found it";
  }
}

INSTANTIATE_TEST_SUITE_P(AllRules, ReferenceSuite,
                         testing::Values("standard", "elephant-takes-rat", "water-edge", "any-trap", "jumpers",
                                         "swimmers", "one-river"),
                         [](const auto& info) {
                           std::string name = info.param;
                           std::erase(name, '-');
                           return name;
                         });

// Published depth-7 counts (issue 2): two public engines and the reference agree.
TEST(PerftSlow, StandardDepth7) {
  Variant variant = load_variant_file(REFERENCE + "/rules/standard.toml");
  Position pos(variant, variant.start);
  EXPECT_EQ(perft(pos, 7), 1908199299u);
}

TEST(PerftSlow, ElephantTakesRatDepth7) {
  Variant variant = load_variant_file(REFERENCE + "/rules/elephant-takes-rat.toml");
  Position pos(variant, variant.start);
  EXPECT_EQ(perft(pos, 7), 1908483421u);
}

TEST(Perft, PublishedShallowCountsFromTheStart) {
  Variant standard;  // the built-in default rules are the standard rules
  Position pos(standard, standard.start);
  const std::uint64_t expected[] = {1, 24, 576, 12240, 260099, 5111620};
  for (int depth = 0; depth <= 5; ++depth) EXPECT_EQ(perft(pos, depth), expected[depth]) << "depth " << depth;
}

TEST(Perft, DivideSumsToPerftAndIsSortedByMoveText) {
  Variant standard;
  Position pos(standard, standard.start);
  std::vector<DivideLine> lines = divide(pos, 3);
  ASSERT_EQ(lines.size(), 24u);
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    total += lines[i].nodes;
    if (i > 0) {
      EXPECT_LT(lines[i - 1].move, lines[i].move);
    }
  }
  EXPECT_EQ(total, 12240u);
}

}  // namespace

// netcan/AnimalChess's rule, exceptions_outrank_traps, counted by hand: a piece on its enemy's
// trap is taken by anyone, unless the rat/elephant exception says no first.
TEST(Perft, TheExceptionsCanOutrankTheTraps) {
  auto moves = [](bool outrank, bool rat_takes_elephant, const std::string& fen) {
    Variant v;
    v.exceptions_outrank_traps = outrank;
    v.rat_captures_elephant = rat_takes_elephant;
    v.conclude();
    Position pos(v, fen);
    return perft(pos, 1);
  };
  // Black's rat on White's trap d2, White's elephant on d3: d4, c3, e3, and takes on d2 unless
  // the exception (elephant_captures_rat = false) outranks the trap.
  const std::string rat_on_trap = "7/7/7/7/7/7/3E3/3r3/7 w";
  EXPECT_EQ(moves(false, true, rat_on_trap), 4u);
  EXPECT_EQ(moves(true, true, rat_on_trap), 3u);
  // White's elephant on Black's trap d8, Black's rat on d7: d6, c7, e7, and takes on d8 when
  // either the trap or the exception allows it; with rat_captures_elephant = false and the
  // exception first, it may not.
  const std::string elephant_on_trap = "7/3E3/3r3/7/7/7/7/7/7 b";
  EXPECT_EQ(moves(false, false, elephant_on_trap), 4u);
  EXPECT_EQ(moves(true, true, elephant_on_trap), 4u);
  EXPECT_EQ(moves(true, false, elephant_on_trap), 3u);
}
