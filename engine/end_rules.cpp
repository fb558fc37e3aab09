#include "engine/end_rules.h"

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

bool leaves_no_moves(Position& pos, Move m) {
  Undo undo;
  pos.do_move(m, undo);
  const bool stuck = !end_by_position(pos) && count_legal_moves(pos) == 0;
  pos.undo_move(m, undo);
  return stuck;
}

}  // namespace jungle
