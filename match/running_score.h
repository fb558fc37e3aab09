// The score of a tournament while it runs, as fastchess and cutechess-cli print it every few
// games (--rating-interval): for each pairing of players, the first one's wins, draws and losses,
// its score and Elo with a 95% interval, pentanomial over the colour-swapped pairs where both of
// a pair's games are in (trinomial before that); and the SPRT's log-likelihood ratio against its
// bounds when one runs. In self-play, the first player's (the side's) score. Internal to match/.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "results/results_file.h"
#include "stats/sequential_test.h"
#include "stats/statistics.h"

namespace jungle {

class RunningScore {
 public:
  // The tournament's players in their order; the pairings are every two of them that meet.
  explicit RunningScore(std::vector<std::string> players);

  // A finished game, in any order.
  void add(const StoredGame& game);
  int games() const { return games_; }

  // One line per pairing, and one for the SPRT if `test` is given:
  //   Score of A vs B: 12 wins, 3 draws, 5 losses, score 0.675 of 20 games; Elo +128.5 ± 95.1 (pentanomial, 10 pairs)
  //   SPRT elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized: LLR 1.23 (-2.94, 2.94) after 20 games
  std::vector<std::string> lines(const SequentialTest* test = nullptr) const;

 private:
  struct Pairing {
    std::string first, second;  // as scheduled: the first is the one whose score is shown
    stats::Wdl wdl;
    stats::Pentanomial pentanomial;
    std::map<int, double> half_pairs;  // pair id: the first's points in the game already in
  };
  Pairing* pairing_of(const GameRecord& record);

  std::vector<std::string> players_;
  std::vector<Pairing> pairings_;
  int games_ = 0;
};

}  // namespace jungle
