// One game of a tournament between two contestants, built-in players or engines: the opening,
// then a move from each in turn under its limits and clock, until the rules, a forfeit or an
// adjudication end it. The result is a plain record (results_file.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"
#include "match/adjudication.h"
#include "players/player.h"
#include "protocol/engine_player.h"
#include "protocol/time_control.h"

namespace jungle {

// One side of a game.
class Contestant {
 public:
  virtual ~Contestant() = default;
  virtual std::string name() const = 0;
  // True for an engine: its moves are reported with what it said, and it plays under limits.
  virtual bool reports() const = 0;
  virtual void new_game(const Variant&) {}
  virtual EngineAnswer play(const Game& game, const std::string& start_fen, const TimeControl& limits,
                            const GameClock& white, const GameClock& black) = 0;
  // What a built-in player has searched (Player::searched); nothing for an engine, whose search
  // is its own process's.
  virtual SearchTally searched() const { return {}; }
};

// A built-in player (players/player.h): its own spec limits its search; it never forfeits.
class BuiltinContestant : public Contestant {
 public:
  explicit BuiltinContestant(std::unique_ptr<Player> player) : player_(std::move(player)) {}
  std::string name() const override { return player_->spec(); }
  bool reports() const override { return false; }
  EngineAnswer play(const Game& game, const std::string&, const TimeControl&, const GameClock&,
                    const GameClock&) override;
  SearchTally searched() const override { return player_->searched(); }

 private:
  std::unique_ptr<Player> player_;
};

// An engine, owned elsewhere (it lives from game to game).
class EngineContestant : public Contestant {
 public:
  explicit EngineContestant(EnginePlayer& engine) : engine_(engine) {}
  std::string name() const override { return engine_.config().name; }
  bool reports() const override { return true; }
  void new_game(const Variant& variant) override { engine_.new_game(variant); }
  EngineAnswer play(const Game& game, const std::string& start_fen, const TimeControl& limits,
                    const GameClock& white, const GameClock& black) override {
    return engine_.play(game, start_fen, limits, white, black);
  }

 private:
  EnginePlayer& engine_;
};

struct GameRules {
  TimeControl limits[COLOR_NB];  // each side's
  std::int64_t margin_ms[COLOR_NB] = {0, 0};  // how far each side may overstep its clock
  DrawAdjudication draw;
  ResignAdjudication resign;
  // --tb-adjudicate: the tables of the game's variant; null: off.
  std::shared_ptr<tablebase::DiskTables> tablebases;
};

// Plays the game from `start_fen` (empty: the variant's start) after the opening's moves.
// Throws std::logic_error for an opening move that is not legal.
GameRecord play_game(const Variant& variant, const std::string& start_fen, const std::vector<std::string>& opening,
                     Contestant& white, Contestant& black, const GameRules& rules, std::uint64_t seed);

}  // namespace jungle
