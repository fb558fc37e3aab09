// Perft speed under its options: 1 against 2 threads, and the hash table on and off.
#include <benchmark/benchmark.h>

#include "engine/variant_loader.h"
#include "perft/perft.h"

using namespace jungle;

namespace {

void perft_with(benchmark::State& state, int depth, PerftOptions options) {
  const Variant standard = load_variant("standard");
  const Position pos(standard, standard.start);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = perft(pos, depth, options);
    benchmark::DoNotOptimize(nodes);
  }
  state.counters["nodes"] = double(nodes);
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

// Threads: args are depth and thread count. Compare 2 threads with 1 at the same depth.
void perft_threads(benchmark::State& state) {
  perft_with(state, int(state.range(0)), {.threads = int(state.range(1))});
}
BENCHMARK(perft_threads)
    ->ArgsProduct({{7, 8}, {1, 2}})
    ->ArgNames({"depth", "threads"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

// The hash table: args are depth and megabytes (0: off), on 2 threads.
void perft_hash(benchmark::State& state) {
  perft_with(state, int(state.range(0)), {.threads = 2, .hash_mb = std::size_t(state.range(1))});
}
BENCHMARK(perft_hash)
    ->ArgsProduct({{7, 8}, {0, 1024}})
    ->ArgNames({"depth", "hash_mb"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

// The paper's table: van Rijn and Vis's rules, lines cut at a repeated position.
void perft_repetition_table1(benchmark::State& state) {
  const Variant variant = load_variant("van-rijn-vis");
  const Position pos(variant, variant.start);
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes = perft(pos, int(state.range(0)), {.threads = 2, .repetition = true});
  state.counters["nodes"] = double(nodes);
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(perft_repetition_table1)->Arg(7)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

}  // namespace
