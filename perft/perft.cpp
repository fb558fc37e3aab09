#include "perft.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>

#include "hash_table.h"
#include "movegen.h"

namespace jungle {

std::uint64_t perft(Position& pos, int depth) {
  if (depth == 0) return 1;
  // Bulk counting: the last two plies are popcounts, not lists of moves made and unmade.
  if (depth == 1) return count_legal_moves(pos);
  if (depth == 2) return count_two_plies(pos);
  std::uint64_t nodes = 0;
  Undo undo;
  for (Move m : legal_moves(pos)) {
    pos.do_move(m, undo);
    nodes += perft(pos, depth - 1);
    pos.undo_move(m, undo);
  }
  return nodes;
}

namespace {

constexpr int MAX_LINE = 128;

// One thread's walk below a task's position, with the options' table and repetition rule.
struct Walker {
  PerftTable* table;
  bool repetition;
  Key line[MAX_LINE];  // keys of the positions from the root down to the current one
  int ply = 0;

  bool repeats(Key key) const {
    for (int i = ply - 2; i >= 0; i -= 2)  // only positions with the same side to move
      if (line[i] == key) return true;
    return false;
  }

  std::uint64_t count(Position& pos, int depth) {
    if (repetition && repeats(pos.key())) return 1;
    // The plain kernel counts the last two plies without making moves; the table only pays
    // off above that, and the repetition rule needs every position made.
    if (depth <= 1 || (!repetition && (!table || depth == 2))) return perft(pos, depth);
    std::uint64_t nodes = 0;
    if (table && table->probe(pos.key(), depth, nodes)) return nodes;
    line[ply++] = pos.key();
    Undo undo;
    for (Move m : legal_moves(pos)) {
      pos.do_move(m, undo);
      nodes += count(pos, depth - 1);
      pos.undo_move(m, undo);
    }
    --ply;
    if (table) table->store(pos.key(), depth, nodes);
    return nodes;
  }
};

}  // namespace

std::string depth_refusal(int depth, bool force) {
  if (depth > PERFT_MAX_DEPTH)
    return "is beyond " + std::to_string(PERFT_MAX_DEPTH) + " plies, more than perft counts even with --force";
  if (depth > PERFT_FORCED_DEPTH && !force)
    return "is beyond " + std::to_string(PERFT_FORCED_DEPTH) + " plies, which can take days; add --force to count it";
  return "";
}

// The work is split two plies below the root, so that both cores stay busy even when the
// root has few moves; dynamic scheduling evens out subtrees of different sizes.
std::vector<DivideLine> divide(const Position& start, int depth, const PerftOptions& options) {
  std::vector<DivideLine> lines;
  if (depth < 1) return lines;
  const Zobrist keys(options.zobrist_seed);
  Position root(start.variant(), start.fen(), options.zobrist_seed ? keys : default_zobrist());
  std::unique_ptr<PerftTable> own_table;
  PerftTable* table = nullptr;
  if (!options.repetition) {
    table = options.table;
    if (!table && options.hash_mb) table = (own_table = std::make_unique<PerftTable>(options.hash_mb)).get();
  }

  struct Task {
    int root_index;
    Move first, second;  // second is MOVE_NONE when the task is the root move alone
  };
  std::vector<Task> tasks;
  MoveList root_moves = legal_moves(root);
  std::vector<std::atomic<std::uint64_t>> totals(root_moves.size);
  // Progress is told per root move, once its last task is done: a few atomic operations a
  // task, nothing in the walk below it.
  std::vector<std::atomic<int>> tasks_left(root_moves.size);
  std::atomic<std::uint64_t> nodes_so_far{0};
  int root_moves_done = 0;
  Undo undo;
  for (int i = 0; i < root_moves.size; ++i) {
    Move m = root_moves.moves[i];
    lines.push_back({move_to_string(m), 0});
    root.do_move(m, undo);
    MoveList replies = legal_moves(root);
    if (depth == 1 || replies.size == 0) {
      tasks.push_back({i, m, MOVE_NONE});
    } else {
      for (Move r : replies) tasks.push_back({i, m, r});
    }
    tasks_left[i] = depth == 1 || replies.size == 0 ? 1 : replies.size;
    root.undo_move(m, undo);
  }

  const int threads = options.threads > 0 ? options.threads : omp_get_num_procs();
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    const Task& task = tasks[t];
    Position pos = root;
    Walker walker{table, options.repetition, {}, 0};
    walker.line[walker.ply++] = pos.key();
    Undo u1, u2;
    pos.do_move(task.first, u1);
    std::uint64_t nodes;
    if (task.second == MOVE_NONE) {
      nodes = walker.count(pos, depth - 1);
    } else {
      walker.line[walker.ply++] = pos.key();
      pos.do_move(task.second, u2);
      nodes = walker.count(pos, depth - 2);
    }
    totals[task.root_index].fetch_add(nodes, std::memory_order_relaxed);
    nodes_so_far.fetch_add(nodes, std::memory_order_relaxed);
    if (tasks_left[task.root_index].fetch_sub(1) == 1 && options.on_root_move) {
#pragma omp critical(perft_on_root_move)
      options.on_root_move({++root_moves_done, root_moves.size, nodes_so_far.load()});
    }
  }

  for (std::size_t i = 0; i < lines.size(); ++i) lines[i].nodes = totals[i].load();
  std::sort(lines.begin(), lines.end(), [](const auto& a, const auto& b) { return a.move < b.move; });
  return lines;
}

std::uint64_t perft(const Position& pos, int depth, const PerftOptions& options) {
  if (depth == 0) return 1;
  std::uint64_t total = 0;
  for (const DivideLine& line : divide(pos, depth, options)) total += line.nodes;
  return total;
}

}  // namespace jungle
