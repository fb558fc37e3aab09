// The engine log of a tournament (--log FILE, fastchess's -log): every line sent to and read from
// every engine, each with the time, the engine's name and the game, as it happens, so that what an
// engine was told and said before a forfeit can be read afterwards. Thread-safe; each line is
// flushed as it is written, so an interrupted run keeps all of it.
//   2026-12-07T06:12:01.123Z new game 5 > go wtime 1950 btime 2000 winc 20 binc 20
//   2026-12-07T06:12:01.180Z new game 5 < bestmove a3a4
// "game -" marks lines outside a game (the check before the tournament).
#pragma once

#include <cstdio>
#include <filesystem>
#include <mutex>
#include <string>

namespace jungle {

class EngineLog {
 public:
  // Appends to `file`, creating it; throws std::runtime_error naming it if it cannot be opened.
  explicit EngineLog(const std::filesystem::path& file);
  ~EngineLog();
  EngineLog(const EngineLog&) = delete;
  EngineLog& operator=(const EngineLog&) = delete;

  enum class Direction : char { ToEngine = '>', FromEngine = '<' };
  // `game` is the game's index in the tournament, or -1 outside a game.
  void write(const std::string& engine, int game, Direction direction, const std::string& line);

 private:
  std::mutex mutex_;
  std::FILE* out_;
};

}  // namespace jungle
