#include "work_queue.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "mpi_context.h"
#include "transport.h"

namespace jungle::distributed {

namespace {

// A worker's message to rank 0: a request for its thread `slot` carrying the previous result,
// or the end of its part of the job (failed and text: the error it ended with).
enum Kind : std::int32_t { REQUEST = 1, DONE = 2 };

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

void Dealer::announce(const std::string& kind, const std::string& description) {
  if (ranks() == 1 || thread_.joinable() || !transport::on_main_thread() || job_out.exchange(true)) return;
  try {
    transport::broadcast(std::string(1, transport::JOB) + kind + "\n" + description);
  } catch (...) {
    job_out = false;
    throw;
  }
  messages_ += ranks() - 1;
  thread_ = std::thread([this] { serve_ranks(); });
}

void Dealer::serve_ranks() {
  auto fail = [this](const std::string& message) {
    stop();
    std::lock_guard lock(error_mutex_);
    if (error_.empty()) error_ = message;
  };
  for (int ranks_done = 0; ranks_done < ranks() - 1;) {
    try {
      int from = 0;
      TaskResult result;
      const Header header = decode(transport::receive(MPI_ANY_SOURCE, transport::TO_ROOT, &from), result);
      ++messages_;
      if (header.kind == DONE) {
        ++ranks_done;
        if (result.failed) fail(result.text);
        continue;
      }
      if (result.task >= 0) on_result_(std::move(result));
      const std::int32_t task = next();
      transport::send(from, transport::REPLY + header.slot, std::string(reinterpret_cast<const char*>(&task), sizeof task));
      ++messages_;
    } catch (const std::exception& e) {
      // A failed MPI call leaves no way to talk to the ranks: end the whole job.
      std::fprintf(stderr, "error: %s\n", e.what());
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  }
}

std::string Dealer::finish() {
  if (thread_.joinable()) {
    thread_.join();
    job_out = false;
  }
  std::lock_guard lock(error_mutex_);
  return error_;
}

int TaskClient::thread_slot() {
  std::lock_guard lock(slots_mutex_);
  const auto me = std::this_thread::get_id();
  auto it = std::find(slots_.begin(), slots_.end(), me);
  if (it != slots_.end()) return int(it - slots_.begin());
  slots_.push_back(me);
  return int(slots_.size()) - 1;
}

int TaskClient::next(TaskResult previous) {
  const int slot = thread_slot();
  transport::send(0, transport::TO_ROOT, encode(REQUEST, slot, previous));
  const std::string reply = transport::receive(0, transport::REPLY + slot);
  std::int32_t task = -1;
  if (reply.size() != sizeof task) throw std::runtime_error("MPI: a reply of the wrong size");
  std::memcpy(&task, reply.data(), sizeof task);
  return task;
}

namespace {

int serve_jobs(const std::map<std::string, JobHandler>& handlers) {
  for (;;) {
    const std::string announcement = transport::broadcast("");
    if (announcement.empty()) throw std::runtime_error("MPI: an empty announcement");
    if (announcement[0] == transport::END) return std::atoi(announcement.c_str() + 1);
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

int TaskClient::thread_slot() { return 0; }
int TaskClient::next(TaskResult) { return -1; }
int serve(const std::map<std::string, JobHandler>&) { return 0; }

#endif

}  // namespace jungle::distributed
