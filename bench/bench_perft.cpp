// Perft speed from each variant's start position, reported as nodes per second; and move
// generation per position over the reference suites' positions.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <vector>

#include "engine/movegen.h"
#include "engine/variant_loader.h"
#include "perft/perft.h"
#include "perft/suite.h"

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

// Every position of data/reference/perft/*.epd under its own rules (rules/NAME.toml): a
// fixed mix of start positions, crowded and sparse boards, rats in the water, pieces on
// traps and river banks, and finished games.
struct ReferencePositions {
  std::deque<Variant> variants;  // a deque: the positions point into it
  std::vector<Position> positions;

  ReferencePositions() {
    const auto reference = std::filesystem::path(JUNGLE_SOURCE_DIR) / "data" / "reference";
    std::vector<std::filesystem::path> suites;
    for (const auto& entry : std::filesystem::directory_iterator(reference / "perft"))
      if (entry.path().extension() == ".epd") suites.push_back(entry.path());
    std::sort(suites.begin(), suites.end());
    for (const auto& suite : suites) {
      variants.push_back(load_variant_file(reference / "rules" / suite.filename().replace_extension(".toml")));
      for (const SuiteEntry& e : read_suite(suite)) positions.emplace_back(variants.back(), e.fen);
    }
  }
};

const ReferencePositions& reference_positions() {
  static const ReferencePositions r;
  return r;
}

// Move generation per position: legal_moves over the fixed set, as positions per second.
void generate_moves(benchmark::State& state) {
  const std::vector<Position>& positions = reference_positions().positions;
  std::uint64_t moves = 0;
  for (auto _ : state)
    for (const Position& pos : positions) {
      MoveList list = legal_moves(pos);
      benchmark::DoNotOptimize(list.moves);
      moves += list.size;
    }
  state.counters["positions"] = double(positions.size());
  state.counters["positions/s"] =
      benchmark::Counter(double(positions.size()), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["moves/s"] = benchmark::Counter(double(moves), benchmark::Counter::kIsRate);
}
BENCHMARK(generate_moves);

// The same positions, counted without a list: perft's last ply.
void count_moves(benchmark::State& state) {
  const std::vector<Position>& positions = reference_positions().positions;
  for (auto _ : state)
    for (const Position& pos : positions) benchmark::DoNotOptimize(count_legal_moves(pos));
  state.counters["positions/s"] =
      benchmark::Counter(double(positions.size()), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(count_moves);

}  // namespace

BENCHMARK_MAIN();
