#include "engine/end_rules.h"

#include <bit>

namespace jungle {

namespace {
constexpr const char* RESULT_NAMES[] = {"1-0", "0-1", "1/2-1/2"};
}  // namespace

const char* result_name(Result r) { return RESULT_NAMES[int(r)]; }
const char* end_reason_name(EndReason r) { return END_REASON_INFO[int(r)].name; }

std::optional<Result> parse_result(std::string_view text) {
  for (int i = 0; i < 3; ++i)
    if (text == RESULT_NAMES[i]) return Result(i);
  return std::nullopt;
}

std::optional<EndReason> parse_end_reason(std::string_view text) {
  for (int i = 0; i < END_REASON_NB; ++i)
    if (text == END_REASON_INFO[i].name) return EndReason(i);
  return std::nullopt;
}

bool threatens_den(const Position& pos, Color attacker) {
  const Variant& v = pos.variant();
  if (pos.den_entered()) return false;
  const KindLanes ours = pos.pieces_by_kind(attacker);
  if ((ours & KindLanes::load(v.den_entry_steps[attacker])).nonempty()) return true;
  const KindLanes jumpers_by_kind = ours & KindLanes::load(v.den_entry_jumps[attacker]);
  if (!jumpers_by_kind.nonempty()) [[likely]] return false;
  // A piece that could jump onto the den stands where den_entry_jumps says: it threatens the den
  // unless a piece in the water stops the jump.
  const Bitboard den = v.den_bb[~attacker];
  const Bitboard blockers = jump_blockers(v, pos.pieces(attacker), pos.pieces(~attacker));
  for (unsigned kinds = jumpers_by_kind.nonempty(); kinds; kinds &= kinds - 1) {
    const Kind k = Kind(std::countr_zero(kinds));
    const Bitboard entries = den & v.enterable[attacker][k];
    for (Bitboard jumpers = jumpers_by_kind[k]; jumpers;)
      if (jump_landings(v, pop_lsb(jumpers), k, blockers) & entries) return true;
  }
  return false;
}

bool can_win_at_once(const Position& pos) {
  const Color us = pos.side_to_move();
  if (threatens_den(pos, us)) return true;
  const Bitboard last_piece = winning_squares(pos) & pos.pieces(~us);  // none unless capture-all wins
  return last_piece && (capture_targets(pos, us) & last_piece);
}

bool move_wins(Position& pos, Move m) {
  if (wins_at_once(pos, m)) return true;
  // The opponent's loss is the mover's win; a draw is no win.
  if (end_by_no_moves(pos.variant().end).outcome != Outcome::Loss) return false;
  Undo undo;
  pos.do_move(m, undo);
  const bool stuck = !end_by_position(pos) && count_legal_moves(pos) == 0;
  pos.undo_move(m, undo);
  return stuck;
}

}  // namespace jungle
