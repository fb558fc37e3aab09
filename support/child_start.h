// Starting a child process as posix_spawn does (clone with CLONE_VM | CLONE_VFORK, so that a
// large or multithreaded parent, an MPI rank included, forks nothing and runs no fork handlers),
// plus the one thing posix_spawn cannot do: asking the kernel to SIGKILL the child when the
// thread that started it ends (PR_SET_PDEATHSIG), so that a child outlives no parent killed by
// SIGKILL. Internal to support/child_process.cpp.
#pragma once

#include <sys/types.h>

namespace jungle {

struct ChildStart {
  const char* program = nullptr;  // looked up in PATH when it holds no '/'
  char* const* argv = nullptr;    // argv[0] first, nullptr last
  const char* dir = nullptr;      // where the child runs; nullptr: here
  int input = -1;                 // standard input; -1: /dev/null
  int output = -1;                // standard output; -1: output_file, or ours if that is nullptr too
  // Standard output and standard error, opened (created, truncated) by the child after its chdir.
  const char* output_file = nullptr;
};

// Starts the child in a process group of its own, with SIGPIPE and every handled signal at their
// defaults, and PR_SET_PDEATHSIG(SIGKILL). Returns 0 with its pid in `pid`, or, as posix_spawnp
// does, the error that kept it from running (errno's values: ENOENT, EACCES, ...).
int start_child(const ChildStart& start, pid_t& pid);

}  // namespace jungle
