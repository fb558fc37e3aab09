#include "engine/game.h"

#include <algorithm>
#include <unordered_map>

namespace jungle {

namespace {
Result win_for(Color c) { return c == WHITE ? Result::WhiteWins : Result::BlackWins; }
}  // namespace

Game::Game(const Variant& variant, const std::string& fen)
    : pos_(variant, fen.empty() ? variant.start : fen), keys_{pos_.key()} {
  update_legal();
  apply_end_rules();  // a position given mid-game may already be over
}

Move Game::legal_move(std::string_view text) const {
  if (text.size() != 4) return MOVE_NONE;
  const Square from = parse_square(text.substr(0, 2)), to = parse_square(text.substr(2, 2));
  if (from == SQ_NONE || to == SQ_NONE) return MOVE_NONE;
  const Move m = make_move(from, to);
  return legal_.contains(m) ? m : MOVE_NONE;
}

int Game::occurrences() const { return int(std::count(keys_.begin(), keys_.end(), keys_.back())); }

bool Game::play(Move m) {
  if (end_ || std::find(legal_.begin(), legal_.end(), m) == legal_.end()) return false;
  Undo undo;
  pos_.do_move(m, undo);
  moves_.push_back(m);
  keys_.push_back(pos_.key());
  plies_without_capture_ = undo.captured == NO_PIECE ? plies_without_capture_ + 1 : 0;
  update_legal();
  apply_end_rules();
  return true;
}

void Game::update_legal() {
  legal_ = legal_moves(pos_);
  // The counts are needed only under the forbidden rule, and a game's history can be long.
  if (pos_.variant().end.repetition_result != RepetitionResult::Forbidden) return;
  std::unordered_map<Key, int> seen;
  for (Key k : keys_) ++seen[k];
  drop_forbidden_repetitions(pos_, legal_, [&](const Position& after, const Undo&) {
    const auto it = seen.find(after.key());
    return 1 + (it == seen.end() ? 0 : it->second);
  });
}

void Game::apply_end_rules() {
  const std::optional<RulesEnd> end =
      rules_end(pos_, {legal_.size, occurrences(), plies(), plies_without_capture_});
  if (!end) return;
  const Color us = pos_.side_to_move();
  const Result result = end->outcome == Outcome::Draw ? Result::Draw : win_for(end->outcome == Outcome::Win ? us : ~us);
  end_ = GameEnd{result, end->reason};
}

void check_record(const Variant& variant, const GameRecord& record) {
  auto fail = [&](const std::string& what) { throw ReplayError(what); };
  if (record.variant != variant.name)
    fail("the record is of variant \"" + record.variant + "\", not \"" + variant.name + "\"");
  if (int(record.moves.size()) != record.plies)
    fail("plies is " + std::to_string(record.plies) + " but " + std::to_string(record.moves.size()) +
         " moves are recorded");
  if (record.opening.size() > record.moves.size() ||
      !std::equal(record.opening.begin(), record.opening.end(), record.moves.begin()))
    fail("the opening is not the start of the moves");
  Game game(variant, record.fen);
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    // Commands replay every game they read: the move is found in the game's own legal moves, and
    // the place named only when something is wrong.
    const Move m = game.end() ? MOVE_NONE : game.legal_move(record.moves[i]);
    if (m != MOVE_NONE && game.play(m)) continue;
    const std::string where = "ply " + std::to_string(i + 1) + " (" + record.moves[i] + "): ";
    if (game.end()) fail(where + "the game had already ended by " + end_reason_name(game.end()->reason));
    fail(where + "not a legal move in " + game.position().fen());
  }
  if (!decided_by_rules(record.reason)) {
    if (game.end())
      fail(std::string("the rules end the game by ") + end_reason_name(game.end()->reason) + ", the record says " +
           end_reason_name(record.reason));
    const Result forfeit = win_for(~game.position().side_to_move());
    if (is_forfeit(record.reason) && record.result != forfeit)
      fail(std::string("a forfeit by the side to move is ") + result_name(forfeit) + ", the record says " +
           result_name(record.result));
    return;
  }
  if (!game.end()) fail("the game has not ended after its " + std::to_string(record.plies) + " plies");
  if (game.end()->result != record.result || game.end()->reason != record.reason)
    fail(std::string("the rules end the game ") + result_name(game.end()->result) + " by " +
         end_reason_name(game.end()->reason) + ", the record says " + result_name(record.result) + " by " +
         end_reason_name(record.reason));
}

}  // namespace jungle
