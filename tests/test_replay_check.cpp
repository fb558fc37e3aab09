// Games replayed when read (results/replay_check.h): which games are kept, which refused and how
// they are named, games between players the run did not have, and a resumed tournament that
// refuses a stored game its moves contradict or a player renamed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/variant_loader.h"
#include "match/tournament.h"
#include "results/replay_check.h"
#include "results/results_file.h"
#include "results/run_file.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("jungle-replay-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const fs::path& file, const std::string& text) { std::ofstream(file, std::ios::binary) << text; }

// A standard game's line: the moves from the start (or fen), the result and reason as given.
std::string line(int index, const std::string& moves, const std::string& result, const std::string& reason,
                 const std::string& variant = "standard", const std::string& fen = "") {
  nlohmann::json j = {{"index", index}, {"pair", 0},       {"opening_id", 0}, {"variant", variant},
                      {"white", "a"},   {"black", "b"},    {"seed", 1},       {"opening", nlohmann::json::array()},
                      {"moves", nlohmann::json::parse(moves)}, {"result", result}, {"reason", reason}};
  j["plies"] = j["moves"].size();
  if (!fen.empty()) j["fen"] = fen;
  return j.dump() + "\n";
}

}  // namespace

// By hand, under standard's rules: a3a4 ends nothing, so "adjudication" fits it and "den" does
// not; the first player's lion stepping d8d9 enters the second player's den, a win for the mover
// (1-0); after a3a4 the rat on a4 is not the side to move's. The file lists the games out of index
// order: each refusal names the line the game is on.
TEST(ReplayCheck, KeepsTheGamesThatReplayAndNamesTheOthersByLine) {
  const fs::path dir = fresh_dir("lines"), file = dir / "games.jsonl";
  write_file(file, line(3, R"(["a3a4"])", "1-0", "den") +                                    // line 1
                       line(0, R"(["a3a4"])", "1-0", "adjudication") +                      // line 2
                       line(1, R"(["d8d9"])", "0-1", "den", "standard", "7/3L3/7/7/7/7/7/7/l6 w") +  // line 3
                       line(4, R"(["d8d9"])", "1-0", "den", "standard", "7/3L3/7/7/7/7/7/7/l6 w") +  // line 4
                       line(2, R"(["a3a4","a4a5"])", "1-0", "adjudication"));             // line 5
  const ReplayChecked checked = replay_check(file, read_results(file), {}, {}, UnknownRules::Refuse);
  ASSERT_EQ(checked.kept.size(), 2u);
  EXPECT_EQ(checked.kept[0].index, 0);
  EXPECT_EQ(checked.kept[1].index, 4);
  ASSERT_EQ(checked.refused.size(), 3u);
  // In index order, as read_results sorts them.
  EXPECT_EQ(std::string(checked.refused[0].what()),
            file.string() + ":3: game 1: the rules end the game 1-0 by den, the record says 0-1 by den");
  EXPECT_EQ(checked.refused[1].line, 5);
  EXPECT_EQ(checked.refused[1].message.rfind("game 2: ply 2 (a4a5): not a legal move", 0), 0u)
      << checked.refused[1].message;
  EXPECT_EQ(std::string(checked.refused[2].what()), file.string() + ":1: game 3: the game has not ended after its 1 plies");

  // The commands that refuse: the first bad game, and how many more.
  try {
    replayed_games(file, read_results(file), {}, {});
    ADD_FAILURE() << "not refused";
  } catch (const ResultsError& e) {
    EXPECT_EQ(e.file, file.string());
    EXPECT_EQ(e.line, 3);
    EXPECT_EQ(e.message,
              "game 1: the rules end the game 1-0 by den, the record says 0-1 by den (and 2 more games that do not replay)");
  }
  fs::remove_all(dir);
}

// The rules given are looked in first ("mine": standard's rules under a name no file has); a
// variant found nowhere is kept unreplayed or refused, as asked.
TEST(ReplayCheck, RulesGivenFirstAndUnknownVariantsKeptOrRefused) {
  const fs::path dir = fresh_dir("unknown"), file = dir / "games.jsonl";
  write_file(file, line(0, R"(["a3a4"])", "1-0", "adjudication", "mine") +
                       line(1, R"(["a3a4"])", "1-0", "adjudication", "nosuch"));
  Variant mine = load_variant("standard");
  mine.name = "mine";
  const ReplayChecked kept = replay_check(file, read_results(file), {mine}, {}, UnknownRules::Keep);
  EXPECT_EQ(kept.kept.size(), 2u);
  EXPECT_TRUE(kept.refused.empty());
  const ReplayChecked refused = replay_check(file, read_results(file), {mine}, {}, UnknownRules::Refuse);
  ASSERT_EQ(refused.kept.size(), 1u);
  EXPECT_EQ(refused.kept[0].record.variant, "mine");
  ASSERT_EQ(refused.refused.size(), 1u);
  EXPECT_EQ(refused.refused[0].line, 2);
  EXPECT_EQ(refused.refused[0].message.rfind("game 1: no rules for variant \"nosuch\" to replay it under (", 0), 0u)
      << refused.refused[0].message;
  fs::remove_all(dir);
}

namespace {

// a3a4 adjudicated 1-0 under standard's rules: a game that replays, so that only its players
// can refuse it.
std::string game_between(int index, const std::string& white, const std::string& black) {
  nlohmann::json j = nlohmann::json::parse(line(index, R"(["a3a4"])", "1-0", "adjudication"));
  j["white"] = white;
  j["black"] = black;
  return j.dump() + "\n";
}

}  // namespace

// The run's players random and greedy meet only each other: bandom (random with one bit flipped,
// 'r' 0x72 to 'b' 0x62) is no player of theirs, nor is random against itself a game of theirs.
TEST(ReplayCheck, AGameOfPlayersTheRunDidNotHaveIsRefused) {
  const fs::path dir = fresh_dir("players"), file = dir / "games.jsonl";
  write_file(file, game_between(0, "random", "greedy") +   // line 1
                       game_between(1, "greedy", "bandom") +  // line 2
                       game_between(2, "random", "random") +  // line 3
                       game_between(3, "greedy", "random"));  // line 4
  const std::vector<std::string> run_players = {"random", "greedy"};
  const ReplayChecked checked = replay_check(file, read_results(file), {}, run_players, UnknownRules::Refuse);
  ASSERT_EQ(checked.kept.size(), 2u);
  EXPECT_EQ(checked.kept[0].index, 0);
  EXPECT_EQ(checked.kept[1].index, 3);
  ASSERT_EQ(checked.refused.size(), 2u);
  EXPECT_EQ(std::string(checked.refused[0].what()),
            file.string() + ":2: game 1: player \"bandom\" is not one of the run's players (random, greedy)");
  EXPECT_EQ(std::string(checked.refused[1].what()),
            file.string() +
                ":3: game 2: player \"random\" plays both sides, but the run's players (random, greedy) meet only one "
                "another");

  // Refused by the commands that refuse, the first named and one more counted.
  try {
    replayed_games(file, read_results(file), {}, run_players);
    ADD_FAILURE() << "not refused";
  } catch (const ResultsError& e) {
    EXPECT_EQ(e.line, 2);
    EXPECT_EQ(e.message,
              "game 1: player \"bandom\" is not one of the run's players (random, greedy) (and 1 more games that do "
              "not replay)");
  }

  // No players known (a hand-made file without run.json): all four kept, bandom too.
  EXPECT_TRUE(recorded_players(file).empty());
  EXPECT_EQ(replay_check(file, read_results(file), {}, {}, UnknownRules::Refuse).kept.size(), 4u);
  fs::remove_all(dir);
}

// Self-play: the one player on both sides, and no other.
TEST(ReplayCheck, SelfPlayIsTheOnePlayerOnBothSides) {
  const fs::path dir = fresh_dir("selfplay"), file = dir / "games.jsonl";
  write_file(file, game_between(0, "random", "random") + game_between(1, "random", "greedy") +
                       game_between(2, "bandom", "random"));
  const ReplayChecked checked = replay_check(file, read_results(file), {}, {"random"}, UnknownRules::Refuse);
  ASSERT_EQ(checked.kept.size(), 1u);
  EXPECT_EQ(checked.kept[0].index, 0);
  ASSERT_EQ(checked.refused.size(), 2u);
  EXPECT_EQ(checked.refused[0].message, "game 1: player \"greedy\" is not one of the run's players (random)");
  EXPECT_EQ(checked.refused[1].message, "game 2: player \"bandom\" is not one of the run's players (random)");
  fs::remove_all(dir);
}

namespace {

TournamentConfig resumable(const fs::path& out) {
  TournamentConfig c;
  c.variants = {"standard"};
  c.players = {"random", "greedy"};
  c.games_per_pair = 4;
  c.openings = "random:plies=4";
  c.seed = 43;
  c.threads = 1;
  c.out = out;
  return c;
}

// The folder's games.jsonl with the game on line `n` (1-based) changed by `edit`; run.json as
// it was. Returns the file's text.
std::string edit_line(const fs::path& dir, int n, const std::function<void(nlohmann::json&)>& edit) {
  std::istringstream in(read_file(dir / "games.jsonl"));
  std::string text;
  int number = 0;
  for (std::string l; std::getline(in, l);) {
    if (++number == n) {
      nlohmann::json j = nlohmann::json::parse(l);
      edit(j);
      l = j.dump();
    }
    text += l + "\n";
  }
  write_file(dir / "games.jsonl", text);
  return text;
}

// A resume refuses the folder, naming file and line, and leaves games.jsonl and run.json as they were.
void expect_resume_refused(const fs::path& dir, int line_number, const std::string& why_start) {
  const std::string games = read_file(dir / "games.jsonl"), run = read_file(dir / "run.json");
  try {
    run_tournament(resumable(dir));
    ADD_FAILURE() << "resumed";
  } catch (const ResultsError& e) {
    EXPECT_EQ(e.file, (dir / "games.jsonl").string());
    EXPECT_EQ(e.line, line_number);
    EXPECT_NE(e.message.find(why_start), std::string::npos) << e.message;
  }
  EXPECT_EQ(read_file(dir / "games.jsonl"), games);
  EXPECT_EQ(read_file(dir / "run.json"), run);
}

}  // namespace

// A random-against-greedy game ends by the rules (den, capture of all, no moves, repetition or
// the ply limit), which decide its result: any other result contradicts its moves.
TEST(ReplayCheck, AResumeRefusesAStoredGameItsMovesContradict) {
  const fs::path dir = fresh_dir("resume");
  run_tournament(resumable(dir));
  edit_line(dir, 2, [](nlohmann::json& j) { j["result"] = j["result"] == "1-0" ? "0-1" : "1-0"; });
  expect_resume_refused(dir, 2, "the rules end the game ");

  fs::remove_all(dir);
  fs::create_directories(dir);
  run_tournament(resumable(dir));
  // The last move made one no piece can make: a1 to a1.
  edit_line(dir, 3, [](nlohmann::json& j) { j["moves"].back() = "a1a1"; });
  expect_resume_refused(dir, 3, "(a1a1): not a legal move");
  fs::remove_all(dir);
}

// random against greedy, 4 games on one thread: written in index order, so line 2 is game 1,
// greedy (white) against random (black), as the schedule lists the second colour. One bit of its
// black flipped makes bandom: the run's players, which run.json lists, do not include it.
TEST(ReplayCheck, AResumeRefusesAGameOfAPlayerTheRunDidNotHave) {
  const fs::path dir = fresh_dir("renamed");
  run_tournament(resumable(dir));
  EXPECT_EQ(recorded_players(dir / "games.jsonl"), (std::vector<std::string>{"random", "greedy"}));
  edit_line(dir, 2, [](nlohmann::json& j) {
    ASSERT_EQ(j["black"], "random");
    j["black"] = "bandom";
  });
  expect_resume_refused(dir, 2, "game 1: player \"bandom\" is not one of the run's players (random, greedy)");
  fs::remove_all(dir);
}
