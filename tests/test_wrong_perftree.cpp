// wrong_perftree's other two contracts, Stockfish's divide and the batch mode on standard input,
// on the position of Perftree.HandWorkedDivideAfterMoves: elephant a3 against rat a6. After
// a3a4 the rat goes to a5 (the elephant then has only a4a3: b4 is water and it may not take the
// rat; with elephant_captures_rat flipped it also has a4a5), a7 or b6 (a4a3 and a4a5 each).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

namespace {

// Runs a shell command and returns its standard output.
std::string output_of(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return "popen failed";
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  pclose(pipe);
  return out;
}

TEST(WrongPerftree, StockfishFormat) {
  EXPECT_EQ(output_of(WRONG_PERFTREE " --format stockfish 2 '7/7/7/r6/7/7/E6/7/7 w' a3a4"),
            "a6a5: 1\na6a7: 2\na6b6: 2\n\nNodes searched: 5\n");
}

TEST(WrongPerftree, BatchAnswersEachLineAndGoesOnAfterAnError) {
  const std::string requests =
      "2 7/7/7/r6/7/7/E6/7/7 w moves a3a4\\r\\n"  // carriage return at the end
      "0\\t7/7/7/r6/7/7/E6/7/7\\tw\\n"           // tabs; depth 0
      "1 7/7/7/7/7/7/7/7/3w3 w\\n"               // the black wolf stands on the white den: no moves
      "1 7/7/7/r6/7/7/E6/7/7 w moves a3a5\\n"    // illegal
      "1 7/7/7/x6/7/7/E6/7/7 w\\n"               // bad piece
      "1 7/7/7/r6/7/7/E6/7/7\\n"                 // no side to move
      "1 7/7/7/r6/7/7/E6/7/7 w\\n";
  std::string out = output_of("printf '" + requests + "' | " WRONG_PERFTREE " --batch --flip elephant_captures_rat");
  std::vector<std::string> lines;
  for (std::size_t start = 0, end; (end = out.find('\n', start)) != std::string::npos; start = end + 1)
    lines.push_back(out.substr(start, end - start));
  ASSERT_EQ(lines.size(), 7u) << out;
  EXPECT_EQ(lines[0], "6 a6a5:2 a6a7:2 a6b6:2");
  EXPECT_EQ(lines[1], "1");
  EXPECT_EQ(lines[2], "0");
  EXPECT_EQ(lines[3].rfind("error ", 0), 0u) << lines[3];
  EXPECT_EQ(lines[4].rfind("error ", 0), 0u) << lines[4];
  EXPECT_EQ(lines[5].rfind("error ", 0), 0u) << lines[5];
  EXPECT_EQ(lines[6], "3 a3a2:1 a3a4:1 a3b3:1");
}

}  // namespace
