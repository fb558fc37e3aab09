// What the subcommands share that is not a subcommand of its own.
#include "cli/command.h"

#include <cstdio>

#include "engine/variant_loader.h"
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

Variant load_variant_argument(const std::string& argument, const std::string& name_or_path) {
  try {
    return load_variant(name_or_path);
  } catch (const VariantError& e) {
    if (e.located()) throw;
    throw UsageError(argument + ": " + e.what());
  }
}

void print_run_warnings(const report::Summary& summary) {
  for (const report::RunSettings& run : summary.runs)
    if (!run.weights_warning.empty()) std::fprintf(stderr, "warning: %s\n", run.weights_warning.c_str());
}

}  // namespace jungle::cli
