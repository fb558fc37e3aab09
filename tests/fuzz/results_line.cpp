// One line of a results file: parse_results_line reads a game or refuses the line with
// std::invalid_argument. A game it reads is written back by to_json_line to a line that reads as
// the same game, and writes back to the same text.
#include <cstdint>

#include "results/results_file.h"
#include "tests/fuzz/fuzz_support.h"

using namespace jungle;

namespace {

bool same(const StoredGame& a, const StoredGame& b) {
  const GameRecord &x = a.record, &y = b.record;
  return a.index == b.index && a.pair == b.pair && a.opening == b.opening && x.variant == y.variant &&
         x.white == y.white && x.black == y.black && x.seed == y.seed && x.opening == y.opening &&
         x.moves == y.moves && x.result == y.result && x.reason == y.reason && x.plies == y.plies &&
         x.fen == y.fen && x.info == y.info && x.detail == y.detail;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string line(fuzz::as_text(data, size));
  StoredGame game;
  try {
    game = parse_results_line(line);
  } catch (const std::invalid_argument&) {
    return 0;  // the documented refusal
  }
  const std::string written = to_json_line(game);
  StoredGame again;
  try {
    again = parse_results_line(written);
  } catch (const std::invalid_argument& e) {
    fuzz::finding("to_json_line wrote a line that does not read back (" + std::string(e.what()) + "): " + written);
  }
  if (!same(again, game)) fuzz::finding("to_json_line's line reads back as another game: " + written);
  if (to_json_line(again) != written) fuzz::finding("to_json_line writes the game read back differently: " + written);
  return 0;
}
