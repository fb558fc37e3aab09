// How a game ends, in one place: the ways it can end, and the variant's [end] rules that end it.
// Game applies them to the game it keeps; the searcher, MCTS, Texel's quiescence and the endgame
// tables ask the same functions about the positions they look at, so that a rule changed here
// changes for all of them. (What a player makes of an ending it foresees, such as the searcher
// scoring an early repetition as a draw, stays with the player.)
#pragma once

#include <cstdint>
#include <iterator>
#include <optional>
#include <string_view>
#include <utility>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/variant.h"

namespace jungle {

enum class Result : std::uint8_t { WhiteWins, BlackWins, Draw };

// Every way a game ends, once: the enumerator, its name in results files, who decides it, and
// whether it is a forfeit (lost by the side that was to move after the last recorded move). The
// variant's [end] rules decide the first six; a tournament the rest, for an engine that breaks
// the protocol (an illegal move, no move in time, a crash) or a game it decides early (on the
// engines' scores, or on an endgame table's value: --tb-adjudicate).
#define JUNGLE_END_REASONS(X)                              \
  X(Den, "den", Rules, false)                              \
  X(CaptureAll, "capture-all", Rules, false)               \
  X(NoMoves, "no-moves", Rules, false)                     \
  X(Repetition, "repetition", Rules, false)                \
  X(MaxPlies, "limit", Rules, false)                       \
  X(NoCapture, "no-capture", Rules, false)                 \
  X(IllegalMove, "illegal-move", Tournament, true)         \
  X(Time, "time", Tournament, true)                        \
  X(Disconnect, "disconnect", Tournament, true)            \
  X(Adjudication, "adjudication", Tournament, false)       \
  X(Tablebase, "tablebase", Tournament, false)

enum class EndReason : std::uint8_t {
#define JUNGLE_ENUMERATOR(reason, name, decider, forfeit) reason,
  JUNGLE_END_REASONS(JUNGLE_ENUMERATOR)
#undef JUNGLE_ENUMERATOR
};

enum class Decider : std::uint8_t { Rules, Tournament };
struct EndReasonInfo {
  const char* name;
  Decider decider;
  bool forfeit;
};
constexpr EndReasonInfo END_REASON_INFO[] = {
#define JUNGLE_INFO(reason, name, decider, forfeit) {name, Decider::decider, forfeit},
    JUNGLE_END_REASONS(JUNGLE_INFO)
#undef JUNGLE_INFO
};
constexpr int END_REASON_NB = int(std::size(END_REASON_INFO));

constexpr bool decided_by_rules(EndReason r) { return END_REASON_INFO[int(r)].decider == Decider::Rules; }
constexpr bool is_forfeit(EndReason r) { return END_REASON_INFO[int(r)].forfeit; }

// "1-0", "0-1", "1/2-1/2"; and "den", "capture-all", "no-moves", "repetition", "limit",
// "no-capture", "illegal-move", "time", "disconnect", "adjudication", "tablebase".
const char* result_name(Result r);
const char* end_reason_name(EndReason r);
std::optional<Result> parse_result(std::string_view text);
std::optional<EndReason> parse_end_reason(std::string_view text);

// An ending the rules decide, for the side to move in the position where it ends.
enum class Outcome : std::uint8_t { Win, Loss, Draw };
struct RulesEnd {
  Outcome outcome;
  EndReason reason;
  bool operator==(const RulesEnd&) const = default;
};

// What the rules need to know of a game beyond its position.
struct GameCounts {
  int legal_moves;  // of the position, the repetition rule applied (Game::legal)
  int occurrences = 1;  // of the position in the game, itself included
  int plies = 0;        // played in the game
  int plies_without_capture = 0;
};

// The [end] rules come in three groups, so that a search pays only for what it asks: those of the
// position alone, then repetition, then those that need the legal moves and the counters. Asked in
// this order they decide as rules_end does.

// A den entered (lost by the side whose den it is), or, with capture_all = win, no piece left to
// the side to move.
inline std::optional<RulesEnd> end_by_position(const Position& pos) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  if (pos.pieces(~us) & v.den_bb[us]) return RulesEnd{Outcome::Loss, EndReason::Den};
  if (pos.pieces(us) & v.den_bb[~us]) return RulesEnd{Outcome::Win, EndReason::Den};  // only a given position
  if (v.end.capture_all == CaptureAllResult::Win && !pos.pieces(us)) return RulesEnd{Outcome::Loss, EndReason::CaptureAll};
  return std::nullopt;
}

// The occurrence of a position, itself included, that completes a repetition: the rule's count.
inline bool completes_repetition(const EndRules& rules, int occurrences) {
  return occurrences >= rules.repetition_count;
}

// The position's occurrence that completes a repetition: a draw, or a loss for the side whose
// move completed it (so a win for the side to move). A forbidden repetition never occurs.
inline std::optional<RulesEnd> end_by_repetition(const EndRules& rules, int occurrences) {
  if (!completes_repetition(rules, occurrences)) return std::nullopt;
  if (rules.repetition_result == RepetitionResult::Draw) return RulesEnd{Outcome::Draw, EndReason::Repetition};
  if (rules.repetition_result == RepetitionResult::Loss) return RulesEnd{Outcome::Win, EndReason::Repetition};
  return std::nullopt;
}

// A side to move with no legal move: a loss or a draw.
inline RulesEnd end_by_no_moves(const EndRules& rules) {
  return {rules.no_moves == NoMovesResult::Loss ? Outcome::Loss : Outcome::Draw, EndReason::NoMoves};
}

// No legal move, then the ply limit and the no-capture limit (draws).
inline std::optional<RulesEnd> end_by_moves_and_limits(const EndRules& rules, int legal_moves, int plies,
                                                       int plies_without_capture) {
  if (legal_moves == 0) return end_by_no_moves(rules);
  if (rules.max_plies > 0 && plies >= rules.max_plies) return RulesEnd{Outcome::Draw, EndReason::MaxPlies};
  if (rules.no_capture_plies > 0 && plies_without_capture >= rules.no_capture_plies)
    return RulesEnd{Outcome::Draw, EndReason::NoCapture};
  return std::nullopt;
}

// Every rule, decisive ones first: a move that enters the den wins even on the last ply.
inline std::optional<RulesEnd> rules_end(const Position& pos, const GameCounts& counts) {
  const EndRules& rules = pos.variant().end;
  if (auto end = end_by_position(pos)) return end;
  if (auto end = end_by_repetition(rules, counts.occurrences)) return end;
  return end_by_moves_and_limits(rules, counts.legal_moves, counts.plies, counts.plies_without_capture);
}

// A side to move left with no piece (what taking the last enemy piece leads to): capture-all if
// it wins, else the side has no moves.
inline RulesEnd end_without_pieces(const EndRules& rules) {
  if (rules.capture_all == CaptureAllResult::Win) return {Outcome::Loss, EndReason::CaptureAll};
  return end_by_no_moves(rules);
}

// True if m, played in pos, makes a position that completes a repetition. occurrences(after,
// undo) is asked with m played: how often the position `after` has occurred, itself included, in
// the game and on the way to pos (each caller keeps its own history; undo says what m took).
// pos is given back as it was.
template <class Occurrences>
bool completes_repetition(Position& pos, Move m, Occurrences&& occurrences) {
  Undo undo;
  pos.do_move(m, undo);
  const bool completes = completes_repetition(pos.variant().end, occurrences(std::as_const(pos), std::as_const(undo)));
  pos.undo_move(m, undo);
  return completes;
}

// With repetition.result = "forbidden", leaves out of `moves` (pos's) those that would complete a
// repetition: they are not legal, and a side left with no other move meets the no_moves rule.
// Under any other rule the list stays whole. occurrences: as for completes_repetition.
template <class Occurrences>
void drop_forbidden_repetitions(Position& pos, MoveList& moves, Occurrences&& occurrences) {
  if (pos.variant().end.repetition_result != RepetitionResult::Forbidden) return;
  int kept = 0;
  for (Move m : moves)
    if (!completes_repetition(pos, m, occurrences)) moves.moves[kept++] = m;
  moves.size = kept;
}

// The squares a move of the side to move wins on at once: the enemy den, and the last enemy
// piece when capture_all = win. (Leaving the opponent without a move also wins when
// no_moves = loss; that needs the move played: move_wins.)
inline Bitboard winning_squares(const Position& pos) {
  const Variant& v = pos.variant();
  const Color them = ~pos.side_to_move();
  const bool capture_wins = v.end.capture_all == CaptureAllResult::Win && popcount(pos.pieces(them)) == 1;
  return v.den_bb[them] | (capture_wins ? pos.pieces(them) : 0);
}

inline bool wins_at_once(const Position& pos, Move m) { return winning_squares(pos) & square_bb(to_sq(m)); }

// True if `attacker` could step or jump onto the den of the other side on its next move.
bool threatens_den(const Position& pos, Color attacker);

// True if some legal move of the side to move wins at once (wins_at_once), worked out from the
// move generator's masks without listing the moves. Neither such move can complete a repetition
// (no earlier position had a piece on the den, or as few pieces), so a list without forbidden
// repetitions has one exactly when this is true.
bool can_win_at_once(const Position& pos);

// True if the move wins the game: wins_at_once, or, with no_moves = loss, the opponent has no
// legal move after it (and the game did not end otherwise). For the last, plays the move on pos
// and takes it back.
bool move_wins(Position& pos, Move m);

}  // namespace jungle
