// Position notation: round trips, errors that say what and where, make/unmake, colour symmetry.
#include <gtest/gtest.h>

#include <cctype>

#include "engine/movegen.h"
#include "perft/perft.h"
#include "perft/suite.h"

using namespace jungle;

namespace {

const Variant STANDARD;

// The same position seen from the other side: ranks reversed, colours and side to move swapped.
std::string colour_mirror(const std::string& fen) {
  std::string board = fen.substr(0, fen.find(' ')), out;
  std::vector<std::string> ranks;
  for (std::size_t start = 0;;) {
    std::size_t slash = board.find('/', start);
    ranks.push_back(board.substr(start, slash - start));
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
    for (char c : *it) out += std::isupper(c) ? char(std::tolower(c)) : char(std::toupper(c));
    out += '/';
  }
  out.back() = ' ';
  return out + (fen.back() == 'w' ? 'b' : 'w');
}

void expect_rejected(const std::string& fen, const std::string& gist) {
  try {
    Position pos(STANDARD, fen);
    ADD_FAILURE() << "accepted " << fen;
  } catch (const PositionError& e) {
    EXPECT_NE(std::string(e.what()).find(gist), std::string::npos) << e.what();
  }
}

TEST(Position, RoundTripsItsNotation) {
  for (const char* fen : {"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w", "7/7/5c1/d2w2E/P2l3/5rC/1e5/7/7 b",
                          "3L3/7/7/7/7/7/7/7/2l4 w", "7/7/7/7/7/7/7/7/7 b"})
    EXPECT_EQ(Position(STANDARD, fen).fen(), fen);
}

TEST(Position, SquaresAreNamedByFileAndRank) {
  EXPECT_EQ(parse_square("a1"), make_square(0, 0));
  EXPECT_EQ(parse_square("g9"), make_square(6, 8));
  EXPECT_EQ(parse_square("h1"), SQ_NONE);
  EXPECT_EQ(square_name(make_square(1, 2)), "b3");
}

TEST(Position, RejectsMalformedNotationSayingWhere) {
  expect_rejected("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L", "missing the side to move");
  expect_rejected("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L x", "side to move must be 'w' or 'b'");
  expect_rejected("l5t1/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w", "rank 9 is longer than 7 files");
  expect_rejected("l4t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w", "rank 9 has 6 files, expected 7");
  expect_rejected("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1 w", "has 8 ranks, expected 9");
  expect_rejected("l5t/1d3c1/r1p1w1e/7/7/7/7/E1W1P1R/1C3D1/T5L w", "more than 9 ranks");
  expect_rejected("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5X w", "unknown character 'X' at character 41");
  expect_rejected("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T4L1L w", "rank 1 is longer than 7 files");
}

TEST(Position, RejectsPositionsThatBreakTheTerrain) {
  expect_rejected("7/7/7/7/7/1L5/7/7/7 w", "the lion on b4 stands in water");
  expect_rejected("7/7/7/7/7/7/7/7/3E3 w", "the elephant on d1 stands on its own den");
  expect_rejected("3e3/7/7/7/7/7/7/7/7 w", "the elephant on d9 stands on its own den");
  EXPECT_NO_THROW(Position(STANDARD, "7/7/7/7/7/1R5/7/7/7 w"));  // the rat swims
  EXPECT_NO_THROW(Position(STANDARD, "3E3/7/7/7/7/7/7/7/7 b"));  // on the enemy den: a finished game
}

TEST(Position, RejectsBothDensEntered) {
  // No game reaches it: the first piece to enter a den ends the game.
  expect_rejected("3E3/7/7/7/7/7/7/7/3l3 b", "both sides stand on the enemy den");
}

TEST(Position, AFinishedGameHasNoMoves) {
  // The lion on c1 could move, but the elephant on d9 has ended the game.
  Position pos(STANDARD, "3E3/7/7/7/7/7/7/7/2l4 b");
  EXPECT_TRUE(pos.den_entered());
  EXPECT_EQ(legal_moves(pos).size, 0);
  EXPECT_EQ(perft(pos, 3), 0u);
  EXPECT_EQ(perft(pos, 0), 1u);
}

TEST(Position, MovesAreWrittenFromSquareToSquare) {
  Position pos(STANDARD, STANDARD.start);
  EXPECT_EQ(move_to_string(make_move(parse_square("g3"), parse_square("g4"))), "g3g4");
  EXPECT_NE(parse_move(pos, "g3g4"), MOVE_NONE);
  EXPECT_EQ(parse_move(pos, "g3g5"), MOVE_NONE);
  // A lion on b3 beside the river jumps to b7 (the Finnish rules' own example).
  Position jump(STANDARD, "7/7/7/7/7/7/1L5/7/7 w");
  EXPECT_NE(parse_move(jump, "b3b7"), MOVE_NONE);
}

TEST(Position, UndoRestoresEveryMoveOfTheStart) {
  Position pos(STANDARD, STANDARD.start);
  const Position before = pos;
  Undo undo;
  for (Move m : legal_moves(pos)) {
    pos.do_move(m, undo);
    EXPECT_NE(pos.fen(), before.fen());
    pos.undo_move(m, undo);
    EXPECT_TRUE(pos == before) << move_to_string(m);
  }
}

// The standard board is symmetric between the players, so a position and its colour mirror
// must have the same perft: a property known without trusting the generator.
TEST(Position, ColourMirrorHasTheSamePerft) {
  for (const SuiteEntry& entry : read_suite(JUNGLE_SOURCE_DIR "/data/reference/perft/standard.epd")) {
    Position pos(STANDARD, entry.fen);
    Position mirror(STANDARD, colour_mirror(entry.fen));
    EXPECT_EQ(colour_mirror(mirror.fen()), entry.fen);
    for (int depth = 1; depth <= 3; ++depth)
      EXPECT_EQ(perft(pos, depth), perft(mirror, depth)) << entry.fen << " depth " << depth;
  }
}

}  // namespace

// Position::from_pieces gives the same position as its text: board, masks, prey and key.
TEST(Position, FromPiecesEqualsTheParsedText) {
  const Variant variant;
  const Position::Placement pieces[] = {{make_piece(WHITE, LION), parse_square("d5")},
                                        {make_piece(BLACK, RAT), parse_square("f5")},
                                        {make_piece(BLACK, CAT), parse_square("g5")}};
  EXPECT_TRUE(Position::from_pieces(variant, pieces, BLACK) == Position(variant, "7/7/7/7/3L1rc/7/7/7/7 b"));
  EXPECT_TRUE(Position::from_pieces(variant, pieces, WHITE) == Position(variant, "7/7/7/7/3L1rc/7/7/7/7 w"));
}
