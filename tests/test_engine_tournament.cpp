// Tournaments of engines run as other processes: `jungle engine` and tests/tools/bad_engine, which
// breaks the protocol at its second move of every game in the way its mode says. Each fault
// must cost the faulty engine that game, with the reason and detail the fault calls for, while
// every other game of the tournament is played out intact.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include "engine/variant_loader.h"
#include "match/pgn_context.h"
#include "match/tournament.h"
#include "results/pgn.h"
#include "results/results_file.h"
#include "results/run_file.h"
#include "support/files.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("jungle-engines-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(dir);
  return dir;
}

// An engine's definition, as --engine gives it.
std::string engine(const std::string& name, const std::string& command, std::vector<std::string> args) {
  EngineConfig c;
  c.name = name;
  c.command = command;
  c.args = std::move(args);
  return c.text();
}

// Engines at st=0.02, with a margin wide enough that 20 ms answers arrive in time on a loaded
// machine, and still under bad_engine's slow mode's 2 s.
TournamentConfig config_with_engines(std::vector<std::string> engines, std::vector<std::string> players,
                                     const fs::path& out) {
  TournamentConfig c;
  c.engines = std::move(engines);
  c.players = std::move(players);
  c.each = "st=0.02";
  c.margin_ms = 1000;
  c.threads = 2;
  c.out = out;
  return c;
}

TournamentConfig config_with_bad_engine(const std::string& mode, const fs::path& out) {
  TournamentConfig c = config_with_engines({engine("bad", BAD_ENGINE, {mode}), engine("good", JUNGLE_BINARY, {"engine"})},
                                           {"bad", "good", "random"}, out);
  c.games_per_pair = 4;
  c.seed = 99;
  return c;
}

}  // namespace

TEST(EngineTournament, EveryFaultLosesThatGameAndTheRestArePlayed) {
  struct Case {
    std::string mode;
    EndReason reason;
    std::string detail;
  };
  const std::vector<Case> cases = {
      {"illegal", EndReason::IllegalMove, "bestmove "},
      {"garbage", EndReason::IllegalMove, "bestmove banana"},
      {"hang", EndReason::Time, "no bestmove within 1020 ms"},
      {"slow", EndReason::Time, "no bestmove within 1020 ms"},
      {"crash", EndReason::Disconnect, "the engine has exited"},
  };
  const Variant standard;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.mode);
    const fs::path out = fresh_dir(c.mode);
    const TournamentRun run = run_tournament(config_with_bad_engine(c.mode, out));
    // 3 pairings x 4 games, every one of them in the file.
    ASSERT_EQ(read_results(out / "games.jsonl").size(), 12u);
    int faults = 0;
    for (const StoredGame& g : run.games) {
      const GameRecord& r = g.record;
      EXPECT_NO_THROW(check_record(standard, r)) << to_json_line(g);
      if (r.white != "bad" && r.black != "bad") {
        EXPECT_TRUE(decided_by_rules(r.reason)) << to_json_line(g);  // good against random: by the rules
        continue;
      }
      ++faults;
      // Its second move of the game would be ply 7 as white, 8 as black (after 4 opening plies);
      // the record ends before it.
      const bool bad_is_white = r.white == "bad";
      EXPECT_EQ(r.reason, c.reason) << to_json_line(g);
      EXPECT_EQ(r.result, bad_is_white ? Result::BlackWins : Result::WhiteWins);
      EXPECT_EQ(r.plies, bad_is_white ? 6 : 7) << to_json_line(g);
      EXPECT_EQ(r.detail.rfind(c.detail, 0), 0u) << r.detail;
      // What the engines said about the moves they made is kept, one entry a move.
      EXPECT_EQ(r.info.size(), std::size_t(r.plies) - r.opening.size());
    }
    EXPECT_EQ(faults, 8);
    fs::remove_all(out);
  }
}

// The engine never answers, so each mode waits out the start-up timeout: 1 s here rather than
// the 10 s of a real tournament, which would make this test 20 s long.
// In `online` a move that makes a position occur a third time is forbidden, though the piece may
// make it: the engine that plays one loses that game, and the tournament goes on. Two engines
// that take back their last move walk the start position P0 through P1, P2, P3, P0, P1, P2, P3;
// black's 4th move would make P0's third occurrence, so black forfeits after 7 plies, every game.
TEST(EngineTournament, AMoveTheRepetitionRuleForbidsLosesThatGame) {
  const fs::path out = fresh_dir("repeat");
  TournamentConfig c =
      config_with_engines({engine("a", BAD_ENGINE, {"repeat"}), engine("b", BAD_ENGINE, {"repeat"})}, {"a", "b"}, out);
  c.variants = {"online"};
  c.openings = "none";
  c.games_per_pair = 2;
  c.seed = 5;
  const TournamentRun run = run_tournament(c);
  ASSERT_EQ(run.games.size(), 2u);
  const Variant online = load_variant("online");
  for (const StoredGame& g : run.games) {
    const GameRecord& r = g.record;
    EXPECT_EQ(r.reason, EndReason::IllegalMove) << to_json_line(g);
    EXPECT_EQ(r.result, Result::WhiteWins) << to_json_line(g);
    EXPECT_EQ(r.plies, 7) << to_json_line(g);
    EXPECT_NE(r.detail.find("forbidden"), std::string::npos) << r.detail;
    EXPECT_NO_THROW(check_record(online, r)) << to_json_line(g);
  }
  fs::remove_all(out);
}

TEST(EngineTournament, AnEngineThatDoesNotStartIsOneErrorAndNothingIsWritten) {
  for (const std::string mode : {"nouciok", "noreadyok"}) {
    const fs::path out = fresh_dir(mode);
    TournamentConfig config = config_with_bad_engine(mode, out);
    config.engine_startup_timeout = std::chrono::seconds(1);
    try {
      run_tournament(config);
      ADD_FAILURE() << mode << " accepted";
    } catch (const TournamentError& e) {
      const std::string what = e.what();
      const std::string expected = std::string("engine bad (") + BAD_ENGINE + "): no " +
                                   (mode == "nouciok" ? "uciok within 1 s of uci" : "readyok within 1 s of isready");
      EXPECT_EQ(what, expected);
    }
    EXPECT_FALSE(fs::exists(out)) << mode;
  }
  TournamentConfig missing = config_with_bad_engine("good", fresh_dir("missing"));
  missing.engines[0] = engine("bad", "/nonexistent/engine", {"good"});
  EXPECT_THROW(run_tournament(missing), TournamentError);
  EXPECT_FALSE(fs::exists(missing.out));
}

TEST(EngineTournament, EnginesNeedLimitsAndUniqueNames) {
  TournamentConfig c = config_with_bad_engine("good", fresh_dir("limits"));
  c.each.clear();
  EXPECT_THROW(run_tournament(c), TournamentError);
  c = config_with_bad_engine("good", fresh_dir("names"));
  c.engines[1] = engine("bad", JUNGLE_BINARY, {"engine"});
  EXPECT_THROW(run_tournament(c), TournamentError);
  EXPECT_FALSE(fs::exists(c.out));
}

TEST(EngineConfig, ReadsFastchessStyleSpecs) {
  const EngineConfig c =
      parse_engine_config("name=sf,cmd=./engine,dir=/tmp,args=--uci -q,option.Hash=64,option.Seed=7,tc=10+0.1");
  EXPECT_EQ(c.name, "sf");
  EXPECT_EQ(c.command, "./engine");
  EXPECT_EQ(c.dir, "/tmp");
  EXPECT_EQ(c.args, (std::vector<std::string>{"--uci", "-q"}));
  ASSERT_EQ(c.options.size(), 2u);
  EXPECT_EQ(c.options[0], (std::pair<std::string, std::string>{"Hash", "64"}));
  ASSERT_TRUE(c.limits.has_value());
  EXPECT_EQ(c.limits->base_ms, 10000);
  EXPECT_EQ(parse_engine_config(c.text()).text(), c.text());
  for (const char* bad : {"cmd=x", "name=x", "name=x,cmd=y,colour=red", "name=a b,cmd=y", "name=x,cmd=y,tc=fast"})
    EXPECT_THROW(parse_engine_config(bad), std::invalid_argument) << bad;
}

// The engines issue's own check: two `jungle engine` processes, depth 1 against depth 4, under an
// SPRT that accepts H1 long before the games run out, with the same verdict after the same games
// on 1 and 2 threads. (Searches to a fixed depth play the same moves whatever the timing.)
TEST(EngineTournament, SprtBetweenTwoEnginesStopsAlikeOnAnyThreadCount) {
  std::optional<int> decided[2];
  std::vector<std::string> moves[2];
  for (int threads : {1, 2}) {
    TournamentConfig c;
    c.engines = {std::string("name=depth4,cmd=") + JUNGLE_BINARY + ",args=engine,depth=4",
                 std::string("name=depth1,cmd=") + JUNGLE_BINARY + ",args=engine,depth=1"};
    c.players = {"depth4", "depth1"};
    c.games_per_pair = 400;
    c.sprt = "elo0=0,elo1=50";
    c.seed = 3;
    c.threads = threads;
    c.out = fresh_dir("sprt-engines-" + std::to_string(threads));
    const TournamentRun run = run_tournament(c);
    decided[threads - 1] = run.sprt_decided_after;
    for (const StoredGame& g : run.games) {
      std::string line = result_name(g.record.result);
      for (const std::string& m : g.record.moves) (line += ' ') += m;
      moves[threads - 1].push_back(line);
    }
    fs::remove_all(c.out);
  }
  ASSERT_TRUE(decided[0].has_value());
  EXPECT_LT(*decided[0], 200);
  EXPECT_EQ(decided[0], decided[1]);
  EXPECT_EQ(moves[0], moves[1]);
}

// Engines that always report "score cp 0": with --draw movecount=2,score=10 every game is
// adjudicated a draw once each side has made two moves after the 4 opening plies, at ply 8.
TEST(EngineTournament, DrawAdjudicationEndsQuietGames) {
  TournamentConfig c;
  c.engines = {engine("a", BAD_ENGINE, {"good"}), engine("b", BAD_ENGINE, {"good"})};
  c.players = {"a", "b"};
  c.games_per_pair = 4;
  c.each = "st=0.05";
  c.draw = "movenumber=0,movecount=2,score=10";
  c.out = fresh_dir("adjudicated");
  const TournamentRun run = run_tournament(c);
  const Variant standard;
  for (const StoredGame& g : run.games) {
    EXPECT_EQ(g.record.reason, EndReason::Adjudication) << to_json_line(g);
    EXPECT_EQ(g.record.result, Result::Draw);
    EXPECT_EQ(g.record.plies, 8);
    EXPECT_NO_THROW(check_record(standard, g.record));
  }
  fs::remove_all(c.out);
}

// Whatever numbers an engine reports, its games stay readable: values beyond what a results
// file keeps are clamped (depth -1 to 0, cp 5000000 to 1000000, nodes -5 to 0).
TEST(EngineTournament, OddInfoValuesAreClampedAndTheFileStaysReadable) {
  TournamentConfig c;
  c.engines = {engine("odd", BAD_ENGINE, {"oddinfo"}), engine("good", JUNGLE_BINARY, {"engine"})};
  c.players = {"odd", "good"};
  c.games_per_pair = 2;
  c.each = "depth=1";
  c.out = fresh_dir("odd-info");
  run_tournament(c);
  const std::vector<StoredGame> games = read_results(c.out / "games.jsonl");
  ASSERT_EQ(games.size(), 2u);
  const GameRecord& r = games[0].record;  // odd plays white: its moves are the even entries
  ASSERT_FALSE(r.info.empty());
  EXPECT_EQ(r.info[0].depth, 0);
  EXPECT_EQ(r.info[0].score, MAX_INFO_CP);
  EXPECT_EQ(r.info[0].nodes, 0u);
  fs::remove_all(c.out);
}

// --each takes every key of an engine but its name, command, folder and arguments; an engine's own
// keys stand over it, and the defaults' options are sent before the engine's own.
TEST(EngineConfig, EachGivesDefaultsThatAnEnginesOwnKeysOverride) {
  const EngineConfig each =
      parse_engine_defaults("tc=10+0.1,option.Hash=8,option.Threads=1,timemargin=50,timeout.uci=5,timeout.isready=0.25");
  EXPECT_EQ(each.text(), "option.Hash=8,option.Threads=1,tc=10+0.1,timemargin=50,timeout.uci=5,timeout.isready=0.250");
  EXPECT_EQ(parse_engine_defaults(each.text()).text(), each.text());
  const EngineConfig own = parse_engine_config("name=a,cmd=x,option.Hash=64,st=0.5,timeout.isready=2");
  const EngineConfig merged = own.over(each);
  ASSERT_EQ(merged.options.size(), 3u);
  EXPECT_EQ(merged.options[0], (std::pair<std::string, std::string>{"Hash", "8"}));
  EXPECT_EQ(merged.options[2], (std::pair<std::string, std::string>{"Hash", "64"}));  // sent last: it stands
  EXPECT_EQ(merged.limits->movetime_ms, 500);
  EXPECT_EQ(merged.limits->base_ms, 0);  // its own limits replace the defaults' whole
  EXPECT_EQ(merged.margin_ms, 50);
  EXPECT_EQ(merged.uci_timeout, std::chrono::milliseconds(5000));
  EXPECT_EQ(merged.isready_timeout, std::chrono::milliseconds(2000));
  EXPECT_EQ(parse_engine_config("name=a,cmd=x").over(EngineConfig{}).text(), "name=a,cmd=x");
  for (const char* bad : {"name=x", "cmd=y", "args=z", "dir=/", "timemargin=-1", "timemargin=fast", "timeout.uci=0s1",
                          "timeout.isready=2h", "timeout.go=1"})
    EXPECT_THROW(parse_engine_defaults(bad), std::invalid_argument) << bad;
}

// bad_engine noreadyok never answers isready: with timeout.isready=0.3 the tournament's check
// gives up after 0.3 s, not the default 10 s, and says so.
TEST(EngineTournament, AnEnginesOwnTimeoutsBoundItsStartUp) {
  const fs::path out = fresh_dir("isready-timeout");
  TournamentConfig c = config_with_engines({engine("quiet", BAD_ENGINE, {"noreadyok"}) + ",timeout.isready=0.3"},
                                           {"quiet", "random"}, out);
  try {
    run_tournament(c);
    FAIL() << "the engine answered isready";
  } catch (const TournamentError& e) {
    EXPECT_NE(std::string(e.what()).find("no readyok within 0.300 s of isready"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(out / "games.jsonl"));
}

// bad_engine slow answers its second move of a game after 2 s: at st=0.02 with the tournament's
// margin of 1 s it loses on time, but an engine given timemargin=3000 of its own does not.
TEST(EngineTournament, AnEnginesOwnMarginStandsOverTheTournaments) {
  const fs::path out = fresh_dir("own-margin");
  TournamentConfig c = config_with_engines({engine("slow", BAD_ENGINE, {"slow"}) + ",timemargin=3000"},
                                           {"slow", "random"}, out);
  c.games_per_pair = 2;
  const TournamentRun run = run_tournament(c);
  ASSERT_EQ(run.games.size(), 2u);
  for (const StoredGame& g : run.games) EXPECT_NE(g.record.reason, EndReason::Time) << to_json_line(g);
  fs::remove_all(out);
}

// --log holds every line each engine was sent and answered, marked with its game; a forfeit's
// record quotes the last of them. bad_engine hang never answers its second move of a game.
TEST(EngineTournament, TheLogHoldsEveryLineAndAForfeitQuotesTheLast) {
  const fs::path out = fresh_dir("log");
  TournamentConfig c = config_with_engines({engine("hung", BAD_ENGINE, {"hang"})}, {"hung", "random"}, out);
  c.games_per_pair = 2;
  c.threads = 1;
  c.engine_log = out.string() + ".log";
  const TournamentRun run = run_tournament(c);
  ASSERT_EQ(run.games.size(), 2u);
  for (const StoredGame& g : run.games) {
    ASSERT_EQ(g.record.reason, EndReason::Time) << to_json_line(g);
    // The move it never answered: the position and the go, sent; nothing read after them.
    const std::string& detail = g.record.detail;
    EXPECT_NE(detail.find("; its last lines: > position startpos moves "), std::string::npos) << detail;
    EXPECT_TRUE(detail.ends_with(" | > go movetime 20")) << detail;
  }
  std::ifstream log(c.engine_log);
  int sent_go[2] = {0, 0}, bestmoves[2] = {0, 0};
  for (std::string line; std::getline(log, line);) {
    // 2026-12-07T06:12:01.123Z hung game 1 > go movetime 20
    ASSERT_GE(line.size(), 25u) << line;
    EXPECT_EQ(line[10], 'T') << line;
    EXPECT_EQ(line.substr(23, 7), "Z hung ") << line;
    for (int game = 0; game < 2; ++game) {
      const std::string marked = " hung game " + std::to_string(game) + " ";
      if (line.find(marked + "> go ") != std::string::npos) ++sent_go[game];
      if (line.find(marked + "< bestmove ") != std::string::npos) ++bestmoves[game];
    }
  }
  // One move answered and the second never, in each game.
  for (int game = 0; game < 2; ++game) {
    EXPECT_EQ(sent_go[game], 2) << game;
    EXPECT_EQ(bestmoves[game], 1) << game;
  }
  fs::remove_all(out);
  fs::remove(c.engine_log);
}

// A gauntlet: the first player meets each of the others, who never meet each other.
TEST(Matchmaking, AGauntletPairsTheFirstPlayerWithEachOther) {
  const std::vector<Fixture> list = schedule_round_robin(1, 4, 2, 1, false, true);
  ASSERT_EQ(list.size(), 6u);  // 3 pairings, 2 games each
  std::set<std::pair<int, int>> met;
  for (const Fixture& f : list) {
    EXPECT_TRUE(f.white == 0 || f.black == 0) << f.white << " " << f.black;
    met.insert({std::min(f.white, f.black), std::max(f.white, f.black)});
  }
  EXPECT_EQ(met, (std::set<std::pair<int, int>>{{0, 1}, {0, 2}, {0, 3}}));
}

// Engines in `reports` mode say "depth 3 seldepth 7 score cp 35 nodes 120 time 0 pv MOVE" after a
// line with "time 99999": the last time counts, so each move's latency is its whole wall time.
// Under tc=10+0.1 a side's clock after its k-th move is 10000 ms less its moves' times plus
// 100 ms for each of them. With --draw movecount=2,score=40 every game is adjudicated at ply 8, after
// 4 opening plies and 4 engine moves. --pgnout has each game as it ended, with cutechess's comment
// "{+0.35/3 T}" on each engine move; a resumed run with more games appends only the new ones.
TEST(EngineTournament, EngineMovesKeepSeldepthPvClockAndLatencyAndGoToThePgnFile) {
  TournamentConfig c = config_with_engines({engine("a", BAD_ENGINE, {"reports"}), engine("b", BAD_ENGINE, {"reports"})},
                                           {"a", "b"}, fresh_dir("pgnout"));
  c.each = "tc=10+0.1";
  c.draw = "movenumber=0,movecount=2,score=40";
  c.games_per_pair = 2;
  c.threads = 1;
  c.pgnout = c.out.string() + ".pgn";
  fs::remove(c.pgnout);
  run_tournament(c);
  c.games_per_pair = 4;
  run_tournament(c);

  const std::vector<StoredGame> games = read_results(c.out / "games.jsonl");
  ASSERT_EQ(games.size(), 4u);
  for (const StoredGame& g : games) {
    const GameRecord& r = g.record;
    ASSERT_EQ(r.plies, 8) << to_json_line(g);
    ASSERT_EQ(r.info.size(), 4u) << to_json_line(g);
    std::int64_t clock[2] = {10000, 10000};
    for (std::size_t k = 0; k < r.info.size(); ++k) {
      const MoveInfo& m = r.info[k];
      EXPECT_EQ(m.depth, 3);
      EXPECT_EQ(m.seldepth, 7);
      EXPECT_EQ(m.score, 35);
      EXPECT_EQ(m.nodes, 120u);
      EXPECT_EQ(m.pv, std::vector<std::string>{r.moves[r.opening.size() + k]});
      EXPECT_EQ(m.latency_ms, m.ms);
      clock[k % 2] += 100 - m.ms;
      EXPECT_EQ(m.time_left_ms, clock[k % 2]) << "move " << k << ": " << to_json_line(g);
    }
  }

  const std::string pgn = read_file_bounded(c.pgnout);
  auto count = [&](const std::string& text) {
    std::size_t n = 0;
    for (std::size_t at = pgn.find(text); at != std::string::npos; at = pgn.find(text, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("[Event \"jungle tournament " + c.out.filename().string() + "\"]\n"), 4u);
  EXPECT_EQ(count("[TimeControl \"10+0.1\"]\n"), 4u);
  EXPECT_EQ(count("{+0.35/3 0"), 16u) << pgn;  // every move well under 10 s: "0.0XXs" or "0.XXs"
  for (const char* round : {"[Round \"1\"]", "[Round \"2\"]", "[Round \"3\"]", "[Round \"4\"]"})
    EXPECT_EQ(count(round), 1u) << round;
  // One thread plays the games in index order: the file holds what export writes of the folder.
  const PgnContext context = tournament_pgn_context(c.out / "games.jsonl", read_run_file(c.out));
  std::ostringstream expected;
  for (const StoredGame& g : games) write_pgn(expected, g, Variant().start, context);
  EXPECT_EQ(pgn, expected.str());
  fs::remove_all(c.out);
  fs::remove(c.pgnout);
}
