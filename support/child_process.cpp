#include "support/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>

#include "support/child_reaper.h"
#include "support/child_start.h"
#include "support/text.h"

namespace jungle {

namespace {

std::string system_error(const std::string& what) { return what + ": " + std::strerror(errno); }

// Milliseconds left to the deadline, for poll: never negative, never past INT_MAX.
int left_ms(ChildProcess::Clock::time_point deadline) {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - ChildProcess::Clock::now()).count();
  return int(std::clamp<long long>(left, 0, INT_MAX));
}

void close_all(std::initializer_list<int> fds) {
  for (int fd : fds)
    if (fd >= 0) ::close(fd);
}

// Called where the child is seen to have gone. While a signal ends us (support/child_reaper.h)
// that is the ending's doing, not the child's: the caller must not report it as a fault (an
// engine's lost game, a failed chart), so it waits here for the end.
void gone() { wait_here_if_ending(); }

}  // namespace

ChildProcess::ChildProcess(const ChildSpec& spec) : name_(spec.name.empty() ? spec.program : spec.name) {
  wait_here_if_ending();  // a child started now would only be killed by the end
  // A write to a child that has died must fail with EPIPE, not kill us.
  if (spec.input) ::signal(SIGPIPE, SIG_IGN);
  int in[2] = {-1, -1}, out[2] = {-1, -1};
  if ((spec.input && ::pipe2(in, O_CLOEXEC) != 0) || (spec.output_file.empty() && ::pipe2(out, O_CLOEXEC) != 0)) {
    close_all({in[0], in[1]});
    throw ChildProcessError(system_error("cannot make a pipe"));
  }

  std::vector<char*> argv = {const_cast<char*>(spec.program.c_str())};
  for (const std::string& a : spec.args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const ChildStart start{.program = spec.program.c_str(),
                         .argv = argv.data(),
                         .dir = spec.dir.empty() ? nullptr : spec.dir.c_str(),
                         .input = in[0],
                         .output = out[1],
                         .output_file = spec.output_file.empty() ? nullptr : spec.output_file.c_str()};
  const int error = start_child(start, pid_);
  close_all({in[0], out[1]});
  to_child_ = in[1];
  from_child_ = out[0];
  closed_ = from_child_ < 0;
  if (error != 0) {
    pid_ = -1;
    kill();
    throw ChildProcessError("cannot run " + spec.program + (spec.dir.empty() ? "" : " in " + spec.dir.string()) +
                            ": " + std::strerror(error));
  }
}

ChildProcess::~ChildProcess() { kill(); }

void ChildProcess::send(const std::string& line) {
  if (to_child_ < 0) throw ChildProcessError(name_ + " is not running");
  const std::string text = line + "\n";
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(to_child_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      gone();
      throw ChildProcessError(system_error("cannot write to " + name_));
    }
    done += std::size_t(n);
  }
}

std::optional<std::string> ChildProcess::read_line(Clock::time_point deadline, std::size_t max_line) {
  for (;;) {
    if (const std::size_t end = buffer_.find('\n'); end != std::string::npos) {
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (buffer_.size() > max_line)
      throw ChildProcessError(name_ + " wrote a line of more than " + byte_size_text(max_line));
    if (closed_) throw ChildProcessError(name_ + " has exited");
    if (Clock::now() >= deadline) return std::nullopt;
    pollfd p{from_child_, POLLIN, 0};
    const int ready = ::poll(&p, 1, left_ms(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) throw ChildProcessError(system_error("cannot read from " + name_));
    if (ready == 0) return std::nullopt;
    char chunk[4096];
    const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      closed_ = true;
      gone();
      throw ChildProcessError(name_ + " has exited");
    }
    buffer_.append(chunk, std::size_t(n));
  }
}

ChildProcess::Stop ChildProcess::read_all(std::string& output, Clock::time_point deadline, std::size_t max_bytes) {
  output = std::move(buffer_);
  buffer_.clear();
  char chunk[65536];
  while (!closed_) {
    if (Clock::now() >= deadline) return kill(), Stop::Deadline;
    pollfd p{from_child_, POLLIN, 0};
    const int ready = ::poll(&p, 1, left_ms(deadline));
    if (ready < 0 && errno != EINTR) throw ChildProcessError(system_error("cannot read from " + name_));
    if (ready <= 0) continue;
    const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw ChildProcessError(system_error("cannot read from " + name_));
    if (n == 0) {
      closed_ = true;
      gone();
    } else if (output.size() + std::size_t(n) > max_bytes) {
      return kill(), Stop::OutputCap;
    } else {
      output.append(chunk, std::size_t(n));
    }
  }
  return Stop::Closed;
}

std::optional<int> ChildProcess::wait(Clock::time_point deadline) {
  while (!status_ && pid_ > 0) {
    int status = 0;
    const pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      gone();
      status_ = status;
      pid_ = -1;
      break;
    }
    if (done < 0 && errno != EINTR) {
      gone();
      throw ChildProcessError(system_error("cannot wait for " + name_));
    }
    if (Clock::now() >= deadline) return kill(), std::nullopt;
    // A child that has closed its output is about to exit: poll its exit, a millisecond apart.
    ::usleep(1000);
  }
  return status_;
}

void ChildProcess::kill() {
  close_all({to_child_, from_child_});
  to_child_ = from_child_ = -1;
  closed_ = true;
  if (pid_ > 0) {
    ::kill(-pid_, SIGKILL);  // the group: a shell script's children too
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    status_ = status;
  }
  pid_ = -1;
}

std::string describe_exit(int status) {
  if (WIFSIGNALED(status)) return "was killed by signal " + std::to_string(WTERMSIG(status));
  return "exited with status " + std::to_string(WEXITSTATUS(status));
}

}  // namespace jungle
