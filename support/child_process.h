// Other programs run as child processes: engines, perft-diff's other generator, gnuplot. Every
// child gets a process group of its own, so that killing it also kills whatever it started,
// and dies with the thread that started it, even one killed by SIGKILL (support/child_start.h);
// every wait on it has a deadline, so that a child that hangs, floods or dies never blocks the
// caller. A process group leaves the terminal's Ctrl-C out of reach: support/child_reaper.h
// ends the children on signals.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace jungle {

struct ChildSpec {
  std::string program{};  // looked up in PATH when it holds no '/'
  std::vector<std::string> args{};
  std::filesystem::path dir{};  // where the child runs; empty: here
  // Standard input: a pipe for send(), or else empty (/dev/null).
  bool input = false;
  // Standard output (and standard error with it) into this file; empty: a pipe for the reads
  // below, with standard error left to ours.
  std::filesystem::path output_file{};
  // What messages call it ("the engine"); empty: the program.
  std::string name{};
};

// The child cannot be started, cannot be written to or read from, or has gone; one line.
struct ChildProcessError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  // Starts the child. Throws ChildProcessError "cannot run PROGRAM[ in DIR]: why".
  explicit ChildProcess(const ChildSpec& spec);
  ~ChildProcess();  // kills it
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Sends one line ('\n' added). Throws ChildProcessError once the child has gone.
  void send(const std::string& line);

  // The next line of its output, without '\n' (and '\r'), or nothing if none is complete by the
  // deadline. Throws ChildProcessError when its output has closed, or a line passes max_line.
  std::optional<std::string> read_line(Clock::time_point deadline, std::size_t max_line);

  enum class Stop { Closed, Deadline, OutputCap };
  // Reads its output into `output` until the output closes (Closed), the deadline passes, or
  // the output would pass max_bytes; on the last two the child is killed.
  Stop read_all(std::string& output, Clock::time_point deadline, std::size_t max_bytes);

  // Its exit status as waitpid gives it, or nothing if it has not exited by the deadline; it is
  // then killed.
  std::optional<int> wait(Clock::time_point deadline);

  // Kills the child and its group, and reaps it; safe to call twice.
  void kill();

  bool output_closed() const { return closed_; }
  pid_t pid() const { return pid_; }

 private:
  std::string name_;
  pid_t pid_ = -1;
  int to_child_ = -1, from_child_ = -1;
  std::string buffer_;  // read but not yet returned
  bool closed_ = false;
  std::optional<int> status_;
};

// "exited with status N" or "was killed by signal N", from a status as waitpid gives it.
std::string describe_exit(int status);

}  // namespace jungle
