#include "support/child_reaper.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

namespace jungle {

namespace {

// Everything below runs inside a signal handler: system calls, no allocation, no lock, no stdio.

std::atomic<bool> ending{false};

constexpr std::size_t MAX_LISTED = 1024;  // children handled per round; more wait for the next

// Appends the pids listed in /proc/self/task/TASK/children to out[count..capacity).
void read_children(int tasks, const char* task, pid_t* out, std::size_t& count, std::size_t capacity) {
  char path[64];
  const std::size_t length = std::strlen(task);
  if (length + sizeof "/children" > sizeof path) return;
  std::memcpy(path, task, length);
  std::memcpy(path + length, "/children", sizeof "/children");
  const int file = ::openat(tasks, path, O_RDONLY | O_CLOEXEC);
  if (file < 0) return;
  // "PID PID ... ": a number may straddle two reads.
  pid_t number = 0;
  bool in_number = false;
  char chunk[4096];
  for (ssize_t n; (n = ::read(file, chunk, sizeof chunk)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    for (ssize_t i = 0; i < n; ++i) {
      if (chunk[i] >= '0' && chunk[i] <= '9') {
        number = number * 10 + (chunk[i] - '0');
        in_number = true;
      } else if (in_number) {
        if (count < capacity) out[count++] = number;
        number = 0;
        in_number = false;
      }
    }
  }
  if (in_number && count < capacity) out[count++] = number;
  ::close(file);
}

// Our children: each thread's, since a child belongs to the thread that started it, and an
// orphan comes to one of our threads. Returns how many, at most `capacity`.
std::size_t list_children(pid_t* out, std::size_t capacity) {
  const int tasks = ::open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (tasks < 0) return 0;
  std::size_t count = 0;
  alignas(struct dirent64) char entries[4096];
  for (ssize_t n; (n = ::getdents64(tasks, entries, sizeof entries)) > 0;)
    for (ssize_t at = 0; at < n;) {
      const auto* entry = reinterpret_cast<const struct dirent64*>(entries + at);
      at += entry->d_reclen;
      if (entry->d_name[0] >= '0' && entry->d_name[0] <= '9') read_children(tasks, entry->d_name, out, count, capacity);
    }
  ::close(tasks);
  return count;
}

extern "C" void end_children_then_self(int signal) {
  // A second signal while the first ends us: the first finishes the work.
  if (ending.exchange(true)) {
    for (;;) ::pause();
  }
  end_all_children();
  struct sigaction defaults {};
  defaults.sa_handler = SIG_DFL;
  ::sigaction(signal, &defaults, nullptr);
  // Blocked until this handler returns; then it ends the process, every thread with it.
  ::raise(signal);
}

}  // namespace

void end_all_children() {
  pid_t children[MAX_LISTED];
  for (std::size_t n; (n = list_children(children, MAX_LISTED)) > 0;) {
    // The group first: an engine's children that stayed in its group (a shell script's) die
    // with it. A child whose pid leads no group makes the first kill fail, harmlessly.
    for (std::size_t i = 0; i < n; ++i) {
      ::kill(-children[i], SIGKILL);
      ::kill(children[i], SIGKILL);
    }
    // Reaped, each child's orphans are ours (the kernel reparents them before its exit can be
    // waited for), and the next round finds them. Another thread may reap one first: ECHILD.
    for (std::size_t i = 0; i < n; ++i)
      while (::waitpid(children[i], nullptr, 0) < 0 && errno == EINTR) {
      }
  }
}

void wait_here_if_ending() {
  while (ending.load()) ::pause();
}

ChildReaper::ChildReaper() {
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  struct sigaction handler {};
  handler.sa_handler = end_children_then_self;
  sigemptyset(&handler.sa_mask);
  for (int s : SIGNALS) sigaddset(&handler.sa_mask, s);
  for (std::size_t i = 0; i < SIGNALS.size(); ++i) {
    ::sigaction(SIGNALS[i], nullptr, &old_[i]);
    if (old_[i].sa_handler == SIG_DFL) ::sigaction(SIGNALS[i], &handler, nullptr);
  }
}

ChildReaper::~ChildReaper() {
  // A signal ending us meanwhile has the last word, and its exit status.
  wait_here_if_ending();
  end_all_children();
  for (std::size_t i = 0; i < SIGNALS.size(); ++i) ::sigaction(SIGNALS[i], &old_[i], nullptr);
  ::prctl(PR_SET_CHILD_SUBREAPER, 0);
}

}  // namespace jungle
