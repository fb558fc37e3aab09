// An engine of a tournament: its definition on the command line (fastchess's `-engine cmd=
// name=`), and a player that drives it through the protocol of docs/protocol.md.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/game.h"
#include "protocol/engine_process.h"
#include "protocol/time_control.h"

namespace jungle {

// name=N,cmd=PATH[,dir=D][,args=A B C][,option.X=Y ...][,tc=...][,st=...][,nodes=...][,depth=...]
struct EngineConfig {
  std::string name;
  std::string command;
  std::filesystem::path dir;
  std::vector<std::string> args;
  std::vector<std::pair<std::string, std::string>> options;  // sent as setoption, in this order
  std::optional<TimeControl> limits;                         // this engine's own, over --each

  // The canonical text, as parse_engine_config reads it back.
  std::string text() const;
};

// Throws std::invalid_argument naming the key.
EngineConfig parse_engine_config(std::string_view text);

// The engine failed to start or to answer `uciok` / `readyok` in time; what() names it and its
// command.
struct EngineStartError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What an engine answered for one move: the move, or the fault that forfeits the game.
struct EngineAnswer {
  Move move = MOVE_NONE;
  MoveInfo info;                    // its last `info` line, and the time from `go` to `bestmove`
  std::optional<EndReason> fault;   // IllegalMove, Time or Disconnect
  std::string detail;               // what the fault was: "bestmove a3a9", "no bestmove within 1150 ms"
};

// The `go` line for the side `us` under its limits: both clocks and both increments, and the
// mover's moves to the next period, as cutechess and fastchess send them.
std::string go_command(const TimeControl& limits, Color us, const GameClock& white, const GameClock& black);

class EnginePlayer {
 public:
  // How long `uci` and `isready` may take to be answered, unless the constructor is told otherwise.
  static constexpr std::chrono::seconds STARTUP_TIMEOUT{10};
  // The longest wait for a move without a clock or a move time (depth or nodes limits only).
  static constexpr std::chrono::seconds UNTIMED_MOVE_LIMIT{60};

  EnginePlayer(EngineConfig config, std::int64_t margin_ms, std::chrono::seconds startup_timeout = STARTUP_TIMEOUT);

  const EngineConfig& config() const { return config_; }

  // Starts the engine and checks that it speaks the protocol, then quits it. Throws
  // EngineStartError. Called once per engine before a tournament writes anything.
  void probe();

  // Readies the engine for a game of `variant` (starting it again if a fault killed it): sets
  // UCI_Variant (and VariantPath for a variant read from a file), ucinewgame, isready. An
  // engine that cannot be readied forfeits its first move of the game, as a disconnect.
  void new_game(const Variant& variant);

  // The engine's move in the game's current position. The game began at `start_fen` (empty:
  // the variant's start). On a fault the engine is killed if it may be hung or gone; new_game
  // starts it again.
  EngineAnswer play(const Game& game, const std::string& start_fen, const TimeControl& limits,
                    const GameClock& white, const GameClock& black);

 private:
  void start();
  // UCI_Variant (and VariantPath), ucinewgame, isready; throws on any failure.
  void ready_for(const Variant& variant);
  // Reads lines until one starts with `prefix`; throws EngineStartError on a timeout or exit.
  void expect(const std::string& prefix, const std::string& after);

  EngineConfig config_;
  std::int64_t margin_ms_;
  std::chrono::seconds startup_timeout_;
  std::unique_ptr<EngineProcess> process_;
  std::string broken_;  // why new_game could not ready the engine; empty when it could
};

}  // namespace jungle
