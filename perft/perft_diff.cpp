#include "perft_diff.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <climits>
#include <csignal>
#include <cstring>
#include <map>
#include <sstream>
#include <thread>

#include "movegen.h"

extern char** environ;

namespace jungle {

namespace {

// ---- Running the other generator ------------------------------------------------------------

using Clock = std::chrono::steady_clock;

// 'text' for /bin/sh, so that an error message shows a command line the user can paste.
std::string shell_quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

struct ProcessResult {
  std::string output;  // standard output
  int status = 0;      // as waitpid gives it
};

// The child runs in a process group of its own, so that it and whatever it started can be
// killed together; that also puts it out of reach of the terminal's Ctrl-C. So while it runs,
// a signal that would end us ends its group first, or it would run on orphaned.
std::atomic<pid_t> running_group{0};

extern "C" void end_group_then_self(int signal) {
  if (pid_t group = running_group.load()) kill(-group, SIGKILL);
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

class EndGroupOnSignal {
 public:
  EndGroupOnSignal() {
    struct sigaction handler {};
    handler.sa_handler = end_group_then_self;
    sigemptyset(&handler.sa_mask);
    for (std::size_t i = 0; i < SIGNALS.size(); ++i) {
      sigaction(SIGNALS[i], nullptr, &old_[i]);
      // A signal ignored (nohup, a background job) or handled by someone else is left so.
      if (old_[i].sa_handler == SIG_DFL) sigaction(SIGNALS[i], &handler, nullptr);
    }
  }
  ~EndGroupOnSignal() {
    running_group = 0;
    for (std::size_t i = 0; i < SIGNALS.size(); ++i) sigaction(SIGNALS[i], &old_[i], nullptr);
  }
  EndGroupOnSignal(const EndGroupOnSignal&) = delete;
  EndGroupOnSignal& operator=(const EndGroupOnSignal&) = delete;

 private:
  static constexpr std::array<int, 4> SIGNALS = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
  std::array<struct sigaction, SIGNALS.size()> old_;
};

std::string describe_size(std::size_t bytes) {
  constexpr std::size_t MiB = std::size_t(1) << 20;
  return bytes % MiB == 0 ? std::to_string(bytes / MiB) + " MiB" : std::to_string(bytes) + " bytes";
}

std::string too_slow(const GeneratorLimits& limits) {
  return "did not answer within " + std::to_string(limits.seconds) + " s";
}

// Standard output until it closes; the reason to stop early, or "" at its end.
std::string read_output(int fd, Clock::time_point deadline, const GeneratorLimits& limits, std::string& output) {
  char buffer[65536];
  for (;;) {
    long long left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return too_slow(limits);
    pollfd fds{fd, POLLIN, 0};
    int ready = poll(&fds, 1, int(std::min<long long>(left, INT_MAX)));
    if (ready < 0 && errno != EINTR) return std::string("poll: ") + std::strerror(errno);
    if (ready <= 0) continue;
    ssize_t n = read(fd, buffer, sizeof buffer);
    if (n == 0) return "";
    if (n < 0) {
      if (errno == EINTR) continue;
      return std::string("read: ") + std::strerror(errno);
    }
    if (output.size() + std::size_t(n) > limits.max_output) return "printed more than " + describe_size(limits.max_output);
    output.append(buffer, std::size_t(n));
  }
}

// The child's exit, which may come after its output closes (or never); "" once reaped.
std::string wait_for_exit(pid_t pid, Clock::time_point deadline, const GeneratorLimits& limits, int& status) {
  for (;;) {
    pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) return "";
    if (done < 0 && errno != EINTR) return std::string("waitpid: ") + std::strerror(errno);
    if (Clock::now() >= deadline) return too_slow(limits);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

// Runs argv[0] with its standard output captured, its standard input empty and its standard
// error shared with ours, within `limits`. Throws std::runtime_error if it cannot be started,
// or after killing it and its process group when it breaks a limit.
ProcessResult run_process(const std::vector<std::string>& argv, const GeneratorLimits& limits) {
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);  // a new group, led by the child
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  EndGroupOnSignal end_group_on_signal;
  pid_t pid = 0;
  int error = posix_spawn(&pid, argv[0].c_str(), &actions, &attributes, args.data(), environ);
  if (error == 0) running_group = pid;
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[1]);
  if (error != 0) {
    close(pipe_fds[0]);
    throw std::runtime_error("cannot run " + argv[0] + ": " + std::strerror(error));
  }
  const Clock::time_point deadline = Clock::now() + std::chrono::seconds(limits.seconds);
  ProcessResult result;
  std::string cut = read_output(pipe_fds[0], deadline, limits, result.output);
  close(pipe_fds[0]);
  if (cut.empty()) cut = wait_for_exit(pid, deadline, limits, result.status);
  if (cut.empty()) return result;
  kill(-pid, SIGKILL);
  while (waitpid(pid, &result.status, 0) < 0 && errno == EINTR) {
  }
  throw std::runtime_error(cut);
}

std::string describe_status(int status) {
  if (WIFSIGNALED(status)) return "was killed by signal " + std::to_string(WTERMSIG(status));
  return "exited with status " + std::to_string(WEXITSTATUS(status));
}

// ---- Comparing two divides ------------------------------------------------------------------

std::vector<std::string> sorted_moves(const Divide& d) {
  std::vector<std::string> moves;
  for (const DivideLine& line : d.lines) moves.push_back(line.move);
  std::sort(moves.begin(), moves.end());
  return moves;
}

std::vector<std::string> repeated(const std::vector<std::string>& sorted) {
  std::vector<std::string> out;
  for (std::size_t i = 1; i < sorted.size(); ++i)
    if (sorted[i] == sorted[i - 1] && (out.empty() || out.back() != sorted[i])) out.push_back(sorted[i]);
  return out;
}

std::vector<std::string> only_in(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

// parse_perftree refuses lines that overflow; a Generator in process may still hand them over.
std::uint64_t sum(const Divide& d) {
  std::uint64_t total = 0;
  for (const DivideLine& line : d.lines)
    if (__builtin_add_overflow(total, line.nodes, &total))
      throw GeneratorError("the other generator's counts sum to more than 2^64-1: they do not fit in 64 bits");
  return total;
}

// The checks at one position that end the descent there, in the order a reader needs them:
// a divide that contradicts itself or its parent is reported before the moves are compared.
// `above` holds each side's count below the last move one level up (nullptr at the root).
bool find_fault(const Divide& ours, const Divide& theirs, const std::uint64_t* above, DiffResult& r) {
  std::vector<std::string> our_moves = sorted_moves(ours), their_moves = sorted_moves(theirs);
  if (r.extra = repeated(their_moves); !r.extra.empty()) {
    r.kind = DiffKind::Duplicate;
    return true;
  }
  if (sum(theirs) != theirs.total) {
    r.kind = DiffKind::BadTotal;
    r.sum_of_lines = sum(theirs);
    r.printed_total = theirs.total;
    return true;
  }
  // Ours is checked too: a hash collision or a threading bug would show up here.
  if (above && (above[0] != ours.total || above[1] != theirs.total)) {
    bool ours_wrong = above[0] != ours.total;
    r.kind = DiffKind::Inconsistent;
    r.side = ours_wrong ? "ours" : "theirs";
    r.above = above[ours_wrong ? 0 : 1];
    r.here = ours_wrong ? ours.total : theirs.total;
    return true;
  }
  r.extra = only_in(their_moves, our_moves);
  r.missing = only_in(our_moves, their_moves);
  if (!r.extra.empty() || !r.missing.empty()) {
    r.kind = DiffKind::MoveSets;
    return true;
  }
  return false;
}

// The first move, in move-text order, whose counts differ; nullptr if all agree. The move
// sets are known to be equal and free of repeats.
const DivideLine* first_differing(const Divide& ours, const Divide& theirs, std::uint64_t& their_count) {
  std::map<std::string, std::uint64_t> counts;
  for (const DivideLine& line : theirs.lines) counts[line.move] = line.nodes;
  for (const DivideLine& line : ours.lines)  // sorted by move text
    if (counts[line.move] != line.nodes) {
      their_count = counts[line.move];
      return &line;
    }
  return nullptr;
}

std::string moves_text(const std::vector<std::string>& moves) { return moves.empty() ? "(none)" : join_moves(moves); }

}  // namespace

Generator external_generator(const std::string& command, const GeneratorLimits& limits) {
  return [command, limits](int depth, const std::string& fen, const std::vector<std::string>& moves) {
    // `sh -c 'COMMAND "$@"' sh ARGS...`: the shell splits COMMAND, the arguments stay whole.
    std::vector<std::string> argv = {"/bin/sh", "-c", command + " \"$@\"", "sh", std::to_string(depth), fen};
    std::string shown = command + " " + std::to_string(depth) + " " + shell_quote(fen);
    if (!moves.empty()) {
      argv.push_back(join_moves(moves));
      shown += ' ';
      shown += shell_quote(argv.back());
    }
    ProcessResult result;
    try {
      result = run_process(argv, limits);
    } catch (const std::runtime_error& e) {
      throw GeneratorError(shown + ": " + e.what());
    }
    if (!WIFEXITED(result.status) || WEXITSTATUS(result.status) != 0)
      throw GeneratorError(shown + ": " + describe_status(result.status));
    try {
      return parse_perftree(result.output);
    } catch (const PerftreeParseError& e) {
      // Its words, as --help promises them: not perftree's format at all (a Stockfish-style
      // "a1a2: 24" divide, say) is a different fault from a wrong count.
      throw GeneratorError(shown + " printed something else than perftree's format: " + e.what());
    }
  };
}

DiffResult perft_diff(const Position& root, int depth, const Generator& theirs, const PerftOptions& options) {
  DiffResult r;
  const std::string root_fen = root.fen();
  Position pos = root;
  std::vector<std::string> moves;
  std::uint64_t above[2] = {0, 0};  // each side's count below the move just played
  for (int d = depth;; --d) {
    Divide ours = divide_with_total(pos, d, options);
    Divide other = theirs(d, root_fen, moves);
    r.levels.push_back({d, moves, ours.total, other.total});
    r.fen = pos.fen();
    r.moves = moves;
    r.depth = d;
    if (find_fault(ours, other, moves.empty() ? nullptr : above, r)) return r;
    std::uint64_t their_count = 0;
    const DivideLine* next = first_differing(ours, other, their_count);
    // With both sides consistent and the same moves, only the root can agree everywhere.
    if (!next) return r;
    if (d == 1) {
      r.kind = DiffKind::LeafCount;
      r.move = next->move;
      r.ours = next->nodes;
      r.theirs = their_count;
      return r;
    }
    above[0] = next->nodes;
    above[1] = their_count;
    Undo undo;
    pos.do_move(parse_move(pos, next->move), undo);
    moves.push_back(next->move);
  }
}

std::string format_diff(const DiffResult& r) {
  std::ostringstream out;
  for (const DiffLevel& level : r.levels) {
    out << "depth " << level.depth;
    if (!level.moves.empty()) out << " after " << join_moves(level.moves);
    out << ": ours " << level.ours << ", theirs " << level.theirs << "\n";
  }
  out << "\n";
  switch (r.kind) {
    case DiffKind::None:
      out << "No difference at depth " << r.depth << ": " << r.levels.back().ours << " nodes\n";
      return out.str();
    case DiffKind::MoveSets:
      out << "Difference: the move sets differ\n";
      break;
    case DiffKind::Duplicate:
      out << "Difference: theirs lists a move more than once: " << join_moves(r.extra) << "\n";
      break;
    case DiffKind::BadTotal:
      out << "Difference: theirs prints a total of " << r.printed_total << ", but its lines sum to " << r.sum_of_lines
          << "\n";
      break;
    case DiffKind::Inconsistent:
      out << "Difference: " << r.side << " counted " << r.above << " below " << r.moves.back() << " one level up, but "
          << r.here << " here\n";
      break;
    case DiffKind::LeafCount:
      out << "Difference: the move sets agree, but " << r.move << " counts " << r.ours << " in ours and " << r.theirs
          << " in theirs\n";
      break;
  }
  out << "Position: " << r.fen << "\n";
  out << "Moves: " << moves_text(r.moves) << "\n";
  if (r.kind == DiffKind::MoveSets) {
    out << "Extra: " << moves_text(r.extra) << "\n";
    out << "Missing: " << moves_text(r.missing) << "\n";
  }
  return out.str();
}

}  // namespace jungle
