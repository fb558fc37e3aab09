// Perft speed from each variant's start position, reported as nodes per second.
#include <benchmark/benchmark.h>

#include "perft.h"
#include "variant_loader.h"

using namespace jungle;

namespace {

void perft_from_start(benchmark::State& state, const std::string& variant_name) {
  const Variant variant = load_variant(variant_name);
  Position pos(variant, variant.start);
  const int depth = int(state.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = perft(pos, depth);
    benchmark::DoNotOptimize(nodes);
  }
  state.counters["nodes"] = double(nodes);
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

// The target: single-threaded perft(7) of standard from the start.
BENCHMARK_CAPTURE(perft_from_start, standard, std::string("standard"))
    ->Arg(5)->Arg(6)->Arg(7)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(perft_from_start, ludii, std::string("ludii"))->Arg(6)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(perft_from_start, van_rijn_vis, std::string("van-rijn-vis"))
    ->Arg(6)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
