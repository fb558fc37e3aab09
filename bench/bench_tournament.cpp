// Tournament throughput in games per second, 1 against 2 threads: with random players, whose
// cost is the harness's own (game driver, JSON, the appends to games.jsonl) plus move
// generation, and with alpha-beta players, whose search is most of it.
#include "bench/bench_tournaments.h"

using namespace jungle;

namespace {

// Args: threads.
void tournament_games(benchmark::State& state, const std::string& player, int games) {
  TournamentConfig config;
  config.variants = {"standard"};
  config.players = {player};
  config.games_per_pair = games;
  config.openings = DEFAULT_OPENINGS;
  config.seed = 1;
  config.threads = int(state.range(0));
  time_tournaments(state, config, "tournament");
}
BENCHMARK_CAPTURE(tournament_games, random, std::string("random"), 1000)
    ->Arg(1)->Arg(2)->ArgName("threads")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(tournament_games, alphabeta_depth2, std::string("alphabeta:depth=2"), 200)
    ->Arg(1)->Arg(2)->ArgName("threads")->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
