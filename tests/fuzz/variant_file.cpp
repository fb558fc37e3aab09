// A variant file: the loader loads it or refuses it with one VariantError. A variant that loads
// must work: its start position, perft(2) by the bulk counter and by making the moves, and a
// short game whose moves the input chooses.
#include <cstdint>

#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/variant_loader.h"
#include "perft/perft.h"
#include "tests/fuzz/fuzz_support.h"

using namespace jungle;

namespace {

void exercise(const Variant& variant, std::string_view choices) {
  Position pos(variant, variant.start);
  std::uint64_t by_moves = 0;
  Undo undo;
  for (Move m : legal_moves(pos)) {
    pos.do_move(m, undo);
    by_moves += std::uint64_t(count_legal_moves(pos));
    pos.undo_move(m, undo);
  }
  if (perft(pos, 2) != by_moves) fuzz::finding("perft(2) of the start differs from its moves' move counts");

  Game game(variant);
  for (std::size_t ply = 0; ply < 20 && !game.end(); ++ply) {
    const MoveList& legal = game.legal();
    if (legal.size == 0) fuzz::finding("a game that has not ended has no moves");
    unsigned char choice = choices.empty() ? 0 : choices[ply % choices.size()];
    if (!game.play(legal.moves[choice % legal.size])) fuzz::finding("the game refused one of its legal moves");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  // A folder of its own: `extends` looks beside the file first, then among the bundled variants.
  const auto file = fuzz::scratch().write("fuzz.toml", text);
  try {
    exercise(load_variant_file(file), text);
  } catch (const VariantError&) {
    // The documented refusal.
  }
  return 0;
}
