// Moves through Game::play. The input is words: a first word naming a bundled variant picks its
// rules (else standard), a number is an index into the legal moves (one past the end included),
// anything else a move text. A text's squares are made into a move whether legal or not, so that
// play() itself must refuse it. Every play either makes a legal move or changes nothing, nothing
// gets through once the game has ended, and the finished game replays as its record says.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <limits>
#include <vector>

#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/variant_loader.h"
#include "support/numbers.h"
#include "tests/fuzz/fuzz_support.h"

using namespace jungle;

namespace {

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    std::size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

// The move a word stands for in the game's current position, legal or not.
Move move_of(const Game& game, std::string_view word) {
  if (const auto index = parse_whole_number(word, 0u, std::numeric_limits<unsigned>::max())) {
    const MoveList& legal = game.legal();
    unsigned i = *index % unsigned(legal.size + 1);
    return i < unsigned(legal.size) ? legal.moves[i] : MOVE_NONE;
  }
  if (word.size() != 4) return MOVE_NONE;
  Square from = parse_square(word.substr(0, 2)), to = parse_square(word.substr(2, 2));
  return from == SQ_NONE || to == SQ_NONE ? MOVE_NONE : make_move(from, to);
}

std::string text(Move m) { return m == MOVE_NONE ? "no move" : move_to_string(m); }

GameRecord record_of(const Game& game, const Variant& variant) {
  GameRecord record;
  record.variant = variant.name;
  for (Move m : game.moves()) record.moves.push_back(move_to_string(m));
  record.result = game.end()->result;
  record.reason = game.end()->reason;
  record.plies = game.plies();
  return record;
}

// Whether m, a move of the piece's, would make a position occur as often as the rules forbid:
// counted here from the game's history, not asked of Game.
bool forbidden_repetition(const Game& game, Move m) {
  const EndRules& rules = game.position().variant().end;
  if (rules.repetition_result != RepetitionResult::Forbidden) return false;
  Position after = game.position();
  Undo undo;
  after.do_move(m, undo);
  const auto seen = std::count(game.history().begin(), game.history().end(), after.key());
  return seen + 1 >= rules.repetition_count;
}

void play_one(Game& game, Move m) {
  const std::string before = game.position().fen();
  const int plies = game.plies();
  const bool ended = game.end().has_value();
  const MoveList legal = legal_moves(game.position());
  const bool is_legal = std::find(legal.begin(), legal.end(), m) != legal.end() && !forbidden_repetition(game, m);

  const bool played = game.play(m);
  if (ended && played) fuzz::finding("a move was played after the game ended: " + text(m) + " in " + before);
  if (!ended && played != is_legal) fuzz::finding("play() and legal_moves disagree on " + text(m) + " in " + before);
  if (played && (game.plies() != plies + 1 || game.moves().back() != m)) fuzz::finding("a played move was not recorded");
  if (!played && (game.plies() != plies || game.position().fen() != before))
    fuzz::finding("a refused move changed the game: " + text(m) + " in " + before);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<Variant> variants = bundled_variants();
  std::vector<std::string_view> input = words(fuzz::as_text(data, size));

  const Variant* variant = &variants.front();
  for (const Variant& v : variants)
    if (v.name == "standard") variant = &v;
  std::size_t first = 0;
  if (!input.empty())
    for (const Variant& v : variants)
      if (v.name == input.front()) variant = &v, first = 1;

  Game game(*variant);
  for (std::size_t i = first; i < input.size(); ++i) {
    play_one(game, move_of(game, input[i]));
    if (game.end()) {
      // Every move of the position, and a raw one, must now be refused.
      for (Move m : legal_moves(game.position())) play_one(game, m);
      play_one(game, make_move(make_square(0, 0), make_square(0, 1)));
    }
  }
  if (game.end()) {
    try {
      check_record(*variant, record_of(game, *variant));
    } catch (const ReplayError& e) {
      fuzz::finding(std::string("the finished game does not replay: ") + e.what());
    }
  }
  return 0;
}
