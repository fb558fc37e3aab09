// A position text under the standard rules: it parses or is refused with PositionError. A position
// that parses writes itself back to text that parses to the same position and the same text, and
// its move counters agree with its move list, and every move made and taken back leaves it as it was.
#include <cstdint>

#include "engine/movegen.h"
#include "engine/position.h"
#include "perft/perft.h"
#include "tests/fuzz/fuzz_support.h"

using namespace jungle;

namespace {

void check_moves(Position& pos) {
  const MoveList moves = legal_moves(pos);
  if (count_legal_moves(pos) != moves.size) fuzz::finding("count_legal_moves differs from legal_moves in " + pos.fen());
  if (pos.den_entered() && moves.size != 0) fuzz::finding("a finished game has moves: " + pos.fen());

  const std::string fen = pos.fen();
  const Key key = pos.key();
  std::uint64_t two_plies = 0;
  Undo undo;
  for (Move m : moves) {
    if (parse_move(pos, move_to_string(m)) != m) fuzz::finding(move_to_string(m) + " does not read back in " + fen);
    pos.do_move(m, undo);
    two_plies += std::uint64_t(count_legal_moves(pos));
    pos.undo_move(m, undo);
    if (pos.fen() != fen || pos.key() != key) fuzz::finding("making and taking back " + move_to_string(m) + " changes " + fen);
  }
  if (count_two_plies(pos) != two_plies) fuzz::finding("count_two_plies differs from the moves' move counts in " + fen);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Variant standard;  // the built-in standard rules
  const std::string_view text = fuzz::as_text(data, size);
  try {
    Position pos(standard, text);
    const std::string fen = pos.fen();
    const Position again(standard, fen);
    if (!(again == pos) || again.key() != pos.key()) fuzz::finding("fen() does not read back to the same position: " + fen);
    if (again.fen() != fen) fuzz::finding("fen() of the position read back differs: " + fen);
    check_moves(pos);
  } catch (const PositionError&) {
    // The documented refusal.
  }
  return 0;
}
