// Player speed on the standard rules: alpha-beta nodes and MCTS playouts per second. Whole
// self-play games are in bench_game.cpp.
#include <benchmark/benchmark.h>

#include <filesystem>

#include "perft/suite.h"
#include "players/mcts.h"
#include "players/player.h"
#include "search/search.h"

using namespace jungle;

namespace {

// Alpha-beta from the start to a fixed depth, a fresh table each time.
void alphabeta_nodes(benchmark::State& state) {
  const Variant variant;
  const Game game(variant);
  std::uint64_t nodes = 0;
  SearchLimits limits;
  limits.depth = int(state.range(0));
  for (auto _ : state) {
    AlphaBeta search;
    Rng rng(1);
    const SearchResult result = search.search(game, limits, rng);
    benchmark::DoNotOptimize(result.best);
    nodes += result.nodes;
  }
  state.counters["nodes"] = double(nodes) / double(state.iterations());
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(alphabeta_nodes)->Arg(4)->Arg(6)->Unit(benchmark::kMillisecond)->UseRealTime();

// Time to depth: the searcher to a fixed depth, one thread, a fresh table per position, as engine
// authors report it. Argument 0: from the start; 1: over the 41 positions of the standard
// reference suite (data/reference/perft/standard.epd) that have a move to search, one after the
// other, so the time is the suite's total.
void alphabeta_time_to_depth(benchmark::State& state) {
  const Variant variant;
  std::vector<std::string> fens;
  if (state.range(0) == 0) {
    fens.push_back("");
  } else {
    const auto suite = std::filesystem::path(JUNGLE_SOURCE_DIR) / "data" / "reference" /
                       "perft" / "standard.epd";
    for (const SuiteEntry& entry : read_suite(suite))
      if (!Game(variant, entry.fen).end()) fens.push_back(entry.fen);
  }
  SearchLimits limits;
  limits.depth = int(state.range(1));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    for (const std::string& fen : fens) {
      const Game game(variant, fen);
      AlphaBeta search;
      Rng rng(1);
      const SearchResult result = search.search(game, limits, rng);
      benchmark::DoNotOptimize(result.best);
      nodes += result.nodes;
    }
  }
  state.counters["positions"] = double(fens.size());
  state.counters["nodes"] = double(nodes) / double(state.iterations());
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(alphabeta_time_to_depth)
    ->Args({0, 10})
    ->Args({1, 10})
    ->Args({0, 14})
    ->Args({1, 14})
    ->Unit(benchmark::kSecond)
    ->UseRealTime()
    ->Iterations(1);

// MCTS from the start; the argument is the rollout policy (0 random, 1 greedy).
void mcts_playouts(benchmark::State& state) {
  const Variant variant;
  const Game game(variant);
  MctsOptions options;
  options.playouts = 1000;
  options.rollout = state.range(0) ? Rollout::Greedy : Rollout::Random;
  std::uint64_t playouts = 0, rollout_plies = 0;
  for (auto _ : state) {
    Rng rng(1);
    const MctsResult result = mcts_search(game, options, rng);
    benchmark::DoNotOptimize(result.best);
    playouts += result.playouts;
    rollout_plies += result.rollout_plies;
  }
  state.counters["playouts/s"] = benchmark::Counter(double(playouts), benchmark::Counter::kIsRate);
  state.counters["plies/playout"] = double(rollout_plies) / double(playouts);
}
BENCHMARK(mcts_playouts)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
