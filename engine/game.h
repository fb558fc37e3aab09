// A game under a variant's [end] rules: den entry, capture of every enemy piece, no legal
// move, n-fold repetition (a draw, a loss for the side that completes it, or forbidden), the
// ply limit and the no-capture limit. Records are plain data, replayable and checkable.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/end_rules.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/variant.h"

namespace jungle {

struct GameEnd {
  Result result;
  EndReason reason;
  bool operator==(const GameEnd&) const = default;
};

// One game: a position that follows the end rules and remembers the keys of the positions so
// far, for repetition.
//
// With repetition.result = "forbidden" a move that would make the current position's count
// reach repetition.count is not legal: legal() leaves it out, play() refuses it, and a side
// left with no other move has no moves (the no_moves rule).
class Game {
 public:
  // From the variant's start position, or from fen when given.
  explicit Game(const Variant& variant, const std::string& fen = "");

  const Position& position() const { return pos_; }
  const std::vector<Move>& moves() const { return moves_; }
  int plies() const { return int(moves_.size()); }
  // The legal moves of the current position, under the repetition rule too (none once the game
  // has ended by no-moves); players choose from it rather than generating their own.
  const MoveList& legal() const { return legal_; }
  // Set once the game has ended; no moves may be played after that.
  const std::optional<GameEnd>& end() const { return end_; }
  // How often the current position has occurred in this game, itself included.
  int occurrences() const;
  // The keys of every position so far, the start first and the current one last: lets a
  // search see repetitions that reach back before its root.
  const std::vector<Key>& history() const { return keys_; }
  // Plies played since the last capture (or since the start), for no_capture_plies.
  int plies_without_capture() const { return plies_without_capture_; }

  // The move `text` ("g3g4") names among legal(), or MOVE_NONE: a text that names no squares,
  // a move the piece cannot make, or one the repetition rule forbids.
  Move legal_move(std::string_view text) const;

  // Plays a legal move (checked) and applies the end rules; returns false for an illegal move.
  bool play(Move m);

 private:
  void update_legal();
  void apply_end_rules();

  Position pos_;
  MoveList legal_;  // of the current position: checks play()'s move and the no-moves rule
  std::vector<Move> moves_;
  std::vector<Key> keys_;  // keys_[i]: the position before moves_[i]; back(): the current one
  int plies_without_capture_ = 0;
  std::optional<GameEnd> end_;
};

// The bounds of what a record keeps of an engine's `info` (larger values are clamped to them).
constexpr long long MAX_INFO_DEPTH = 10'000, MAX_INFO_CP = 1'000'000, MAX_INFO_MATE = 10'000;
// A pv is kept to its first MAX_INFO_PV moves; a word longer than MAX_INFO_MOVE_CHARS is no move
// of any variant, and ends it: an engine's odd line must not make a record of megabytes.
constexpr std::size_t MAX_INFO_PV = 256, MAX_INFO_MOVE_CHARS = 16;

// What the mover said about its move: an engine's last `info` before `bestmove`, and the time.
struct MoveInfo {
  std::optional<int> score;  // centipawn-like units, for the mover; absent if not reported
  std::optional<int> mate;   // moves to a forced end (negative: being mated), instead of score
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t ms = 0;  // the time the move took
  std::optional<int> seldepth;   // absent if not reported
  std::vector<std::string> pv;   // the line the engine expected, its move first; empty if not reported
  // The mover's clock once the move was charged, its increment added; absent without a clock.
  std::optional<std::int64_t> time_left_ms;
  // ms less the search time the engine's info reported: what the pipes, the scheduler and the
  // engine's own overhead cost (negative when the engine counts more than the manager saw);
  // absent when the engine reports no time.
  std::optional<std::int64_t> latency_ms;
  bool operator==(const MoveInfo&) const = default;
};

// A finished game as a plain record, the unit that tournaments write and statistics read.
struct GameRecord {
  std::string variant;
  std::string white, black;          // player specs
  std::uint64_t seed = 0;            // the seed both players were built from
  std::vector<std::string> opening;  // the opening's moves, also the first moves of `moves`
  std::vector<std::string> moves;    // every move, as "g3g4"
  Result result = Result::Draw;
  EndReason reason = EndReason::MaxPlies;
  int plies = 0;
  std::string fen;              // the start position; empty: the variant's start
  std::vector<MoveInfo> info;   // per move after the opening, when the players report (else empty)
  std::string detail;           // what a forfeit or adjudication was about, e.g. "bestmove a3a9"
};

// Points of the white player: 1, 1/2 or 0.
inline double white_points(const GameRecord& r) {
  return r.result == Result::WhiteWins ? 1.0 : r.result == Result::Draw ? 0.5 : 0.0;
}

// Points of `player` in a game it played; in self-play, white's.
inline double points_of(const GameRecord& r, const std::string& player) {
  return r.white == player ? white_points(r) : 1.0 - white_points(r);
}

struct ReplayError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Replays a record move by move under the variant's rules and checks that every move is legal,
// that the game ends exactly at its last move, and with the recorded result and reason; a
// forfeit or an adjudication ends a game the rules have not ended, and a forfeit is lost by the
// side to move. Throws ReplayError naming the first ply that disagrees.
void check_record(const Variant& variant, const GameRecord& record);

}  // namespace jungle
