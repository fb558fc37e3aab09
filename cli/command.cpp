// What the subcommands share that is not a subcommand of its own.
#include "cli/command.h"

#include <cstdio>

#include "engine/variant_loader.h"
#include "match/tournament.h"
#include "support/files.h"

namespace jungle::cli {

void run_reporting_failures(const std::function<void()>& job) {
  try {
    job();
  } catch (const VariantError& e) {
    // An unknown name is reported at "NAME:1:1"; only a file's mistakes need a location.
    const bool unknown_name = e.message.starts_with("unknown variant");
    throw UsageError("--variants: " + (unknown_name ? e.message : std::string(e.what())));
  } catch (const TournamentError& e) {
    throw UsageError(e.what());
  } catch (const FileWriteError& e) {
    throw UsageError(e.what());
  }
}

void print_run_warnings(const report::Summary& summary) {
  for (const report::RunSettings& run : summary.runs)
    if (!run.weights_warning.empty()) std::fprintf(stderr, "warning: %s\n", run.weights_warning.c_str());
}

}  // namespace jungle::cli
