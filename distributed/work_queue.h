// A job's tasks dealt from rank 0 to the threads of every rank, one at a time and first come
// first served (OpenMP's schedule(dynamic, 1) across processes), so that a slow rank or a long
// task never holds up the others.
//
// Rank 0 makes a Dealer for the job and announces it; its own threads take tasks with next() and
// handle their results themselves. A thread on another rank asks rank 0 with TaskClient::next(),
// which carries its previous task's result along: two messages a task. Rank 0 hears those
// results through the Dealer's on_result, called from the Dealer's own thread. With one rank the
// Dealer only counts.
//
// What rank 0 spends per task from another rank bounds how many ranks it can serve; with the
// environment variable JUNGLE_MPI_STATS set, rank 0 prints it after each job.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace jungle::distributed {

// What a task came to: its text (a game's record, a count), or what went wrong with it.
struct TaskResult {
  int task = -1;  // -1: none (a thread's first request)
  bool failed = false;
  std::string text;
};

class Dealer {
 public:
  // Deals `tasks` (the values handed out, in order). on_result hears each task another rank
  // finished, from the Dealer's own thread; it must not throw.
  Dealer(std::vector<int> tasks, std::function<void(TaskResult&&)> on_result);
  // stop(), then waits for the other ranks like finish(), dropping their errors.
  ~Dealer();
  Dealer(const Dealer&) = delete;
  Dealer& operator=(const Dealer&) = delete;

  // Rank 0 of several, on the main thread: announces the job to the other ranks, whose
  // JobHandler for `kind` then runs with `description` and takes tasks too. Without it, or
  // where it cannot be (one rank, a job inside a job), rank 0's threads take every task.
  void announce(const std::string& kind, const std::string& description);

  // Any thread of rank 0: the next task, or -1 when all are dealt or the dealing stopped.
  int next();
  // Deals no more tasks (a failure, a decided test); tasks in flight still report.
  void stop();
  // Waits until every other rank has ended the job, its last results heard. Returns the first
  // error a rank ended the job with ("rank 2: ..."), or "".
  std::string finish();


 private:
  void serve_ranks();

  std::vector<int> tasks_;
  std::atomic<std::size_t> next_{0};
  std::atomic<bool> stopped_{false};
  std::function<void(TaskResult&&)> on_result_;
  std::thread thread_;
  std::mutex error_mutex_;
  std::string error_;
  // What the job cost rank 0 in talking to the others: messages (announcement, requests,
  // replies, the ranks' ends), results heard, the dealer thread's processor time handling them
  // (from a message's arrival to the reply) and in all (waiting included). With the environment
  // variable JUNGLE_MPI_STATS set, finish() prints them on standard error.
  long long messages_ = 0, results_ = 0;
  double handling_cpu_seconds_ = 0, dealer_cpu_seconds_ = 0;
};

// A worker rank's side of the job, made by serve() and given to the handler. Any of the rank's
// threads may call next() at once.
class TaskClient {
 public:
  TaskClient();
  ~TaskClient();
  TaskClient(const TaskClient&) = delete;
  TaskClient& operator=(const TaskClient&) = delete;

  // Sends `previous` (the calling thread's last result, if any) to rank 0 and returns the
  // thread's next task, or -1 when there is none: the thread is then done with this job.
  // Each thread keeps one task asked for ahead, so that it never waits for rank 0 between two
  // tasks; the request for it carries the result of the task before.
  int next(TaskResult previous = {});

 private:
  struct Slot;
  Slot& slot();  // the calling thread's; its number tags rank 0's replies to it
  long long id_ = 0;
  std::mutex slots_mutex_;
  std::vector<std::unique_ptr<Slot>> slots_;
};

// A worker rank's part of one kind of job: `description` is what rank 0 gave its Dealer; the
// handler takes tasks from `client` until it has no more. An exception ends the job on this rank
// and reaches rank 0 as the job's error.
using JobHandler = std::function<void(const std::string& description, TaskClient& client)>;

// Ranks other than 0, instead of a command: serves rank 0's jobs until rank 0 ends the run
// (mpi_context.h's finish); returns the exit code it ended with. A job of a kind missing from
// `handlers` is an error of that job.
int serve(const std::map<std::string, JobHandler>& handlers);

}  // namespace jungle::distributed
