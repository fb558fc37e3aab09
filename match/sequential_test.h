// The SPRT that stops a two-player match as soon as its answer is known (fastchess's -sprt).
// Games finish in any order on several threads; the test reads them in index order only, up to
// the first game still missing, so the verdict and the number of games it took are the same for
// any thread count. Over colour-swapped pairs (indices 2k, 2k + 1) it counts the pentanomial
// and decides after whole pairs, as fastchess; the bayesian model counts games.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "results_file.h"
#include "statistics.h"

namespace jungle {

class SequentialTest {
 public:
  // The test of player a against player b.
  SequentialTest(const stats::SprtParams& params, std::string a, std::string b)
      : params_(params), a_(std::move(a)), b_(std::move(b)) {}

  // Takes a finished game. Once the games 0 .. n-1 are all in and decide the test, decided()
  // holds n; later games change nothing.
  void add(const StoredGame& game);

  std::optional<int> decided() const { return decided_at_; }
  // The test over the games read so far.
  const stats::SprtResult& result() const { return result_; }
  int games_read() const { return next_; }

 private:
  bool by_pairs() const { return params_.method != stats::LlrMethod::Bayesian; }

  stats::SprtParams params_;
  std::string a_, b_;
  std::map<int, double> waiting_;  // a's points by game index, for games past a missing one
  int next_ = 0;                   // the first index not read yet
  double pair_points_ = 0;         // a's points in the first game of the pair being read
  stats::Wdl wdl_;
  stats::Pentanomial pentanomial_;
  stats::SprtResult result_;
  std::optional<int> decided_at_;
};

}  // namespace jungle
