// Tournament throughput in games per second, 1 against 2 threads: random players, so that the
// cost is the harness's own (game driver, JSON, the appends to games.jsonl) plus move generation.
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <filesystem>

#include "tournament.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

// Args: threads. Every iteration plays the whole tournament into an emptied directory.
void tournament_random_games(benchmark::State& state) {
  const fs::path dir = fs::temp_directory_path() / ("jungle-bench-tournament-" + std::to_string(::getpid()));
  TournamentConfig config;
  config.variants = {"standard"};
  config.players = {"random"};
  config.games_per_pair = 1000;
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
BENCHMARK(tournament_random_games)->Arg(1)->Arg(2)->ArgName("threads")->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
