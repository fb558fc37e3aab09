#include "sequential_test.h"

namespace jungle {

void SequentialTest::add(const StoredGame& game) {
  if (decided_at_) return;
  const GameRecord& r = game.record;
  if (!((r.white == a_ && r.black == b_) || (r.white == b_ && r.black == a_))) return;
  waiting_[game.index] = points_of(r, a_);
  for (auto it = waiting_.find(next_); it != waiting_.end(); it = waiting_.find(next_)) {
    const double points = it->second;
    waiting_.erase(it);
    ++next_;
    wdl_.add(points);
    if (!by_pairs()) {
      result_ = stats::sprt(wdl_, params_);
    } else if (next_ % 2 == 1) {
      pair_points_ = points;
      continue;  // half a pair: nothing to decide on yet
    } else {
      pentanomial_.add(pair_points_ + points);
      result_ = stats::sprt(pentanomial_, params_);
    }
    if (result_.verdict != stats::SprtVerdict::Continue) {
      decided_at_ = next_;
      waiting_.clear();
      return;
    }
  }
}

}  // namespace jungle
