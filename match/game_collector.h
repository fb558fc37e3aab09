// Where a tournament's finished games go, from any thread of rank 0 or, through the dealer,
// from another rank: appended to games.jsonl (and with --pgnout to its PGN file) the moment they
// end and kept for the report. With
// an SPRT (stats/sequential_test.h) they are written in index order, as the test reads them,
// and none past the point where it decided, so that a resumed or longer run stops at the same
// game. Thread-safe. Internal to match/.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "match/tournament.h"
#include "results/results_folder.h"
#include "stats/sequential_test.h"
#include "match/games_progress.h"
#include "match/pgn_out.h"
#include "match/running_score.h"

namespace jungle {

class GameCollector {
 public:
  // `run` holds the stored games (all added to `test` already), and receives the new ones;
  // `pgn_out`, if not null, each new game's PGN.
  GameCollector(ResultsFolder& folder, TournamentRun& run, std::optional<SequentialTest>& test,
                GamesProgress& progress, int games_in_schedule, PgnOut* pgn_out = nullptr,
                int rating_interval = 0);

  // A finished game with its line of games.jsonl (with its '\n'), or what went wrong with it
  // (`problem` not empty). Returns false once the run should stop dealing games: a game failed,
  // or the test decided. Never throws.
  bool add(StoredGame&& game, std::string&& line, std::string&& problem);

  // The first problem, "" if none.
  std::string error() const;

  // The running score's last lines, unless they were shown at this very game (--rating-interval).
  void show_final_score();

 private:
  void keep(StoredGame&& game, const std::string& line, std::string& problem);

  ResultsFolder& folder_;
  TournamentRun& run_;
  std::optional<SequentialTest>& test_;
  GamesProgress& progress_;
  PgnOut* pgn_out_;
  RunningScore score_;
  int rating_interval_, shown_at_ = -1;
  mutable std::mutex mutex_;
  bool failed_ = false;
  std::string error_;
  int next_to_write_ = 0;                                   // with a test: the first game not yet written
  std::map<int, std::pair<StoredGame, std::string>> held_;  // finished, waiting for an earlier game
};

}  // namespace jungle
