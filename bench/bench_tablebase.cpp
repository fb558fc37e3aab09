// Building one three-piece tablebase (LT/e, standard rules) by retrograde analysis, with its
// two-piece tables built once outside the timing; on 1 and 2 threads.
#include <benchmark/benchmark.h>

#include <map>

#include "engine/variant.h"
#include "tablebase/generate.h"

using namespace jungle;
using namespace jungle::tablebase;

namespace {

void tablebase_build_LT_e(benchmark::State& state) {
  const Variant variant;
  const Material material = Material::parse("LT/e");
  // The tables its captures lead to: each side's last piece ends the game, so only L/e and T/e.
  std::map<std::string, Table> smaller;
  std::function<const Table&(const Material&)> lookup = [&](const Material& m) -> const Table& {
    auto it = smaller.find(m.name());
    if (it == smaller.end()) it = smaller.emplace(m.name(), generate_table(variant, m, lookup, 1)).first;
    return it->second;
  };
  for (const char* name : {"L/e", "T/e"}) lookup(Material::parse(name));
  std::size_t positions = 0;
  for (auto _ : state) {
    const Table table = generate_table(variant, material, lookup, int(state.range(0)));
    positions = table.size();
    benchmark::DoNotOptimize(table.entries().data());
  }
  state.counters["entries/s"] =
      benchmark::Counter(double(positions) * double(state.iterations()), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK(tablebase_build_LT_e)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
