// What the tables cost and give a search: one probe of a position in memory, and a depth-6
// search of a four-piece position whose captures lead into T/cr, with and without the tables.
// The tables are built once, into a folder of their own, outside the timing.
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <filesystem>

#include "search/search.h"
#include "tablebase/disk_tables.h"
#include "tablebase/tablebase.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

struct Tables {
  Tables() : root(fs::temp_directory_path() / ("jungle-bench-tb-" + std::to_string(::getpid()))) {
    tablebase::Tablebase(variant, root, 1).table(tablebase::Material::parse("T/cr"));
    disk = tablebase::DiskTables::open(variant, root);
  }
  ~Tables() { fs::remove_all(root); }
  const Variant variant;
  fs::path root;
  std::shared_ptr<tablebase::DiskTables> disk;
};

Tables& tables() {
  static Tables t;
  return t;
}

// Every position of T/cr in turn (the table's own index order), as a search would meet them.
void tablebase_probe(benchmark::State& state) {
  Tables& t = tables();
  const Position start(t.variant, "7/7/7/7/3T1rc/7/7/7/7 w");
  t.disk->load_near(start, 0);
  const tablebase::ProbeSet probes = t.disk->snapshot();
  std::vector<Position> positions;
  tablebase::Tablebase reference(t.variant, t.root, 1);
  const tablebase::Table& table = reference.table(tablebase::Material::parse("T/cr"));
  for (std::size_t i = 0; i < table.size() && positions.size() < 4096; i += 97)
    if (table.value(i)) positions.push_back(tablebase::position_at(t.variant, table, i));
  std::size_t n = 0;
  for (auto _ : state) benchmark::DoNotOptimize(probes.probe(positions[n++ % positions.size()]));
  state.SetItemsProcessed(std::int64_t(state.iterations()));
}

void alphabeta_endgame(benchmark::State& state, bool with_tables) {
  Tables& t = tables();
  const Game game(t.variant, "7/7/7/7/3T1rc/3d3/7/7/7 w");
  SearchLimits limits;
  limits.depth = 6;
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    AlphaBeta search;
    if (with_tables) search.set_tablebases(t.disk);
    Rng rng(1);
    nodes += search.search(game, limits, rng).nodes;
  }
  state.counters["nodes"] = double(nodes) / double(state.iterations());
}

void alphabeta_endgame_with_tables(benchmark::State& state) { alphabeta_endgame(state, true); }
void alphabeta_endgame_without_tables(benchmark::State& state) { alphabeta_endgame(state, false); }

}  // namespace

BENCHMARK(tablebase_probe);
BENCHMARK(alphabeta_endgame_with_tables)->Unit(benchmark::kMillisecond);
BENCHMARK(alphabeta_endgame_without_tables)->Unit(benchmark::kMillisecond);
