// Time controls and clocks, as cutechess-cli and fastchess write and keep them:
//   tc=40/10+0.1   40 moves in 10 seconds, then 10 more for the next 40, 0.1 s added a move
//   tc=60+0.5      60 seconds for the game, 0.5 s added a move ("tc=1:00+0.5" alike)
//   st=0.05        0.05 seconds a move
//   nodes=N        N nodes a move
//   depth=D        to depth D
// Keys may be combined, comma-separated: "tc=10+0.1,nodes=20000".
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace jungle {

struct TimeControl {
  int moves = 0;                  // moves per period; 0: the base is for the whole game
  std::int64_t base_ms = 0;       // 0: no clock
  std::int64_t increment_ms = 0;  // added after each move
  std::int64_t movetime_ms = 0;   // st=; 0: none
  std::uint64_t nodes = 0;        // 0: none
  int depth = 0;                  // 0: none

  bool has_clock() const { return base_ms > 0; }
  bool empty() const { return !has_clock() && !movetime_ms && !nodes && !depth; }
  // The canonical text, as parse_time_control reads it: "tc=40/10+0.1,nodes=20000".
  std::string text() const;
  bool operator==(const TimeControl&) const = default;
};

// Throws std::invalid_argument naming the key and the expected form.
TimeControl parse_time_control(std::string_view text);

// PGN's TimeControl tag as cutechess-cli writes it: "40/10+0.1" for a clock (seconds), "0.05/move"
// for a move time, "-" with neither (nodes or depth alone limit no time).
std::string pgn_time_control(const TimeControl& tc);

// One side's clock in one game.
class GameClock {
 public:
  explicit GameClock(const TimeControl& tc) : tc_(tc), left_ms_(tc.base_ms) {}

  std::int64_t left_ms() const { return left_ms_; }
  std::int64_t increment_ms() const { return tc_.increment_ms; }
  // Moves until the next period begins; 0 when the base is for the whole game.
  int moves_to_go() const { return tc_.moves ? tc_.moves - moves_played_ % tc_.moves : 0; }

  // Charges a move that took used_ms. False when it overstepped the time left by more than
  // margin_ms: the move is lost on time. Otherwise adds the increment, and the next period's
  // base when this move completed a period.
  bool charge(std::int64_t used_ms, std::int64_t margin_ms);

 private:
  TimeControl tc_;
  std::int64_t left_ms_;
  int moves_played_ = 0;
};

}  // namespace jungle
