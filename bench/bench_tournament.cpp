// Tournament throughput in games per second, 1 against 2 threads: with random players, whose
// cost is the harness's own (game driver, JSON, the appends to games.jsonl) plus move
// generation, and with alpha-beta players, whose search is most of it.
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <filesystem>

#include "tournament.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

// Args: threads. Every iteration plays the whole tournament into an emptied directory.
void tournament_games(benchmark::State& state, const std::string& player, int games) {
  const fs::path dir = fs::temp_directory_path() / ("jungle-bench-tournament-" + std::to_string(::getpid()));
  TournamentConfig config;
  config.variants = {"standard"};
  config.players = {player};
  config.games_per_pair = games;
  config.openings = "random:plies=4";
  config.seed = 1;
  config.threads = int(state.range(0));
  config.out = dir;
  for (auto _ : state) {
    state.PauseTiming();
    fs::remove_all(dir);
    state.ResumeTiming();
    const TournamentRun run = run_tournament(config);
    benchmark::DoNotOptimize(run.games.data());
  }
  fs::remove_all(dir);
  state.counters["games/s"] =
      benchmark::Counter(double(config.games_per_pair), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK_CAPTURE(tournament_games, random, std::string("random"), 1000)
    ->Arg(1)->Arg(2)->ArgName("threads")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(tournament_games, alphabeta_depth2, std::string("alphabeta:depth=2"), 200)
    ->Arg(1)->Arg(2)->ArgName("threads")->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
