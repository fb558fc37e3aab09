#include "support/child_start.h"

#include <fcntl.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <string>
#include <vector>

extern char** environ;

namespace jungle {

namespace {

// Everything the child needs, made before the clone: between the clone and the exec the child
// shares our memory while other threads of ours run on, so it may only make system calls.
struct Plan {
  const ChildStart& start;
  std::vector<const char*> paths;  // where the program may be, in the order execvp tries them
  pid_t parent;
  sigset_t mask;   // the starting thread's, restored in the child just before the exec
  int error = 0;   // set by the child when it cannot exec; read once it has gone
};

// Where execvp would look for `program`: itself when it holds a '/', else each folder of PATH.
std::vector<std::string> program_paths(const std::string& program) {
  if (program.find('/') != std::string::npos) return {program};
  const char* env = std::getenv("PATH");
  const std::string path = env ? env : "/bin:/usr/bin";
  std::vector<std::string> out;
  for (std::size_t start = 0;;) {
    const std::size_t end = path.find(':', start);
    const std::string dir = path.substr(start, end == std::string::npos ? std::string::npos : end - start);
    out.push_back((dir.empty() ? std::string(".") : dir) + "/" + program);
    if (end == std::string::npos) return out;
    start = end + 1;
  }
}

// `fd` as standard descriptor `target`, open across the exec (dup2 onto itself would keep the
// pipe's close-on-exec).
bool move_to(int fd, int target) {
  if (fd == target) return ::fcntl(fd, F_SETFD, 0) == 0;
  return ::dup2(fd, target) == target;
}

[[noreturn]] void give_up(Plan& plan, int error) {
  plan.error = error;
  ::_exit(127);
}

// The child, up to its exec. System calls only: no allocation, no lock, no stdio.
int become_child(void* argument) {
  Plan& plan = *static_cast<Plan*>(argument);
  const ChildStart& s = plan.start;
  // Asked first, then checked: had the parent died before the request, nobody would send it.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != plan.parent) ::_exit(127);
  if (::setpgid(0, 0) != 0) give_up(plan, errno);
  // Our handlers are our code, not the program's; our ignored SIGPIPE is ours alone (a program
  // must die of a closed pipe as it would started by a shell). Other ignored signals stay so.
  struct sigaction defaults {};
  defaults.sa_handler = SIG_DFL;
  for (int signal = 1; signal < NSIG; ++signal) {
    struct sigaction old {};
    if (::sigaction(signal, nullptr, &old) != 0) continue;
    if (signal == SIGPIPE || old.sa_handler != SIG_IGN) ::sigaction(signal, &defaults, nullptr);
  }
  const int input = s.input >= 0 ? s.input : ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (input < 0 || !move_to(input, STDIN_FILENO)) give_up(plan, errno);
  if (s.dir && ::chdir(s.dir) != 0) give_up(plan, errno);
  if (s.output >= 0) {
    if (!move_to(s.output, STDOUT_FILENO)) give_up(plan, errno);
  } else if (s.output_file) {
    const int file = ::open(s.output_file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (file < 0 || !move_to(file, STDOUT_FILENO) || !move_to(STDOUT_FILENO, STDERR_FILENO)) give_up(plan, errno);
  }
  ::sigprocmask(SIG_SETMASK, &plan.mask, nullptr);
  // As execvp: a folder without the program, or one that cannot be searched, is passed over;
  // any other failure is the answer; EACCES is reported if no folder had the program at all.
  bool denied = false;
  for (const char* path : plan.paths) {
    ::execve(path, s.argv, environ);
    if (errno == EACCES) denied = true;
    else if (errno != ENOENT && errno != ENOTDIR && errno != ESTALE && errno != ENODEV && errno != ETIMEDOUT)
      give_up(plan, errno);
  }
  give_up(plan, denied ? EACCES : ENOENT);
}

}  // namespace

int start_child(const ChildStart& start, pid_t& pid) {
  const std::vector<std::string> paths = program_paths(start.program);
  Plan plan{.start = start, .paths = {}, .parent = ::getpid(), .mask = {}};
  for (const std::string& p : paths) plan.paths.push_back(p.c_str());
  // The child's own stack: it must not run on ours, which the parent thread resumes with.
  std::vector<char> stack(64 * 1024);
  // Every signal blocked across the clone: a handler of ours must never run in the child.
  sigset_t all;
  sigfillset(&all);
  ::pthread_sigmask(SIG_SETMASK, &all, &plan.mask);
  pid = ::clone(become_child, stack.data() + stack.size(), CLONE_VM | CLONE_VFORK | SIGCHLD, &plan);
  const int clone_error = errno;
  ::pthread_sigmask(SIG_SETMASK, &plan.mask, nullptr);
  if (pid < 0) return clone_error;
  // CLONE_VFORK: we are here once the child has exec'd or given up.
  if (plan.error == 0) return 0;
  while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
  }
  pid = -1;
  return plan.error;
}

}  // namespace jungle
