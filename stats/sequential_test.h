// The SPRT that stops a tournament as soon as its answer is known (fastchess's -sprt): of two
// players against each other, or of the first move's worth in two variants (one player in
// self-play). Games finish in any order on several threads; the test reads them in index
// order only, up to the first game still missing, so the verdict and the number of games it
// took are the same for any thread count.
//   players:  over colour-swapped pairs (indices 2k, 2k + 1), the pentanomial, deciding after
//             whole pairs as fastchess does; the bayesian model counts games.
//   variants: the first player's figures of each variant, its games of one opening one unit,
//             as the report counts them (report::sprt_variants), deciding after whole rounds
//             of openings (every variant's games of opening k).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "results/results_file.h"
#include "stats/statistics.h"

namespace jungle {

class SequentialTest {
 public:
  // Player a against player b.
  static SequentialTest of_players(const stats::SprtParams& params, std::string a, std::string b);
  // The first move in variant a against variant b; `round` games make one opening of every variant.
  static SequentialTest of_variants(const stats::SprtParams& params, std::string a, std::string b, int round);

  // Takes a finished game. Once the games 0 .. n-1 are all in and decide the test, decided()
  // holds n; later games change nothing.
  void add(const StoredGame& game);

  std::optional<int> decided() const { return decided_at_; }
  const stats::SprtResult& result() const { return result_; }
  // The games read so far: 0 .. games_read() - 1, the ones the result is of.
  int games_read() const { return next_; }
  const stats::SprtParams& params() const { return params_; }

 private:
  SequentialTest(const stats::SprtParams& params, std::string a, std::string b, int round)
      : params_(params), a_(std::move(a)), b_(std::move(b)), round_(round) {}
  // The next game in index order; true when the test can be evaluated after it.
  bool read(const StoredGame& game);

  stats::SprtParams params_;
  std::string a_, b_;  // players, or variants
  int round_ = 0;      // variants: games per round; 0 for players
  std::map<int, StoredGame> waiting_;  // games past a missing one
  int next_ = 0;                       // the first index not read yet
  // players
  double pair_points_ = 0;  // a's points in the first game of the pair being read
  stats::Wdl wdl_;
  stats::Pentanomial pentanomial_;
  // variants: each one's records and opening ids, in index order
  std::vector<GameRecord> records_[2];
  std::vector<int> openings_[2];
  stats::SprtResult result_;
  std::optional<int> decided_at_;
};

}  // namespace jungle
