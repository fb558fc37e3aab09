// Tournaments: play the fixtures that matchmaking lists, in parallel, appending each finished
// game to DIR/games.jsonl (results/results_file.h) the moment it ends.
//
// With --sprt the games are written in index order, and the run stops as soon as the test
// decides on the games so far (stats/sequential_test.h); a rerun finds it decided and plays
// nothing. Rerunning with a larger --games extends a tournament: the result is the same as that
// of one run made with the larger number from the start.
//
// DIR/run.json (results/run_file.h) holds the tournament's fingerprint: the variants (names,
// their resolved rules as a variant file, and a hash of the rules), the players (normalised
// specs), games per pair, the opening rule and the seed; not the thread count, which changes
// nothing that is recorded. Its `runs` list says, for each start of the command, the command
// line, the program's version, the date, the host and the threads, and with --tb-adjudicate the
// tables found for each variant. Running the same tournament again resumes it: games already
// in games.jsonl are kept, only the missing ones are played. A directory made by a different
// tournament is refused, naming the difference; so is a games.jsonl without a run.json, or one
// whose games do not fit the schedule.
//
// The parts, in match/: tournament_setup (the settings checked), fixture_player (games on one
// rank's threads), game_collector (writing finished games, in SPRT order), games_progress, and
// tournament_job (what rank 0 tells the other ranks under MPI).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/rules_hash.h"
#include "match/matchmaking.h"
#include "match/tournament_config.h"
#include "protocol/engine_player.h"
#include "results/results_file.h"
#include "results/run_file.h"

namespace jungle {

namespace distributed {
class TaskClient;
}

struct TournamentRun {
  std::vector<std::string> variants;  // the variants' names, as recorded
  std::vector<std::string> players;   // the normalised specs, as recorded
  std::vector<Variant> rules;         // the variants' rules, in the order of `variants`
  std::vector<StoredGame> games;      // every game of the tournament, sorted by index
  int resumed = 0;                    // games found in games.jsonl
  int played = 0;                     // games played now
  double seconds = 0;                 // time spent playing them
  // The CPU time of the games this rank's threads played now, each timed on its thread from its
  // players' start to its last move (CLOCK_THREAD_CPUTIME_ID): the search, not the setup or the
  // writing; an engine's own process is not in it. Under MPI the other ranks' games are not.
  double cpu_seconds = 0;
  int timed_games = 0;
  // The nodes the alpha-beta players searched in those games, and the moves they chose
  // (players/player.h, SearchTally, summed over the games); 0 for other players and engines.
  std::uint64_t searched_nodes = 0, searched_moves = 0;
  std::optional<int> sprt_decided_after;  // with --sprt: the games it took to decide, if it did
  std::vector<std::string> sprt_variants;  // with --sprt-variants: the two, by the names in their rules
};

// Plays (or resumes) the tournament; returns once every game is in DIR/games.jsonl.
TournamentRun run_tournament(const TournamentConfig& config);

// Under MPI (distributed/), run_tournament on rank 0 owns DIR and deals the games to every rank's
// threads; this is the other ranks' side, the handler of "tournament" jobs: it plays the games it
// is dealt, exactly as rank 0 would (the rules, players and openings come from rank 0), and sends
// each record back for rank 0 to append. Engines are started on each rank for its own threads.
void serve_tournament_job(const std::string& description, distributed::TaskClient& client);

struct PlayerSpec;  // players/player.h

// One game: the opening's moves, then the players, built with player_seed(seed, colour).
GameRecord play_game(const Variant& variant, const std::vector<std::string>& opening, const PlayerSpec& white,
                     const PlayerSpec& black, std::uint64_t seed);
// The same from the specs' texts, read for this game.
GameRecord play_game(const Variant& variant, const std::vector<std::string>& opening, const std::string& white,
                     const std::string& black, std::uint64_t seed);

}  // namespace jungle
