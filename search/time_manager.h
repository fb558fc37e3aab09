// How long `jungle engine` may think about one move: from `go`'s clock (time left, increment,
// moves to go) or its fixed move time. Pure arithmetic on milliseconds, so that it can be
// checked without a clock.
#pragma once

#include <chrono>
#include <optional>

namespace jungle {

// What `go` said about the mover's time.
struct ClockLimits {
  std::optional<long long> time_left_ms;  // wtime or btime of the side to move
  long long increment_ms = 0;             // its winc or binc
  int moves_to_go = 0;                    // until the next time control; 0: the rest of the game
  std::optional<long long> movetime_ms;   // a fixed time for this move instead
};

// One move's budget. An iteration of the search starts only while less than `optimum` has
// passed since `go` (the next one takes several times the last, so starting late wastes the
// time), and every search stops at `maximum`.
struct MoveBudget {
  std::chrono::milliseconds optimum, maximum;
};

// The time the answer takes to reach the manager (writing `bestmove`, the pipe, the process
// being scheduled on a loaded machine), which the budget leaves unused. On 2 cores at a load of
// 4 to 7 a move arrived up to 47 ms late (docs/testing.md): twice that is the default.
constexpr long long DEFAULT_MOVE_OVERHEAD_MS = 100;
// Moves left to plan for when `go` does not say: a Jungle game rarely lasts 80 moves a side.
constexpr int DEFAULT_MOVES_TO_GO = 40;

// Nothing when there is no clock and no move time (depth, nodes or infinite only). Never more
// than the time left minus the overhead, nor less than 1 ms; with a clock, at most a fifth of
// what is left, so that a long think now never starves the moves after it.
std::optional<MoveBudget> plan_move(const ClockLimits& limits, long long move_overhead_ms = DEFAULT_MOVE_OVERHEAD_MS);

}  // namespace jungle
