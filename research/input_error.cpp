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
    // An unknown name is reported at "NAME:1:1"; only a file's mistakes need a location.
    const bool unknown_name = e.message.starts_with("unknown variant");
    throw InputError("--variants: " + (unknown_name ? e.message : std::string(e.what())));
  } catch (const TournamentError& e) {
    throw InputError(e.what());
  } catch (const FileWriteError& e) {
    throw InputError(e.what());
  }
}

}  // namespace jungle::research
