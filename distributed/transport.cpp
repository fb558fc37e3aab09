#include "distributed/transport.h"

#ifdef JUNGLE_MPI

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace jungle::distributed::transport {

namespace {

std::mutex mpi_mutex;

// Polls `done` (called under the MPI lock) until it says so: at once a few dozen times, for the
// quick answers of a busy run, then with pauses from 10 us growing to 1 ms, so that a rank
// waiting for minutes costs next to no processor time.
void wait_until(const std::function<bool()>& done) {
  for (int round = 0;; ++round) {
    {
      std::lock_guard lock(mpi_mutex);
      if (done()) return;
    }
    if (round < 32)
      std::this_thread::yield();
    else
      std::this_thread::sleep_for(std::chrono::microseconds(std::min(1000, 10 << std::min(round - 32, 7))));
  }
}

void check(int code, const char* what) {
  if (code != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed");
}

}  // namespace

void wait(MPI_Request& request) {
  wait_until([&] {
    int flag = 0;
    check(MPI_Test(&request, &flag, MPI_STATUS_IGNORE), "MPI_Test");
    return flag != 0;
  });
}

MPI_Request post_send(int to, int tag, const std::string& bytes) {
  MPI_Request request;
  std::lock_guard lock(mpi_mutex);
  check(MPI_Isend(bytes.data(), int(bytes.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD, &request), "MPI_Isend");
  return request;
}

MPI_Request post_receive(int from, int tag, void* buffer, int size) {
  MPI_Request request;
  std::lock_guard lock(mpi_mutex);
  check(MPI_Irecv(buffer, size, MPI_CHAR, from, tag, MPI_COMM_WORLD, &request), "MPI_Irecv");
  return request;
}

void send(int to, int tag, const std::string& bytes) {
  MPI_Request request = post_send(to, tag, bytes);
  wait(request);
}

std::string receive(int from, int tag, int* sender) {
  std::string bytes;
  wait_until([&] {
    int flag = 0;
    MPI_Message message;
    MPI_Status status;
    check(MPI_Improbe(from, tag, MPI_COMM_WORLD, &flag, &message, &status), "MPI_Improbe");
    if (!flag) return false;
    int count = 0;
    check(MPI_Get_count(&status, MPI_CHAR, &count), "MPI_Get_count");
    bytes.resize(std::size_t(count));
    check(MPI_Mrecv(bytes.data(), count, MPI_CHAR, &message, MPI_STATUS_IGNORE), "MPI_Mrecv");
    if (sender) *sender = status.MPI_SOURCE;
    return true;
  });
  return bytes;
}

std::string broadcast(const std::string& bytes) {
  int rank = 0;
  {
    std::lock_guard lock(mpi_mutex);
    check(MPI_Comm_rank(MPI_COMM_WORLD, &rank), "MPI_Comm_rank");
  }
  std::int64_t size = std::int64_t(bytes.size());
  MPI_Request request;
  {
    std::lock_guard lock(mpi_mutex);
    check(MPI_Ibcast(&size, 1, MPI_INT64_T, 0, MPI_COMM_WORLD, &request), "MPI_Ibcast");
  }
  wait(request);
  std::string out = rank == 0 ? bytes : std::string(std::size_t(size), '\0');
  // Sent in pieces below 2 GB, MPI's counts being ints.
  constexpr std::int64_t PIECE = 1 << 30;
  for (std::int64_t at = 0; at < size; at += PIECE) {
    {
      std::lock_guard lock(mpi_mutex);
      check(MPI_Ibcast(out.data() + at, int(std::min(PIECE, size - at)), MPI_CHAR, 0, MPI_COMM_WORLD, &request),
            "MPI_Ibcast");
    }
    wait(request);
  }
  return out;
}

}  // namespace jungle::distributed::transport

#endif
