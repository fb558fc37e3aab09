#include "search/time_manager.h"

#include <algorithm>

namespace jungle {

std::optional<MoveBudget> plan_move(const ClockLimits& limits, long long move_overhead_ms) {
  using std::chrono::milliseconds;
  const long long overhead = std::max(0LL, move_overhead_ms);
  if (limits.movetime_ms) {
    // A fixed time is used whole less the answer's way back, but a short one keeps at least
    // half: searching 1 ms of a 50 ms move is as bad as arriving a little late.
    const long long movetime = std::max(0LL, *limits.movetime_ms);
    const long long t = std::max(1LL, movetime - std::min(overhead, movetime / 2));
    return MoveBudget{milliseconds(t), milliseconds(t)};
  }
  if (!limits.time_left_ms) return std::nullopt;
  const long long left = std::max(0LL, *limits.time_left_ms);
  const long long increment = std::max(0LL, limits.increment_ms);
  double moves_to_go = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, DEFAULT_MOVES_TO_GO) : DEFAULT_MOVES_TO_GO;
  // Under a second, plan for fewer moves (Stockfish's rule): the overheads reserved for 40 moves
  // would take most of such a clock, though the increments will pay for most of them. Not
  // rounded, so that more time never plans a shorter move.
  moves_to_go = std::clamp(left / 20.0, 1.0, moves_to_go);
  // The time for the moves to come, less one overhead for each and two to spare.
  const double pool = double(left) + double(increment) * (moves_to_go - 1) - double(overhead) * (moves_to_go + 2);
  const long long fifth = left / 5, usable = left - overhead;
  const long long share = pool > 0 ? (long long)(pool / moves_to_go) : 0;
  // A reserve against a late answer: below it a move spends no more than its increment brings,
  // less the overhead, so that the clock stops falling where a delay would still not empty it.
  const long long reserve = RESERVE_OVERHEADS * overhead;
  const long long spendable = std::max(left - reserve, increment - overhead);
  const long long optimum = std::max(1LL, std::min({share, fifth, usable, spendable}));
  // The hard stop, for an iteration that runs long.
  const long long maximum = std::max(optimum, std::min({optimum * 4, fifth, usable, spendable}));
  return MoveBudget{milliseconds(optimum), milliseconds(maximum)};
}

void LagMeter::on_go(int side, const ClockLimits& clock, int ply) {
  const LastGo last = last_;
  last_ = LastGo{};
  if (!clock.time_left_ms || clock.movetime_ms) return;
  last_ = LastGo{side, ply, clock.moves_to_go, *clock.time_left_ms, clock.increment_ms, -1};
  // Our own previous move of this game, answered, and no new period's time added since.
  const bool follows = last.side == side && last.ply + 2 == ply && last.thought_ms >= 0 && last.moves_to_go != 1;
  if (!follows) return;
  const long long charged = last.time_left_ms + last.increment_ms - *clock.time_left_ms;
  const long long lag = std::clamp(charged - last.thought_ms, 0LL, MAX_LAG_MS);
  // Up at once, down by a quarter of the gap a move.
  estimate_ms_ = lag >= estimate_ms_ ? lag : estimate_ms_ - (estimate_ms_ - lag) / 4;
}

void LagMeter::on_answer(long long thought_ms) {
  if (last_.side >= 0) last_.thought_ms = std::max(0LL, thought_ms);
}

long long LagMeter::overhead(long long configured_ms) const { return std::max(configured_ms, estimate_ms_); }

}  // namespace jungle
