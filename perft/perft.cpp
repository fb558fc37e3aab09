#include "perft/perft.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "distributed/mpi_context.h"
#include "distributed/work_queue.h"
#include "engine/movegen.h"
#include "engine/variant_loader.h"
#include "engine/variant_toml.h"
#include "perft/hash_table.h"
#include "support/numbers.h"

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

namespace {

// A share of a count: the subtree below one root move, or below one reply to it.
struct Task {
  int root_index;
  Move first, second;  // second is MOVE_NONE when the task is the root move alone
};

// The work is split two plies below the root, so that every thread (and every rank) stays busy
// even when the root has few moves; dynamic scheduling evens out subtrees of different sizes.
// Rank 0 and the other ranks list the same tasks from the same position.
std::vector<Task> list_tasks(Position& root, const MoveList& root_moves, int depth) {
  std::vector<Task> tasks;
  Undo undo;
  for (int i = 0; i < root_moves.size; ++i) {
    Move m = root_moves.moves[i];
    root.do_move(m, undo);
    MoveList replies = legal_moves(root);
    if (depth == 1 || replies.size == 0) {
      tasks.push_back({i, m, MOVE_NONE});
    } else {
      for (Move r : replies) tasks.push_back({i, m, r});
    }
    root.undo_move(m, undo);
  }
  return tasks;
}

std::uint64_t count_task(const Position& root, const Task& task, int depth, PerftTable* table, bool repetition) {
  Position pos = root;
  Walker walker{table, repetition, {}, 0};
  walker.line[walker.ply++] = pos.key();
  Undo u1, u2;
  pos.do_move(task.first, u1);
  if (task.second == MOVE_NONE) return walker.count(pos, depth - 1);
  walker.line[walker.ply++] = pos.key();
  pos.do_move(task.second, u2);
  return walker.count(pos, depth - 2);
}

int thread_count(int threads) { return threads > 0 ? threads : omp_get_num_procs(); }

// What the other ranks need to count a share of divide(): the rules written out in full (a
// variant file need not exist on their machines), the position and the options.
std::string job_description(const Position& root, int depth, const PerftOptions& options, const PerftTable* table) {
  return nlohmann::json{{"rules", variant_to_toml(root.variant())},
                        {"fen", root.fen()},
                        {"depth", depth},
                        {"zobrist_seed", options.zobrist_seed},
                        {"hash_mb", table ? table->megabytes() : 0},
                        {"repetition", options.repetition},
                        {"threads", options.threads}}
      .dump();
}

}  // namespace

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

  MoveList root_moves = legal_moves(root);
  const std::vector<Task> tasks = list_tasks(root, root_moves, depth);
  std::vector<std::atomic<std::uint64_t>> totals(root_moves.size);
  // Progress is told per root move, once its last task is done: a few atomic operations a
  // task, nothing in the walk below it.
  std::vector<std::atomic<int>> tasks_left(root_moves.size);
  for (const Task& task : tasks) ++tasks_left[task.root_index];
  for (int i = 0; i < root_moves.size; ++i) lines.push_back({move_to_string(root_moves.moves[i]), 0});
  std::atomic<std::uint64_t> nodes_so_far{0};
  int root_moves_done = 0;
  std::mutex progress_mutex;
  auto add = [&](const Task& task, std::uint64_t nodes) {
    totals[task.root_index].fetch_add(nodes, std::memory_order_relaxed);
    nodes_so_far.fetch_add(nodes, std::memory_order_relaxed);
    if (tasks_left[task.root_index].fetch_sub(1) == 1 && options.on_root_move) {
      std::lock_guard lock(progress_mutex);
      options.on_root_move({++root_moves_done, root_moves.size, nodes_so_far.load()});
    }
  };

  // With MPI the other ranks take tasks too; their counts come back as decimal text.
  std::vector<int> task_numbers(tasks.size());
  for (std::size_t t = 0; t < tasks.size(); ++t) task_numbers[t] = int(t);
  std::string remote_error;
  distributed::Dealer dealer(std::move(task_numbers), [&](distributed::TaskResult&& result) {
                               const std::optional<std::uint64_t> nodes =
                                   result.failed ? std::nullopt
                                                 : parse_whole_number<std::uint64_t>(
                                                       result.text, 0, std::numeric_limits<std::uint64_t>::max());
                               if (!nodes || result.task < 0 || result.task >= int(tasks.size())) {
                                 if (remote_error.empty())
                                   remote_error = result.failed ? result.text : "a rank sent an unreadable count";
                                 return;
                               }
                               add(tasks[std::size_t(result.task)], *nodes);
                             });
  dealer.announce("perft", job_description(root, depth, options, table));
#pragma omp parallel num_threads(thread_count(options.threads))
  for (int t; (t = dealer.next()) >= 0;) {
    const Task& task = tasks[std::size_t(t)];
    add(task, count_task(root, task, depth, table, options.repetition));
  }
  if (std::string error = dealer.finish(); !error.empty() || !remote_error.empty())
    throw std::runtime_error(error.empty() ? remote_error : error);

  for (std::size_t i = 0; i < lines.size(); ++i) lines[i].nodes = totals[i].load();
  std::sort(lines.begin(), lines.end(), [](const auto& a, const auto& b) { return a.move < b.move; });
  return lines;
}

void serve_perft_job(const std::string& description, distributed::TaskClient& client) {
  const nlohmann::json job = nlohmann::json::parse(description);
  const Variant variant = load_variant_text(job.at("rules").get<std::string>(), "rank 0's rules");
  const std::uint64_t seed = job.at("zobrist_seed").get<std::uint64_t>();
  const Zobrist keys(seed);
  Position root(variant, job.at("fen").get<std::string>(), seed ? keys : default_zobrist());
  const int depth = job.at("depth").get<int>();
  const bool repetition = job.at("repetition").get<bool>();
  // The table outlives a job: --verify counts twice, and a table of gigabytes is worth keeping.
  static std::unique_ptr<PerftTable> table;
  static std::size_t table_asked = 0;  // MB; the table may have been cut to fit this machine
  const std::size_t mb = repetition ? 0 : job.at("hash_mb").get<std::size_t>();
  if (mb == 0) {
    table.reset();
  } else if (!table || table_asked != mb) {
    table.reset();
    table_asked = mb;
    table = std::make_unique<PerftTable>(mb, [](const std::string& why) {
      std::fprintf(stderr, "%swarning: --hash %s\n", distributed::error_prefix().c_str(), why.c_str());
    });
  }
  MoveList root_moves = legal_moves(root);
  const std::vector<Task> tasks = list_tasks(root, root_moves, depth);
#pragma omp parallel num_threads(thread_count(job.at("threads").get<int>()))
  {
    distributed::TaskResult previous;
    for (int t; (t = client.next(std::move(previous))) >= 0;) {
      previous = {t, false, std::to_string(count_task(root, tasks.at(std::size_t(t)), depth, table.get(), repetition))};
    }
  }
}

std::uint64_t perft(const Position& pos, int depth, const PerftOptions& options) {
  if (depth == 0) return 1;
  std::uint64_t total = 0;
  for (const DivideLine& line : divide(pos, depth, options)) total += line.nodes;
  return total;
}

}  // namespace jungle
