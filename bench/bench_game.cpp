// The Game driver's own cost per game beside the players' work. The driver checks each move
// against the legal moves, generates the next position's moves, keeps the repetition keys and
// applies the end rules. Measured by replaying recorded games through it, beside the bare
// make-move of the same moves (the floor no driver can go below) and whole self-play games of
// random and alpha-beta players (the driver plus the players).
#include <benchmark/benchmark.h>

#include "engine/game.h"
#include "players/player.h"

using namespace jungle;

namespace {

// One self-play game of the spec from the start, the players seeded with seed and seed + 1.
// (tournament.h's play_game also writes a record, which these timings leave out.)
Game self_play(const Variant& variant, const std::string& spec, std::uint64_t seed) {
  Game game(variant);
  auto white = make_player(spec, seed), black = make_player(spec, seed + 1);
  while (!game.end()) game.play((game.position().side_to_move() == WHITE ? *white : *black).choose(game));
  return game;
}

// 64 random self-play games of the standard rules, played once outside the timings.
const std::vector<std::vector<Move>>& recorded_games() {
  static const std::vector<std::vector<Move>> games = [] {
    const Variant variant;
    std::vector<std::vector<Move>> out;
    for (std::uint64_t seed = 0; seed < 64; ++seed) out.push_back(self_play(variant, "random", 2 * seed).moves());
    return out;
  }();
  return games;
}

void report_per_game(benchmark::State& state, std::uint64_t plies) {
  const double games = double(state.iterations()) * double(recorded_games().size());
  state.counters["games/s"] = benchmark::Counter(games, benchmark::Counter::kIsRate);
  state.counters["us/game"] = benchmark::Counter(games, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["plies/game"] = double(plies) / games;
}

// The driver alone: every move of the recorded games through Game::play.
void game_driver_replay(benchmark::State& state) {
  const Variant variant;
  std::uint64_t plies = 0;
  for (auto _ : state) {
    for (const std::vector<Move>& moves : recorded_games()) {
      Game game(variant);
      for (Move m : moves) game.play(m);
      benchmark::DoNotOptimize(game.end());
      plies += std::uint64_t(game.plies());
    }
  }
  report_per_game(state, plies);
}
BENCHMARK(game_driver_replay)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same moves made on a bare Position: no checks, no end rules, no history.
void bare_make_moves(benchmark::State& state) {
  const Variant variant;
  std::uint64_t plies = 0;
  for (auto _ : state) {
    for (const std::vector<Move>& moves : recorded_games()) {
      Position pos(variant, variant.start);
      Undo undo;
      for (Move m : moves) pos.do_move(m, undo);
      benchmark::DoNotOptimize(pos.key());
      plies += moves.size();
    }
  }
  report_per_game(state, plies);
}
BENCHMARK(bare_make_moves)->Unit(benchmark::kMillisecond)->UseRealTime();

// Whole self-play games of one player spec, the driver included; a new seed each game.
void self_play_games(benchmark::State& state, const std::string& spec) {
  const Variant variant;
  std::uint64_t seed = 0, plies = 0, games = 0;
  for (auto _ : state) {
    plies += std::uint64_t(self_play(variant, spec, seed).plies());
    seed += 2;
    ++games;
  }
  state.counters["games/s"] = benchmark::Counter(double(games), benchmark::Counter::kIsRate);
  state.counters["us/game"] =
      benchmark::Counter(double(games), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["plies/game"] = double(plies) / double(games);
}
BENCHMARK_CAPTURE(self_play_games, random, std::string("random"))->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(self_play_games, alphabeta_depth3, std::string("alphabeta:depth=3"))
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
// The default player of the study and of compare, in CPU time: the figure issue 44's speed-up
// is stated in (docs/results.md, "Games per CPU-second at the default player").
BENCHMARK_CAPTURE(self_play_games, default_player, std::string("alphabeta:depth=4,contempt=50"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(200);

}  // namespace
