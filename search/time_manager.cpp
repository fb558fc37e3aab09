#include "search/time_manager.h"

#include <algorithm>

namespace jungle {

std::optional<MoveBudget> plan_move(const ClockLimits& limits, long long move_overhead_ms) {
  using std::chrono::milliseconds;
  if (limits.movetime_ms) {
    // A fixed time is used whole, less the answer's way back: all of it, for a short move time
    // too, since that is where a busy machine's delay costs the game.
    const long long t = std::max(1LL, *limits.movetime_ms - move_overhead_ms);
    return MoveBudget{milliseconds(t), milliseconds(t)};
  }
  if (!limits.time_left_ms) return std::nullopt;
  const long long left = std::max(0LL, *limits.time_left_ms);
  const long long increment = std::max(0LL, limits.increment_ms);
  const int moves_to_go = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, DEFAULT_MOVES_TO_GO)
                                                 : DEFAULT_MOVES_TO_GO;
  // The time for the moves to come: what is left and the increments they bring, less one
  // overhead for each, shared out evenly.
  const long long pool = left + increment * (moves_to_go - 1) - move_overhead_ms * (moves_to_go + 1);
  const long long optimum = std::max(1LL, pool / moves_to_go);
  // A hard stop a few times the optimum, for an iteration that runs long; never past a fifth of
  // the clock (the last of a control's moves excepted: it is given its clock less the overhead).
  const long long ceiling = moves_to_go == 1 ? left - move_overhead_ms : (left - move_overhead_ms) / 5 + increment / 2;
  const long long maximum = std::max(1LL, std::min({optimum * 4, ceiling, left - move_overhead_ms}));
  return MoveBudget{milliseconds(std::min(optimum, maximum)), milliseconds(maximum)};
}

}  // namespace jungle
