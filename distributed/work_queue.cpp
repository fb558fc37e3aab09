#include "distributed/work_queue.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <string_view>

#include "distributed/mpi_context.h"
#include "distributed/transport.h"
#include "support/numbers.h"

namespace jungle::distributed {


Dealer::Dealer(std::vector<int> tasks, std::function<void(TaskResult&&)> on_result)
    : tasks_(std::move(tasks)), on_result_(std::move(on_result)) {}

int Dealer::next() {
  if (stopped_) return -1;
  const std::size_t i = next_.fetch_add(1);
  return i < tasks_.size() ? tasks_[i] : -1;
}

void Dealer::stop() { stopped_ = true; }

Dealer::~Dealer() {
  stop();
  try {
    finish();
  } catch (...) {
    // Nothing may leave a destructor; the exception that unwinds past it says what went wrong.
  }
}

#ifdef JUNGLE_MPI

namespace {

// A worker's message to rank 0: a request for a task for its thread `slot`, carrying the result
// of an earlier task if any; a result alone, when its thread wants no more; or the end of the
// rank's part of the job (failed and text: the error it ended with).
enum Kind : std::int32_t { REQUEST = 1, RESULT = 2, DONE = 3 };

struct Header {
  std::int32_t kind, slot, task, failed;
};

std::string encode(Kind kind, int slot, const TaskResult& result) {
  const Header header{kind, slot, result.task, result.failed};
  std::string bytes(sizeof header, '\0');
  std::memcpy(bytes.data(), &header, sizeof header);
  return bytes + result.text;
}

Header decode(const std::string& bytes, TaskResult& result) {
  Header header{};
  if (bytes.size() < sizeof header) throw std::runtime_error("MPI: a message too short to read");
  std::memcpy(&header, bytes.data(), sizeof header);
  result.task = header.task;
  result.failed = header.failed != 0;
  result.text = bytes.substr(sizeof header);
  return header;
}

// Only one job is announced at a time; a Dealer made while one is out (a count inside a
// count) works on rank 0 alone.
std::atomic<bool> job_out{false};

}  // namespace

void Dealer::announce(const std::string& kind, const std::string& description) {
  if (ranks() == 1 || thread_.joinable() || !transport::on_main_thread() || job_out.exchange(true)) return;
  try {
    std::string job(1, transport::JOB);
    job += kind;
    job += '\n';
    job += description;
    transport::broadcast(job);
  } catch (...) {
    job_out = false;
    throw;
  }
  messages_ += ranks() - 1;
  thread_ = std::thread([this] { serve_ranks(); });
}

namespace {

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

}  // namespace

void Dealer::serve_ranks() {
  const double cpu_start = thread_cpu_seconds();
  auto fail = [this](const std::string& message) {
    stop();
    std::lock_guard lock(error_mutex_);
    if (error_.empty()) error_ = message;
  };
  for (int ranks_done = 0; ranks_done < ranks() - 1;) {
    try {
      int from = 0;
      TaskResult result;
      std::string message = transport::receive(MPI_ANY_SOURCE, transport::TO_ROOT, &from);
      const double handling_start = thread_cpu_seconds();
      const Header header = decode(message, result);
      ++messages_;
      if (header.kind == DONE) {
        ++ranks_done;
        if (result.failed) fail(result.text);
        continue;
      }
      if (result.task >= 0) {
        ++results_;
        on_result_(std::move(result));
      }
      if (header.kind != REQUEST) continue;
      const std::int32_t task = next();
      transport::send(from, transport::REPLY + header.slot, std::string(reinterpret_cast<const char*>(&task), sizeof task));
      ++messages_;
      handling_cpu_seconds_ += thread_cpu_seconds() - handling_start;
    } catch (const std::exception& e) {
      // A failed MPI call leaves no way to talk to the ranks: end the whole job.
      std::fprintf(stderr, "error: %s\n", e.what());
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  }
  dealer_cpu_seconds_ = thread_cpu_seconds() - cpu_start;
}

std::string Dealer::finish() {
  if (thread_.joinable()) {
    thread_.join();
    job_out = false;
    if (std::getenv("JUNGLE_MPI_STATS"))
      std::fprintf(stderr,
                   "mpi: %d ranks; %lld tasks done by the others, %lld messages; rank 0's dealer: %.1f us a task "
                   "to handle, %.3f s of processor time in all\n",
                   ranks(), results_, messages_, results_ ? handling_cpu_seconds_ / double(results_) * 1e6 : 0.0,
                   dealer_cpu_seconds_);
  }
  std::lock_guard lock(error_mutex_);
  return error_;
}

// A thread's exchange with rank 0: the reply it waits for, to the request it sent last.
struct TaskClient::Slot {
  int number;
  MPI_Request reply = MPI_REQUEST_NULL;
  std::int32_t task = -1;
  bool asked = false;

  // The request (or result) is waited for until rank 0 has it, for a record longer than MPI's
  // eager limit moves only while this rank calls MPI, not while its thread plays a game; the
  // reply, four bytes, arrives on its own.
  void post(Kind kind, const TaskResult& result) {
    if (kind == REQUEST) reply = transport::post_receive(0, transport::REPLY + number, &task, sizeof task);
    transport::send(0, transport::TO_ROOT, encode(kind, number, result));
  }
};

TaskClient::TaskClient() {
  static std::atomic<long long> clients{0};
  id_ = clients++;
}

TaskClient::~TaskClient() {
  // Every request was answered before its thread saw -1; a thread that never did (an exception
  // left its loop) leaves rank 0 a reply to send: wait for that too, so that no buffer goes early.
  for (auto& s : slots_) {
    try {
      transport::wait(s->reply);
    } catch (...) {
    }
  }
}

TaskClient::Slot& TaskClient::slot() {
  // Known by the client's number, not its address: the next job's client may have the same.
  thread_local std::pair<long long, Slot*> mine{-1, nullptr};
  if (mine.first == id_) return *mine.second;
  std::lock_guard lock(slots_mutex_);
  slots_.push_back(std::make_unique<Slot>());
  slots_.back()->number = int(slots_.size()) - 1;
  mine = {id_, slots_.back().get()};
  return *slots_.back();
}

int TaskClient::next(TaskResult previous) {
  Slot& s = slot();
  if (!s.asked) {
    s.asked = true;
    s.post(REQUEST, {});
  }
  transport::wait(s.reply);
  const int task = s.task;
  if (task >= 0)
    s.post(REQUEST, previous);  // the task after this one, while this one is worked on
  else if (previous.task >= 0)
    s.post(RESULT, previous);
  return task;
}

namespace {

int serve_jobs(const std::map<std::string, JobHandler>& handlers) {
  for (;;) {
    const std::string announcement = transport::broadcast("");
    if (announcement.empty()) throw std::runtime_error("MPI: an empty announcement");
    if (announcement[0] == transport::END) {
      const auto code = parse_whole_number<int>(std::string_view(announcement).substr(1), INT_MIN, INT_MAX);
      if (!code) throw std::runtime_error("MPI: the end of the run with an unreadable exit code");
      return *code;
    }
    const std::size_t newline = announcement.find('\n');
    const std::string kind = announcement.substr(1, newline - 1);
    TaskResult outcome;
    try {
      auto it = handlers.find(kind);
      if (it == handlers.end()) throw std::runtime_error("no handler for a job of kind \"" + kind + "\"");
      TaskClient client;
      it->second(newline == std::string::npos ? "" : announcement.substr(newline + 1), client);
    } catch (const std::exception& e) {
      outcome.failed = true;
      outcome.text = error_prefix() + e.what();
    }
    transport::send(0, transport::TO_ROOT, encode(DONE, 0, outcome));
  }
}

}  // namespace

int serve(const std::map<std::string, JobHandler>& handlers) {
  try {
    return serve_jobs(handlers);
  } catch (const std::exception& e) {
    // Only a failed MPI call gets here: rank 0 would wait for this rank forever.
    std::fprintf(stderr, "%serror: %s\n", error_prefix().c_str(), e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
    return 1;
  }
}

#else

void Dealer::announce(const std::string&, const std::string&) {}

void Dealer::serve_ranks() {}

std::string Dealer::finish() {
  return "";
}

struct TaskClient::Slot {};
TaskClient::TaskClient() = default;
TaskClient::~TaskClient() = default;
int TaskClient::next(TaskResult) { return -1; }
int serve(const std::map<std::string, JobHandler>&) { return 0; }

#endif

}  // namespace jungle::distributed
