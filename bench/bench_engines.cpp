// External engines: what the protocol costs. A move from `jungle engine` through a pipe at
// nodes=1, against the same searcher asked in-process, so the difference is the round trip
// (writing `position` and `go`, the engine parsing them, replaying the moves, answering); and
// the games per second of a st=0.01 match of two engine processes on 1 and 2 threads.
#include <benchmark/benchmark.h>

#include "bench/bench_tournaments.h"
#include "protocol/engine_process.h"
#include "search/search.h"

using namespace jungle;

namespace {

// Twenty plies into a game, as a tournament's position commands carry them.
const std::vector<std::string> MOVES = {"a3a4", "g7g6", "e3d3", "e7d7", "c3c2", "c7c8", "g3g2", "a7a6",
                                        "d3d4", "d7d6", "g1f1", "g9f9", "a1a2", "a9b9", "b2b3", "b8b7",
                                        "f2e2", "f8e8", "g2g3", "g6g5"};

void engine_move_external(benchmark::State& state) {
  EngineProcess engine(JUNGLE_BINARY, {"engine"});
  std::string position = "position startpos moves";
  for (const std::string& m : MOVES) position += " " + m;
  engine.send("isready");
  while (engine.read_line(EngineProcess::Clock::now() + std::chrono::seconds(10)) != "readyok") {
  }
  for (auto _ : state) {
    engine.send(position);
    engine.send("go nodes 1");
    for (;;) {
      const auto line = engine.read_line(EngineProcess::Clock::now() + std::chrono::seconds(10));
      if (!line) state.SkipWithError("no bestmove");
      if (!line || line->rfind("bestmove", 0) == 0) break;
    }
  }
  engine.send("quit");
}
BENCHMARK(engine_move_external)->Unit(benchmark::kMicrosecond)->UseRealTime();

void engine_move_in_process(benchmark::State& state) {
  const Variant standard;
  Game game(standard);
  for (const std::string& m : MOVES) game.play(parse_move(game.position(), m));
  AlphaBeta search;
  SearchLimits limits;
  limits.nodes = 1;
  Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(search.search(game, limits, rng).best);
}
BENCHMARK(engine_move_in_process)->Unit(benchmark::kMicrosecond);

// Args: threads. Two `jungle engine` processes at 10 ms a move, 8 games.
void engine_match(benchmark::State& state) {
  TournamentConfig config;
  config.engines = {std::string("name=a,cmd=") + JUNGLE_BINARY + ",args=engine",
                    std::string("name=b,cmd=") + JUNGLE_BINARY + ",args=engine,option.Seed=2"};
  config.players = {"a", "b"};
  config.each = "st=0.01";
  config.margin_ms = 100;
  config.games_per_pair = 8;
  config.threads = int(state.range(0));
  time_tournaments(state, config, "engines");
}
BENCHMARK(engine_match)->Arg(1)->Arg(2)->ArgName("threads")->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

}  // namespace
