// Playing a tournament's fixtures on one rank's threads, rank 0's and every other rank's alike:
// built-in players made afresh for each game, engines kept running from game to game (one
// process per engine on each thread; an engine playing itself runs as two processes, one a
// colour, as cutechess and fastchess run it). Internal to match/.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "match/matchmaking.h"
#include "match/match_game.h"
#include "match/tournament_setup.h"
#include "protocol/engine_player.h"
#include "results/results_file.h"

namespace jungle {

// A game as a fixture plays it: its record, and what the built-in players searched for it.
struct PlayedFixture {
  StoredGame game;
  SearchTally searched;
};

class FixturePlayer {
 public:
  // Engines' lines go to `log` if given (--log, rank 0's engines).
  FixturePlayer(const Setup& setup, const std::vector<std::vector<Opening>>& openings, int threads,
                EngineLog* log = nullptr);

  // Plays fixture f on OpenMP thread omp_get_thread_num(); throws what the game threw.
  PlayedFixture play(const Fixture& f);

 private:
  // A built-in player, made from its spec read once for the run, of setup_.variants[variant]
  // evaluates with its given weights, if any, and finds its files in the setup's context. An
  // engine's process is kept by its name, plus `colour` ("/white", "/black") when it plays itself.
  std::unique_ptr<Contestant> contestant(const TournamentPlayer& player, std::uint64_t seed, const char* colour,
                                         const Fixture& f);

  const Setup& setup_;
  const std::vector<std::vector<Opening>>& openings_;
  EngineLog* log_;
  std::vector<std::map<std::string, std::unique_ptr<EnginePlayer>>> engine_pools_;  // [thread][process]
};

// Every engine must answer before any game: a broken command is one clear error (TournamentError).
void probe_engines(const Setup& setup);

}  // namespace jungle
