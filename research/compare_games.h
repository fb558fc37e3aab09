// The games of `jungle compare` and of its --factorial: one paired tournament (every variant from
// the same openings with the same seeds and player) into the comparison's folder, grown round by
// round (comparison_rounds.h), with what the rounds need to know of it: the games, the rate, the
// time left.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "match/tournament.h"
#include "research/compare_config.h"
#include "research/comparison_rounds.h"
#include "research/equal_players.h"

namespace jungle::research {

// Where the rounds start: --games, or the pilot, or more when the folder already holds more; and
// the openings at which earlier commands on the folder stopped their rounds.
struct RoundsStart {
  std::uint64_t first_openings = 0;
  std::vector<std::uint64_t> earlier_rounds;
};
RoundsStart rounds_start(const CompareConfig& config);

// What a command's games cost: their CPU time (TournamentRun::cpu_seconds) and number, and the
// nodes the alpha-beta players searched and the moves they chose (TournamentRun).
struct PlayingEffort {
  double cpu_seconds = 0;
  int timed_games = 0;
  std::uint64_t searched_nodes = 0, searched_moves = 0;
};

// Says on standard error, before the first game, that --margin narrowed the rounds' target to
// `target` from --precision's `precision_asked` (rounds_plan): `intervals` are what it is of, "the
// intervals" or "the main effects' intervals".
void announce_settling_target(const std::string& intervals, double margin, double target, double precision_asked);

class CompareTournament {
 public:
  // `variants`, each recorded by its name, played by `players` with config's openings, seed and
  // threads into config.out. `start`: when the command began, from which --max-time counts (the
  // fitting of weights too).
  CompareTournament(const CompareConfig& config, const std::vector<Variant>& variants, const EqualPlayers& players,
                    std::chrono::steady_clock::time_point start);
  CompareTournament(const CompareTournament&) = delete;
  CompareTournament& operator=(const CompareTournament&) = delete;

  // For the rounds: play(K) every variant's games of the first K openings (resuming the folder),
  // affordable(K) as --max-time and MAX_TOURNAMENT_GAMES allow, the rate so far, and the games
  // expected after the first round said on standard error, counted a `unit` ("variant", "cell").
  // Bound to this.
  ComparisonGames games(const std::string& unit);

  const TournamentRun& last_run() const { return run_; }  // the last round's tournament
  const PlayingEffort& effort() const { return effort_; }  // over every round of this command
  double games_per_second() const { return playing_seconds_ > 0 ? played_ / playing_seconds_ : 0; }

 private:
  std::vector<StoredGame> play(std::uint64_t openings);
  std::uint64_t affordable(std::uint64_t openings) const;

  TournamentConfig tournament_;
  double max_seconds_;
  std::chrono::steady_clock::time_point start_;
  TournamentRun run_;
  int played_ = 0;
  double playing_seconds_ = 0;
  PlayingEffort effort_;
};

}  // namespace jungle::research
