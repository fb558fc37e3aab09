// What rank 0 of an MPI tournament does for each game another rank played, besides receiving
// the record and replying with the next game (distributed/work_queue.h): read the record back
// (parse_results_line) and append its line to games.jsonl. Its cost per game, against the time a
// game takes, is how many ranks one rank 0 can serve (docs/mpi.md, "How it scales").
#include <benchmark/benchmark.h>

#include <fcntl.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "engine/variant_loader.h"
#include "match/tournament.h"
#include "results/results_file.h"

using namespace jungle;

namespace {

// Args: none. Records of 16 games of `player` self-play, as another rank would send them.
void record_at_rank0(benchmark::State& state, const std::string& player) {
  const Variant variant = load_variant("standard");
  std::vector<std::string> lines;
  for (int i = 0; i < 16; ++i) {
    StoredGame g;
    g.record = play_game(variant, {}, player, player, std::uint64_t(i + 1));
    g.index = i;
    lines.push_back(to_json_line(g));
  }
  const int fd = ::open("/dev/null", O_WRONLY);
  std::size_t bytes = 0, k = 0;
  for (auto _ : state) {
    const std::string& line = lines[k++ % lines.size()];
    StoredGame g = parse_results_line(line);
    benchmark::DoNotOptimize(g.record.moves.data());
    const std::string text = line + "\n";
    benchmark::DoNotOptimize(::write(fd, text.data(), text.size()));
    bytes += text.size();
  }
  ::close(fd);
  state.counters["bytes/record"] = double(bytes) / double(state.iterations());
}
BENCHMARK_CAPTURE(record_at_rank0, random, std::string("random"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(record_at_rank0, alphabeta_depth3, std::string("alphabeta:depth=3"))->Unit(benchmark::kMicrosecond);

}  // namespace
