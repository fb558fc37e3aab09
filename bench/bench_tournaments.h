// Timing whole tournaments: the loop the tournament and engine benchmarks share.
#pragma once

#include <benchmark/benchmark.h>

#include <unistd.h>

#include <filesystem>
#include <string>

#include "match/tournament.h"

namespace jungle {

// Plays `config` (its out set here, emptied before each iteration, outside the timing) once per
// iteration, and reports games/s.
inline void time_tournaments(benchmark::State& state, TournamentConfig config, const std::string& name) {
  config.out = std::filesystem::temp_directory_path() / ("jungle-bench-" + name + "-" + std::to_string(::getpid()));
  for (auto _ : state) {
    state.PauseTiming();
    std::filesystem::remove_all(config.out);
    state.ResumeTiming();
    benchmark::DoNotOptimize(run_tournament(config).games.data());
  }
  std::filesystem::remove_all(config.out);
  state.counters["games/s"] =
      benchmark::Counter(double(config.games_per_pair), benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace jungle
