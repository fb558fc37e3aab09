// Tournaments: the same games for any thread count, resuming after a kill, refusing a results
// directory of another tournament, colour-swapped pairs, replayable records, and strict reading
// of results files.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

#include <nlohmann/json.hpp>

#include "engine/variant_loader.h"
#include "engine/variant_toml.h"
#include "match/matchmaking.h"
#include "match/tournament.h"
#include "report/report.h"
#include "research/game_summary.h"
#include "results/results_file.h"
#include "stats/statistics.h"
#include "support/version.h"
#include "tests/temp_dir.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const fs::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << text;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The games as the file holds them, one JSON line each, in index order.
std::vector<std::string> sorted_lines(const fs::path& file) {
  std::vector<std::string> out;
  for (const StoredGame& g : read_results(file)) out.push_back(to_json_line(g));
  return out;
}

// Small and quick: two variants, random against greedy, four games a pair.
TournamentConfig small_config(const fs::path& out, int threads = 1) {
  TournamentConfig c;
  c.variants = {"standard", "ludii"};
  c.players = {"random", "greedy"};
  c.games_per_pair = 4;
  c.openings = "random:plies=4";
  c.seed = 20261129;
  c.threads = threads;
  c.out = out;
  return c;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Matchmaking

TEST(Matchmaking, RoundRobinPairsEveryTwoPlayersPerVariant) {
  const std::vector<Fixture> list = schedule_round_robin(2, 3, 4, 1);
  ASSERT_EQ(list.size(), 2u * 3 * 4);  // 2 variants x 3 pairings x 4 games
  for (std::size_t i = 0; i < list.size(); ++i) {
    EXPECT_EQ(list[i].index, int(i));
    EXPECT_EQ(list[i].pair, int(i / 2));
    EXPECT_NE(list[i].white, list[i].black);
  }
  // One player plays itself.
  const std::vector<Fixture> self = schedule_round_robin(1, 1, 2, 1);
  ASSERT_EQ(self.size(), 2u);
  EXPECT_EQ(self[0].white, 0);
  EXPECT_EQ(self[0].black, 0);
  EXPECT_NE(self[0].seed, self[1].seed);
  EXPECT_THROW(schedule_round_robin(1, 2, 3, 1), std::invalid_argument);
  EXPECT_THROW(schedule_round_robin(1, 2, 0, 1), std::invalid_argument);
}

TEST(Matchmaking, SeedsDependOnlyOnTheSeedAndThePlace) {
  const auto a = schedule_round_robin(2, 2, 4, 5), b = schedule_round_robin(2, 2, 4, 5), c = schedule_round_robin(2, 2, 4, 6);
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].seed, b[i].seed);
    EXPECT_NE(a[i].seed, c[i].seed);
  }
  EXPECT_NE(player_seed(a[0].seed, WHITE), player_seed(a[0].seed, BLACK));
}

TEST(Matchmaking, OpeningRules) {
  EXPECT_EQ(parse_opening_rule("random:plies=6").plies, 6);
  EXPECT_EQ(parse_opening_rule("none").text(), "random:plies=0");
  for (const char* bad : {"random", "random:plies=", "random:plies=-1", "random:plies=x", "book:plies=2", "random:plies=1000"})
    EXPECT_THROW(parse_opening_rule(bad), std::invalid_argument) << bad;

  const Variant standard = load_variant("standard");
  const OpeningRule eight = parse_opening_rule("random:plies=8");
  const Opening opening = make_opening(standard, eight, 1, 0, 0);
  EXPECT_EQ(opening.moves.size(), 8u);
  EXPECT_TRUE(opening.fen.empty());
  EXPECT_EQ(opening, make_opening(standard, eight, 1, 0, 0));
  EXPECT_NE(opening, make_opening(standard, eight, 1, 0, 1));
}

TEST(Matchmaking, OpeningsFromAFile) {
  TempDir dir("book");
  // Two lines of moves (a comment and a blank line between), each legal from the start.
  write_file(dir / "book.txt", "# two openings\na3a4 g7g6 a4a5\n\ne3d3 e7d7\n");
  OpeningRule rule = parse_opening_rule("file=" + (dir / "book.txt").string() + ",format=moves,plies=2");
  const Variant standard = load_variant("standard");
  EXPECT_EQ(make_opening(standard, rule, 1, 0, 0).moves, (std::vector<std::string>{"a3a4", "g7g6"}));  // cut to 2
  EXPECT_EQ(make_opening(standard, rule, 1, 0, 1).moves, (std::vector<std::string>{"e3d3", "e7d7"}));
  EXPECT_EQ(make_opening(standard, rule, 1, 0, 2), make_opening(standard, rule, 1, 0, 0));  // sequential wraps
  // In random order every line comes once in each round of as many openings as lines.
  rule = parse_opening_rule("file=" + (dir / "book.txt").string() + ",format=moves,order=random");
  const Opening a = make_opening(standard, rule, 9, 0, 0), b = make_opening(standard, rule, 9, 0, 1);
  EXPECT_NE(a, b);
  // Positions, EPD style: whatever follows ';' is not the position.
  write_file(dir / "book.epd", "7/3L3/7/7/7/7/7/7/l6 b ; id \"lion near the den\"\n");
  rule = parse_opening_rule("file=" + (dir / "book.epd").string() + ",format=epd");
  EXPECT_EQ(make_opening(standard, rule, 1, 0, 0).fen, "7/3L3/7/7/7/7/7/7/l6 b");
  // A line that does not fit the variant names its file and line.
  write_file(dir / "bad.txt", "a3a4\n\na3a9\n");
  rule = parse_opening_rule("file=" + (dir / "bad.txt").string() + ",format=moves");
  try {
    make_opening(standard, rule, 1, 0, 1);
    ADD_FAILURE() << "illegal opening accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind((dir / "bad.txt").string() + ":3: move a3a9 is not legal", 0), 0u) << e.what();
  }
  EXPECT_THROW(parse_opening_rule("file=" + (dir / "book.txt").string()), std::invalid_argument);  // no format
  EXPECT_THROW(parse_opening_rule("file=/nonexistent,format=moves"), std::invalid_argument);
}

// start=N, as cutechess-cli and fastchess read it: the N-th line is the first opening, and the
// book wraps around after its last.
TEST(Matchmaking, OpeningsFromAFileMayStartAtAnyLine) {
  TempDir dir("book-start");
  write_file(dir / "book.txt", "a3a4\ne3d3\ng3g4\n");
  const std::string file = "file=" + (dir / "book.txt").string() + ",format=moves";
  const OpeningRule rule = parse_opening_rule(file + ",start=2");
  const Variant standard = load_variant("standard");
  EXPECT_EQ(make_opening(standard, rule, 1, 0, 0).moves, (std::vector<std::string>{"e3d3"}));
  EXPECT_EQ(make_opening(standard, rule, 1, 0, 1).moves, (std::vector<std::string>{"g3g4"}));
  EXPECT_EQ(make_opening(standard, rule, 1, 0, 2).moves, (std::vector<std::string>{"a3a4"}));
  EXPECT_NE(rule.text().find(",start=2,"), std::string::npos) << rule.text();
  // start=1 is the default, and writes no start= (run.json's texts from before it read the same).
  EXPECT_EQ(parse_opening_rule(file + ",start=1").text(), parse_opening_rule(file).text());
  for (const char* bad : {",start=0", ",start=4", ",start=x", ",start=-1"})
    EXPECT_THROW(parse_opening_rule(file + bad), std::invalid_argument) << bad;
}

TEST(Matchmaking, PlayerListsKeepParametersWithTheirSpec) {
  using V = std::vector<std::string>;
  EXPECT_EQ(split_player_specs("random,greedy"), (V{"random", "greedy"}));
  EXPECT_EQ(split_player_specs("random, mcts:playouts=100,rollout=greedy,alphabeta:depth=2"),
            (V{"random", "mcts:playouts=100,rollout=greedy", "alphabeta:depth=2"}));
  EXPECT_EQ(split_player_specs("mcts:playouts=10;greedy"), (V{"mcts:playouts=10", "greedy"}));
  // After ';' a key=value starts a spec of its own, which make_player will refuse.
  EXPECT_EQ(split_player_specs("mcts:playouts=10;rollout=greedy"), (V{"mcts:playouts=10", "rollout=greedy"}));
}

// ---------------------------------------------------------------------------------------
// Tournaments

TEST(Tournament, TheGamesDoNotDependOnTheThreadCount) {
  TempDir one("threads1"), two("threads2");
  const TournamentRun a = run_tournament(small_config(one.path(), 1));
  const TournamentRun b = run_tournament(small_config(two.path(), 2));
  EXPECT_EQ(a.games.size(), 2u * 4);
  EXPECT_EQ(a.played, 8);
  EXPECT_EQ(a.resumed, 0);
  EXPECT_EQ(sorted_lines(one / "games.jsonl"), sorted_lines(two / "games.jsonl"));
  // --threads is only in the record of each run, not in what the tournament is.
  nlohmann::json run_one = nlohmann::json::parse(read_file(one / "run.json"));
  nlohmann::json run_two = nlohmann::json::parse(read_file(two / "run.json"));
  EXPECT_EQ(run_one["runs"][0]["threads"], 1);
  EXPECT_EQ(run_two["runs"][0]["threads"], 2);
  run_one.erase("runs");
  run_two.erase("runs");
  EXPECT_EQ(run_one, run_two);
}

// The alpha-beta players' searches are tallied (compare --levels' nodes a move): one search a
// move each chose, the moves after the opening; a random player searches nothing.
TEST(Tournament, CountsTheAlphaBetaPlayersSearches) {
  TempDir dir("tally"), random_dir("tally-random");
  TournamentConfig config;
  config.players = {"alphabeta:depth=2"};
  config.games_per_pair = 4;
  config.threads = 2;
  config.out = dir.path();
  const TournamentRun run = run_tournament(config);
  std::uint64_t moves = 0;
  for (const StoredGame& g : run.games) moves += std::uint64_t(g.record.plies) - g.record.opening.size();
  EXPECT_EQ(run.searched_moves, moves);
  EXPECT_GE(run.searched_nodes, run.searched_moves);  // a search visits its root at least
  config.players = {"random"};
  config.out = random_dir.path();
  const TournamentRun random = run_tournament(config);
  EXPECT_EQ(random.searched_moves, 0u);
  EXPECT_EQ(random.searched_nodes, 0u);
}

TEST(Tournament, RunFileRecordsRulesAndEveryRun) {
  TempDir dir("provenance");
  TournamentConfig c = small_config(dir.path());
  c.command_line = {"jungle", "tournament", "--seed", "20261129"};
  run_tournament(c);
  run_tournament(c);  // resumed: a second entry
  const nlohmann::json run = nlohmann::json::parse(read_file(dir / "run.json"));
  ASSERT_EQ(run["runs"].size(), 2u);
  for (const nlohmann::json& entry : run["runs"]) {
    EXPECT_EQ(entry["command"], c.command_line);
    EXPECT_EQ(entry["version"], program_version());
    EXPECT_EQ(entry["date"].get<std::string>().size(), std::string("2026-12-01T05:13:22Z").size());
    EXPECT_FALSE(entry["host"].get<std::string>().empty());
  }
  // Each variant's rules in full: the text reads back to the rules played.
  ASSERT_EQ(run["variants"].size(), 2u);
  for (const nlohmann::json& v : run["variants"]) {
    const Variant played = load_variant(v["name"].get<std::string>());
    EXPECT_EQ(v["toml"].get<std::string>(), variant_to_toml(played));
    EXPECT_EQ(v["rules"].get<std::string>(), rules_hash(played));
  }
}

TEST(Tournament, PairsAreAdjacentWithColoursSwappedAndTheSameOpening) {
  TempDir dir("pairs");
  TournamentConfig c = small_config(dir.path());
  c.players = {"random", "greedy", "alphabeta:depth=1"};
  const TournamentRun run = run_tournament(c);
  ASSERT_EQ(run.games.size(), 2u * 3 * 4);
  for (std::size_t i = 0; i < run.games.size(); i += 2) {
    const StoredGame &first = run.games[i], &second = run.games[i + 1];
    EXPECT_EQ(first.index, int(i));
    EXPECT_EQ(second.index, int(i + 1));
    EXPECT_EQ(first.pair, second.pair);
    EXPECT_EQ(first.opening, second.opening);
    EXPECT_EQ(first.record.opening, second.record.opening);
    EXPECT_EQ(first.record.opening.size(), 4u);
    EXPECT_EQ(first.record.variant, second.record.variant);
    EXPECT_EQ(first.record.white, second.record.black);
    EXPECT_EQ(first.record.black, second.record.white);
    EXPECT_NE(first.record.white, first.record.black);
  }
  // Opening k of a variant is shared by every pairing.
  for (const StoredGame& g : run.games)
    for (const StoredGame& h : run.games) {
      if (g.record.variant == h.record.variant && g.opening == h.opening) {
        EXPECT_EQ(g.record.opening, h.record.opening);
      }
    }
}

TEST(Tournament, EveryRecordReplays) {
  TempDir dir("replay");
  TournamentConfig c = small_config(dir.path(), 2);
  c.variants = {"standard", "ludii", "van-rijn-vis", "viidakko"};
  run_tournament(c);
  for (const StoredGame& g : read_results(dir / "games.jsonl")) {
    const Variant variant = load_variant(g.record.variant);
    EXPECT_NO_THROW(check_record(variant, g.record)) << to_json_line(g);
  }
}

TEST(Tournament, OnePlayerPlaysItself) {
  TempDir dir("self");
  TournamentConfig c = small_config(dir.path());
  c.players = {"random"};
  const TournamentRun run = run_tournament(c);
  ASSERT_EQ(run.games.size(), 2u * 4);
  for (const StoredGame& g : run.games) EXPECT_EQ(g.record.white, "random");
}

TEST(Tournament, ResumingAfterAKillGivesTheSameGames) {
  TempDir whole("whole"), killed("killed");
  run_tournament(small_config(whole.path()));
  const std::string file = read_file(whole / "games.jsonl");
  const std::vector<std::string> lines = lines_of(file);
  ASSERT_EQ(lines.size(), 8u);

  for (int kept : {0, 3, 7}) {
    // The first `kept` complete lines, then half of the next: a kill in the middle of a write.
    fs::remove_all(killed.path());
    fs::create_directories(killed.path());
    fs::copy_file(whole / "run.json", killed / "run.json");
    std::string cut;
    for (int i = 0; i < kept; ++i) cut += lines[i] + "\n";
    cut += lines[kept].substr(0, lines[kept].size() / 2);
    write_file(killed / "games.jsonl", cut);
    ASSERT_EQ(read_results(killed / "games.jsonl").size(), std::size_t(kept));  // the cut line is ignored

    const TournamentRun resumed = run_tournament(small_config(killed.path(), 2));
    EXPECT_EQ(resumed.resumed, kept);
    EXPECT_EQ(resumed.played, 8 - kept);
    EXPECT_EQ(sorted_lines(killed / "games.jsonl"), sorted_lines(whole / "games.jsonl")) << kept << " kept";
    EXPECT_EQ(lines_of(read_file(killed / "games.jsonl")).size(), 8u);  // no trace of the cut line
  }
  // A finished tournament resumes to itself without playing.
  const TournamentRun again = run_tournament(small_config(whole.path()));
  EXPECT_EQ(again.played, 0);
  EXPECT_EQ(again.resumed, 8);
  EXPECT_EQ(read_file(whole / "games.jsonl"), file);
}

TEST(Tournament, ADifferentTournamentIsRefusedAndTheDirectoryUntouched) {
  TempDir dir("refuse");
  run_tournament(small_config(dir.path()));
  const std::string games = read_file(dir / "games.jsonl"), run = read_file(dir / "run.json");

  auto refused = [&](TournamentConfig c, const std::string& naming) {
    try {
      run_tournament(c);
      ADD_FAILURE() << "not refused: " << naming;
    } catch (const TournamentError& e) {
      EXPECT_NE(std::string(e.what()).find(naming), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
    EXPECT_EQ(read_file(dir / "games.jsonl"), games);
    EXPECT_EQ(read_file(dir / "run.json"), run);
  };
  TournamentConfig c = small_config(dir.path());
  c.seed = 1;
  refused(c, "--seed 20261129, not 1");
  c = small_config(dir.path());
  c.players = {"random", "alphabeta:depth=1"};
  refused(c, "--players random,greedy, not random,alphabeta:depth=1");
  c = small_config(dir.path());
  c.games_per_pair = 2;  // more may be added, none taken away
  refused(c, "holds 4 games per pair; --games may grow but not shrink (2)");
  c = small_config(dir.path());
  c.openings = "random:plies=2";
  refused(c, "--openings random:plies=4, not random:plies=2");
  c = small_config(dir.path());
  c.variants = {"standard"};
  refused(c, "--variants standard,ludii, not standard");
}

TEST(Tournament, ChangedRulesAreRefused) {
  TempDir dir("rules");
  const fs::path rules = dir / "house.toml";
  write_file(rules, "name = \"house\"\nextends = \"standard\"\n[end]\nmax_plies = 200\n");
  TournamentConfig c = small_config(dir / "out");
  c.variants = {rules.string()};
  run_tournament(c);
  write_file(rules, "name = \"house\"\nextends = \"standard\"\n[end]\nmax_plies = 100\n");
  try {
    run_tournament(c);
    ADD_FAILURE() << "changed rules not refused";
  } catch (const TournamentError& e) {
    EXPECT_NE(std::string(e.what()).find("other rules for variant house"), std::string::npos) << e.what();
  }
  // Comments and descriptions are not rules.
  write_file(rules, "# a comment\nname = \"house\"\ndescription = \"x\"\nextends = \"standard\"\n[end]\nmax_plies = 200\n");
  EXPECT_EQ(run_tournament(c).played, 0);
}

TEST(Tournament, GamesWithoutARunFileAreNotMixedIn) {
  TempDir dir("orphan");
  write_file(dir / "games.jsonl", "{}\n");
  EXPECT_THROW(run_tournament(small_config(dir.path())), TournamentError);
  EXPECT_EQ(read_file(dir / "games.jsonl"), "{}\n");
  EXPECT_FALSE(fs::exists(dir / "run.json"));
}

TEST(Tournament, AGarbledResultsFileStopsTheRunAndIsKept) {
  TempDir dir("garbled");
  run_tournament(small_config(dir.path()));
  std::vector<std::string> lines = lines_of(read_file(dir / "games.jsonl"));
  lines[2] = lines[2].substr(0, 40) + "\"}";  // a complete line, but not a game
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  text.resize(text.size() - 1);  // and a partial last line, which must not be cut away now
  write_file(dir / "games.jsonl", text);
  const std::string run_file = read_file(dir / "run.json");
  try {
    run_tournament(small_config(dir.path()));
    ADD_FAILURE() << "garbled line not reported";
  } catch (const ResultsError& e) {
    EXPECT_EQ(e.line, 3);
    EXPECT_EQ(e.file, (dir / "games.jsonl").string());
  }
  EXPECT_EQ(read_file(dir / "games.jsonl"), text);
  EXPECT_EQ(read_file(dir / "run.json"), run_file);  // not even a record of the refused run
  // Numbers out of range too (they aborted the resume): one error, the folder as it was.
  write_file(dir / "games.jsonl", lines[0] + "\n{\"index\":1e400}\n");
  EXPECT_THROW(run_tournament(small_config(dir.path())), ResultsError);
  EXPECT_EQ(read_file(dir / "games.jsonl"), lines[0] + "\n{\"index\":1e400}\n");
  EXPECT_EQ(read_file(dir / "run.json"), run_file);
}

TEST(Tournament, BadConfigurations) {
  TempDir dir("bad");
  auto error_of = [](const TournamentConfig& c) -> std::string {
    try {
      run_tournament(c);
    } catch (const std::exception& e) {
      return e.what();
    }
    return "";
  };
  TournamentConfig c = small_config(dir / "out");
  c.games_per_pair = 3;
  EXPECT_NE(error_of(c).find("--games must be even"), std::string::npos);
  c.games_per_pair = 0;
  EXPECT_NE(error_of(c).find("--games must be even"), std::string::npos);
  c = small_config(dir / "out");
  c.players = {"random", "grandmaster"};
  EXPECT_NE(error_of(c).find("valid: random, greedy"), std::string::npos) << error_of(c);
  c = small_config(dir / "out");
  c.openings = "book";
  EXPECT_NE(error_of(c).find("--openings"), std::string::npos);
  c = small_config(dir / "out");
  c.variants = {"nosuch"};
  EXPECT_NE(error_of(c).find("unknown variant"), std::string::npos);
  c = small_config(dir / "out");
  c.players = {"random", "random"};
  EXPECT_NE(error_of(c).find("given twice"), std::string::npos);
  c = small_config(dir / "out");
  c.games_per_pair = 1'000'000'000;  // planned at once, it allocated until the process died
  EXPECT_NE(error_of(c).find("more than the 1000000 one run may have"), std::string::npos) << error_of(c);
  c.games_per_pair = 250'002;
  c.players = {"random", "greedy", "alphabeta:depth=1"};  // 2 variants x 3 pairings x 250,002
  EXPECT_NE(error_of(c).find("the tournament would have 1500012 games"), std::string::npos) << error_of(c);
  EXPECT_FALSE(fs::exists(dir / "out"));  // nothing is written before the configuration is good
  // --out under a file cannot be created.
  write_file(dir / "file", "x");
  c = small_config(dir / "file" / "out");
  EXPECT_NE(error_of(c).find("cannot create --out"), std::string::npos);
}

// ---------------------------------------------------------------------------------------
// Results files

TEST(ResultsFile, WritesAndReadsBack) {
  StoredGame g;
  g.index = 7;
  g.pair = 3;
  g.opening = 1;
  g.record = {"standard", "random", "alphabeta:depth=2", 18446744073709551615ULL, {"a1a2"}, {"a1a2", "a9b9"},
              Result::BlackWins, EndReason::Repetition, 2, "", {}, ""};
  TempDir dir("roundtrip");
  write_file(dir / "g.jsonl", to_json_line(g) + "\n");
  std::vector<StoredGame> back = read_results(dir / "g.jsonl");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(to_json_line(back[0]), to_json_line(g));
  EXPECT_EQ(back[0].record.seed, 18446744073709551615ULL);
  EXPECT_EQ(to_json_line(g).find("\"info\""), std::string::npos);  // only written when there is some

  // An engine game: its start position, what the engines said, and a forfeit's detail.
  GameRecord& r = g.record;
  r.fen = "7/3L3/7/7/7/7/7/7/l6 w";
  r.opening.clear();  // both moves played by the engines
  MoveInfo scored, mated;
  scored.score = 12, scored.depth = 7, scored.nodes = 123456, scored.ms = 51;
  mated.mate = -3, mated.depth = 9;
  r.info = {scored, mated};
  r.result = Result::WhiteWins;
  r.reason = EndReason::IllegalMove;
  r.detail = "bestmove a9a1";
  write_file(dir / "g.jsonl", to_json_line(g) + "\n");
  back = read_results(dir / "g.jsonl");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].record.fen, r.fen);
  EXPECT_EQ(back[0].record.info, r.info);
  EXPECT_EQ(back[0].record.detail, r.detail);
  EXPECT_EQ(back[0].record.reason, EndReason::IllegalMove);
  EXPECT_EQ(to_json_line(back[0]), to_json_line(g));
}

// What an engine said beyond its score, depth and nodes (seldepth, its pv, the latency, its clock)
// goes into the line field by field, each only when there, and reads back; a line written
// before these fields still reads, as the same move without them.
TEST(ResultsFile, EngineMoveInfoRoundTripsAndOldLinesStillRead) {
  StoredGame g;
  g.record = {"standard", "new", "old", 7, {}, {"a3a4", "g7g6"}, Result::Draw, EndReason::Adjudication, 2, "", {}, ""};
  MoveInfo first, second;
  first.score = 35, first.depth = 12, first.seldepth = 18, first.nodes = 5000, first.ms = 210;
  first.latency_ms = 4, first.time_left_ms = 9890, first.pv = {"a3a4", "g7g6"};
  second.mate = -3, second.depth = 9, second.ms = 100, second.latency_ms = -1;
  g.record.info = {first, second};
  const std::string line = to_json_line(g);
  EXPECT_NE(line.find("\"info\":[{\"cp\":35,\"depth\":12,\"seldepth\":18,\"nodes\":5000,\"ms\":210,"
                      "\"latency_ms\":4,\"time_left_ms\":9890,\"pv\":[\"a3a4\",\"g7g6\"]},"
                      "{\"mate\":-3,\"depth\":9,\"nodes\":0,\"ms\":100,\"latency_ms\":-1}]"),
            std::string::npos)
      << line;
  EXPECT_EQ(parse_results_line(line).record.info, g.record.info);

  const std::string head =
      "{\"index\":0,\"pair\":0,\"opening_id\":0,\"variant\":\"standard\",\"white\":\"a\",\"black\":\"b\","
      "\"seed\":7,\"opening\":[],\"moves\":[\"a3a4\"],\"result\":\"1/2-1/2\",\"reason\":\"adjudication\","
      "\"plies\":1,\"info\":[";
  const StoredGame old = parse_results_line(head + "{\"cp\":-12,\"depth\":5,\"nodes\":99,\"ms\":40}]}");
  MoveInfo expected;
  expected.score = -12, expected.depth = 5, expected.nodes = 99, expected.ms = 40;
  ASSERT_EQ(old.record.info.size(), 1u);
  EXPECT_EQ(old.record.info[0], expected);

  // Each new field refused when it is not what a tournament writes.
  for (const char* bad : {"{\"pv\":\"a3a4\"}", "{\"pv\":[3]}", "{\"pv\":[\"\"]}", "{\"time_left_ms\":-1}",
                          "{\"seldepth\":10001}", "{\"latency_ms\":18446744073709551615}", "{\"latency_ms\":0.5}"})
    EXPECT_THROW(parse_results_line(head + bad + "]}"), std::invalid_argument) << bad;
}

TEST(GameRecord, ForfeitsAndAdjudicationsEndGamesTheRulesHaveNot) {
  const Variant standard;
  GameRecord r{"standard", "a", "b", 1, {}, {"a3a4"}, Result::WhiteWins, EndReason::Time, 1, "", {}, ""};
  // After a3a4 black is to move: a forfeit there is black's loss.
  EXPECT_NO_THROW(check_record(standard, r));
  r.result = Result::BlackWins;
  EXPECT_THROW(check_record(standard, r), ReplayError);
  r.reason = EndReason::Adjudication;  // either side may be adjudicated the loser, or a draw
  EXPECT_NO_THROW(check_record(standard, r));
  // A game the rules ended (the lion enters the den) cannot be a forfeit too.
  GameRecord den{"standard", "a", "b", 1, {}, {"d8d9"}, Result::BlackWins, EndReason::Disconnect, 1,
                 "7/3L3/7/7/7/7/7/7/l6 w", {}, ""};
  EXPECT_THROW(check_record(standard, den), ReplayError);
  den.reason = EndReason::Den;
  den.result = Result::WhiteWins;
  EXPECT_NO_THROW(check_record(standard, den));  // from its own start position
}

TEST(ResultsFile, AGarbledLineIsReportedWithItsNumber) {
  TempDir dir("lines");
  run_tournament(small_config(dir / "t"));
  const std::vector<std::string> good = lines_of(read_file(dir / "t" / "games.jsonl"));
  auto patched = [&](const std::string& from, const std::string& to) {
    std::string line = good[1];
    const std::size_t at = line.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return line.replace(at, from.size(), to);
  };
  struct Case {
    std::string line, message;
  };
  const std::vector<Case> cases = {
      {"{\"index\": 1,", "bad JSON"},
      {"[1, 2]", "not a JSON object"},
      {patched("\"result\":", "\"outcome\":"), "missing field \"result\""},
      {patched("\"result\":\"", "\"result\":\"2-"), "bad result \"2-"},
      {patched("\"reason\":\"", "\"reason\":\"x"), "bad reason"},
      {patched("\"index\":1", "\"index\":-1"), "field \"index\" is not an integer"},
      {patched("\"plies\":", "\"plies\":1"), "plies is 1"},
      {patched("\"white\":\"", "\"white\":3,\"x\":\""), "field \"white\" is not a string"},
      {good[0], "game index 0 is also on line 1"},
      {"", "bad JSON"},
      // Numbers nlohmann-json cannot hold threw out_of_range, which nothing caught.
      {patched("\"index\":1", "\"index\":1e400"), "bad JSON: number overflow"},
      {"1e999", "bad JSON: number overflow"},
  };
  for (const Case& c : cases) {
    const fs::path file = dir / "bad.jsonl";
    write_file(file, good[0] + "\n" + c.line + "\n" + good[2] + "\n");
    try {
      read_results(file);
      ADD_FAILURE() << "accepted: " << c.line;
    } catch (const ResultsError& e) {
      EXPECT_EQ(e.line, 2) << c.line;
      const std::string what = e.what();
      EXPECT_EQ(what.rfind(file.string() + ":2: ", 0), 0u) << what;
      EXPECT_NE(what.find(c.message), std::string::npos) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
  }
  EXPECT_THROW(read_results(dir / "nosuch.jsonl"), ResultsError);
}

TEST(ResultsFile, SeveralFilesAreReadOneAfterTheOther) {
  TempDir dir("merge");
  run_tournament(small_config(dir / "a"));
  TournamentConfig c = small_config(dir / "b");
  c.variants = {"selva"};
  run_tournament(c);
  const std::vector<StoredGame> all = read_results({dir / "a" / "games.jsonl", dir / "b" / "games.jsonl"});
  ASSERT_EQ(all.size(), 8u + 4u);
  EXPECT_EQ(all[0].record.variant, "standard");
  EXPECT_EQ(all[8].record.variant, "selva");
  EXPECT_EQ(all[8].index, 0);
}

TEST(ResultsFile, ALastLineWithoutNewlineIsReadWhenWhole) {
  TempDir dir("last-line");
  run_tournament(small_config(dir / "t"));
  const std::vector<std::string> good = lines_of(read_file(dir / "t" / "games.jsonl"));
  const fs::path file = dir / "g.jsonl";

  write_file(file, good[0] + "\n" + good[1]);  // whole, only the newline missing: a game
  std::vector<std::string> warnings;
  EXPECT_EQ(read_results(file, &warnings).size(), 2u);
  EXPECT_TRUE(warnings.empty());

  write_file(file, good[0] + "\n" + good[1].substr(0, 30));  // cut mid-write: left out, named
  EXPECT_EQ(read_results(file, &warnings).size(), 1u);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].rfind(file.string() + ":2: the last line has no newline and is not a complete record", 0), 0u)
      << warnings[0];

  write_file(file, std::string("\x7f" "ELF\x02\x01\x01", 7));  // a binary file: a warning, no games
  warnings.clear();
  EXPECT_TRUE(read_results(file, &warnings).empty());
  EXPECT_EQ(warnings.size(), 1u);
}

TEST(ResultsFile, ADirectoryIsNotAResultsFile) {
  TempDir dir("a-directory");
  try {
    read_results(dir.path());
    ADD_FAILURE() << "a directory read as a results file";
  } catch (const ResultsError& e) {
    EXPECT_EQ(std::string(e.what()), dir.path().string() + ": is a directory, not a results file");
  }
}

TEST(Tournament, AWholeLastLineWithoutNewlineIsKeptOnResume) {
  TempDir whole("whole-last"), edited("edited-last");
  run_tournament(small_config(whole.path()));
  const std::vector<std::string> lines = lines_of(read_file(whole / "games.jsonl"));
  fs::copy_file(whole / "run.json", edited / "run.json");
  write_file(edited / "games.jsonl", lines[0] + "\n" + lines[1] + "\n" + lines[2]);  // as an editor may save it
  const TournamentRun resumed = run_tournament(small_config(edited.path()));
  EXPECT_EQ(resumed.resumed, 3);
  EXPECT_EQ(resumed.played, 5);
  EXPECT_EQ(sorted_lines(edited / "games.jsonl"), sorted_lines(whole / "games.jsonl"));
  EXPECT_EQ(lines_of(read_file(edited / "games.jsonl")).size(), 8u);  // the third line got its newline
}

namespace {

// `jungle ARGS...` as a child process, its standard error in err_file; returns its pid.
pid_t spawn_jungle(const std::vector<std::string>& args, const fs::path& err_file) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    FILE* err = std::freopen(err_file.c_str(), "w", stderr);
    FILE* out = std::freopen("/dev/null", "w", stdout);
    if (!err || !out) ::_exit(127);
    std::vector<char*> argv = {const_cast<char*>(JUNGLE_BINARY)};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(JUNGLE_BINARY, argv.data());
    ::_exit(127);
  }
  return pid;
}

int exit_code_of(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

// Two different tournaments started at the same instant on one empty folder: exactly one owns
// it, the other is refused, and the folder is left whole: its owner's command resumes it. Before
// the lock was taken first, 4 trials in 12 left one run's run.json beside the other's games.
TEST(Tournament, TwoTournamentsStartedAtOnceOnOneFolder) {
  TempDir dir("race");
#ifdef JUNGLE_SANITIZED
  constexpr int TRIALS = 3;  // each trial starts four sanitized processes: 4.5 s a trial
#else
  constexpr int TRIALS = 10;
#endif
  for (int trial = 0; trial < TRIALS; ++trial) {
    const fs::path out = dir / std::to_string(trial);
    auto command = [&](const char* seed) {
      return std::vector<std::string>{"tournament", "--players", "random", "--games", "200", "--threads", "1",
                                      "--seed", seed, "--out", out.string()};
    };
    const pid_t a = spawn_jungle(command("1"), dir / "a.err");
    const pid_t b = spawn_jungle(command("2"), dir / "b.err");
    const int code_a = exit_code_of(a), code_b = exit_code_of(b);
    ASSERT_EQ((code_a == 0) + (code_b == 0), 1) << "trial " << trial << ": exit codes " << code_a << ", " << code_b;
    const bool a_won = code_a == 0;
    const int loser_code = a_won ? code_b : code_a;
    const std::string loser_err = read_file(dir / (a_won ? "b.err" : "a.err"));
    EXPECT_EQ(loser_code, 1) << loser_err;
    const bool refused = loser_err.find("is in use by another tournament") != std::string::npos ||
                         loser_err.find("holds another tournament, made with --seed") != std::string::npos;
    EXPECT_TRUE(refused) << "trial " << trial << ": " << loser_err;

    // The winner's command resumes with nothing to play; the loser's is still refused.
    const pid_t again = spawn_jungle(command(a_won ? "1" : "2"), dir / "again.err");
    ASSERT_EQ(exit_code_of(again), 0) << read_file(dir / "again.err");
    EXPECT_NE(read_file(dir / "again.err").find("Resumed: 200 games"), std::string::npos) << read_file(dir / "again.err");
    const pid_t other = spawn_jungle(command(a_won ? "2" : "1"), dir / "other.err");
    EXPECT_EQ(exit_code_of(other), 1);
    EXPECT_EQ(read_results(out / "games.jsonl").size(), 200u);
  }
}

TEST(Tournament, ALargerGamesExtendsARunToTheSameGamesAsOneLongRun) {
  TempDir whole("long"), grown("grown");
  TournamentConfig c = small_config(whole.path(), 2);
  c.games_per_pair = 10;
  run_tournament(c);
  run_tournament(small_config(grown.path(), 2));  // 4 games per pair first ...
  c.out = grown.path();
  const TournamentRun extended = run_tournament(c);  // ... then 10
  EXPECT_EQ(extended.resumed, 2 * 4);
  EXPECT_EQ(extended.played, 2 * 6);
  EXPECT_EQ(sorted_lines(grown / "games.jsonl"), sorted_lines(whole / "games.jsonl"));
  EXPECT_EQ(nlohmann::json::parse(read_file(grown / "run.json"))["games"], 10);
}

TEST(Matchmaking, AShorterScheduleIsTheStartOfALongerOne) {
  const std::vector<Fixture> short_list = schedule_round_robin(3, 4, 4, 77), long_list = schedule_round_robin(3, 4, 12, 77);
  ASSERT_EQ(short_list.size(), 3u * 6 * 4);
  for (std::size_t i = 0; i < short_list.size(); ++i) {
    const Fixture &a = short_list[i], &b = long_list[i];
    EXPECT_EQ(std::tie(a.index, a.pair, a.opening, a.variant, a.white, a.black, a.seed),
              std::tie(b.index, b.pair, b.opening, b.variant, b.white, b.black, b.seed));
  }
}

namespace {

TournamentConfig sprt_config(const fs::path& out, int threads) {
  TournamentConfig c;
  c.variants = {"standard"};
  c.players = {"alphabeta:depth=2", "random"};
  c.games_per_pair = 400;
  c.seed = 5;
  c.threads = threads;
  c.out = out;
  c.sprt = "elo0=0,elo1=50";
  return c;
}

}  // namespace

// A strong player against a random one: the SPRT accepts H1 long before the 400 games, after the
// same games on any number of threads, and the file holds exactly the games the test read.
TEST(Tournament, SprtStopsAtTheSameGameOnAnyThreadCount) {
  TempDir one("sprt1"), two("sprt2");
  const TournamentRun a = run_tournament(sprt_config(one.path(), 1));
  const TournamentRun b = run_tournament(sprt_config(two.path(), 2));
  ASSERT_TRUE(a.sprt_decided_after.has_value());
  EXPECT_EQ(a.sprt_decided_after, b.sprt_decided_after);
  EXPECT_LT(*a.sprt_decided_after, 100);
  EXPECT_EQ(*a.sprt_decided_after % 2, 0);  // whole colour-swapped pairs
  EXPECT_EQ(int(a.games.size()), *a.sprt_decided_after);
  EXPECT_EQ(sorted_lines(one / "games.jsonl"), sorted_lines(two / "games.jsonl"));
  // The test on these games, computed afresh, is decided only at their last pair.
  stats::Pentanomial p;
  for (std::size_t i = 0; i + 1 < a.games.size(); i += 2) {
    p.add(points_of(a.games[i].record, "alphabeta:depth=2") + points_of(a.games[i + 1].record, "alphabeta:depth=2"));
    const stats::SprtVerdict v = stats::sprt(p, stats::parse_sprt_params("elo0=0,elo1=50")).verdict;
    EXPECT_EQ(v == stats::SprtVerdict::AcceptH1, i + 2 == a.games.size()) << "after " << i + 2 << " games";
  }
  // Run again: decided already, nothing more to play.
  const TournamentRun again = run_tournament(sprt_config(one.path(), 2));
  EXPECT_EQ(again.played, 0);
  EXPECT_EQ(again.sprt_decided_after, a.sprt_decided_after);
}

TEST(Tournament, SprtNeedsTwoPlayersInOneVariant) {
  TempDir dir("sprt-bad");
  TournamentConfig c = sprt_config(dir / "out", 1);
  c.players = {"random", "greedy", "alphabeta:depth=1"};
  EXPECT_THROW(run_tournament(c), TournamentError);
  c = sprt_config(dir / "out", 1);
  c.sprt = "elo0=5,elo1=0";
  EXPECT_THROW(run_tournament(c), TournamentError);
  EXPECT_FALSE(fs::exists(dir / "out"));
}

// The engines issue's check: a tournament on a rules file of one's own reports in full from its
// folder alone once the file is gone, its rules read back from run.json.
TEST(Tournament, AFolderReportsAfterItsRulesFileIsGone) {
  TempDir dir("own-rules");
  const fs::path rules = dir / "elephant-eats-rat.toml";
  write_file(rules, "name = \"elephant-eats-rat\"\nextends = \"standard\"\n\n[captures]\nelephant_captures_rat = true\n");
  const Variant played = load_variant_file(rules);
  TournamentConfig c = small_config(dir / "out");
  c.variants = {rules.string()};
  run_tournament(c);
  fs::remove(rules);

  const fs::path games = dir / "out" / "games.jsonl";
  const std::vector<Variant> kept = recorded_rules(games);
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(rules_hash(kept[0]), rules_hash(played));
  research::SummaryOptions options;
  options.rules = kept;
  const report::Summary summary = research::summarize(read_results(games), options);
  ASSERT_EQ(summary.variants.size(), 1u);
  EXPECT_TRUE(summary.variants[0].note.empty()) << summary.variants[0].note;
  EXPECT_TRUE(summary.variants[0].replay.has_value());
  EXPECT_EQ(summary.variants[0].max_plies, played.end.max_plies);
  // Without them the same files give only a note.
  EXPECT_FALSE(research::summarize(read_results(games)).variants[0].note.empty());
}

// --sprt-variants: the first move's worth in two variants with the same rules (jungla keeps
// standard's), greedy self-play. H0 (no difference) against H1 (+150 Elo) is accepted at the same
// game on any thread count, and the report's test over those games agrees that it is decided.
TEST(Tournament, SprtOfTwoVariantsStopsAlikeAndAgreesWithTheReport) {
  std::optional<int> decided[2];
  for (int threads : {1, 2}) {
    TempDir dir("sprt-variants-" + std::to_string(threads));
    TournamentConfig c;
    c.variants = {"standard", "jungla"};
    c.players = {"greedy"};
    c.games_per_pair = 2000;
    c.seed = 8;
    c.threads = threads;
    c.out = dir / "out";
    c.sprt = "elo0=0,elo1=150";
    c.sprt_variants = {"standard", "jungla"};
    const TournamentRun run = run_tournament(c);
    decided[threads - 1] = run.sprt_decided_after;
    ASSERT_TRUE(run.sprt_decided_after.has_value());
    EXPECT_EQ(*run.sprt_decided_after % 4, 0);  // whole rounds: an opening of each variant, both colours
    EXPECT_EQ(int(run.games.size()), *run.sprt_decided_after);
    const report::Summary summary = research::summarize(run.games);
    const report::SprtSummary t = research::sprt_variants(summary, "standard", "jungla", stats::parse_sprt_params(c.sprt));
    EXPECT_EQ(t.result.verdict, stats::SprtVerdict::AcceptH0) << t.result.llr;
  }
  EXPECT_EQ(decided[0], decided[1]);
}
