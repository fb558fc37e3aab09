// A game under a variant's [end] rules: den entry, capture of every enemy piece, no legal
// move, the ply limit and n-fold repetition. Records are plain data, replayable and checkable.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "movegen.h"
#include "position.h"
#include "variant.h"

namespace jungle {

enum class Result : std::uint8_t { WhiteWins, BlackWins, Draw };
enum class EndReason : std::uint8_t { Den, CaptureAll, NoMoves, Repetition, MaxPlies };

// "1-0", "0-1", "1/2-1/2"; and "den", "capture-all", "no-moves", "repetition", "limit".
const char* result_name(Result r);
const char* end_reason_name(EndReason r);
std::optional<Result> parse_result(std::string_view text);
std::optional<EndReason> parse_end_reason(std::string_view text);

struct GameEnd {
  Result result;
  EndReason reason;
  bool operator==(const GameEnd&) const = default;
};

// One game: a position that follows the end rules and remembers the keys of the positions so
// far, for repetition.
class Game {
 public:
  // From the variant's start position, or from fen when given.
  explicit Game(const Variant& variant, const std::string& fen = "");

  const Position& position() const { return pos_; }
  const std::vector<Move>& moves() const { return moves_; }
  int plies() const { return int(moves_.size()); }
  // The legal moves of the current position (none once the game has ended by no-moves); players
  // may choose from it instead of generating them again.
  const MoveList& legal() const { return legal_; }
  // Set once the game has ended; no moves may be played after that.
  const std::optional<GameEnd>& end() const { return end_; }
  // How often the current position has occurred in this game, itself included.
  int occurrences() const;
  // The keys of every position so far, the start first and the current one last: lets a
  // search see repetitions that reach back before its root.
  const std::vector<Key>& history() const { return keys_; }

  // Plays a legal move (checked) and applies the end rules; returns false for an illegal move.
  bool play(Move m);

 private:
  void apply_end_rules(Color mover);

  Position pos_;
  MoveList legal_;  // of the current position: checks play()'s move and the no-moves rule
  std::vector<Move> moves_;
  std::vector<Key> keys_;  // keys_[i]: the position before moves_[i]; back(): the current one
  std::optional<GameEnd> end_;
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
};

struct ReplayError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Replays a record move by move under the variant's rules and checks that every move is legal,
// that the game ends exactly at its last move, and with the recorded result and reason.
// Throws ReplayError naming the first ply that disagrees.
void check_record(const Variant& variant, const GameRecord& record);

}  // namespace jungle
