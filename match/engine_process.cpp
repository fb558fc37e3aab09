#include "engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace jungle {

namespace {

std::string system_error(const std::string& what) { return what + ": " + std::strerror(errno); }

}  // namespace

EngineProcess::EngineProcess(const std::string& program, const std::vector<std::string>& args,
                             const std::filesystem::path& dir) {
  // A write to an engine that has died must fail with EPIPE, not kill us.
  ::signal(SIGPIPE, SIG_IGN);
  int in[2], out[2];
  if (::pipe2(in, O_CLOEXEC) != 0) throw EngineProcessError(system_error("cannot make a pipe"));
  if (::pipe2(out, O_CLOEXEC) != 0) {
    ::close(in[0]);
    ::close(in[1]);
    throw EngineProcessError(system_error("cannot make a pipe"));
  }
  // Everything the child needs is made before fork: after it, only async-signal-safe calls.
  std::vector<char*> argv = {const_cast<char*>(program.c_str())};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const std::string directory = dir.string();
  int report[2];  // the child writes errno here if exec fails; closes on exec
  if (::pipe2(report, O_CLOEXEC) != 0) {
    for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
    throw EngineProcessError(system_error("cannot make a pipe"));
  }

  pid_ = ::fork();
  if (pid_ < 0) {
    for (int fd : {in[0], in[1], out[0], out[1], report[0], report[1]}) ::close(fd);
    throw EngineProcessError(system_error("cannot start " + program));
  }
  if (pid_ == 0) {
    ::setpgid(0, 0);
    ::dup2(in[0], STDIN_FILENO);
    ::dup2(out[1], STDOUT_FILENO);
    ::signal(SIGPIPE, SIG_DFL);
    int error = 0;
    if (!directory.empty() && ::chdir(directory.c_str()) != 0) error = errno;
    if (!error) {
      ::execvp(argv[0], argv.data());
      error = errno;
    }
    [[maybe_unused]] ssize_t n = ::write(report[1], &error, sizeof error);
    ::_exit(127);
  }
  ::setpgid(pid_, pid_);  // also here, so that a kill right after fork reaches the group
  ::close(in[0]);
  ::close(out[1]);
  ::close(report[1]);
  to_engine_ = in[1];
  from_engine_ = out[0];
  int error = 0;
  const ssize_t n = ::read(report[0], &error, sizeof error);
  ::close(report[0]);
  if (n == sizeof error) {
    kill();
    errno = error;
    throw EngineProcessError(system_error("cannot run " + program + (directory.empty() ? "" : " in " + directory)));
  }
}

EngineProcess::~EngineProcess() { kill(); }

void EngineProcess::send(const std::string& line) {
  if (to_engine_ < 0) throw EngineProcessError("the engine is not running");
  const std::string text = line + "\n";
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(to_engine_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw EngineProcessError(system_error("cannot write to the engine"));
    done += std::size_t(n);
  }
}

std::optional<std::string> EngineProcess::read_line(Clock::time_point deadline) {
  for (;;) {
    if (const std::size_t end = buffer_.find('\n'); end != std::string::npos) {
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (buffer_.size() > MAX_LINE) throw EngineProcessError("the engine wrote a line of more than 1 MiB");
    if (closed_ || from_engine_ < 0) throw EngineProcessError("the engine has exited");
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return std::nullopt;
    pollfd p{from_engine_, POLLIN, 0};
    const int ready = ::poll(&p, 1, int(std::min<long long>(left, 1'000'000)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) throw EngineProcessError(system_error("cannot read from the engine"));
    if (ready == 0) return std::nullopt;
    char chunk[4096];
    const ssize_t n = ::read(from_engine_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      closed_ = true;
      throw EngineProcessError("the engine has exited");
    }
    buffer_.append(chunk, std::size_t(n));
  }
}

void EngineProcess::kill() {
  if (to_engine_ >= 0) ::close(to_engine_);
  if (from_engine_ >= 0) ::close(from_engine_);
  to_engine_ = from_engine_ = -1;
  if (pid_ > 0) {
    ::kill(-pid_, SIGKILL);  // the group: a shell script's children too
    ::kill(pid_, SIGKILL);
    while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  pid_ = -1;
  closed_ = true;
}

}  // namespace jungle
