// An engine as a child process: its standard input and output are pipes to us, one protocol
// line at a time, and every read has a deadline, so that an engine that hangs, floods or dies
// never blocks the caller.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace jungle {

// The engine cannot be started, has exited, or broke the line limit; what() says which.
struct EngineProcessError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class EngineProcess {
 public:
  using Clock = std::chrono::steady_clock;
  // A line longer than this is a broken engine, not a protocol message.
  static constexpr std::size_t MAX_LINE = 1 << 20;

  // Runs `program` (looked up in PATH if it has no '/') with `args`, in `dir` if not empty.
  // Standard error is left to ours; the child gets its own process group, so that killing it
  // also kills whatever it started.
  EngineProcess(const std::string& program, const std::vector<std::string>& args,
                const std::filesystem::path& dir = {});
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Sends one line (a '\n' is added). Throws EngineProcessError once the engine has gone.
  void send(const std::string& line);

  // The next line, without its '\n' (and '\r'), or nothing if none is complete by the deadline.
  // Throws EngineProcessError when the engine has closed its output (exited or crashed), or a
  // line exceeds MAX_LINE.
  std::optional<std::string> read_line(Clock::time_point deadline);

  // Kills the engine (and its group) and reaps it; safe to call twice.
  void kill();

  // True until the engine's output has closed or kill() was called.
  bool running() const { return pid_ > 0 && !closed_; }

 private:
  pid_t pid_ = -1;
  int to_engine_ = -1, from_engine_ = -1;
  std::string buffer_;  // read but not yet returned
  bool closed_ = false;
};

}  // namespace jungle
