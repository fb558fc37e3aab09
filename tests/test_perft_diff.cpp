// perft-diff and perftree's contract. The other generator is the mailbox generator of
// tests/mailbox.h with one rule flipped, in process and as the separate program
// tests/tools/wrong_perftree; every expected position and move below is worked out by hand
// from the rules (see each test), not copied from the tool's output.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "engine/variant.h"
#include "perft/batch.h"
#include "perft/perft_diff.h"
#include "perft/perftree.h"
#include "perft/suite_diff.h"
#include "tests/mailbox.h"
#include "tests/mailbox_generator.h"

using namespace jungle;

namespace {

const std::string START = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w";

// Our own divide as a Generator, changed by `edit` wherever the position reached matches.
Generator edited_generator(const Variant& variant, std::vector<std::string> at, std::function<void(Divide&)> edit) {
  return [&variant, at, edit](int depth, const std::string& fen, const std::vector<std::string>& moves) {
    Divide d = divide_with_total(play_moves(variant, fen, moves), depth);
    if (moves == at) edit(d);
    return d;
  };
}

Divide divide_of(const Variant& variant, const std::string& fen, const std::vector<std::string>& moves, int depth) {
  return divide_with_total(play_moves(variant, fen, moves), depth);
}

bool same(const Divide& a, const Divide& b) {
  if (a.total != b.total || a.lines.size() != b.lines.size()) return false;
  for (std::size_t i = 0; i < a.lines.size(); ++i)
    if (a.lines[i].move != b.lines[i].move || a.lines[i].nodes != b.lines[i].nodes) return false;
  return true;
}

// ---- perftree's contract ----------------------------------------------------------------------

TEST(Perftree, OutputParsesBackToTheSameDivide) {
  const Variant standard;
  Divide d = divide_of(standard, START, {"g3g4"}, 3);
  Divide back = parse_divide(format_perftree(d));
  EXPECT_TRUE(same(d, back));
  EXPECT_EQ(format_perftree(Divide{{{"a1a2", 3}, {"b3b4", 12}}, 15}), "a1a2 3\nb3b4 12\n\n15\n");
  // Depth 0: no lines, a total of one.
  EXPECT_EQ(format_perftree(divide_of(standard, START, {}, 0)), "\n1\n");
}

TEST(Perftree, HandWorkedDivideAfterMoves) {
  // Elephant a3 against rat a6. After a3a4 the rat goes to a5 (the elephant then has only
  // a4a3: b4 is water and it may not take the rat), a7 or b6 (a4a3 and a4a5 each).
  const Variant standard;
  Divide d = divide_of(standard, "7/7/7/r6/7/7/E6/7/7 w", {"a3a4"}, 2);
  EXPECT_EQ(format_perftree(d), "a6a5 1\na6a7 2\na6b6 2\n\n5\n");
}

TEST(Perftree, ParserAcceptsCarriageReturnsAndTrailingBlankLines) {
  Divide d = parse_divide("a1a2 3\r\nb3b4\t12\r\n\r\n15\r\n\n");
  EXPECT_TRUE(same(d, Divide{{{"a1a2", 3}, {"b3b4", 12}}, 15}));
  EXPECT_TRUE(same(parse_divide("\n0\n"), Divide{{}, 0}));
}

TEST(Perftree, ParserNamesTheOffendingLine) {
  auto error = [](const std::string& output) {
    try {
      parse_divide(output);
    } catch (const DivideParseError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("a1a2 3\nStockfish 16 by the Stockfish developers\n\n3\n"),
            "line 2 \"Stockfish 16 by the Stockfish developers\": expected \"MOVE COUNT\" or \"MOVE: COUNT\", MOVE as in a1a2");
  EXPECT_EQ(error("a1a2: 3\nb3b4 -1\n\n3\n"), "line 2 \"b3b4 -1\": expected \"MOVE COUNT\" or \"MOVE: COUNT\", MOVE as in a1a2");
  EXPECT_EQ(error("a1a2 3\n\nNodes: 3\n"), "line 3 \"Nodes: 3\": expected the total, \"N\" or \"Nodes searched: N\"");
  EXPECT_EQ(error("a1a2 3\n\n3\ndone\n"), "line 4 \"done\": expected nothing after the total");
  EXPECT_EQ(error("a1a2 3\n"), "the output ends after 1 lines without the total (\"N\" or \"Nodes searched: N\")");
  EXPECT_EQ(error(""), "the output ends after 0 lines without the total (\"N\" or \"Nodes searched: N\")");
  // Moves as this harness writes them, FROM then TO: anything else is no divide of ours.
  for (const char* move : {"A1A2", "a1a10", "h1h2", "a0a1", "a1a2:3", "a1a2::", "Ra1a2", "a1-a2"})
    EXPECT_EQ(error(std::string(move) + " 3\n\n3\n"), "line 1 \"" + std::string(move) + " 3\": expected \"MOVE COUNT\" or \"MOVE: COUNT\", MOVE as in a1a2") << move;
}

// Stockfish's divide, as `jungle perft --divide` prints it, and perftree's, in either mix.
TEST(Perftree, ParserReadsStockfishsDivide) {
  const Divide expected{{{"a1a2", 3}, {"b3b4", 12}}, 15};
  EXPECT_TRUE(same(parse_divide("a1a2: 3\nb3b4: 12\n\nNodes searched: 15\n\n"), expected));
  EXPECT_TRUE(same(parse_divide("a1a2: 3\nb3b4 12\n\n15\n"), expected));
  EXPECT_TRUE(same(parse_divide("a1a2 3\nb3b4: 12\nNodes searched: 15\n"), expected));
  EXPECT_TRUE(same(parse_divide("\nNodes searched: 1\n"), Divide{{}, 1}));
}

std::string parse_error(const std::string& output) {
  try {
    parse_divide(output);
  } catch (const DivideParseError& e) {
    return e.what();
  }
  return "no error";
}

// 2^64-1 = 18446744073709551615 is the largest count; one more does not wrap to 0, and neither
// do lines whose sum would pass it.
TEST(Perftree, CountsThatDoNotFitIn64BitsAreErrors) {
  EXPECT_TRUE(same(parse_divide("a3a4 18446744073709551615\n\n18446744073709551615\n"),
                   Divide{{{"a3a4", 18446744073709551615u}}, 18446744073709551615u}));
  EXPECT_EQ(parse_error("a3a4 18446744073709551615\na3b3 5\n\n4\n"),
            "line 2 \"a3b3 5\": the sum of the counts does not fit in 64 bits");
  EXPECT_EQ(parse_error("a3a4 18446744073709551616\n\n1\n"),
            "line 1 \"a3a4 18446744073709551616\": the count does not fit in 64 bits");
  EXPECT_EQ(parse_error("a3a4 99999999999999999999999999999999\n\n1\n"),
            "line 1 \"a3a4 99999999999999999999999999999999\": the count does not fit in 64 bits");
  EXPECT_EQ(parse_error("a3a4 1\n\n18446744073709551616\n"),
            "line 3 \"18446744073709551616\": the total does not fit in 64 bits");
}

TEST(Perftree, NegativeSignedOrGarbledNumbersAreErrors) {
  for (const char* count : {"-1", "+5", "0x10", "12k", "1.5", "1e3", ""})
    EXPECT_EQ(parse_error(std::string("a3a4 ") + count + "\n\n1\n"),
              "line 1 \"a3a4 " + std::string(count) + "\": expected \"MOVE COUNT\" or \"MOVE: COUNT\", MOVE as in a1a2")
        << count;
  // Arabic-Indic digit one, which is no digit to the contract.
  EXPECT_EQ(parse_error("a3a4 \xd9\xa1\n\n1\n"), "line 1 \"a3a4 \\xd9\\xa1\": expected \"MOVE COUNT\" or \"MOVE: COUNT\", MOVE as in a1a2");
  for (const char* total : {"-1", "+1", "1 1", "0x1", "one"})
    EXPECT_EQ(parse_error(std::string("a3a4 1\n\n") + total + "\n"),
              "line 3 \"" + std::string(total) + "\": expected the total, \"N\" or \"Nodes searched: N\"")
        << total;
}

// A move is printable text: a report that lists it as extra stays one readable line, and the
// error quotes control bytes escaped.
TEST(Perftree, AMoveWithControlBytesIsAnError) {
  EXPECT_EQ(parse_error("a3\x1b[2Ja4 1\n\n1\n"), "line 1 \"a3\\x1b[2Ja4 1\": expected \"MOVE COUNT\" or \"MOVE: COUNT\", MOVE as in a1a2");
}

TEST(Perftree, IllegalMoveIsNamed) {
  const Variant standard;
  try {
    play_moves(standard, "7/7/7/r6/7/7/E6/7/7 w", {"a3a4", "a6a4"});
    FAIL() << "no error";
  } catch (const PerftreeError& e) {
    EXPECT_EQ(std::string(e.what()), "move 2 'a6a4' is not legal in 7/7/7/r6/7/E6/7/7/7 b");
  }
  EXPECT_THROW(play_moves(standard, "7/7/7 w", {}), PerftreeError);
}

TEST(Perftree, JungleSpeaksTheContractAsAnotherProcess) {
  const Variant standard;
  Generator jungle = external_generator(JUNGLE_BINARY " perft --variant standard --perftree");
  EXPECT_TRUE(same(jungle(3, START, {"g3g4", "a7a6"}), divide_of(standard, START, {"g3g4", "a7a6"}, 3)));
  EXPECT_TRUE(same(jungle(2, START, {}), divide_of(standard, START, {}, 2)));
}

// ---- perft-diff against a generator with a flipped rule -------------------------------------

// Standard rules, but the elephant takes the rat. From the start the counts part at depth 4
// (260099 and 260100, both published): only a white rat next to a black elephant can be
// taken within four plies, and only by g3g4 g7g6 g4g5, then g6g5. So every level differs in
// exactly one move, and the move sets part after those three moves, with g6g5 extra.
TEST(PerftDiff, FindsTheElephantTakingTheRat) {
  const Variant standard;
  mailbox::Rules rules = mailbox::Rules::from_variant(standard);
  rules.elephant_captures_rat = true;
  DiffResult r = perft_diff(Position(standard, START), 4, mailbox_generator(rules));
  EXPECT_EQ(r.kind, DiffKind::MoveSets);
  EXPECT_EQ(r.moves, (std::vector<std::string>{"g3g4", "g7g6", "g4g5"}));
  EXPECT_EQ(r.fen, "l5t/1d3c1/r1p1w2/6e/6R/7/E1W1P2/1C3D1/T5L b");
  EXPECT_EQ(r.depth, 1);
  EXPECT_EQ(r.extra, (std::vector<std::string>{"g6g5"}));
  EXPECT_TRUE(r.missing.empty());
  ASSERT_EQ(r.levels.size(), 4u);
  EXPECT_EQ(r.levels[0].ours, 260099u);
  EXPECT_EQ(r.levels[0].theirs, 260100u);
  for (const DiffLevel& level : r.levels) EXPECT_EQ(level.theirs, level.ours + 1);

  std::string report = format_diff(r);
  EXPECT_NE(report.find("\nDifference: the move sets differ\n"
                        "Position: l5t/1d3c1/r1p1w2/6e/6R/7/E1W1P2/1C3D1/T5L b\n"
                        "Moves: g3g4 g7g6 g4g5\n"
                        "Extra: g6g5\n"
                        "Missing: (none)\n"),
            std::string::npos)
      << report;
  EXPECT_EQ(report.substr(0, report.find('\n')), "depth 4: ours 260099, theirs 260100");
}

// The same finding the other way round: under elephant-takes-rat rules we have g6g5 and a
// generator that forgets the exception does not.
TEST(PerftDiff, NamesMissingMoves) {
  Variant rules_with_exception;
  rules_with_exception.elephant_captures_rat = true;
  rules_with_exception.conclude();
  mailbox::Rules plain = mailbox::Rules::from_variant(rules_with_exception);
  plain.elephant_captures_rat = false;
  DiffResult r = perft_diff(Position(rules_with_exception, START), 4, mailbox_generator(plain));
  EXPECT_EQ(r.kind, DiffKind::MoveSets);
  EXPECT_EQ(r.moves, (std::vector<std::string>{"g3g4", "g7g6", "g4g5"}));
  EXPECT_TRUE(r.extra.empty());
  EXPECT_EQ(r.missing, (std::vector<std::string>{"g6g5"}));
}

TEST(PerftDiff, AnUnchangedMailboxAgrees) {
  const Variant standard;
  const mailbox::Rules rules = mailbox::Rules::from_variant(standard);
  for (const std::string& fen : {START, std::string("7/7/7/7/3L2r/7/7/7/7 b"), std::string("R6/7/7/7/7/7/7/7/2r4 w")}) {
    DiffResult r = perft_diff(Position(standard, fen), 3, mailbox_generator(rules));
    EXPECT_EQ(r.kind, DiffKind::None) << fen;
    EXPECT_EQ(r.levels.size(), 1u);
    EXPECT_NE(format_diff(r).find("\nNo difference at depth 3: "), std::string::npos);
  }
}

// ---- perft-diff against a separate program ----------------------------------------------------

// A black rat on g5 beside the water of row 5, a white lion on d5 that jumps it. The rat
// steps to g4 or g6 (the lion then has d4, d6, the jump to a5 and the jump to g5: 4), or
// into the water at f5, where it blocks the jump to g5 (3: d4, d6, a5). If nothing in the
// water stops a jump, the lion still has d5g5 after g5f5, and only there.
TEST(PerftDiff, FindsAJumpOverARatThroughAnotherProcess) {
  const Variant standard;
  Generator wrong = external_generator(WRONG_PERFTREE " --blocked-by none");
  DiffResult r = perft_diff(Position(standard, "7/7/7/7/3L2r/7/7/7/7 b"), 2, wrong);
  EXPECT_EQ(r.kind, DiffKind::MoveSets);
  ASSERT_EQ(r.levels.size(), 2u);
  EXPECT_EQ(r.levels[0].ours, 11u);
  EXPECT_EQ(r.levels[0].theirs, 12u);
  EXPECT_EQ(r.moves, std::vector<std::string>{"g5f5"});
  EXPECT_EQ(r.fen, "7/7/7/7/3L1r1/7/7/7/7 w");
  EXPECT_EQ(r.extra, std::vector<std::string>{"d5g5"});
  EXPECT_TRUE(r.missing.empty());
}

// White's rat on a9 has two moves (a9a8, a9b9); the black rat on c1 then has c1b1,
// c1c2 and c1d1, which enters White's den. A generator that counts a finished game as no
// leaf gives 2 instead of 3 below each white move; the first, a9a8, is followed, and at
// depth 1 the moves agree but c1d1 counts 0.
TEST(PerftDiff, ReportsLeafCountsThatDifferWithTheSameMoves) {
  const Variant standard;
  DiffResult r = perft_diff(Position(standard, "R6/7/7/7/7/7/7/7/2r4 w"), 2,
                            external_generator(WRONG_PERFTREE " --finished-counts-zero"));
  EXPECT_EQ(r.kind, DiffKind::LeafCount);
  EXPECT_EQ(r.moves, std::vector<std::string>{"a9a8"});
  EXPECT_EQ(r.fen, "7/R6/7/7/7/7/7/7/2r4 b");
  EXPECT_EQ(r.move, "c1d1");
  EXPECT_EQ(r.ours, 1u);
  EXPECT_EQ(r.theirs, 0u);
}

TEST(PerftDiff, AnUnchangedProgramAgrees) {
  const Variant standard;
  DiffResult r = perft_diff(Position(standard, START), 4, external_generator(WRONG_PERFTREE));
  EXPECT_EQ(r.kind, DiffKind::None);
  EXPECT_EQ(r.levels[0].theirs, 260099u);
}

TEST(PerftDiff, ReportsATotalThatIsNotTheSumOfItsLines) {
  const Variant standard;
  DiffResult r = perft_diff(Position(standard, START), 2, external_generator(WRONG_PERFTREE " --total-off-by 1"));
  EXPECT_EQ(r.kind, DiffKind::BadTotal);
  EXPECT_EQ(r.sum_of_lines, 576u);
  EXPECT_EQ(r.printed_total, 577u);
  EXPECT_TRUE(r.moves.empty());
}

TEST(PerftDiff, AFailingOrBabblingCommandIsAnError) {
  const Variant standard;
  const Position start(standard, START);
  auto error = [&](const std::string& command) {
    try {
      perft_diff(start, 2, external_generator(command));
    } catch (const GeneratorError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("echo hello #"), "echo hello # 2 '" + START + "' printed no divide: line 1 \"hello\": expected \"MOVE COUNT\" or \"MOVE: COUNT\", MOVE as in a1a2");
  EXPECT_EQ(error("exit 3 #"), "exit 3 # 2 '" + START + "': exited with status 3");
  EXPECT_EQ(error(WRONG_PERFTREE " --flip nonsense 2>/dev/null"),
            WRONG_PERFTREE " --flip nonsense 2>/dev/null 2 '" + START + "': exited with status 1");
}

// Past --timeout or the cap on output, the other program is killed and the run is an error.
std::string generator_error(const Generator& generator) {
  try {
    generator(2, START, {});
  } catch (const GeneratorError& e) {
    return e.what();
  }
  return "no error";
}

double seconds_of(const std::function<void()>& run) {
  const auto start = std::chrono::steady_clock::now();
  run();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(PerftDiff, AProgramThatNeverAnswersIsKilledAtTheTimeout) {
  std::string error;
  double seconds = seconds_of([&] { error = generator_error(external_generator("sleep 100 #", {.seconds = 1})); });
  EXPECT_EQ(error, "sleep 100 # 2 '" + START + "': did not answer within 1 s");
  EXPECT_GE(seconds, 1.0);
  EXPECT_LT(seconds, 10.0);
  // Closing its output is not an answer while it still runs.
  EXPECT_EQ(generator_error(external_generator("exec >&-; sleep 100 #", {.seconds = 1})),
            "exec >&-; sleep 100 # 2 '" + START + "': did not answer within 1 s");
}

TEST(PerftDiff, AProgramThatPrintsTooMuchIsKilled) {
  EXPECT_EQ(generator_error(external_generator("yes #")), "yes # 2 '" + START + "': printed more than 1 MiB");
  EXPECT_EQ(generator_error(external_generator("yes #", {.max_output = 1000})),
            "yes # 2 '" + START + "': printed more than 1000 bytes");
}

// The program runs through /bin/sh; killing the shell alone would leave what it started
// running. A process started by the command would write the file 3 s in if it lived.
TEST(PerftDiff, TheTimeoutKillsWhatTheCommandStarted) {
  const std::filesystem::path late =
      std::filesystem::temp_directory_path() / ("jungle-perft-diff-late-" + std::to_string(getpid()));
  std::filesystem::remove(late);
  const std::string command = "(sleep 3; echo late > " + late.string() + ") & wait #";
  EXPECT_EQ(generator_error(external_generator(command, {.seconds = 1})),
            command + " 2 '" + START + "': did not answer within 1 s");
  std::this_thread::sleep_for(std::chrono::milliseconds(3500));
  EXPECT_FALSE(std::filesystem::exists(late));
  std::filesystem::remove(late);
}

// A generator in process is not parsed, but its lines are summed: a sum past 2^64-1 is an
// error, not a total that wrapped around to match.
TEST(PerftDiff, TheirLinesSummingPast64BitsAreAnError) {
  const Variant standard;
  Generator huge = [](int, const std::string&, const std::vector<std::string>&) {
    return Divide{{{"a1a2", 18446744073709551615u}, {"a1b1", 5}}, 4};
  };
  EXPECT_THROW(perft_diff(Position(standard, START), 1, huge), GeneratorError);
}

// ---- perft-diff's other findings, with our own divide edited in process ---------------------

TEST(PerftDiff, ReportsARepeatedMove) {
  const Variant standard;
  DiffResult r = perft_diff(Position(standard, START), 2, edited_generator(standard, {}, [](Divide& d) {
                              d.lines.push_back(d.lines.front());
                              d.total += d.lines.front().nodes;
                            }));
  EXPECT_EQ(r.kind, DiffKind::Duplicate);
  EXPECT_EQ(r.extra, std::vector<std::string>{"a1a2"});
}

// A generator whose count below a root move disagrees with its own count of the position that
// move leads to: the classic sign of make/unmake leaving something behind.
TEST(PerftDiff, ReportsACountThatDisagreesWithTheSubtree) {
  const Variant standard;
  DiffResult r = perft_diff(Position(standard, START), 3, edited_generator(standard, {}, [](Divide& d) {
                              d.lines[5].nodes += 1;
                              d.total += 1;
                            }));
  const std::string sixth = divide_of(standard, START, {}, 1).lines[5].move;
  EXPECT_EQ(r.kind, DiffKind::Inconsistent);
  EXPECT_EQ(r.side, "theirs");
  EXPECT_EQ(r.moves, std::vector<std::string>{sixth});
  EXPECT_EQ(r.here + 1, r.above);
  EXPECT_NE(format_diff(r).find("Difference: theirs counted " + std::to_string(r.above) + " below " + sixth +
                                " one level up, but " + std::to_string(r.here) + " here\n"),
            std::string::npos);
}

TEST(PerftDiff, DescendsIntoTheFirstDifferingMoveInTextOrder) {
  // Below two root moves, the position after their first reply loses its last move; every
  // count above it is lowered by one to match. The descent follows the earlier in text order.
  const Variant standard;
  std::vector<std::string> root_moves;
  for (const DivideLine& line : divide_of(standard, START, {}, 1).lines) root_moves.push_back(line.move);
  const std::string first = root_moves[3], second = root_moves[9];
  auto first_reply = [&](const std::string& fen, const std::string& move) {
    return divide_of(standard, fen, {move}, 1).lines.front().move;
  };
  auto lower = [](Divide& d, DivideLine& line) {
    line.nodes -= 1;
    d.total -= 1;
  };
  Generator g = [&](int depth, const std::string& fen, const std::vector<std::string>& moves) {
    Divide d = divide_with_total(play_moves(standard, fen, moves), depth);
    if (moves.empty()) {
      for (DivideLine& line : d.lines)
        if (line.move == first || line.move == second) lower(d, line);
    } else if (moves[0] == first || moves[0] == second) {
      if (moves.size() == 1) lower(d, d.lines.front());
      if (moves.size() == 2 && moves[1] == first_reply(fen, moves[0])) {
        d.total -= d.lines.back().nodes;
        d.lines.pop_back();
      }
    }
    return d;
  };
  DiffResult r = perft_diff(Position(standard, START), 3, g);
  EXPECT_EQ(r.kind, DiffKind::MoveSets);
  EXPECT_EQ(r.moves, (std::vector<std::string>{first, first_reply(START, first)}));
  EXPECT_TRUE(r.extra.empty());
  EXPECT_EQ(r.missing.size(), 1u);
}

// ---- The batch contract ---------------------------------------------------------------------

TEST(Batch, RequestsReadBackAsWritten) {
  const BatchRequest request = parse_batch_request("2 7/7/7/r6/7/7/E6/7/7 w moves a3a4 a6a5\r");
  EXPECT_EQ(request.depth, 2);
  EXPECT_EQ(request.fen, "7/7/7/r6/7/7/E6/7/7 w");
  EXPECT_EQ(request.moves, (std::vector<std::string>{"a3a4", "a6a5"}));
  EXPECT_EQ(format_batch_request(request), "2 7/7/7/r6/7/7/E6/7/7 w moves a3a4 a6a5");
  EXPECT_EQ(format_batch_request({0, START, {}}), "0 " + START);
  EXPECT_TRUE(parse_batch_request("0\t" + START).moves.empty());
}

TEST(Batch, ABadRequestIsNamed) {
  auto error = [](const std::string& line) {
    try {
      parse_batch_request(line);
    } catch (const BatchRequestError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error(""), "an empty request; expected DEPTH FEN [moves MOVE...]");
  EXPECT_EQ(error("x " + START), "depth \"x\" is not a number from 0 to 15");
  EXPECT_EQ(error("16 " + START), "depth \"16\" is not a number from 0 to 15");
  EXPECT_EQ(error("2"), "no position after the depth; expected DEPTH FEN [moves MOVE...]");
  EXPECT_EQ(error("2 moves a1a2"), "no position after the depth; expected DEPTH FEN [moves MOVE...]");
  EXPECT_EQ(error("2 7/7/7 w\r moves"), "a request holds a control character: \"2 7/7/7 w\\x0d moves\"");
}

TEST(Batch, AnswersReadBackAsWritten) {
  const Divide d{{{"a6a5", 1}, {"a6a7", 2}, {"a6b6", 2}}, 5};
  EXPECT_EQ(format_batch_answer(d), "5 a6a5:1 a6a7:2 a6b6:2");
  EXPECT_TRUE(same(parse_batch_answer("5 a6a5:1 a6a7:2 a6b6:2\r"), d));
  EXPECT_TRUE(same(parse_batch_answer("1"), Divide{{}, 1}));
  EXPECT_TRUE(same(parse_batch_answer("0"), Divide{{}, 0}));
  for (const char* bad : {"", "x", "5 a6a5 1", "5 a6a5:x", "5 A6A5:1", "5 a6a5:1 junk"})
    EXPECT_THROW(parse_batch_answer(bad), DivideParseError) << bad;
}

// jungle's own batch side, as another process: the hand-worked divide above, then the start's
// published perft(4) through a whole descent's worth of requests to one process.
TEST(Batch, JungleAnswersTheContractAsAnotherProcess) {
  const Variant standard;
  Generator jungle = batch_generator(JUNGLE_BINARY " perft --variant standard --threads 1 --batch");
  EXPECT_TRUE(same(jungle(2, "7/7/7/r6/7/7/E6/7/7 w", {"a3a4"}), Divide{{{"a6a5", 1}, {"a6a7", 2}, {"a6b6", 2}}, 5}));
  EXPECT_TRUE(same(jungle(0, START, {}), Divide{{}, 1}));
  DiffResult r = perft_diff(Position(standard, START), 4, jungle);
  EXPECT_EQ(r.kind, DiffKind::None);
  EXPECT_EQ(r.levels[0].theirs, 260099u);
}

TEST(Batch, AFailingOrBabblingProgramIsAnError) {
  auto error = [](const std::string& command, GeneratorLimits limits = {}) {
    try {
      batch_generator(command, limits)(1, START, {});
    } catch (const GeneratorError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string asked = " (batch), asked \"1 " + START + "\": ";
  EXPECT_EQ(error("read l; echo error no such rules"), "read l; echo error no such rules" + asked +
                                                           "it answered \"error no such rules\"");
  EXPECT_EQ(error("read l; echo 24 a1a2 24"),
            "read l; echo 24 a1a2 24" + asked +
                "answer \"24 a1a2 24\": \"a1a2\" is not MOVE:COUNT, MOVE as in a1a2 and COUNT below 2^64");
  EXPECT_EQ(error("read l; exit 3"), "read l; exit 3" + asked + "the program has exited: exited with status 3");
  EXPECT_EQ(error("sleep 100", {.seconds = 1}), "sleep 100" + asked + "did not answer within 1 s");
  // Each answer printed twice: the second is seen before the next request, not taken for its answer.
  Generator twice = batch_generator("while read l; do echo 1; echo 1; done", {});
  EXPECT_TRUE(same(twice(0, START, {}), Divide{{}, 1}));
  try {
    twice(0, START, {});
    ADD_FAILURE() << "no error";
  } catch (const GeneratorError& e) {
    EXPECT_EQ(std::string(e.what()), "while read l; do echo 1; echo 1; done (batch), asked \"0 " + START +
                                         "\": it printed a line no request asked for: \"1\"");
  }
  // It reads the request first: a `yes` that babbles before being asked is, by the time the
  // request goes out, the other error above (a line no request asked for), as a loaded machine showed.
  EXPECT_EQ(error("read l; yes", {.max_output = 1000}),
            "read l; yes" + asked + "answer \"y\": the total \"y\" is not a count below 2^64");
  EXPECT_EQ(error("tr -d '\\n' < /dev/zero", {.max_output = 1000}),
            "tr -d '\\n' < /dev/zero" + asked + "the program wrote a line of more than 1000 bytes");
}

// ---- perft-diff over a suite ----------------------------------------------------------------

// The two positions of the hand-worked tests above: the lion's jump over the rat differs at
// depth 2 (d5g5 after g5f5), the two rats far from the water agree.
TEST(SuiteDiff, ReportsEachPositionInTheSuitesOrder) {
  const Variant standard;
  const std::vector<SuiteEntry> suite = {{"7/7/7/7/3L2r/7/7/7/7 b", {{1, 3}, {2, 11}}, 4},
                                         {"R6/7/7/7/7/7/7/7/2r4 w", {{1, 2}, {2, 6}}, 7},
                                         {"7/7/7/7/3L2r/7/7/7/7 b", {{2, 12}}, 9}};
  mailbox::Rules rules = mailbox::Rules::from_variant(standard);
  rules.blocked_by = mailbox::Blockers::None;
  const std::vector<int> depths = suite_depths(standard, "hand.epd", suite, {}, false);
  EXPECT_EQ(depths, (std::vector<int>{2, 2, 2}));
  for (int threads : {1, 2, 3}) {
    std::vector<PositionDiff> seen;
    SuiteDiffSummary summary = diff_suite(standard, suite, depths, threads, [&] { return mailbox_generator(rules); },
                                          [&](const PositionDiff& r) { seen.push_back(r); });
    ASSERT_EQ(seen.size(), 3u);
    EXPECT_EQ(seen[0].entry->line, 4);
    EXPECT_EQ(seen[0].diff.kind, DiffKind::MoveSets);
    EXPECT_EQ(seen[0].diff.extra, std::vector<std::string>{"d5g5"});
    EXPECT_EQ(seen[1].diff.kind, DiffKind::None);
    EXPECT_TRUE(seen[1].error.empty());
    // The third line counts 12 where the rules give 11: a suite of other rules, not a finding.
    EXPECT_EQ(seen[2].error, "the suite counts 12 at depth 2, we count 11: is it a suite of these rules (--variant)?");
    EXPECT_EQ(summary.agree, 1);
    EXPECT_EQ(summary.differ, 1);
    EXPECT_EQ(summary.errors, 1);
    EXPECT_EQ(format_position_diff("hand.epd", seen[1]), "");
    EXPECT_EQ(format_position_diff("hand.epd", seen[0]),
              "hand.epd:4 \"7/7/7/7/3L2r/7/7/7/7 b\" depth 2: ours 11, theirs 12\n"
              "  Difference: the move sets differ\n"
              "  Position: 7/7/7/7/3L1r1/7/7/7/7 w\n"
              "  Moves: g5f5\n"
              "  Extra: d5g5\n"
              "  Missing: (none)\n");
  }
}

TEST(SuiteDiff, DepthsAndPositionsAreCheckedFirst) {
  const Variant standard;
  const std::vector<SuiteEntry> suite = {{"R6/7/7/7/7/7/7/7/2r4 w", {{1, 2}, {4, 99}}, 1}};
  EXPECT_EQ(suite_depths(standard, "s.epd", suite, {}, false), std::vector<int>{4});
  EXPECT_EQ(suite_depths(standard, "s.epd", suite, {.depth = 2}, false), std::vector<int>{2});
  auto error = [&](const std::vector<SuiteEntry>& entries, SuiteDiffOptions options) {
    try {
      suite_depths(standard, "s.epd", entries, options, false);
    } catch (const SuiteError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error(suite, {.depth = 11}), "s.epd:1: depth 11 is beyond 10 plies, which can take days; add --force to count it");
  EXPECT_EQ(error({{"7/7/7 w", {{1, 3}}, 5}}, {}).substr(0, 25), "s.epd:5: bad position \"7/");
}

}  // namespace
