// Internal to distributed/: the few MPI exchanges the ranks use, all non-blocking and waited for
// by polling with a growing pause. Open MPI's blocking calls spin on a core while they wait;
// rank 0's dealer waits all run long, and a worker waits between jobs, on machines whose cores
// the ranks' own threads need. Every MPI call is made under one lock, so MPI_THREAD_SERIALIZED
// is all the library must give.
#pragma once

#ifdef JUNGLE_MPI

#include <mpi.h>

#include <string>

namespace jungle::distributed::transport {

// Tags: everything to rank 0 goes under TO_ROOT; the reply to a worker's thread k comes under
// REPLY + k.
constexpr int TO_ROOT = 1, REPLY = 16;

// Sends bytes to rank `to` and waits until the buffer may go.
void send(int to, int tag, const std::string& bytes);
// Starts sending `bytes`, which must stay as they are until wait() says the request is done.
MPI_Request post_send(int to, int tag, const std::string& bytes);
// Starts receiving `size` bytes from `from` under `tag` into `buffer`; done once wait() returns.
MPI_Request post_receive(int from, int tag, void* buffer, int size);
// Waits for a request of post_send or post_receive (MPI_REQUEST_NULL: at once).
void wait(MPI_Request& request);
// Waits for a message from `from` (or MPI_ANY_SOURCE) under `tag`; returns it, *sender its rank.
std::string receive(int from, int tag, int* sender = nullptr);

// Rank 0 sends `bytes` to every rank; the others return what it sent. What rank 0 announces so
// is a job, JOB + kind + '\n' + description, or the end of the run, END + the exit code.
std::string broadcast(const std::string& bytes);
constexpr char JOB = 'J', END = 'E';

// True on the thread that called start(): only it may announce jobs.
bool on_main_thread();

}  // namespace jungle::distributed::transport

#endif
