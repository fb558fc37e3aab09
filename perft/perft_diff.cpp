#include "perft/perft_diff.h"

#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <sstream>

#include "engine/movegen.h"
#include "support/child_process.h"
#include "support/text.h"

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

// The generator's standard output, run within `limits`: its standard input empty, its standard
// error shared with ours. Throws std::runtime_error if it cannot be started or breaks a limit
// (it is then killed, with its process group), or if it exits with a failure.
std::string run_generator(const std::vector<std::string>& argv, const GeneratorLimits& limits) {
  ChildProcess child({.program = argv[0], .args = {argv.begin() + 1, argv.end()}});
  const Clock::time_point deadline = Clock::now() + std::chrono::seconds(limits.seconds);
  const std::string too_slow = "did not answer within " + std::to_string(limits.seconds) + " s";
  std::string output;
  switch (child.read_all(output, deadline, limits.max_output)) {
    case ChildProcess::Stop::Deadline: throw std::runtime_error(too_slow);
    case ChildProcess::Stop::OutputCap: throw std::runtime_error("printed more than " + byte_size_text(limits.max_output));
    case ChildProcess::Stop::Closed: break;
  }
  const std::optional<int> status = child.wait(deadline);
  if (!status) throw std::runtime_error(too_slow);
  if (!WIFEXITED(*status) || WEXITSTATUS(*status) != 0) throw std::runtime_error(describe_exit(*status));
  return output;
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

// parse_divide refuses lines that overflow; a Generator in process may still hand them over.
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
    std::string output;
    try {
      output = run_generator(argv, limits);
    } catch (const std::runtime_error& e) {
      throw GeneratorError(shown + ": " + e.what());
    }
    try {
      return parse_divide(output);
    } catch (const DivideParseError& e) {
      // Output that is no divide at all is a different fault from a wrong count.
      throw GeneratorError(shown + " printed no divide: " + e.what());
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
  return out.str() + "\n" + format_verdict(r);
}

std::string format_verdict(const DiffResult& r) {
  std::ostringstream out;
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
