// Player speed on the standard rules: whole random games, alpha-beta nodes and MCTS playouts
// per second.
#include <benchmark/benchmark.h>

#include "mcts.h"
#include "player.h"
#include "search.h"

using namespace jungle;

namespace {

// Random self-play through the Game driver, end rules and legality checks included.
void random_self_play(benchmark::State& state) {
  const Variant variant;
  std::uint64_t seed = 0, plies = 0;
  for (auto _ : state) {
    Game game(variant);
    auto white = make_player("random", seed), black = make_player("random", seed + 1);
    seed += 2;
    while (!game.end()) game.play((game.position().side_to_move() == WHITE ? *white : *black).choose(game));
    plies += std::uint64_t(game.plies());
  }
  state.counters["games/s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["plies/game"] = double(plies) / double(state.iterations());
}
BENCHMARK(random_self_play)->Unit(benchmark::kMillisecond)->UseRealTime();

// Alpha-beta from the start to a fixed depth, a fresh table each time.
void alphabeta_nodes(benchmark::State& state) {
  const Variant variant;
  const Game game(variant);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    AlphaBeta search;
    Rng rng(1);
    const SearchResult result = search.search(game, {int(state.range(0)), 0}, rng);
    benchmark::DoNotOptimize(result.best);
    nodes += result.nodes;
  }
  state.counters["nodes"] = double(nodes) / double(state.iterations());
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(alphabeta_nodes)->Arg(4)->Arg(6)->Unit(benchmark::kMillisecond)->UseRealTime();

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
