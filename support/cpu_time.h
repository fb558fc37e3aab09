// The calling thread's CPU time: what a measurement on a shared machine should count, since the
// wall clock also runs while other processes have the core.
#pragma once

#include <ctime>

namespace jungle {

inline double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

}  // namespace jungle
