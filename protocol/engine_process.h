// An engine as a child process (support/child_process.h): pipes both ways, one protocol line at a
// time, each read with a deadline, lines capped at 1 MiB, and messages that call it "the engine".
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "support/child_process.h"

namespace jungle {

// The engine cannot be started, has exited, or broke the line limit; what() says which.
using EngineProcessError = ChildProcessError;

class EngineProcess : public ChildProcess {
 public:
  // A line longer than this is a broken engine, not a protocol message.
  static constexpr std::size_t MAX_LINE = 1 << 20;

  // Runs `program` (looked up in PATH if it has no '/') with `args`, in `dir` if not empty;
  // standard error is left to ours.
  EngineProcess(const std::string& program, const std::vector<std::string>& args,
                const std::filesystem::path& dir = {})
      : ChildProcess({.program = program, .args = args, .dir = dir, .input = true, .name = "the engine"}) {}

  // The next line, or nothing if none is complete by the deadline. Throws EngineProcessError
  // when the engine has closed its output (exited or crashed), or a line exceeds MAX_LINE.
  std::optional<std::string> read_line(Clock::time_point deadline) { return ChildProcess::read_line(deadline, MAX_LINE); }

  // True until the engine's output has closed or kill() was called.
  bool running() const { return pid() > 0 && !output_closed(); }
};

}  // namespace jungle
