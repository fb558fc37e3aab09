// The players and tournaments use the endgame tables: the searcher plays a table's win in exactly
// its distance against the longest defence, the losing side the longest loss, the ply and
// no-capture limits are respected, captures into a table are scored exactly inside the search,
// `jungle engine`'s Tablebases option, and --tb-adjudicate ending a game at its first table
// position. The tables are built once, in a folder of their own (small signatures only).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <sstream>

#include "engine/movegen.h"
#include "engine/variant_loader.h"
#include "match/match_game.h"
#include "players/player.h"
#include "protocol/engine_server.h"
#include "search/search.h"
#include "tablebase/disk_tables.h"
#include "tablebase/probe.h"
#include "tablebase/tablebase.h"

using namespace jungle;
namespace fs = std::filesystem;
namespace tb = jungle::tablebase;

namespace {

// The tiger on d5 against a black rat in the water on f5 (which blocks its jump east to g5) and
// a black cat on g5. Worked out by hand (tests/test_tablebase.cpp, BlockedJump): the tiger walks
// d6, d7, d8, d9, white's plies 1, 3, 5 and 7; no jump shortens it (the d file has no water);
// black can neither take the tiger (a cat or a rat takes a tiger only on a trap, and neither
// reaches c8, e8 or d7 in time) nor win first (the rat is six steps from d1). A win in 7.
const std::string BLOCKED_JUMP = "7/7/7/7/3T1rc/7/7/7/7 w";
// The same with a black dog on d4 under the tiger: four pieces, no table; taking the dog leads
// into T/cr.
const std::string DOG_UNDER_TIGER = "7/7/7/7/3T1rc/3d3/7/7/7 w";

SearchLimits to_depth(int depth) {
  SearchLimits limits;
  limits.depth = depth;
  return limits;
}

// The tables every test here reads: T/cr (with T/c and T/r) of standard and of a standard whose
// games end after 7 plies; built once for the whole suite.
class TablebaseUse : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new fs::path(fs::temp_directory_path() / ("jungle-tbprobe-" + std::to_string(::getpid())));
    fs::remove_all(*root_);
    for (const Variant* v : {&standard(), &seven_plies()}) {
      reference_[v == &standard()] = new tb::Tablebase(*v, *root_, 1);
      reference_[v == &standard()]->table(tb::Material::parse("T/cr"));
    }
  }
  static void TearDownTestSuite() {
    delete reference_[0];
    delete reference_[1];
    fs::remove_all(*root_);
    delete root_;
  }
  static const fs::path& root() { return *root_; }

  static const Variant& standard() {
    static const Variant v = load_variant("standard");
    return v;
  }
  static const Variant& seven_plies() {
    static const Variant v = variant_with_end("seven", "max_plies = 7");
    return v;
  }
  static Variant variant_with_end(const std::string& name, const std::string& end) {
    return load_variant_text("name = \"" + name + "\"\nextends = \"standard\"\n[end]\n" + end + "\n", "test");
  }

  // The tables as the defence and the checks read them, apart from the players' code: Tablebase.
  static tb::Tablebase& reference(const Variant& v) { return *reference_[&v == &standard()]; }
  static tb::Value table_value(const Variant& v, const Position& pos) { return *reference(v).probe(pos); }
  static tb::Value move_value(const Variant& v, const Position& pos, Move m) {
    return *tb::move_value(reference(v), pos, m);
  }
  // The table's longest defence: the first move that keeps the position's loss.
  static Move longest_defence(const Variant& v, const Position& pos) {
    tb::Tablebase& tables = reference(v);
    const std::vector<tb::MoveValue> keeping = tb::value_keeping_moves(tables, pos, *tables.probe(pos));
    EXPECT_FALSE(keeping.empty()) << pos.fen();
    return keeping.empty() ? legal_moves(pos).moves[0] : keeping.front().move;
  }

  std::string spec(const std::string& limit) const { return limit + ",tablebases=" + root().string(); }

 private:
  static fs::path* root_;
  static tb::Tablebase* reference_[2];  // [1]: standard's, [0]: seven_plies'
};

fs::path* TablebaseUse::root_ = nullptr;
tb::Tablebase* TablebaseUse::reference_[2] = {nullptr, nullptr};

TEST_F(TablebaseUse, WinsInExactlyTheTablesDistanceAgainstTheLongestDefence) {
  // depth=1 sees none of it: the seven plies come from the tables alone.
  const auto player = make_player(spec("alphabeta:depth=1"), 3);
  Game game(standard(), BLOCKED_JUMP);
  ASSERT_EQ(table_value(standard(), game.position()), (tb::Value{tb::Outcome::Win, 7}));
  while (!game.end()) {
    const Move m = game.position().side_to_move() == WHITE ? player->choose(game)
                                                             : longest_defence(standard(), game.position());
    ASSERT_TRUE(game.play(m));
  }
  EXPECT_EQ(*game.end(), (GameEnd{Result::WhiteWins, EndReason::Den}));
  EXPECT_EQ(game.plies(), 7);
  EXPECT_EQ(move_to_string(game.moves()[0]), "d5d6");  // the only move that keeps the win in 7
}

TEST_F(TablebaseUse, ReportsTheWinAsAMateScoreWithItsDistance) {
  AlphaBeta search;
  search.set_tablebases(tb::DiskTables::open(standard(), root()));
  Rng rng(1);
  const SearchResult r = search.search(Game(standard(), BLOCKED_JUMP), to_depth(1), rng);
  EXPECT_EQ(move_to_string(r.best), "d5d6");
  EXPECT_EQ(r.score, SCORE_MATE - 7);
  ASSERT_EQ(r.pv.size(), 7u);  // the table's line to the den
  EXPECT_EQ(move_to_string(r.pv.back()), "d8d9");
}

// Every black-to-move position of T/cr that black loses and where its moves lose at different
// distances: the player picks one that loses as late as the table's value says.
TEST_F(TablebaseUse, TheLosingSidePlaysALongestLoss) {
  const tb::Table& table = reference(standard()).table(tb::Material::parse("T/cr"));
  int checked = 0;
  for (std::size_t i = 1; i < table.size() && checked < 25; i += 2 * 211) {  // black to move: odd indices
    const std::optional<tb::Value> value = table.value(i);
    if (!value || value->outcome != tb::Outcome::Loss || value->distance < 4) continue;
    const Position pos = tb::position_at(standard(), table, i);
    bool faster_loss = false;
    for (Move m : legal_moves(pos)) faster_loss |= move_value(standard(), pos, m).distance < value->distance;
    if (!faster_loss) continue;
    const Game game(standard(), pos.fen());
    const Move chosen = make_player(spec("alphabeta:depth=1"), std::uint64_t(i))->choose(game);
    EXPECT_EQ(move_value(standard(), pos, chosen), *value) << pos.fen() << " " << move_to_string(chosen);
    ++checked;
  }
  EXPECT_GE(checked, 10);
}

// A game that ends after 7 plies still holds the win in 7 (the den entry on the last ply wins,
// as the game's rules order it); one that ends after 6 does not, and the player searches instead
// of trusting the table.
TEST_F(TablebaseUse, TheWinStandsOnlyWithinThePlyLimit) {
  const tb::Value win7{tb::Outcome::Win, 7};
  EndRules rules;
  rules.max_plies = 7;
  EXPECT_EQ(tb::value_in_game(win7, rules, 0, 0), win7);
  EXPECT_EQ(tb::value_in_game(win7, rules, 1, 0), (tb::Value{}));  // 1 + 7 > 7: the loser holds out
  rules.max_plies = 0;
  rules.no_capture_plies = 7;
  EXPECT_EQ(tb::value_in_game(win7, rules, 5, 0), win7);  // the count restarted 5 plies ago at a capture
  EXPECT_EQ(tb::value_in_game(win7, rules, 5, 1), std::nullopt);  // a capture on the way might save it: unknown
  EXPECT_EQ(tb::value_in_game(tb::Value{}, rules, 5, 5), (tb::Value{}));

  const auto player = make_player(spec("alphabeta:depth=1"), 3);
  Game game(seven_plies(), BLOCKED_JUMP);
  while (!game.end()) {
    const Move m = game.position().side_to_move() == WHITE ? player->choose(game)
                                                             : longest_defence(seven_plies(), game.position());
    ASSERT_TRUE(game.play(m));
  }
  EXPECT_EQ(*game.end(), (GameEnd{Result::WhiteWins, EndReason::Den}));
  EXPECT_EQ(game.plies(), 7);

  // After one ply of the game, six remain: no longer a win, so no mate score from the table.
  AlphaBeta search;
  search.set_tablebases(tb::DiskTables::open(seven_plies(), root()));
  Game later(seven_plies(), "7/7/7/7/3T1r1/6c/7/7/7 b");
  ASSERT_TRUE(later.play(parse_move(later.position(), "g4g5")));  // back to BLOCKED_JUMP, ply 1
  ASSERT_EQ(later.position().fen(), BLOCKED_JUMP);
  Rng rng(1);
  const SearchResult r = search.search(later, to_depth(8), rng);
  EXPECT_LT(r.score, SCORE_MATE_BOUND);
}

// Four pieces, no table: taking the dog leads into T/cr, which the search scores exactly from the
// table at ply 1, far beyond what depth 3 sees; without tables it sees no forced win.
TEST_F(TablebaseUse, ACaptureIntoATableIsScoredExactlyInsideTheSearch) {
  const Game game(standard(), DOG_UNDER_TIGER);
  AlphaBeta plain, probing;
  probing.set_tablebases(tb::DiskTables::open(standard(), root()));
  Rng rng1(1), rng2(1);
  const SearchResult without = plain.search(game, to_depth(3), rng1);
  const SearchResult with = probing.search(game, to_depth(3), rng2);
  EXPECT_LT(without.score, SCORE_MATE_BOUND);
  EXPECT_GT(with.tb_hits, 0u);
  ASSERT_GE(with.score, SCORE_MATE_BOUND);
  const Move capture = parse_move(game.position(), "d5d4");
  const tb::Value after = move_value(standard(), game.position(), capture);
  ASSERT_EQ(after.outcome, tb::Outcome::Win);
  EXPECT_EQ(with.score, SCORE_MATE - after.distance);
  EXPECT_EQ(with.best, capture);
}

// Under a repetition that is forbidden the tables hold no values: the player plays on without
// them, legally, and does not fail.
TEST_F(TablebaseUse, RulesTheTablesCannotHoldAreLeftToTheSearch) {
  const Variant online = load_variant("online");
  const auto player = make_player(spec("alphabeta:depth=2"), 1);
  const Game game(online, BLOCKED_JUMP);
  const Move m = player->choose(game);
  EXPECT_TRUE(std::find(game.legal().begin(), game.legal().end(), m) != game.legal().end());
}

TEST_F(TablebaseUse, SpecsNameAFolderThatExistsOrAuto) {
  EXPECT_EQ(make_player(spec("alphabeta:depth=2"), 1)->spec(), "alphabeta:depth=2,tablebases=" + root().string());
  EXPECT_EQ(make_player("alphabeta:nodes=50,tablebases=auto", 1)->spec(), "alphabeta:nodes=50,tablebases=auto");
  EXPECT_THROW(make_player("alphabeta:depth=2,tablebases=/no/such/folder", 1), PlayerSpecError);
  EXPECT_THROW(make_player("alphabeta:depth=2,tablebases=", 1), PlayerSpecError);
  EXPECT_THROW(make_player("mcts:playouts=10,tablebases=auto", 1), PlayerSpecError);
}

TEST_F(TablebaseUse, TheEngineOptionTablebases) {
  std::istringstream in("setoption name Tablebases value " + root().string() + "\nposition fen " + BLOCKED_JUMP +
                        "\ngo depth 1\nquit\n");
  std::ostringstream out;
  run_uci_engine(in, out);
  const std::string text = out.str();
  EXPECT_NE(text.find("info string tablebases: 3 tables of variant standard"), std::string::npos) << text;
  // A win in 7 plies is a mate in 4 moves, the fourth being white's.
  EXPECT_NE(text.find(" score mate 4 "), std::string::npos) << text;
  EXPECT_NE(text.find(" tbhits 1 "), std::string::npos) << text;
  EXPECT_NE(text.find("bestmove d5d6\n"), std::string::npos) << text;

  std::istringstream bad("setoption name Tablebases value /no/such/folder\nsetoption name UCI_Variant value online\n"
                         "setoption name Tablebases value " + root().string() + "\nquit\n");
  std::ostringstream answers;
  run_uci_engine(bad, answers);
  EXPECT_NE(answers.str().find("info string error: Tablebases must be empty, auto or a folder"), std::string::npos)
      << answers.str();
  EXPECT_NE(answers.str().find("info string tablebases not used in variant online: "), std::string::npos)
      << answers.str();
}

// --tb-adjudicate: a game from four pieces is played until its first position in a table (the
// tiger takes the dog at once: greedy takes the highest rank), then ends with the table's result.
TEST_F(TablebaseUse, AdjudicationEndsTheGameAtItsFirstTablePosition) {
  GameRules rules;
  rules.tablebases = tb::DiskTables::open(standard(), root());
  BuiltinContestant white(make_player("greedy", 1)), black(make_player("greedy", 2));
  const GameRecord r = play_game(standard(), DOG_UNDER_TIGER, {}, white, black, rules, 1);
  ASSERT_EQ(r.moves, (std::vector<std::string>{"d5d4"}));
  Position after(standard(), DOG_UNDER_TIGER);
  Undo undo;
  after.do_move(parse_move(after, "d5d4"), undo);
  const tb::Value value = table_value(standard(), after);  // for black, to move
  ASSERT_EQ(value.outcome, tb::Outcome::Loss);
  EXPECT_EQ(r.result, Result::WhiteWins);
  EXPECT_EQ(r.reason, EndReason::Tablebase);
  EXPECT_EQ(r.detail, "T/cr: white wins in " + std::to_string(value.distance) + " plies");
  EXPECT_NO_THROW(check_record(standard(), r));

  // A start in a table ends before any move; under a 7-ply game a win in 7 from ply 0 stands.
  rules.tablebases = tb::DiskTables::open(seven_plies(), root());
  const GameRecord at_once = play_game(seven_plies(), BLOCKED_JUMP, {}, white, black, rules, 1);
  EXPECT_EQ(at_once.plies, 0);
  EXPECT_EQ(at_once.result, Result::WhiteWins);
  EXPECT_EQ(at_once.detail, "T/cr: white wins in 7 plies");
  // One ply in, the win no longer fits: a draw.
  const GameRecord later = play_game(seven_plies(), "7/7/7/7/3T1r1/6c/7/7/7 b", {"g4g5"}, white, black, rules, 1);
  EXPECT_EQ(later.plies, 1);
  EXPECT_EQ(later.result, Result::Draw);
  EXPECT_EQ(later.detail, "T/cr: draw (win in 7 for white, beyond the ply limit)");
}

}  // namespace
