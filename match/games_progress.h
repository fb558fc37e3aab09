// A tournament's progress on standard error: games done, games per second and the time left.
// Rewritten at most five times a second on a terminal; elsewhere a line per tenth of the run,
// and at least every 2 seconds while games finish.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "support/progress_line.h"

namespace jungle {

class GamesProgress {
 public:
  // `done` of `total` games are in before this run; nothing is shown when `enabled` is false
  // or nothing is left to play.
  GamesProgress(bool enabled, int total, int done);
  void game_done();
  // Lines that stay (a running score), shown whatever `enabled` says.
  void note(const std::vector<std::string>& lines);

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  int total_, done_, start_done_, every_;
  Clock::time_point start_ = Clock::now(), printed_{};
  ProgressLine line_;
};

}  // namespace jungle
