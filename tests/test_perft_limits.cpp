// What keeps perft bounded on hostile input: a table never larger than the machine can give,
// the depth limits, the progress of long counts and suite lines of bounded length. Expected
// values come from the reference counts (24, 576, 12240 from the start) or from the rules
// stated in perft.h and hash_table.h, worked out here independently.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/variant_loader.h"
#include "perft/hash_table.h"
#include "perft/perft.h"
#include "perft/progress.h"
#include "perft/suite.h"

using namespace jungle;

namespace {

const std::string REFERENCE = JUNGLE_SOURCE_DIR "/data/reference";

// ---- The table's size ---------------------------------------------------------------------------

std::size_t half_of_physical_memory_mb() {
  return std::size_t(sysconf(_SC_PHYS_PAGES)) * std::size_t(sysconf(_SC_PAGE_SIZE)) / 2 / (1 << 20);
}

TEST(PerftTableSize, IsTheRequestRoundedDownToAPowerOfTwo) {
  std::vector<std::string> warnings;
  auto warn = [&](const std::string& w) { warnings.push_back(w); };
  EXPECT_EQ(PerftTable(1, warn).megabytes(), 1u);
  EXPECT_EQ(PerftTable(3, warn).megabytes(), 2u);
  EXPECT_EQ(PerftTable(16, warn).megabytes(), 16u);
  EXPECT_EQ(PerftTable(0, warn).megabytes(), 1u);
  EXPECT_TRUE(warnings.empty());
}

// A terabyte, the most --hash accepts, is more than this machine has: the table is the largest
// power of two within half of the physical memory, and one warning says so. Its pages are not
// touched until used, so the test costs no memory to speak of.
TEST(PerftTableSize, ARequestAboveHalfOfTheMemoryIsCut) {
  const std::size_t half = half_of_physical_memory_mb();
  ASSERT_LT(half, std::size_t(1) << 20) << "a machine with 2 TB of memory: pick a larger request";
  const std::size_t expected = std::bit_floor(half);
  std::vector<std::string> warnings;
  PerftTable table(std::size_t(1) << 20, [&](const std::string& w) { warnings.push_back(w); });
  EXPECT_EQ(table.megabytes(), expected);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0], "1048576 MB is more than " + std::to_string(half) +
                             " MB, half of this machine's memory; using " + std::to_string(expected) + " MB");
  std::uint64_t nodes = 0;
  table.store(0xABCDEF, 5, 123456789);
  EXPECT_TRUE(table.probe(0xABCDEF, 5, nodes));
  EXPECT_EQ(nodes, 123456789u);
}

// A subtotal is kept in the 56 bits above the depth; a larger one is not stored, rather than
// coming back cut short.
TEST(PerftTableSize, ASubtotalBeyond56BitsIsNotStored) {
  PerftTable table(1);
  std::uint64_t nodes = 0;
  table.store(0x77, 9, std::uint64_t(1) << 56);
  EXPECT_FALSE(table.probe(0x77, 9, nodes));
  table.store(0x77, 9, (std::uint64_t(1) << 56) - 1);
  EXPECT_TRUE(table.probe(0x77, 9, nodes));
  EXPECT_EQ(nodes, (std::uint64_t(1) << 56) - 1);
}

// One table serves every count of a command: subtotals of one position hold for every other
// position and depth of the same rules, and under other Zobrist keys they are simply not found.
TEST(PerftTableSize, OneSharedTableServesManyCounts) {
  Variant variant = load_variant_file(REFERENCE + "/rules/standard.toml");
  PerftOptions options{.threads = 2, .hash_mb = 1};
  std::unique_ptr<PerftTable> table = shared_table(options);
  ASSERT_NE(table, nullptr);
  EXPECT_EQ(options.table, table.get());
  for (std::uint64_t seed : {0ULL, 777ULL})
    for (const SuiteEntry& entry : read_suite(REFERENCE + "/perft/standard.epd")) {
      Position pos(variant, entry.fen);
      options.zobrist_seed = seed;
      for (const SuiteExpectation& e : entry.expected)
        if (e.depth <= 4) {
          EXPECT_EQ(perft(pos, e.depth, options), e.nodes) << "line " << entry.line << " depth " << e.depth;
        }
    }
  PerftOptions none{.threads = 1};
  EXPECT_EQ(shared_table(none), nullptr);
  PerftOptions repetition{.threads = 1, .hash_mb = 4, .repetition = true};
  EXPECT_EQ(shared_table(repetition), nullptr);  // the repetition rule makes subtotals depend on the line
}

// ---- Depth limits -------------------------------------------------------------------------------

TEST(PerftDepthLimit, BeyondTenNeedsForceAndBeyondFifteenIsRefused) {
  for (int depth : {0, 1, 10}) {
    EXPECT_EQ(depth_refusal(depth, false), "") << depth;
    EXPECT_EQ(depth_refusal(depth, true), "") << depth;
  }
  for (int depth : {11, 15}) {
    EXPECT_EQ(depth_refusal(depth, false), "is beyond 10 plies, which can take days; add --force to count it");
    EXPECT_EQ(depth_refusal(depth, true), "") << depth;
  }
  for (int depth : {16, 64, 99})
    for (bool force : {false, true})
      EXPECT_EQ(depth_refusal(depth, force), "is beyond 15 plies, more than perft counts even with --force");
}

// ---- Progress -----------------------------------------------------------------------------------

// From the start, depth 3: 24 root moves, 12240 leaves. Each root move is reported once, in
// order of completion, and the last report has the whole count.
TEST(PerftProgressHook, OneCallPerRootMove) {
  const Variant standard;
  const Position start(standard, standard.start);
  for (int threads : {1, 2})
    for (auto [depth, total] : {std::pair{1, 24u}, std::pair{3, 12240u}}) {
      std::vector<PerftProgress> calls;
      PerftOptions options{.threads = threads};
      options.on_root_move = [&](const PerftProgress& p) { calls.push_back(p); };
      EXPECT_EQ(perft(start, depth, options), total);
      ASSERT_EQ(calls.size(), 24u) << "threads " << threads << " depth " << depth;
      for (std::size_t i = 0; i < calls.size(); ++i) {
        EXPECT_EQ(calls[i].root_moves_done, int(i) + 1);
        EXPECT_EQ(calls[i].root_moves, 24);
        if (i) {
          EXPECT_GE(calls[i].nodes, calls[i - 1].nodes);
        }
      }
      EXPECT_EQ(calls.back().nodes, total);
    }
}

// White's rat stands on Black's den: the game is over, there is no root move to report.
TEST(PerftProgressHook, NoCallWithoutRootMoves) {
  const Variant standard;
  int calls = 0;
  PerftOptions options{.threads = 2};
  options.on_root_move = [&](const PerftProgress&) { ++calls; };
  EXPECT_EQ(perft(Position(standard, "3R3/7/7/7/7/7/7/7/6r b"), 4, options), 0u);
  EXPECT_EQ(calls, 0);
}

std::string written(std::FILE* file) {
  std::rewind(file);
  std::string text;
  for (int c; (c = std::fgetc(file)) != EOF;) text += char(c);
  return text;
}

// The progress lines in `text` with their seconds ("3.1") cut out, which the test cannot know.
std::vector<std::string> without_seconds(const std::string& text) {
  std::vector<std::string> lines;
  for (std::size_t start = 0, end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    std::string line = text.substr(start, end - start);
    std::size_t comma = line.rfind(", "), point = line.rfind('.');
    bool seconds = comma != std::string::npos && point > comma && line.ends_with(" s") && point + 4 == line.size() &&
                   std::all_of(line.begin() + comma + 2, line.end() - 2,
                               [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; });
    lines.push_back(seconds ? line.substr(0, comma + 2) + "S s" : line);
  }
  return lines;
}

TEST(PerftProgressLine, PlainLinesWhenNotATerminal) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  {
    CountProgress progress(file, 0, 0);
    progress({12, 24, 1234567});
    progress({13, 24, 98765432109});
  }
  EXPECT_EQ(without_seconds(written(file)),
            (std::vector<std::string>{"perft: 12/24 root moves, 1,234,567 nodes, S s",
                                      "perft: 13/24 root moves, 98,765,432,109 nodes, S s"}))
      << written(file);
  std::fclose(file);
}

TEST(PerftProgressLine, QuietAtFirstThenAtMostOneLineAPeriod) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  {
    CountProgress quiet(file, 3600, 0);  // an hour before the first line
    quiet({1, 24, 10});
  }
  EXPECT_EQ(written(file), "");
  {
    CountProgress sparse(file, 0, 3600);  // a line, then none for an hour
    sparse({1, 24, 10});
    sparse({2, 24, 20});
  }
  EXPECT_EQ(without_seconds(written(file)), std::vector<std::string>{"perft: 1/24 root moves, 10 nodes, S s"})
      << written(file);
  std::fclose(file);
}

// ---- Suite lines --------------------------------------------------------------------------------

class SuiteFile {
 public:
  explicit SuiteFile(const std::string& text)
      : path_(std::filesystem::temp_directory_path() / ("jungle-suite-" + std::to_string(getpid()) + ".epd")) {
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~SuiteFile() { std::filesystem::remove(path_); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

std::string suite_error(const std::filesystem::path& file) {
  try {
    read_suite(file);
  } catch (const SuiteError& e) {
    return e.what();
  }
  return "no error";
}

TEST(SuiteLines, ALineOf4096CharactersOrMoreIsAnError) {
  const std::string start = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w ;D1 24";
  // 4095 characters is the most a line may have; a comment of that length is read and skipped.
  SuiteFile longest("#" + std::string(4094, 'x') + "\n" + start + "\n");
  std::vector<SuiteEntry> entries = read_suite(longest.path());
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries[0].line, 2);
  EXPECT_EQ(entries[0].expected[0].nodes, 24u);

  SuiteFile too_long(start + "\n#" + std::string(4095, 'x') + "\n");
  EXPECT_EQ(suite_error(too_long.path()), too_long.path().string() + ":2: line longer than 4095 characters");
}

TEST(SuiteLines, TheLastLineNeedsNoLineEnd) {
  SuiteFile file("# start\n\nl5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w ;D1 24 ;D2 576");
  std::vector<SuiteEntry> entries = read_suite(file.path());
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries[0].line, 3);
  ASSERT_EQ(entries[0].expected.size(), 2u);
  EXPECT_EQ(entries[0].expected[1].nodes, 576u);
}

// A file without line ends is not read into memory until it runs out.
TEST(SuiteLines, DevZeroIsOneLineTooLong) {
  EXPECT_EQ(suite_error("/dev/zero"), "/dev/zero:1: line longer than 4095 characters");
}

TEST(SuiteLines, NumbersOutOfRangeAreErrors) {
  SuiteFile depth("7/7/7/r6/7/7/E6/7/7 w ;D99999999999 1\n");
  EXPECT_EQ(suite_error(depth.path()),
            depth.path().string() + ":1: expected \"D<depth> <nodes>\", got \"D99999999999 1\"");
  SuiteFile nodes("7/7/7/r6/7/7/E6/7/7 w ;D1 18446744073709551616\n");
  EXPECT_EQ(suite_error(nodes.path()),
            nodes.path().string() + ":1: expected \"D<depth> <nodes>\", got \"D1 18446744073709551616\"");
}

}  // namespace
