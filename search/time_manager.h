// How long `jungle engine` may think about one move: from `go`'s clock (time left, increment,
// moves to go) or its fixed move time, less the time its answer takes to reach the manager.
// Pure arithmetic on milliseconds, so that it can be checked without a clock.
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

// The time an answer takes to reach the manager (writing `bestmove`, the pipe, the process being
// scheduled), which the budget leaves unused: Stockfish's default. A busy machine's larger delay
// is measured from the clocks the manager reports (LagMeter), so the default need not cover it:
// the 100 ms it once was took 4.1 s of a 2-second game's planning and left 1 ms a move.
constexpr long long DEFAULT_MOVE_OVERHEAD_MS = 10;
// Moves left to plan for when `go` does not say: a Jungle game rarely lasts 80 moves a side.
constexpr int DEFAULT_MOVES_TO_GO = 40;
// The clock kept in reserve, in overheads: a move that arrives five times later than usual still
// finds time on it. At 2 s + 0.02 on 2 cores at load 7, a clock let fall to 30 ms was lost.
constexpr long long RESERVE_OVERHEADS = 5;

// Nothing when there is no clock and no move time (depth, nodes or infinite only).
// With a clock (Stockfish's plan): the time left and the increments of the moves to come, less an
// overhead for each, shared out evenly; the hard stop four times that, never past a fifth of the
// clock nor past what is left less one overhead; and with less than RESERVE_OVERHEADS overheads
// left, no more than the increment less the overhead. With a move time: all of it less the overhead,
// but at most half of it lost. Never less than 1 ms.
std::optional<MoveBudget> plan_move(const ClockLimits& limits, long long move_overhead_ms = DEFAULT_MOVE_OVERHEAD_MS);

// The delay between the engine's answer and the manager's clock, read from the clocks the
// manager reports: between two of our moves of one game the clock fell by the time the manager
// charged, less the increment; what it charged beyond what we thought is the lag. The estimate
// rises at once with a late answer and decays slowly after it, so that one spike does not starve
// the rest of the game.
class LagMeter {
 public:
  // At `ucinewgame`: the last game's clocks say nothing of this one's.
  void new_game() { *this = LagMeter(); }
  // At `go` for the side whose clock this is, `ply` plies into the game (from its first
  // position); reads the lag of our previous answer when this go follows it in the same game.
  void on_go(int side, const ClockLimits& clock, int ply);
  // When `bestmove` is sent, thought_ms after `go` arrived.
  void on_answer(long long thought_ms);
  // The overhead to plan with: the configured one, or the lag measured, if that is larger.
  long long overhead(long long configured_ms) const;
  long long measured_ms() const { return estimate_ms_; }

  // A measured lag beyond this is taken as this: a manager whose clocks are not charged by the
  // wall clock (a GUI's paused game, a test's fixed clocks) must not starve every move.
  static constexpr long long MAX_LAG_MS = 1000;

 private:
  struct LastGo {
    int side = -1, ply = -1, moves_to_go = 0;
    long long time_left_ms = 0, increment_ms = 0, thought_ms = -1;
  };
  LastGo last_;
  long long estimate_ms_ = 0;
};

}  // namespace jungle
