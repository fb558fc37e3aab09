#include "stats/sequential_test.h"

#include "stats/first_player.h"

namespace jungle {

SequentialTest SequentialTest::of_players(const stats::SprtParams& params, std::string a, std::string b) {
  return SequentialTest(params, std::move(a), std::move(b), 0);
}

SequentialTest SequentialTest::of_variants(const stats::SprtParams& params, std::string a, std::string b, int round) {
  return SequentialTest(params, std::move(a), std::move(b), round);
}

void SequentialTest::add(const StoredGame& game) {
  if (decided_at_) return;
  waiting_.emplace(game.index, game);
  for (auto it = waiting_.find(next_); it != waiting_.end(); it = waiting_.find(next_)) {
    const bool evaluate = read(it->second);
    waiting_.erase(it);
    ++next_;
    if (!evaluate) continue;
    if (round_ == 0) {
      result_ = params_.method == stats::LlrMethod::Bayesian ? stats::sprt(wdl_, params_)
                                                             : stats::sprt(pentanomial_, params_);
    } else {
      result_ = stats::sprt_first_players(stats::first_player_of(records_[0], openings_[0]),
                                           stats::first_player_of(records_[1], openings_[1]), params_);
    }
    if (result_.verdict != stats::SprtVerdict::Continue) {
      decided_at_ = next_;
      waiting_.clear();
      return;
    }
  }
}

bool SequentialTest::read(const StoredGame& game) {
  const GameRecord& r = game.record;
  if (round_ > 0) {
    for (int v = 0; v < 2; ++v)
      if (r.variant == (v == 0 ? a_ : b_)) {
        records_[v].push_back(r);
        openings_[v].push_back(game.opening);
      }
    return (next_ + 1) % round_ == 0;
  }
  if (!((r.white == a_ && r.black == b_) || (r.white == b_ && r.black == a_))) return false;
  const double points = points_of(r, a_);
  wdl_.add(points);
  if (params_.method == stats::LlrMethod::Bayesian) return true;
  if (next_ % 2 == 0) {
    pair_points_ = points;
    return false;  // half a pair: nothing to decide on yet
  }
  pentanomial_.add(pair_points_ + points);
  return true;
}

}  // namespace jungle
