#include "match/match_game.h"

#include <chrono>
#include <stdexcept>

#include "engine/movegen.h"

namespace jungle {

EngineAnswer BuiltinContestant::play(const Game& game, const std::string&, const TimeControl&, const GameClock&,
                                     const GameClock&) {
  const auto start = std::chrono::steady_clock::now();
  EngineAnswer answer;
  answer.move = player_->choose(game);
  answer.info.ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  return answer;
}

GameRecord play_game(const Variant& variant, const std::string& start_fen, const std::vector<std::string>& opening,
                     Contestant& white, Contestant& black, const GameRules& rules, std::uint64_t seed) {
  Game game(variant, start_fen);
  for (const std::string& text : opening)
    if (!game.play(parse_move(game.position(), text)))
      throw std::logic_error("opening move " + text + " is not legal in " + game.position().fen());
  Contestant* sides[COLOR_NB] = {&white, &black};
  white.new_game(variant);
  black.new_game(variant);

  GameRecord r;
  r.variant = variant.name;
  r.white = white.name();
  r.black = black.name();
  r.seed = seed;
  r.opening = opening;
  r.fen = start_fen;
  // Built-in players' games stay as they were: no timings, which would differ from run to run.
  const bool reported = white.reports() || black.reports();
  GameClock clocks[COLOR_NB] = {GameClock(rules.limits[WHITE]), GameClock(rules.limits[BLACK])};
  Adjudicator adjudicator(rules.draw, rules.resign);
  std::optional<GameEnd> imposed;  // a forfeit or an adjudication, which the rules do not know

  while (!game.end() && !imposed) {
    // Before every move, the opening's last position included: as soon as a table holds it.
    if (rules.tablebases)
      if (auto verdict = tablebase_verdict(*rules.tablebases, game)) {
        imposed = GameEnd{verdict->first, EndReason::Tablebase};
        r.detail = verdict->second;
        break;
      }
    const Color us = game.position().side_to_move();
    const EngineAnswer answer = sides[us]->play(game, start_fen, rules.limits[us], clocks[WHITE], clocks[BLACK]);
    const Result loss = us == WHITE ? Result::BlackWins : Result::WhiteWins;
    if (answer.fault) {
      imposed = GameEnd{loss, *answer.fault};
      r.detail = answer.detail;
      break;
    }
    if (!clocks[us].charge(answer.info.ms, rules.margin_ms[us])) {
      imposed = GameEnd{loss, EndReason::Time};
      r.detail = "took " + std::to_string(answer.info.ms) + " ms with " + std::to_string(clocks[us].left_ms()) +
                 " ms left";
      break;
    }
    if (!game.play(answer.move))
      throw std::logic_error("player " + sides[us]->name() + " chose the illegal move " + move_to_string(answer.move) +
                             " in " + game.position().fen());
    if (reported) {
      MoveInfo info = answer.info;
      if (rules.limits[us].has_clock()) info.time_left_ms = clocks[us].left_ms();
      r.info.push_back(std::move(info));
    }
    if (!game.end() && sides[us]->reports()) {
      if (auto verdict = adjudicator.after_move(us, answer.info, game.plies())) {
        imposed = GameEnd{verdict->first, EndReason::Adjudication};
        r.detail = verdict->second;
      }
    }
  }
  for (Move m : game.moves()) r.moves.push_back(move_to_string(m));
  const GameEnd end = imposed ? *imposed : *game.end();
  r.result = end.result;
  r.reason = end.reason;
  r.plies = game.plies();
  return r;
}

}  // namespace jungle
