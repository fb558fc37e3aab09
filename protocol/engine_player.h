// An engine of a tournament: its definition on the command line (fastchess's `-engine cmd=
// name=`), and a player that drives it through the protocol of docs/protocol.md.
#pragma once

#include <chrono>
#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/game.h"
#include "protocol/engine_log.h"
#include "protocol/engine_process.h"
#include "protocol/time_control.h"

namespace jungle {

// name=N,cmd=PATH[,dir=D][,args=A B C][,option.X=Y ...][,tc=...][,st=...][,nodes=...][,depth=...]
//   [,timemargin=MS][,timeout.uci=DURATION][,timeout.isready=DURATION]
// --each takes the same keys but name, cmd, dir and args: the defaults of every engine.
struct EngineConfig {
  std::string name;
  std::string command;
  std::filesystem::path dir;
  std::vector<std::string> args;
  std::vector<std::pair<std::string, std::string>> options;  // sent as setoption, in this order
  std::optional<TimeControl> limits;                         // this engine's own, over --each
  std::optional<std::int64_t> margin_ms;                     // how far it may overstep its clock
  // How long `uci` may take to be answered (start-up), and each `isready` (the one after
  // `ucinewgame` included); EnginePlayer's default when not given.
  std::optional<std::chrono::milliseconds> uci_timeout, isready_timeout;

  // The canonical text, as parse_engine_config reads it back (parse_engine_defaults for --each).
  std::string text() const;
  // This engine with what it leaves out taken from `defaults` (--each): its limits, margin and
  // timeouts if it has none, and the defaults' options sent before its own.
  EngineConfig over(const EngineConfig& defaults) const;
};

// Throws std::invalid_argument naming the key.
EngineConfig parse_engine_config(std::string_view text);
// --each: every key of an engine but name, cmd, dir and args. Throws std::invalid_argument.
EngineConfig parse_engine_defaults(std::string_view text);

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

  // `margin_ms` and `startup_timeout` stand where the config gives no margin or timeouts.
  EnginePlayer(EngineConfig config, std::int64_t margin_ms, std::chrono::milliseconds startup_timeout = STARTUP_TIMEOUT);

  const EngineConfig& config() const { return config_; }

  // Every line to and from the engine goes to `log` from now on (nullptr: none), marked with the
  // game set by set_game (-1, the default: outside a game).
  void log_to(EngineLog* log) { log_ = log; }
  void set_game(int index) { game_ = index; }

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
  // The process's send and read_line, each line logged and remembered.
  void send(const std::string& line);
  std::optional<std::string> read_line(EngineProcess::Clock::time_point deadline);
  void remember(char direction, const std::string& line);
  // "; its last lines: > go ... | < info ...", for a forfeit's record; "" if none.
  std::string last_lines() const;
  // Reads lines until one starts with `prefix`, for at most `timeout`; throws EngineStartError
  // on a timeout or exit.
  void expect(const std::string& prefix, const std::string& after, std::chrono::milliseconds timeout);

  EngineConfig config_;
  std::int64_t margin_ms_;
  std::chrono::milliseconds uci_timeout_, isready_timeout_;
  std::unique_ptr<EngineProcess> process_;
  std::string broken_;  // why new_game could not ready the engine; empty when it could
  EngineLog* log_ = nullptr;
  int game_ = -1;
  // The last lines exchanged since the move began (or the game, in new_game), newest last.
  static constexpr std::size_t LAST_LINES_KEPT = 6;
  std::deque<std::string> last_lines_;
};

}  // namespace jungle
