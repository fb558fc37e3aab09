// Ranks of an MPI job: the same `jungle` command started N times by mpirun (or srun).
//
// Rank 0 runs the command as a single process would: it reads the arguments, owns every file and
// prints everything. The other ranks run no command; they serve rank 0's jobs (a tournament's
// games, a perft's subtrees; see work_queue.h) until rank 0 ends the run with its exit code,
// which every rank then exits with.
//
// Without MPI built in (CMake's JUNGLE_MPI), or when the environment shows no MPI launcher,
// there is one rank: nothing here starts MPI, and jobs run on the calling process alone.
#pragma once

#include <string>

namespace jungle::distributed {

// Joins the MPI job if a launcher started this process (Open MPI's, PMI or PMIx variables are
// set); otherwise, and without MPI built in, stays one rank of one. Call first thing in main.
void start(int& argc, char**& argv);

int rank();   // 0 when alone
int ranks();  // 1 when alone

// Every rank, last thing in main: rank 0 ends the workers' serve() with `code`; then the rank
// leaves MPI. Returns the code to exit with.
int finish(int code);

// "rank N: " on a worker rank, so that its errors say where they come from; "" on rank 0.
std::string error_prefix();

}  // namespace jungle::distributed
