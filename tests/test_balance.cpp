// Balance metrics on small game lists whose values are worked out by hand: records built without
// replay for outcomes and durations, and short real games played with jungle::Game for the
// replayed metrics.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "engine/movegen.h"
#include "stats/balance.h"
#include "tests/mailbox.h"

using namespace jungle;
using namespace jungle::stats;

namespace {

GameRecord record(Result result, EndReason reason, int plies, const std::string& white = "A",
                  const std::string& black = "B", std::uint64_t seed = 0, std::vector<std::string> opening = {}) {
  GameRecord r;
  r.variant = "standard";
  r.white = white;
  r.black = black;
  r.seed = seed;
  r.opening = std::move(opening);
  r.result = result;
  r.reason = reason;
  r.plies = plies;
  return r;
}

// Ten games: first player 5 wins (3 by den, 2 by capture-all), 2 losses (den), 3 draws
// (1 by repetition after 40 plies, 2 at the 300-ply limit).
std::vector<GameRecord> ten_games() {
  return {record(Result::WhiteWins, EndReason::Den, 12),        record(Result::WhiteWins, EndReason::Den, 30),
          record(Result::WhiteWins, EndReason::Den, 45),        record(Result::WhiteWins, EndReason::CaptureAll, 45),
          record(Result::WhiteWins, EndReason::CaptureAll, 60), record(Result::BlackWins, EndReason::Den, 75),
          record(Result::BlackWins, EndReason::Den, 90),        record(Result::Draw, EndReason::Repetition, 40),
          record(Result::Draw, EndReason::MaxPlies, 300),       record(Result::Draw, EndReason::MaxPlies, 300)};
}

TEST(Balance, FirstPlayerStatistics) {
  const FirstPlayerStats s = first_player_stats(ten_games());
  EXPECT_EQ(s.wdl, (Wdl{5, 3, 2}));
  EXPECT_NEAR(s.score, 0.65, 1e-12);  // (5 + 3/2)/10
  EXPECT_NEAR(s.win_rate, 0.5, 1e-12);
  // Wilson 5/10: centre 1/2, half 1.96·sqrt(0.025 + 0.0096036)/1.384146 = 0.263407.
  EXPECT_NEAR(s.win_rate_wilson.low, 0.236593, 1e-6);
  EXPECT_NEAR(s.win_rate_wilson.high, 0.763407, 1e-6);
  EXPECT_NEAR(s.win_rate_clopper_pearson.low, 0.187, 5e-4);
  EXPECT_NEAR(s.win_rate_clopper_pearson.high, 0.813, 5e-4);
  EXPECT_NEAR(s.score_wilson.low, 0.353671, 1e-6);  // Wilson on 0.65 with n = 10
  // Sign test, 5 of the 7 decisive games: (1 + 7 + 21)·2/128.
  EXPECT_NEAR(s.p_value, 0.453125, 1e-12);
  // elo(0.65) = 107.538.
  EXPECT_NEAR(s.elo.elo, 107.538, 1e-3);
  // Ten independent units: the clustered variance is the unbiased σ²/(N-1), σ² = 0.5·0.35² +
  // 0.3·0.15² + 0.2·0.65² = 0.1525, so deff = 1; fewer than 30 units, so t with 9 df:
  // 0.65 ∓ 2.262157·sqrt(0.1525/9) = [0.355533, 0.944467], elo -103.33 and 492.25, margin 297.79.
  EXPECT_NEAR(s.design_effect, 1.0, 1e-12);
  EXPECT_NEAR(s.score_variance, 0.1525 / 9, 1e-15);
  EXPECT_EQ(s.degrees_of_freedom, 9.0);
  EXPECT_NEAR(s.elo.margin, 297.791, 1e-3);
}

TEST(Balance, OutcomeMetrics) {
  const OutcomeMetrics m = outcome_metrics(ten_games(), 300);
  EXPECT_EQ(m.games, 10u);
  EXPECT_NEAR(m.advantage, 0.5, 1e-12);       // 5/10
  EXPECT_NEAR(m.balance, 0.7, 1e-12);         // 1 - |5 - 2|/10
  EXPECT_NEAR(m.completion, 0.7, 1e-12);      // 7 decisive
  EXPECT_NEAR(m.drawishness, 0.1, 1e-12);     // the repetition draw
  EXPECT_NEAR(m.timeouts, 0.2, 1e-12);        // the two at the limit
  EXPECT_EQ(m.end_reasons, (std::array<std::uint64_t, END_REASON_NB>{5, 2, 0, 1, 2, 0, 0, 0, 0}));

  // A perfectly balanced set: one win each way.
  const std::vector<GameRecord> even = {record(Result::WhiteWins, EndReason::Den, 10),
                                        record(Result::BlackWins, EndReason::Den, 10)};
  EXPECT_EQ(outcome_metrics(even, 300).balance, 1.0);
  EXPECT_TRUE(std::isnan(outcome_metrics({}, 300).completion));
}

TEST(Balance, TimeoutsAreDrawsAtThePlyLimit) {
  EXPECT_TRUE(is_timeout(record(Result::Draw, EndReason::MaxPlies, 300), 300));
  EXPECT_TRUE(is_timeout(record(Result::Draw, EndReason::MaxPlies, 300), 0));
  // A draw of some other reason counts when it reaches the given limit.
  EXPECT_TRUE(is_timeout(record(Result::Draw, EndReason::Repetition, 300), 300));
  EXPECT_FALSE(is_timeout(record(Result::Draw, EndReason::Repetition, 300), 0));
  EXPECT_FALSE(is_timeout(record(Result::Draw, EndReason::Repetition, 299), 300));
  // A win on the last ply is not a timeout.
  EXPECT_FALSE(is_timeout(record(Result::WhiteWins, EndReason::Den, 300), 300));
}

TEST(Balance, Duration) {
  // Plies 12 30 40 45 45 60 75 90 300 300: sum 997, mean 99.7, median (45 + 60)/2 = 52.5;
  // Σx² = 204019, Σ(x - mean)² = 204019 - 10·99.7² = 104618.1, s = sqrt(104618.1/9) = 107.8157.
  const DurationStats d = duration_stats(ten_games(), 50);
  EXPECT_NEAR(d.mean, 99.7, 1e-12);
  EXPECT_NEAR(d.median, 52.5, 1e-12);
  EXPECT_NEAR(d.stddev, 107.8157, 1e-4);
  EXPECT_EQ(d.min, 12);
  EXPECT_EQ(d.max, 300);
  // Bins of 50: 0-49: 12 30 40 45 45; 50-99: 60 75 90; 300-349: 300 300.
  EXPECT_EQ(d.histogram.bin_width, 50);
  EXPECT_EQ(d.histogram.counts, (std::vector<std::uint64_t>{5, 3, 0, 0, 0, 0, 2}));
  // An odd count has a middle value; one game has no spread.
  const DurationStats one = duration_stats({record(Result::Draw, EndReason::MaxPlies, 7)}, 5);
  EXPECT_EQ(one.median, 7.0);
  EXPECT_EQ(one.stddev, 0.0);
  EXPECT_EQ(one.histogram.counts, (std::vector<std::uint64_t>{0, 1}));
  EXPECT_THROW(duration_stats(ten_games(), 0), std::invalid_argument);
}

// Plays the moves with jungle::Game and records the game as a tournament would.
GameRecord play(const Variant& variant, const std::vector<std::string>& moves) {
  Game game(variant);
  GameRecord r;
  r.variant = variant.name;
  r.white = "A";
  r.black = "B";
  for (const std::string& text : moves) {
    const Move m = parse_move(game.position(), text);
    EXPECT_NE(m, MOVE_NONE) << text << " in " << game.position().fen();
    game.play(m);
    r.moves.push_back(text);
  }
  EXPECT_TRUE(game.end().has_value()) << "the game has not ended";
  if (game.end()) {
    r.result = game.end()->result;
    r.reason = game.end()->reason;
  }
  r.plies = game.plies();
  check_record(variant, r);
  return r;
}

// A small board whose legal moves are easy to count: white rat d7, black cat d5 (water on c5 and
// e5), white dog d4, and a 4-ply limit.
Variant tiny_variant() {
  Variant v;
  v.name = "tiny";
  v.start = "7/7/3R3/7/3c3/3D3/7/7/7 w";
  v.end.max_plies = 4;
  return v;
}

TEST(Balance, ReplayedChoicesCountedByHand) {
  const Variant v = tiny_variant();
  // White at the start: rat d7 to d8, c7, e7, d6 (4); dog d4 to d5 (taking the cat) or d3, c4 and
  // e4 being water (2): 6 moves.
  // Game 1: d7d8 (6 legal). Black's cat can only go to d6: d4 holds the stronger dog (1 legal).
  //         d5d6. White: rat d8 to d9, c8, e8, d7 (4) + dog d5, d3 (2) = 6; d8d9 enters the den.
  // Game 2: d4d5 takes the cat (6 legal, a capture); black has no piece left: capture-all.
  // Game 3: d7c7 (6); d5d6 (1); white: rat c7 to c8, b7, d7, c6 (water, the rat swims) (4)
  //         + dog d5, d3 (2) = 6; c7d7; black's cat d6 to d7 (taking the rat) or d5 (2); d6d5 ends
  //         the game at the 4-ply limit.
  const std::vector<GameRecord> games = {play(v, {"d7d8", "d5d6", "d8d9"}), play(v, {"d4d5"}),
                                         play(v, {"d7c7", "d5d6", "c7d7", "d6d5"})};
  EXPECT_EQ(games[0].reason, EndReason::Den);
  EXPECT_EQ(games[1].reason, EndReason::CaptureAll);
  EXPECT_EQ(games[2].reason, EndReason::MaxPlies);

  const ReplayStats r = replay_stats(v, games);
  // Positions 3 + 1 + 4 = 8; legal moves 6+1+6 + 6 + 6+1+6+2 = 34.
  EXPECT_EQ(r.positions, 8u);
  EXPECT_NEAR(r.branching_factor, 34.0 / 8, 1e-12);
  // More than one legal move everywhere but the two forced cat moves: 6/8.
  EXPECT_NEAR(r.decision_moves, 0.75, 1e-12);
  // One capture in 8 plies.
  EXPECT_NEAR(r.captures, 0.125, 1e-12);
  // Mean length 8/3 plies × log10(4.25) = 2.666667 × 0.628389 = 1.675704.
  EXPECT_NEAR(r.game_tree_complexity, 1.675704, 1e-6);

  // The whole report, with the variant's own 4-ply limit.
  const BalanceReport report = balance_report(v, games, {}, 2);
  EXPECT_EQ(report.first_player.wdl, (Wdl{2, 1, 0}));
  EXPECT_NEAR(report.outcomes.timeouts, 1.0 / 3, 1e-12);
  EXPECT_NEAR(report.duration.mean, 8.0 / 3, 1e-12);
  EXPECT_EQ(report.duration.histogram.counts, (std::vector<std::uint64_t>{1, 1, 1}));  // 1 | 3 | 4 plies
  EXPECT_EQ(report.replay.positions, 8u);

  // Another variant's games are refused; an illegal move is reported with its game and ply.
  EXPECT_THROW(balance_report(Variant(), games, {}, 2), std::invalid_argument);
  GameRecord bad = games[0];
  bad.moves[1] = "d5d4";
  try {
    replay_stats(v, {games[1], bad});
    ADD_FAILURE() << "an illegal move was accepted";
  } catch (const ReplayError& e) {
    EXPECT_NE(std::string(e.what()).find("game 2, ply 2 (d5d4)"), std::string::npos) << e.what();
  }
}

TEST(Balance, ReplayedChoicesFromTheStandardStart) {
  // The standard start has 24 moves for either side, and every first move leaves the second
  // player 24 (perft 2 = 576 = 24·24). A 2-ply limit ends these games after both have moved.
  Variant v;
  v.end.max_plies = 2;
  const std::vector<GameRecord> games = {play(v, {"g3g4", "a7a6"}), play(v, {"a3a4", "g7g6"})};
  const ReplayStats r = replay_stats(v, games);
  EXPECT_EQ(r.positions, 4u);
  EXPECT_NEAR(r.branching_factor, 24.0, 1e-12);
  EXPECT_NEAR(r.decision_moves, 1.0, 1e-12);
  EXPECT_EQ(r.captures, 0.0);
  EXPECT_NEAR(r.game_tree_complexity, 2 * std::log10(24.0), 1e-12);
}

TEST(Balance, ReplayedChoicesAgreeWithTheMailboxGenerator) {
  // A longer standard game, counted again with the plain mailbox generator of the tests.
  Variant v;
  v.end.max_plies = 60;
  Game game(v);
  std::vector<std::string> moves;
  for (int ply = 0; !game.end(); ++ply) {
    const MoveList list = legal_moves(game.position());
    const Move m = list.moves[(ply * 7 + 3) % list.size];
    moves.push_back(move_to_string(m));
    game.play(m);
  }
  const GameRecord g = play(v, moves);

  const mailbox::Rules rules = mailbox::Rules::from_variant(v);
  mailbox::Board board = mailbox::board_from_fen(v.start, rules);
  std::uint64_t legal = 0, decisions = 0, captures = 0;
  for (const std::string& text : moves) {
    const std::vector<mailbox::Move> list = mailbox::generate(board);
    legal += list.size();
    decisions += list.size() > 1;
    for (const mailbox::Move& m : list)
      if (mailbox::move_text(m) == text) {
        captures += !board.cells[m.to].empty();
        mailbox::Undo undo;
        mailbox::make_move(board, m, undo);
        break;
      }
  }
  const ReplayStats r = replay_stats(v, {g});
  EXPECT_EQ(r.positions, moves.size());
  EXPECT_NEAR(r.branching_factor, double(legal) / double(moves.size()), 1e-12);
  EXPECT_NEAR(r.decision_moves, double(decisions) / double(moves.size()), 1e-12);
  EXPECT_NEAR(r.captures, double(captures) / double(moves.size()), 1e-12);
}

TEST(Balance, ColourWdlForAPlayer) {
  const std::vector<GameRecord> games = {
      record(Result::WhiteWins, EndReason::Den, 10, "A", "B"),  // A wins as white
      record(Result::Draw, EndReason::MaxPlies, 300, "A", "B"),  // A draws as white
      record(Result::WhiteWins, EndReason::Den, 10, "B", "A"),  // A loses as black
      record(Result::BlackWins, EndReason::Den, 10, "B", "A"),  // A wins as black
      record(Result::BlackWins, EndReason::Den, 10, "B", "A"),  // A wins as black
      record(Result::WhiteWins, EndReason::Den, 10, "B", "C"),  // not A's game
  };
  const ColourWdl a = player_wdl(games, "A");
  EXPECT_EQ(a.as_white, (Wdl{1, 1, 0}));
  EXPECT_EQ(a.as_black, (Wdl{2, 0, 1}));
  EXPECT_EQ(a.total(), (Wdl{3, 1, 1}));
  const ColourWdl b = player_wdl(games, "B");
  EXPECT_EQ(b.as_white, (Wdl{2, 0, 2}));
  EXPECT_EQ(b.as_black, (Wdl{0, 1, 1}));
}

TEST(Balance, PairsAndPentanomialCounts) {
  // Openings as move lists; each game has its own seed, as in a tournament.
  const std::vector<std::string> o1 = {"g3g4"}, o2 = {"a3a4"}, o3 = {"e3d3"}, o4 = {"c3d3"}, o5 = {"g3g4", "a7a6"},
                                  o6 = {"a3a4", "g7g6"}, o7 = {"f2f3"}, o8 = {"b2b3"};
  const std::vector<GameRecord> games = {
      record(Result::WhiteWins, EndReason::Den, 9, "A", "B", 100, o1),    // 0  pair 1: A 1
      record(Result::Draw, EndReason::MaxPlies, 300, "A", "B", 101, o2),  // 1  pair 2: A 1/2
      record(Result::BlackWins, EndReason::Den, 9, "B", "A", 102, o2),    // 2  pair 2: A 1 -> 3/2
      record(Result::WhiteWins, EndReason::Den, 9, "B", "A", 103, o7),    // 3  alone
      record(Result::WhiteWins, EndReason::Den, 9, "B", "A", 104, o1),    // 4  pair 1: A 0 -> 1
      record(Result::BlackWins, EndReason::Den, 9, "A", "B", 105, o3),    // 5  pair 3: A 0
      record(Result::Draw, EndReason::Repetition, 40, "B", "A", 106, o3), // 6  pair 3: A 1/2 -> 1/2
      record(Result::WhiteWins, EndReason::Den, 9, "B", "A", 107, o4),    // 7  pair 4: A 0
      record(Result::BlackWins, EndReason::Den, 9, "A", "B", 108, o4),    // 8  pair 4: A 0 -> 0
      record(Result::WhiteWins, EndReason::Den, 9, "A", "B", 109, o5),    // 9  pair 5: A 1
      record(Result::BlackWins, EndReason::Den, 9, "B", "A", 110, o5),    // 10 pair 5: A 1 -> 2
      record(Result::Draw, EndReason::MaxPlies, 300, "A", "B", 111, o6),  // 11 pair 6: A 1/2
      record(Result::Draw, EndReason::MaxPlies, 300, "B", "A", 112, o6),  // 12 pair 6: A 1/2 -> 1
      record(Result::WhiteWins, EndReason::Den, 9, "A", "B", 113, o8),    // 13 alone
      record(Result::WhiteWins, EndReason::Den, 9, "A", "B", 114, o5),    // 14 same colours as 9: alone
  };
  const std::vector<GamePair> pairs = pair_games(games);
  EXPECT_EQ(pairs, (std::vector<GamePair>{{0, 4}, {1, 2}, {5, 6}, {7, 8}, {9, 10}, {11, 12}}));

  // A: pair 4 scores 0, pair 3 1/2, pairs 1 and 6 1, pair 2 3/2, pair 5 2.
  EXPECT_EQ(pentanomial(games, pairs, "A"), (Pentanomial{1, 1, 2, 1, 1}));
  // B sees each pair's other side, 2 - A's score: pair 1 -> 1, pair 5 -> 0, pair 2 -> 1/2.
  EXPECT_EQ(pentanomial(games, {{0, 4}, {9, 10}, {1, 2}}, "B"), (Pentanomial{1, 1, 1, 0, 0}));
  EXPECT_THROW(pentanomial(games, pairs, "C"), std::invalid_argument);
  EXPECT_THROW(pentanomial(games, {{0, 99}}, "A"), std::invalid_argument);
}

TEST(Balance, PairsOfOneOpeningGoInOrder) {
  // Without openings every game of a pairing has the same (empty) opening: games pair up in
  // order, each with the earliest waiting game of swapped colours. Another variant never pairs.
  std::vector<GameRecord> games = {record(Result::WhiteWins, EndReason::Den, 9, "A", "B"),
                                   record(Result::WhiteWins, EndReason::Den, 9, "A", "B"),
                                   record(Result::WhiteWins, EndReason::Den, 9, "B", "A"),
                                   record(Result::WhiteWins, EndReason::Den, 9, "B", "A"),
                                   record(Result::WhiteWins, EndReason::Den, 9, "B", "A")};
  games[4].variant = "ludii";
  EXPECT_EQ(pair_games(games), (std::vector<GamePair>{{0, 2}, {1, 3}}));
}

}  // namespace
