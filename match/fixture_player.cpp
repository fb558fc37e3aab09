#include "match/fixture_player.h"

#include <malloc.h>
#include <omp.h>

#include "players/player.h"

namespace jungle {

FixturePlayer::FixturePlayer(const Setup& setup, const std::vector<std::vector<Opening>>& openings, int threads,
                             EngineLog* log)
    : setup_(setup), openings_(openings), log_(log), engine_pools_(std::size_t(threads)) {
  // Each game's alpha-beta players allocate and zero tables of megabytes. glibc would give
  // such memory back at each game's end, whenever nothing happened to lie above it on the heap,
  // and the next game would fault it in again: a quarter to most of the time of an
  // alpha-beta:depth=3 game, seen on MPI ranks (whose heaps hold little else). Keep it for reuse.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
}

PlayedFixture FixturePlayer::play(const Fixture& f) {
  const TournamentPlayer &white = setup_.players[std::size_t(f.white)], &black = setup_.players[std::size_t(f.black)];
  GameRules rules;
  rules.limits[WHITE] = setup_.limits_of(white);
  rules.limits[BLACK] = setup_.limits_of(black);
  rules.margin_ms[WHITE] = setup_.margin_of(white);
  rules.margin_ms[BLACK] = setup_.margin_of(black);
  rules.draw = setup_.draw;
  rules.resign = setup_.resign;
  if (!setup_.tablebases.empty()) rules.tablebases = setup_.tablebases[f.variant];
  const bool self_play = f.white == f.black;
  const auto w = contestant(white, player_seed(f.seed, WHITE), self_play ? "/white" : "", f);
  const auto b = contestant(black, player_seed(f.seed, BLACK), self_play ? "/black" : "", f);
  const Opening& opening = openings_[f.variant][f.opening];
  PlayedFixture played;
  StoredGame& g = played.game;
  g.record = play_game(setup_.variants[f.variant], opening.fen, opening.moves, *w, *b, rules, f.seed);
  g.index = f.index;
  g.pair = f.pair;
  g.opening = f.opening;
  played.searched = {w->searched().nodes + b->searched().nodes, w->searched().moves + b->searched().moves};
  return played;
}

std::unique_ptr<Contestant> FixturePlayer::contestant(const TournamentPlayer& player, std::uint64_t seed,
                                                      const char* colour, const Fixture& f) {
  if (player.builtin) {
    const std::optional<ResolvedWeights>& given = setup_.given_weights[std::size_t(f.variant)];
    return std::make_unique<BuiltinContestant>(
        make_player(*player.builtin, seed, setup_.context, given ? given->weights : nullptr));
  }
  auto& engine = engine_pools_[std::size_t(omp_get_thread_num())][player.engine + colour];
  if (!engine) {
    engine = std::make_unique<EnginePlayer>(setup_.engine_config(player.engine), setup_.margin_ms,
                                            setup_.engine_startup_timeout);
    engine->log_to(log_);
  }
  engine->set_game(f.index);
  return std::make_unique<EngineContestant>(*engine);
}

// Every engine must answer before any game: a broken command is one clear error.
void probe_engines(const Setup& setup) {
  for (const auto& [name, engine] : setup.engines) {
    try {
      EnginePlayer(setup.engine_config(name), setup.margin_ms, setup.engine_startup_timeout).probe();
    } catch (const EngineStartError& e) {
      throw TournamentError(e.what());
    }
  }
}

}  // namespace jungle
