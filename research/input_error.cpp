#include "research/input_error.h"

#include <string>

#include "engine/variant_loader.h"
#include "match/tournament_config.h"
#include "support/files.h"

namespace jungle::research {

void run_reporting_failures(const std::function<void()>& job) {
  try {
    job();
  } catch (const VariantError& e) {
    // A file's mistake carries its place (FILE:LINE:COLUMN); an unknown name or a missing file
    // none, and names itself.
    throw InputError("--variants: " + std::string(e.what()));
  } catch (const TournamentError& e) {
    throw InputError(e.what());
  } catch (const FileWriteError& e) {
    throw InputError(e.what());
  }
}

}  // namespace jungle::research
