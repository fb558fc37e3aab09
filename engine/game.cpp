#include "engine/game.h"

#include <algorithm>
#include <unordered_map>

namespace jungle {

namespace {
constexpr const char* RESULT_NAMES[] = {"1-0", "0-1", "1/2-1/2"};

Result win_for(Color c) { return c == WHITE ? Result::WhiteWins : Result::BlackWins; }
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

Game::Game(const Variant& variant, const std::string& fen)
    : pos_(variant, fen.empty() ? variant.start : fen), keys_{pos_.key()} {
  update_legal();
  // A position given mid-game may already be over.
  const Color us = pos_.side_to_move();
  if (pos_.den_entered())
    end_ = GameEnd{win_for(pos_.pieces(~us) & variant.den_bb[us] ? ~us : us), EndReason::Den};
  else if (legal_.size == 0)
    end_ = GameEnd{variant.end.no_moves == NoMovesResult::Loss ? win_for(~us) : Result::Draw, EndReason::NoMoves};
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
  const Color mover = pos_.side_to_move();
  Undo undo;
  pos_.do_move(m, undo);
  moves_.push_back(m);
  keys_.push_back(pos_.key());
  plies_without_capture_ = undo.captured == NO_PIECE ? plies_without_capture_ + 1 : 0;
  update_legal();
  apply_end_rules(mover);
  return true;
}

void Game::update_legal() {
  legal_ = legal_moves(pos_);
  const EndRules& rules = pos_.variant().end;
  if (rules.repetition_result != RepetitionResult::Forbidden) return;
  // Only a position that has occurred count - 1 times already can be completed by a move.
  std::unordered_map<Key, int> seen;
  for (Key k : keys_) ++seen[k];
  int kept = 0;
  for (Move m : legal_) {
    Undo undo;
    pos_.do_move(m, undo);
    const auto it = seen.find(pos_.key());
    const bool completes = it != seen.end() && it->second + 1 >= rules.repetition_count;
    pos_.undo_move(m, undo);
    if (!completes) legal_.moves[kept++] = m;
  }
  legal_.size = kept;
}

// Decisive rules come before drawn ones: a move that enters the den wins even on the last ply.
void Game::apply_end_rules(Color mover) {
  const Variant& v = pos_.variant();
  const EndRules& rules = v.end;
  const Color opponent = ~mover;
  if (pos_.pieces(mover) & v.den_bb[opponent]) {
    end_ = GameEnd{win_for(mover), EndReason::Den};
  } else if (rules.capture_all == CaptureAllResult::Win && !pos_.pieces(opponent)) {
    end_ = GameEnd{win_for(mover), EndReason::CaptureAll};
  } else if ((rules.repetition_result == RepetitionResult::Draw || rules.repetition_result == RepetitionResult::Loss) &&
             occurrences() >= rules.repetition_count) {
    end_ = GameEnd{rules.repetition_result == RepetitionResult::Draw ? Result::Draw : win_for(opponent),
                   EndReason::Repetition};
  } else if (legal_.size == 0) {
    end_ = GameEnd{rules.no_moves == NoMovesResult::Loss ? win_for(mover) : Result::Draw, EndReason::NoMoves};
  } else if (rules.max_plies > 0 && plies() >= rules.max_plies) {
    end_ = GameEnd{Result::Draw, EndReason::MaxPlies};
  } else if (rules.no_capture_plies > 0 && plies_without_capture_ >= rules.no_capture_plies) {
    end_ = GameEnd{Result::Draw, EndReason::NoCapture};
  }
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
