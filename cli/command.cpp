// What the subcommands share that is not a subcommand of its own.
#include "cli/command.h"

#include <cstdio>

#include "research/input_error.h"

namespace jungle::cli {

// research/ reports the same failures in the same words, as its own InputError.
void run_reporting_failures(const std::function<void()>& job) {
  try {
    research::run_reporting_failures(job);
  } catch (const research::InputError& e) {
    throw UsageError(e.what());
  }
}

void print_run_warnings(const report::Summary& summary) {
  for (const report::RunSettings& run : summary.runs)
    if (!run.weights_warning.empty()) std::fprintf(stderr, "warning: %s\n", run.weights_warning.c_str());
}

}  // namespace jungle::cli
