// The Game driver's end rules, on positions worked out by hand, and the record check.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/game.h"
#include "players/player.h"
#include "tests/mailbox.h"

using namespace jungle;

namespace {

// Plays moves written as text; each must be legal.
void play(Game& game, std::initializer_list<const char*> moves) {
  for (const char* text : moves) {
    const Move m = parse_move(game.position(), text);
    ASSERT_NE(m, MOVE_NONE) << text << " is not legal in " << game.position().fen();
    ASSERT_TRUE(game.play(m)) << text;
  }
}

Variant with_end(EndRules end) {
  Variant v;
  v.end = end;
  v.conclude();
  return v;
}

const GameEnd WHITE_BY_DEN{Result::WhiteWins, EndReason::Den};

// White's dog on the trap d8 next to Black's den d9; Black has a lion on a1.
const char* DEN_IN_ONE = "7/3D3/7/7/7/7/7/7/l6 w";
// White's elephant on a2 may take Black's only piece, a cat on a3.
const char* LAST_PIECE = "7/7/7/7/7/7/c6/E6/7 w";
// Black's cat on a9 is boxed in by White's dog (a8) and wolf (b9); Black's dog on c9 has only
// c8 to go to (d9 is its own den, the wolf outranks it). Lion c7-c8 leaves Black no move.
const char* STALEMATE_IN_ONE = "cWd4/D6/2L4/7/7/7/7/7/7 w";

// The results files' names of docs/tournaments.md, each read back as itself; the variant's [end]
// table has six endings, and the three forfeits are the protocol faults.
TEST(EndReasons, NamesReadBackAndTheTableSaysWhoDecides) {
  const std::vector<std::string> names = {"den",          "capture-all", "no-moves",   "repetition",
                                          "limit",        "no-capture",  "illegal-move", "time",
                                          "disconnect",   "adjudication", "tablebase"};
  ASSERT_EQ(END_REASON_NB, int(names.size()));
  int by_rules = 0;
  for (int i = 0; i < END_REASON_NB; ++i) {
    const EndReason r = EndReason(i);
    EXPECT_EQ(end_reason_name(r), names[std::size_t(i)]);
    EXPECT_EQ(parse_end_reason(names[std::size_t(i)]), r);
    by_rules += decided_by_rules(r);
    EXPECT_EQ(is_forfeit(r), r == EndReason::IllegalMove || r == EndReason::Time || r == EndReason::Disconnect);
  }
  EXPECT_EQ(by_rules, 6);
  for (EndReason r : {EndReason::Den, EndReason::CaptureAll, EndReason::NoMoves, EndReason::Repetition,
                      EndReason::MaxPlies, EndReason::NoCapture})
    EXPECT_TRUE(decided_by_rules(r)) << end_reason_name(r);
  EXPECT_FALSE(parse_end_reason("resign"));
}

TEST(Game, DenEntryWinsAndEndsTheGame) {
  const Variant v;
  Game game(v, DEN_IN_ONE);
  EXPECT_FALSE(game.end());
  play(game, {"d8d9"});
  ASSERT_TRUE(game.end());
  EXPECT_EQ(*game.end(), WHITE_BY_DEN);
  EXPECT_FALSE(game.play(make_move(parse_square("a1"), parse_square("a2")))) << "no move after the end";
  EXPECT_EQ(game.plies(), 1);
}

TEST(Game, DenEntryByTheSecondPlayerWinsForIt) {
  const Variant v;
  Game game(v, "7/7/7/7/7/7/7/3d3/L6 b");  // Black's dog on d2, next to White's den d1
  play(game, {"d2d1"});
  ASSERT_TRUE(game.end());
  EXPECT_EQ(*game.end(), (GameEnd{Result::BlackWins, EndReason::Den}));
}

TEST(Game, CapturingTheLastPieceWinsWhenCaptureAllIsWin) {
  const Variant v;  // standard: capture_all = win
  Game game(v, LAST_PIECE);
  play(game, {"a2a3"});
  ASSERT_TRUE(game.end());
  EXPECT_EQ(*game.end(), (GameEnd{Result::WhiteWins, EndReason::CaptureAll}));
}

TEST(Game, WithoutCaptureAllTheSideLeftWithNoPiecesHasNoMoves) {
  EndRules end;
  end.capture_all = CaptureAllResult::None;
  const Variant loss = with_end(end);
  Game game(loss, LAST_PIECE);
  play(game, {"a2a3"});
  ASSERT_TRUE(game.end());
  EXPECT_EQ(*game.end(), (GameEnd{Result::WhiteWins, EndReason::NoMoves}));

  end.no_moves = NoMovesResult::Draw;
  const Variant draw = with_end(end);
  Game drawn(draw, LAST_PIECE);
  play(drawn, {"a2a3"});
  ASSERT_TRUE(drawn.end());
  EXPECT_EQ(*drawn.end(), (GameEnd{Result::Draw, EndReason::NoMoves}));
}

TEST(Game, NoLegalMoveLosesOrDrawsByTheVariant) {
  const Variant loss;  // standard: no_moves = loss
  Game game(loss, STALEMATE_IN_ONE);
  play(game, {"c7c8"});
  ASSERT_TRUE(game.end());
  EXPECT_EQ(*game.end(), (GameEnd{Result::WhiteWins, EndReason::NoMoves}));

  EndRules end;
  end.no_moves = NoMovesResult::Draw;
  const Variant draw = with_end(end);
  Game drawn(draw, STALEMATE_IN_ONE);
  play(drawn, {"c7c8"});
  ASSERT_TRUE(drawn.end());
  EXPECT_EQ(*drawn.end(), (GameEnd{Result::Draw, EndReason::NoMoves}));
}

TEST(Game, APositionWithoutMovesHasEndedFromTheStart) {
  const Variant v;
  Game game(v, "cWd4/D1L4/7/7/7/7/7/7/7 b");  // the stalemate, Black to move
  ASSERT_TRUE(game.end());
  EXPECT_EQ(*game.end(), (GameEnd{Result::WhiteWins, EndReason::NoMoves}));
}

TEST(Game, ThePlyLimitDraws) {
  EndRules end;
  end.max_plies = 4;
  const Variant v = with_end(end);
  Game game(v);
  play(game, {"g1g2", "a9a8", "a1a2"});
  EXPECT_FALSE(game.end());
  play(game, {"g9g8"});
  ASSERT_TRUE(game.end());
  EXPECT_EQ(*game.end(), (GameEnd{Result::Draw, EndReason::MaxPlies}));
  EXPECT_EQ(game.plies(), 4);
}

TEST(Game, ADenEntryOnTheLastPlyStillWins) {
  EndRules end;
  end.max_plies = 1;
  const Variant v = with_end(end);
  Game game(v, DEN_IN_ONE);
  play(game, {"d8d9"});
  EXPECT_EQ(*game.end(), WHITE_BY_DEN);
}

// Lion g1-g2, lion a9-a8 and back, twice: the start position occurs a third time after ply 8,
// a move of Black's.
constexpr std::initializer_list<const char*> TWO_ROUND_TRIPS = {"g1g2", "a9a8", "g2g1", "a8a9",
                                                                "g1g2", "a9a8", "g2g1"};

TEST(Game, ThreefoldRepetitionDraws) {
  const Variant v;
  Game game(v);
  play(game, TWO_ROUND_TRIPS);
  EXPECT_FALSE(game.end());
  EXPECT_EQ(game.occurrences(), 2);  // the position after g1g2... g2g1, Black to move
  play(game, {"a8a9"});
  ASSERT_TRUE(game.end());
  EXPECT_EQ(*game.end(), (GameEnd{Result::Draw, EndReason::Repetition}));
  EXPECT_EQ(game.occurrences(), 3);
}

TEST(Game, RepetitionCanLoseForTheSideThatRepeats) {
  EndRules end;
  end.repetition_result = RepetitionResult::Loss;
  const Variant v = with_end(end);
  Game game(v);
  play(game, TWO_ROUND_TRIPS);
  play(game, {"a8a9"});  // Black completes the third occurrence
  ASSERT_TRUE(game.end());
  EXPECT_EQ(*game.end(), (GameEnd{Result::WhiteWins, EndReason::Repetition}));

  // White repeating first: start the cycle with Black's move.
  Game white_repeats(v, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b");
  play(white_repeats, {"a9a8", "g1g2", "a8a9", "g2g1", "a9a8", "g1g2", "a8a9"});
  EXPECT_FALSE(white_repeats.end());
  play(white_repeats, {"g2g1"});
  ASSERT_TRUE(white_repeats.end());
  EXPECT_EQ(*white_repeats.end(), (GameEnd{Result::BlackWins, EndReason::Repetition}));
}

TEST(Game, RepetitionCanBeIgnored) {
  EndRules end;
  end.repetition_result = RepetitionResult::None;
  const Variant v = with_end(end);
  Game game(v);
  play(game, TWO_ROUND_TRIPS);
  play(game, {"a8a9"});
  play(game, {"g1g2", "a9a8", "g2g1", "a8a9"});
  EXPECT_FALSE(game.end());
  EXPECT_EQ(game.occurrences(), 4);
}

TEST(Game, RepetitionCountComesFromTheVariant) {
  EndRules end;
  end.repetition_count = 2;
  const Variant v = with_end(end);
  Game game(v);
  play(game, {"g1g2", "a9a8", "g2g1"});
  EXPECT_FALSE(game.end());
  play(game, {"a8a9"});
  ASSERT_TRUE(game.end());
  EXPECT_EQ(game.end()->reason, EndReason::Repetition);
}

// On a board whose a9 and a8 are water, Black's rat on a9 can only shuttle to a8 and back:
// White's elephants on b9, b8 and a7 cannot enter the water, nor be taken from it. White's
// elephant on g1 shuttles to g2 and back.
const char* RAT_IN_A_CORRIDOR = "rE5/1E5/E6/7/7/7/7/7/6E w";

Variant with_forbidden_repetition(bool water_corridor = false) {
  Variant v;
  v.end.repetition_result = RepetitionResult::Forbidden;
  if (water_corridor) v.terrain[parse_square("a9")] = v.terrain[parse_square("a8")] = WATER;
  v.conclude();
  return v;
}

TEST(Game, AForbiddenRepetitionIsNotALegalMove) {
  const Variant v = with_forbidden_repetition();
  Game game(v);
  play(game, TWO_ROUND_TRIPS);
  ASSERT_FALSE(game.end());
  // a8a9 would make the position after g2g1 occur a third time: the one move left out.
  const Move repeat = parse_move(game.position(), "a8a9");
  ASSERT_NE(repeat, MOVE_NONE);
  EXPECT_EQ(game.legal().size, legal_moves(game.position()).size - 1);
  EXPECT_EQ(std::count(game.legal().begin(), game.legal().end(), repeat), 0);
  EXPECT_FALSE(game.play(repeat));
  EXPECT_EQ(game.plies(), 7);
  // A second occurrence is allowed: Black may still go back with its other moves.
  play(game, {"a7a6"});
  EXPECT_FALSE(game.end());
}

TEST(Game, ASideWithOnlyForbiddenRepetitionsHasNoMoves) {
  for (NoMovesResult no_moves : {NoMovesResult::Loss, NoMovesResult::Draw}) {
    Variant v = with_forbidden_repetition(true);
    v.end.no_moves = no_moves;
    Game game(v, RAT_IN_A_CORRIDOR);
    play(game, {"g1g2", "a9a8", "g2g1", "a8a9", "g1g2", "a9a8"});
    EXPECT_EQ(game.legal().size, legal_moves(game.position()).size) << "nothing repeats a third time yet";
    play(game, {"g2g1"});
    // The rat's only move, a8a9, would bring back the start position a third time.
    ASSERT_TRUE(game.end());
    EXPECT_EQ(game.legal().size, 0);
    const Result expected = no_moves == NoMovesResult::Loss ? Result::WhiteWins : Result::Draw;
    EXPECT_EQ(*game.end(), (GameEnd{expected, EndReason::NoMoves}));
  }
}

// After TWO_ROUND_TRIPS, a8a9 brings back the start position, seen at the start and after ply 4:
// its third occurrence. a7a6 makes a position never seen. The history is the game's, counted by
// hand here rather than by Game.
TEST(EndRules, AMoveCompletesARepetitionAtTheRulesCount) {
  for (int count : {3, 4}) {
    for (RepetitionResult rule : {RepetitionResult::Draw, RepetitionResult::Forbidden}) {
      EndRules end;
      end.repetition_count = count;
      end.repetition_result = rule;
      const Variant v = with_end(end);
      Game game(v);
      play(game, TWO_ROUND_TRIPS);
      Position pos = game.position();
      const std::string before = pos.fen();
      auto in_game = [&](const Position& after, const Undo&) {
        return 1 + int(std::count(game.history().begin(), game.history().end(), after.key()));
      };
      const Move back = parse_move(pos, "a8a9"), away = parse_move(pos, "a7a6");
      EXPECT_EQ(completes_repetition(pos, back, in_game), count == 3);
      EXPECT_FALSE(completes_repetition(pos, away, in_game));
      EXPECT_EQ(pos.fen(), before);

      // Only a forbidden repetition leaves the list, and only it.
      const MoveList all = legal_moves(pos);
      MoveList kept = all;
      drop_forbidden_repetitions(pos, kept, in_game);
      const bool dropped = rule == RepetitionResult::Forbidden && count == 3;
      EXPECT_EQ(kept.size, all.size - (dropped ? 1 : 0));
      EXPECT_EQ(kept.contains(back), !dropped);
      EXPECT_TRUE(kept.contains(away));
      EXPECT_EQ(pos.fen(), before);
    }
  }
}

// The wins a single move makes: the den (DEN_IN_ONE), the last piece (LAST_PIECE) and, where having
// no move loses, leaving the opponent none (STALEMATE_IN_ONE's c7c8; after c7d7 Black's dog still
// has c8).
TEST(EndRules, AMoveWinsByTheDenTheLastPieceOrLeavingNoMove) {
  for (NoMovesResult no_moves : {NoMovesResult::Loss, NoMovesResult::Draw}) {
    EndRules end;
    end.no_moves = no_moves;
    const Variant v = with_end(end);
    Position den(v, DEN_IN_ONE), last(v, LAST_PIECE), stalemate(v, STALEMATE_IN_ONE);
    const std::string before = stalemate.fen();
    EXPECT_TRUE(move_wins(den, parse_move(den, "d8d9")));
    EXPECT_TRUE(move_wins(last, parse_move(last, "a2a3")));
    EXPECT_EQ(move_wins(stalemate, parse_move(stalemate, "c7c8")), no_moves == NoMovesResult::Loss);
    EXPECT_FALSE(move_wins(stalemate, parse_move(stalemate, "c7d7")));
    EXPECT_EQ(stalemate.fen(), before) << "the moves are taken back";
  }
}

TEST(Game, TheNoCaptureLimitDraws) {
  EndRules end;
  end.no_capture_plies = 4;
  const Variant v = with_end(end);
  Game game(v);
  play(game, {"g1g2", "a9a8", "g2g1"});
  EXPECT_FALSE(game.end());
  EXPECT_EQ(game.plies_without_capture(), 3);
  play(game, {"a8a9"});
  ASSERT_TRUE(game.end());
  EXPECT_EQ(*game.end(), (GameEnd{Result::Draw, EndReason::NoCapture}));
}

TEST(Game, ACaptureRestartsTheNoCaptureCount) {
  EndRules end;
  end.no_capture_plies = 3;
  const Variant v = with_end(end);
  // White's tiger on a1 walks up to take Black's rat on a3; Black's cat on g9 shuttles.
  Game game(v, "6c/7/7/7/7/7/r6/7/T6 w");
  play(game, {"a1a2", "g9g8", "a2a3"});
  EXPECT_EQ(game.plies_without_capture(), 0);
  play(game, {"g8g9", "a3a4"});
  EXPECT_FALSE(game.end());
  play(game, {"g9g8"});
  ASSERT_TRUE(game.end());
  EXPECT_EQ(*game.end(), (GameEnd{Result::Draw, EndReason::NoCapture}));
  EXPECT_EQ(game.plies(), 6);
}

TEST(Game, NoCaptureLimitOffByDefault) {
  const Variant v;
  EXPECT_EQ(v.end.no_capture_plies, 0);
  Game game(v);
  play(game, {"g1g2", "a9a8", "g2g1", "a8a9"});
  EXPECT_FALSE(game.end());
}

TEST(Game, RejectsIllegalMoves) {
  const Variant v;
  Game game(v);
  EXPECT_FALSE(game.play(make_move(parse_square("a1"), parse_square("a5"))));
  EXPECT_FALSE(game.play(make_move(parse_square("a9"), parse_square("a8")))) << "Black's piece, White to move";
  EXPECT_EQ(game.plies(), 0);
  EXPECT_EQ(game.history().size(), 1u);
}

// Game::legal() is what players choose from: at every ply of random games it must be the move
// set of the plain mailbox generator of the tests.
TEST(Game, LegalMovesAreThoseOfTheCurrentPosition) {
  const Variant v;
  const mailbox::Rules rules = mailbox::Rules::from_variant(v);
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Game game(v);
    auto white = make_player("random", seed), black = make_player("random", seed + 100);
    while (!game.end()) {
      std::vector<std::string> ours;
      for (Move m : game.legal()) ours.push_back(move_to_string(m));
      std::sort(ours.begin(), ours.end());
      ASSERT_EQ(ours, mailbox::mailbox_moves(mailbox::board_from_position(game.position(), rules)))
          << "seed " << seed << ", ply " << game.plies();
      ASSERT_TRUE(game.play((game.position().side_to_move() == WHITE ? *white : *black).choose(game)));
    }
  }
}

// --- Records ------------------------------------------------------------------------------

GameRecord random_game_record(const Variant& v, std::uint64_t seed) {
  Game game(v);
  auto white = make_player("random", seed), black = make_player("random", seed + 1);
  while (!game.end()) {
    Player& mover = game.position().side_to_move() == WHITE ? *white : *black;
    EXPECT_TRUE(game.play(mover.choose(game)));
  }
  GameRecord record;
  record.variant = v.name;
  record.white = white->spec();
  record.black = black->spec();
  record.seed = seed;
  for (Move m : game.moves()) record.moves.push_back(move_to_string(m));
  record.opening.assign(record.moves.begin(), record.moves.begin() + 2);
  record.result = game.end()->result;
  record.reason = game.end()->reason;
  record.plies = game.plies();
  return record;
}

void expect_replay_error(const Variant& v, const GameRecord& record, const std::string& gist) {
  try {
    check_record(v, record);
    ADD_FAILURE() << "accepted a record that should fail with: " << gist;
  } catch (const ReplayError& e) {
    EXPECT_NE(std::string(e.what()).find(gist), std::string::npos) << e.what();
  }
}

TEST(GameRecord, CheckAcceptsARealGame) {
  const Variant v;
  for (std::uint64_t seed : {1, 2, 3}) EXPECT_NO_THROW(check_record(v, random_game_record(v, seed)));
}

TEST(GameRecord, CheckNamesTheFirstIllegalPly) {
  const Variant v;
  GameRecord record = random_game_record(v, 1);
  ASSERT_GT(record.plies, 5);
  record.moves[4] = "a1a9";
  expect_replay_error(v, record, "ply 5 (a1a9): not a legal move");
}

TEST(GameRecord, CheckRejectsAWrongResult) {
  const Variant v;
  GameRecord record = random_game_record(v, 2);
  record.result = record.result == Result::Draw ? Result::WhiteWins : Result::Draw;
  expect_replay_error(v, record, "the rules end the game");
  record = random_game_record(v, 2);
  record.reason = record.reason == EndReason::Den ? EndReason::CaptureAll : EndReason::Den;
  expect_replay_error(v, record, "the rules end the game");
}

TEST(GameRecord, CheckRejectsMovesAfterTheEnd) {
  const Variant v;
  GameRecord record = random_game_record(v, 3);
  const std::string after = "ply " + std::to_string(record.plies + 1);
  record.moves.push_back(record.moves.back());
  ++record.plies;
  expect_replay_error(v, record, after + " (" + record.moves.back() + "): the game had already ended");
}

TEST(GameRecord, CheckRejectsAForbiddenRepetition) {
  const Variant v = with_forbidden_repetition();
  GameRecord record{v.name, "random", "random", 1, {}, {}, Result::Draw, EndReason::Repetition, 8, "", {}, ""};
  record.moves.assign(TWO_ROUND_TRIPS.begin(), TWO_ROUND_TRIPS.end());
  record.moves.push_back("a8a9");
  expect_replay_error(v, record, "ply 8 (a8a9): not a legal move in ");
}

TEST(GameRecord, CheckRejectsAnUnfinishedGameAndABadOpening) {
  const Variant v;
  GameRecord record = random_game_record(v, 4);
  record.moves.pop_back();
  --record.plies;
  expect_replay_error(v, record, "has not ended");
  record = random_game_record(v, 4);
  record.opening = {"a9a8"};  // the black lion's move: never the first of a game
  expect_replay_error(v, record, "opening");
}

}  // namespace
