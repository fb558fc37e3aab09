#include "research/compare_config.h"

#include "research/input_error.h"

namespace jungle::research {

void check_compare_config(const CompareConfig& c) {
  if (c.variants.size() < 2) throw InputError("name the base variant and at least one variant to compare");
  if (c.games && (*c.games < 2 || *c.games % 2)) throw InputError("--games must be even and at least 2");
  if (c.pilot_games < 4 || c.pilot_games % 2) throw InputError("--pilot-games must be even and at least 4");
  if (c.fit_games < 2 || c.fit_games % 2) throw InputError("--fit-games must be even and at least 2");
  if (!(c.precision > 0 && c.precision < 0.5)) throw InputError("--precision must lie between 0 and 0.5");
  if (!(c.margin >= 0 && c.margin < 0.5)) throw InputError("--margin must lie between 0 and 0.5");
}

}  // namespace jungle::research
