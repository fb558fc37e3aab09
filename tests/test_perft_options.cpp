// Perft under its options: threads, the hash table, other Zobrist seeds and the repetition
// rule must all give the independently known counts.
#include <gtest/gtest.h>

#include "engine/variant_loader.h"
#include "perft/hash_table.h"
#include "perft/perft.h"
#include "perft/suite.h"

using namespace jungle;

namespace {

const std::string REFERENCE = JUNGLE_SOURCE_DIR "/data/reference";

TEST(PerftOptions, ThreadsAndHashGiveThePublishedCounts) {
  const Variant standard;
  const Position start(standard, standard.start);
  const std::uint64_t expected[] = {1, 24, 576, 12240, 260099, 5111620};
  for (int threads : {1, 2, 3})
    for (std::size_t hash_mb : {0, 1, 16})
      for (int depth = 0; depth <= 5; ++depth)
        EXPECT_EQ(perft(start, depth, {.threads = threads, .hash_mb = hash_mb}), expected[depth])
            << "threads " << threads << " hash " << hash_mb << " depth " << depth;
}

// Perft counts move sequences; the [end] rules (the ply limit, repetition, the no-capture
// limit) decide games, not moves, so a variant that changes only them has standard's counts.
TEST(PerftOptions, EndRulesLeaveTheCountsAlone) {
  const Variant online = load_variant("online");
  ASSERT_EQ(online.end.repetition_result, RepetitionResult::Forbidden);
  ASSERT_GT(online.end.no_capture_plies, 0);
  const Position start(online, online.start);
  const std::uint64_t expected[] = {1, 24, 576, 12240, 260099, 5111620};
  for (int depth = 0; depth <= 5; ++depth) EXPECT_EQ(perft(start, depth, {}), expected[depth]) << depth;
}

TEST(PerftOptions, DivideIsTheSameForAnyThreadCount) {
  const Variant standard;
  const Position start(standard, standard.start);
  std::vector<DivideLine> one = divide(start, 4, {.threads = 1});
  std::vector<DivideLine> two = divide(start, 4, {.threads = 2, .hash_mb = 4});
  ASSERT_EQ(one.size(), 24u);
  ASSERT_EQ(two.size(), 24u);
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].move, two[i].move);
    EXPECT_EQ(one[i].nodes, two[i].nodes) << one[i].move;
    total += one[i].nodes;
  }
  EXPECT_EQ(total, 260099u);
}

// A tiny table forces constant replacement: still exact on every reference position.
TEST(PerftOptions, ReferenceSuitesWithATinyTableAndTwoSeeds) {
  for (const char* rules : {"standard", "water-edge", "any-trap", "swimmers"}) {
    Variant variant = load_variant_file(REFERENCE + "/rules/" + rules + ".toml");
    for (const SuiteEntry& entry : read_suite(REFERENCE + "/perft/" + rules + ".epd")) {
      Position pos(variant, entry.fen);
      for (const SuiteExpectation& e : entry.expected) {
        if (e.depth > 4) continue;
        for (std::uint64_t seed : {0ULL, 12345ULL})
          EXPECT_EQ(perft(pos, e.depth, {.threads = 2, .hash_mb = 1, .zobrist_seed = seed}), e.nodes)
              << rules << " line " << entry.line << " depth " << e.depth << " seed " << seed;
      }
    }
  }
}

TEST(PerftTable, HitsOnlyTheSameKeyAndDepth) {
  PerftTable table(1);
  std::uint64_t nodes = 0;
  EXPECT_FALSE(table.probe(0x1234, 3, nodes));
  table.store(0x1234, 3, 987654321);
  EXPECT_TRUE(table.probe(0x1234, 3, nodes));
  EXPECT_EQ(nodes, 987654321u);
  EXPECT_FALSE(table.probe(0x1234, 4, nodes));
  EXPECT_FALSE(table.probe(0x1235, 3, nodes));
}

// van Rijn and Vis, ICGA Journal 2014, Table 1: with their rules a line ends as one leaf
// when a position repeats one earlier on it.
TEST(PerftOptions, RepetitionReproducesTheShallowRowsOfVanRijnAndVisTable1) {
  Variant variant = load_variant("van-rijn-vis");
  Position start(variant, variant.start);
  const std::uint64_t table1[] = {24, 576, 12240, 260100, 5098477};
  for (int depth = 1; depth <= 5; ++depth)
    for (int threads : {1, 2})
      EXPECT_EQ(perft(start, depth, {.threads = threads, .repetition = true}), table1[depth - 1])
          << "depth " << depth << " threads " << threads;
}

TEST(PerftSlow, RepetitionVanRijnAndVisTable1Depth6) {
  Variant variant = load_variant("van-rijn-vis");
  Position start(variant, variant.start);
  EXPECT_EQ(perft(start, 6, {.threads = 2, .repetition = true}), 99860517u);
}

// Two lone lions in opposite corners, worked by hand: a line can first come back to a
// position after 4 plies, so depth 4 is unchanged, while at depth 5 the lines that returned
// to the root stop there as one leaf instead of going on.
TEST(PerftOptions, RepetitionCutsOnlyRepeatingLines) {
  const Variant standard;
  // White lion a1 can go a2/b1; black lion g9 can go g8/f9. No captures or other pieces near.
  Position pos(standard, "6l/7/7/7/7/7/7/7/L6 w");
  const std::uint64_t plain4 = perft(pos, 4, {.threads = 1});
  EXPECT_EQ(perft(pos, 4, {.threads = 1, .repetition = true}), plain4);
  // At depth 5: the lines back at the root after 4 plies (white out to a2 or b1 and back, black
  // out to g8 or f9 and back: 2 * 2 of them) each count 1 instead of the root's 2 moves.
  const std::uint64_t plain5 = perft(pos, 5, {.threads = 1});
  EXPECT_EQ(perft(pos, 5, {.threads = 1, .repetition = true}), plain5 - 4 * (2 - 1));
}

}  // namespace

namespace {

// The independent count of standard perft(8) from the start (issue 3): 36,245,152,212.
TEST(PerftSlow, StandardDepth8WithHashAndThreads) {
  const Variant standard;
  const Position start(standard, standard.start);
  EXPECT_EQ(perft(start, 8, {.threads = 2, .hash_mb = 512}), 36245152212u);
}

}  // namespace
