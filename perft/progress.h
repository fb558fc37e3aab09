// A progress line on standard error for counts that take a while, so that a user sees a deep
// count is alive. Standard output, where the counts go, is left alone.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

#include "perft/perft.h"
#include "support/progress_line.h"

namespace jungle {

class CountProgress {
 public:
  // Quiet for the first `quiet_seconds` of a count, then a line per finished root move:
  //   perft: 12/24 root moves, 1,234,567 nodes, 3.1 s
  // rewritten in place on a terminal, else a plain line at most every `every_seconds`.
  explicit CountProgress(std::FILE* out = stderr, double quiet_seconds = 2, double every_seconds = 2);

  // The options with this object as their on_root_move; it must outlive the count.
  PerftOptions hooked(PerftOptions options);
  void operator()(const PerftProgress& progress);

 private:
  using Clock = std::chrono::steady_clock;
  ProgressLine line_;
  Clock::duration quiet_, every_;
  Clock::time_point start_, last_;
  bool shown_ = false;
};

}  // namespace jungle
