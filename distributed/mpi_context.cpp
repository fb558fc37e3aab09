#include "distributed/mpi_context.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "distributed/transport.h"

namespace jungle::distributed {

namespace {

int my_rank = 0, rank_count = 1;
std::thread::id main_thread;

}  // namespace

int rank() { return my_rank; }
int ranks() { return rank_count; }

std::string error_prefix() { return my_rank == 0 ? "" : "rank " + std::to_string(my_rank) + ": "; }

#ifdef JUNGLE_MPI

bool transport::on_main_thread() { return std::this_thread::get_id() == main_thread; }

namespace {

bool joined = false;  // MPI_Init_thread was called

// Once joined, the launcher's variables go from the environment: a process this rank starts (an
// engine, perhaps `jungle engine`) would otherwise take itself for a rank of the job and fail in
// MPI_Init.
void forget_launcher() {
  std::vector<std::string> names;
  for (char** entry = environ; *entry; ++entry) {
    const std::string_view text(*entry);
    for (std::string_view prefix : {"OMPI_", "PMIX_", "PMI_"})
      if (text.starts_with(prefix)) names.emplace_back(text.substr(0, text.find('=')));
  }
  for (const std::string& name : names) ::unsetenv(name.c_str());
}

}  // namespace

void start(int& argc, char**& argv) {
  main_thread = std::this_thread::get_id();
  // MPI_Init outside a launcher would start a singleton MPI job: slow, and in some containers it
  // fails. A plain `jungle` stays a plain process.
  const bool launched = std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMI_SIZE") || std::getenv("PMIX_RANK");
  if (!launched) return;
  int provided = 0;
  if (MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) {
    std::fprintf(stderr, "error: MPI_Init_thread failed\n");
    std::exit(1);
  }
  joined = true;
  forget_launcher();
  MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &rank_count);
  if (provided < MPI_THREAD_SERIALIZED) {
    // Every rank sees the same level; rank 0 alone says so.
    if (my_rank == 0)
      std::fprintf(stderr, "error: this MPI library lets only one thread call it (MPI_THREAD_SERIALIZED is needed)\n");
    MPI_Finalize();
    std::exit(1);
  }
}

int finish(int code) {
  if (!joined) return code;
  if (my_rank == 0 && rank_count > 1) {
    try {
      std::string end(1, transport::END);
      end += std::to_string(code);
      transport::broadcast(end);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "error: %s\n", e.what());
      MPI_Abort(MPI_COMM_WORLD, code ? code : 1);
    }
  }
  MPI_Finalize();
  joined = false;
  return code;
}

#else

void start(int&, char**&) { main_thread = std::this_thread::get_id(); }
int finish(int code) { return code; }

#endif

}  // namespace jungle::distributed
