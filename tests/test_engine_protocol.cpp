// `jungle engine` as a tournament manager sees it: a child process spoken to through
// EngineProcess. Every command of docs/protocol.md, with answers checked against what the
// protocol and the rules say: legal moves from our move generator, a forced win found as
// "mate 1", `stop` ending `go infinite`, and errors that leave the engine working.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "protocol/engine_process.h"
#include "search/weights_file.h"
#include "support/numbers.h"

using namespace jungle;
namespace fs = std::filesystem;
using Clock = EngineProcess::Clock;
using namespace std::chrono_literals;

namespace {

// Generous: these bound a hang, they do not measure speed.
constexpr auto PATIENCE = 20s;

class Engine {
 public:
  Engine() : process_(JUNGLE_BINARY, {"engine"}) {}

  void send(const std::string& line) { process_.send(line); }

  // Lines up to and including the first that starts with `last`; fails the test on a timeout.
  std::vector<std::string> until(const std::string& last) {
    std::vector<std::string> lines;
    const auto deadline = Clock::now() + PATIENCE;
    while (auto line = process_.read_line(deadline)) {
      lines.push_back(*line);
      EXPECT_TRUE(well_formed(*line)) << *line;
      if (line->rfind(last, 0) == 0) return lines;
    }
    ADD_FAILURE() << "no \"" << last << "\" line in time";
    return lines;
  }

  // Whatever arrives within `wait`.
  std::vector<std::string> lines_within(std::chrono::milliseconds wait) {
    std::vector<std::string> lines;
    const auto deadline = Clock::now() + wait;
    while (auto line = process_.read_line(deadline)) lines.push_back(*line);
    return lines;
  }

  EngineProcess& process() { return process_; }

 private:
  // What a protocol reader may see: nothing else, ever.
  static bool well_formed(const std::string& line) {
    for (const char* start : {"id name ", "id author ", "option name ", "uciok", "readyok", "info ", "bestmove "})
      if (line.rfind(start, 0) == 0) return true;
    return false;
  }

  EngineProcess process_;
};

std::string word_after(const std::string& line, const std::string& key) {
  const std::size_t at = line.find(" " + key + " ");
  if (at == std::string::npos) return "";
  const std::size_t start = at + key.size() + 2;
  return line.substr(start, line.find(' ', start) - start);
}

std::set<std::string> legal_move_texts(const Variant& variant, const std::string& fen,
                                       const std::vector<std::string>& moves = {}) {
  Game game(variant, fen);
  for (const std::string& m : moves) EXPECT_TRUE(game.play(parse_move(game.position(), m))) << m;
  std::set<std::string> out;
  for (Move m : game.legal()) out.insert(move_to_string(m));
  return out;
}

std::string bestmove_of(const std::vector<std::string>& lines) {
  return lines.empty() ? "" : word_after(" " + lines.back() + " ", "bestmove");
}

}  // namespace

TEST(EngineProtocol, IdentifiesItselfWithItsOptions) {
  Engine e;
  e.send("uci");
  const std::vector<std::string> lines = e.until("uciok");
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[0].rfind("id name jungle ", 0), 0u);
  EXPECT_EQ(lines[1].rfind("id author ", 0), 0u);
  auto option = [&](const std::string& start) {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(start, 0) == 0; });
  };
  EXPECT_TRUE(option("option name Hash type spin default "));
  EXPECT_TRUE(option("option name VariantPath type string default <empty>"));
  EXPECT_TRUE(option("option name Seed type spin "));
  EXPECT_TRUE(option("option name Contempt type spin default 10 min -1000 max 1000"));
  EXPECT_TRUE(option("option name MoveOverhead type spin default 10 min 0 max 5000"));
  EXPECT_TRUE(option("option name Weights type string default <empty>"));
  // Every bundled variant is a value of UCI_Variant.
  const auto variant_line = std::find_if(lines.begin(), lines.end(), [](const std::string& l) {
    return l.rfind("option name UCI_Variant type combo default standard", 0) == 0;
  });
  ASSERT_NE(variant_line, lines.end());
  for (const Variant& v : bundled_variants())
    EXPECT_NE((*variant_line + " ").find(" var " + v.name + " "), std::string::npos) << v.name;
  e.send("isready");
  EXPECT_EQ(e.until("readyok").back(), "readyok");
}

TEST(EngineProtocol, SearchesToADepthWithInfoLinesAndALegalMove) {
  Engine e;
  e.send("ucinewgame");
  e.send("position startpos moves a3a4 g7g6");
  e.send("go depth 4");
  const std::vector<std::string> lines = e.until("bestmove");
  std::string all;
  for (const std::string& l : lines) all += l + "\n";
  SCOPED_TRACE(all);
  int expected_depth = 1;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    ASSERT_EQ(lines[i].rfind("info depth ", 0), 0u) << lines[i];
    EXPECT_EQ(parse_whole_number(word_after(" " + lines[i], "depth"), 0, 1000), expected_depth++) << lines[i];
    for (const char* key : {"seldepth", "score", "nodes", "nps", "time", "pv"})
      EXPECT_NE(lines[i].find(std::string(" ") + key + " "), std::string::npos) << key << " in " << lines[i];
  }
  EXPECT_EQ(expected_depth, 5);
  const Variant standard;
  EXPECT_TRUE(legal_move_texts(standard, "", {"a3a4", "g7g6"}).count(bestmove_of(lines))) << lines.back();
  // The pv starts with the move played.
  EXPECT_EQ(word_after(lines[lines.size() - 2] + " ", "pv"), bestmove_of(lines));
}

TEST(EngineProtocol, FindsTheDenEntryAsMateInOne) {
  Engine e;
  // The lion on d8 steps into the den on d9.
  e.send("position fen 7/3L3/7/7/7/7/7/7/l6 w");
  e.send("go depth 6");
  const std::vector<std::string> lines = e.until("bestmove");
  EXPECT_EQ(bestmove_of(lines), "d8d9");
  ASSERT_GE(lines.size(), 2u);
  EXPECT_NE(lines[lines.size() - 2].find(" score mate 1 "), std::string::npos) << lines[lines.size() - 2];
  // And a position already decided has no move to give.
  e.send("position fen 3L3/7/7/7/7/7/7/7/l6 b");
  e.send("go depth 3");
  EXPECT_EQ(e.until("bestmove").back(), "bestmove (none)");
}

TEST(EngineProtocol, StopEndsGoInfinite) {
  Engine e;
  e.send("position startpos");
  e.send("go infinite");
  // It searches and reports, but gives no bestmove until told to stop.
  const std::vector<std::string> searching = e.lines_within(500ms);
  EXPECT_FALSE(searching.empty());
  for (const std::string& line : searching) EXPECT_EQ(line.rfind("info ", 0), 0u) << line;
  e.send("isready");  // answered while it searches
  std::vector<std::string> lines = e.until("readyok");
  e.send("stop");
  lines = e.until("bestmove");
  const Variant standard;
  EXPECT_TRUE(legal_move_texts(standard, "").count(bestmove_of(lines))) << lines.back();
}

TEST(EngineProtocol, ObeysNodesAndMovetime) {
  Engine e;
  e.send("position startpos");
  e.send("go nodes 5000");
  std::vector<std::string> lines = e.until("bestmove");
  const Variant standard;
  EXPECT_TRUE(legal_move_texts(standard, "").count(bestmove_of(lines)));
  // Only completed iterations are reported, and past the first none completes beyond the budget.
  for (std::size_t i = 1; i + 1 < lines.size(); ++i)
    EXPECT_TRUE(parse_whole_number<std::uint64_t>(word_after(lines[i], "nodes"), 0, 5000)) << lines[i];

  e.send("go movetime 100");
  lines = e.until("bestmove");  // within PATIENCE, not after a search to depth 64
  EXPECT_TRUE(legal_move_texts(standard, "").count(bestmove_of(lines)));
  e.send("go wtime 300 btime 300 winc 0 binc 0");
  lines = e.until("bestmove");
  EXPECT_TRUE(legal_move_texts(standard, "").count(bestmove_of(lines)));
}

TEST(EngineProtocol, VariantsByNameAndFromARulesFile) {
  Engine e;
  e.send("setoption name UCI_Variant value ludii");
  e.send("position startpos");
  e.send("go depth 2");
  const Variant ludii = load_variant("ludii");
  EXPECT_TRUE(legal_move_texts(ludii, "").count(bestmove_of(e.until("bestmove"))));

  // A rules file that exists nowhere else: loaded by VariantPath, then chosen by name.
  const fs::path file = fs::temp_directory_path() / ("jungle-engine-" + std::to_string(::getpid()) + ".toml");
  std::ofstream(file) << "name = \"rat-free\"\nextends = \"standard\"\n\n[board]\n"
                         "start = \"l5t/1d3c1/2p1w1e/7/7/7/E1W1P2/1C3D1/T5L w\"\n";
  e.send("setoption name VariantPath value " + file.string());
  EXPECT_EQ(e.until("info string").back(), "info string variant rat-free loaded from " + file.string());
  e.send("setoption name UCI_Variant value rat-free");
  e.send("position startpos");
  e.send("go depth 2");
  const Variant rat_free = load_variant_file(file);
  EXPECT_TRUE(legal_move_texts(rat_free, "").count(bestmove_of(e.until("bestmove"))));
  fs::remove(file);
}

// The bundled "online" variant forbids a third occurrence. Black's lion has shuttled g8-g9
// twice: g9g8 now would complete it, so the engine refuses it in a position and never plays it.
TEST(EngineProtocol, ObeysAForbiddenRepetition) {
  Engine e;
  e.send("setoption name UCI_Variant value online");
  const std::string shuttle = "position fen 7/6l/7/7/7/7/7/7/L6 w moves a1a2 g8g9 a2a1 g9g8 a1a2 g8g9 a2a1";
  e.send(shuttle + " g9g8");
  EXPECT_EQ(e.until("info string").back().rfind("info string error: illegal move g9g8 in ", 0), 0u);
  e.send(shuttle);
  e.send("go depth 3");
  const std::string best = bestmove_of(e.until("bestmove"));
  EXPECT_NE(best, "g9g8");
  const Variant online = load_variant("online");
  EXPECT_TRUE(legal_move_texts(online, "7/6l/7/7/7/7/7/7/L6 w",
                               {"a1a2", "g8g9", "a2a1", "g9g8", "a1a2", "g8g9", "a2a1"})
                  .count(best));
}

TEST(EngineProtocol, MistakesAreReportedAndChangeNothing) {
  Engine e;
  struct Case {
    std::string command, error;
  };
  const std::vector<Case> cases = {
      {"frobnicate", "info string error: unknown command \"frobnicate\""},
      {"setoption name UCI_Variant value nosuch", "info string error: unknown variant \"nosuch\""},
      {"setoption name Colour value red", "info string error: no such option \"Colour\""},
      {"setoption name Hash value lots", "info string error: Hash must be a whole number"},
      // The advertised minimum is 1: 0 is refused, not read as 1.
      {"setoption name Hash value 0", "info string error: Hash must be a whole number from 1 to 65536, not \"0\""},
      {"setoption name Contempt value 1001", "info string error: Contempt must be a whole number from -1000 to 1000"},
      {"setoption name MoveOverhead value -5", "info string error: MoveOverhead must be a whole number"},
      {"setoption name VariantPath value /nonexistent/rules.toml", "info string error: no such file: /nonexistent/rules.toml"},
      {"position startpos moves a3a4 a3a5", "info string error: illegal move a3a5 in "},
      {"position fen 8/7/7/7/7/7/7/7/7 w", "info string error: bad position \"8/7/7/7/7/7/7/7/7 w\""},
      {"position somewhere", "info string error: position: expected startpos or fen"},
  };
  for (const Case& c : cases) {
    e.send(c.command);
    const std::string line = e.until("info string").back();
    EXPECT_EQ(line.rfind(c.error, 0), 0u) << c.command << " -> " << line;
  }
  // Still the standard start (the bad position was not taken, the illegal move not played past a3a4).
  e.send("go depth 1");
  const Variant standard;
  EXPECT_TRUE(legal_move_texts(standard, "", {"a3a4"}).count(bestmove_of(e.until("bestmove"))));
  e.send("isready");
  EXPECT_EQ(e.until("readyok").back(), "readyok");
}

// A manager waits for the `bestmove` of every `go`: what this engine does not do or cannot read
// is left out with an `info string`, a value past its bound taken at the bound, and the search
// then answers as the rest of the line asks.
TEST(EngineProtocol, EveryGoIsAnsweredWithABestmove) {
  Engine e;
  struct Case {
    std::string go, note;
  };
  const std::vector<Case> cases = {
      {"go ponder movetime 30", "info string go: ponder is not supported; searching as an ordinary go"},
      {"go mate 2", "info string go: mate 2 searched as depth 3"},
      {"go searchmoves a3a4 g3g4 depth 2", "info string go: searchmoves is not supported; searching every move"},
      {"go depth 65 movetime 30", "info string go: depth 65 taken as 64"},
      {"go nodes 18446744073709551616 movetime 30", "info string go: nodes 18446744073709551616 taken as 9223372036854775807"},
      {"go wtime 100 btime 100 movestogo 100001", "info string go: movestogo 100001 taken as 100000"},
      {"go depth many movetime 30", "info string go: depth \"many\" is not a whole number; left out"},
      {"go sideways 3 depth 1", "info string go: unknown limit \"sideways\" left out"},
      {"go depth", "info string go: depth needs a value; left out"},
  };
  const Variant standard;
  const std::set<std::string> legal = legal_move_texts(standard, "");
  for (const Case& c : cases) {
    e.send("position startpos");
    e.send(c.go);
    if (c.go == "go depth") e.send("stop");  // nothing else limits it: it searches until stop
    const std::vector<std::string> lines = e.until("bestmove");
    EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(c.note, 0) == 0; }))
        << c.go << " -> " << lines.front();
    EXPECT_TRUE(legal.count(bestmove_of(lines))) << c.go << " -> " << lines.back();
  }
  // Stockfish's spelling of the move overhead is understood too.
  e.send("setoption name Move Overhead value 100");
  e.send("isready");
  EXPECT_EQ(e.until("readyok").size(), 1u);
}

// A line past the protocol's 1 MiB is dropped with an error, not held whole; the engine goes on.
TEST(EngineProtocol, AnOverlongLineIsLeftOut) {
  Engine e;
  e.send("position " + std::string(3 << 20, 'x'));
  e.send("isready");
  const std::vector<std::string> lines = e.until("readyok");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].rfind("info string error: a line of more than 1 MiB (\"position xxx", 0), 0u) << lines[0].substr(0, 200);
  e.send("go depth 1");
  EXPECT_TRUE(legal_move_texts(Variant(), "").count(bestmove_of(e.until("bestmove"))));
}

// A weights file is read when the option is set (a bad one is an error naming its line) and
// names the variant it was tuned for; the engine then plays with it.
TEST(EngineProtocol, WeightsOption) {
  const fs::path dir = fs::temp_directory_path() / ("jungle-weights-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const Variant ludii = load_variant("ludii");
  WeightsFile file{ludii.name, rules_hash(ludii), 1, EvalWeights::from_rules(ludii)};
  file.weights.piece[RAT] = 777;
  std::ofstream(dir / "ludii.weights.toml") << weights_to_toml(file);
  std::ofstream(dir / "bad.weights.toml") << "variant = 3\nrules_hash = \"0123456789abcdef\"\n";
  Engine e;
  e.send("setoption name Weights value " + (dir / "bad.weights.toml").string());
  EXPECT_EQ(e.until("info string").back(), "info string error: " + (dir / "bad.weights.toml").string() +
                                               ":1:11: variant must be a string");
  e.send("setoption name Weights value " + (dir / "ludii.weights.toml").string());
  EXPECT_EQ(e.until("info string").back(), "info string weights for ludii (rules hash " + rules_hash(ludii) +
                                               ") loaded from " + (dir / "ludii.weights.toml").string());
  e.send("setoption name UCI_Variant value ludii");
  e.send("position startpos");
  e.send("go depth 2");
  EXPECT_TRUE(legal_move_texts(ludii, "", {}).count(bestmove_of(e.until("bestmove"))));
  fs::remove_all(dir);
}

TEST(EngineProtocol, QuitEndsTheProcess) {
  Engine e;
  e.send("position startpos");
  e.send("go infinite");
  e.send("quit");
  // Whatever it prints last, its output then closes.
  EXPECT_THROW(
      {
        for (;;) e.process().read_line(Clock::now() + PATIENCE);
      },
      EngineProcessError);
}
