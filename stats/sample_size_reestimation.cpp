#include "stats/sample_size_reestimation.h"

#include <algorithm>
#include <cmath>

namespace jungle::stats {

std::uint64_t openings_for_half_width(std::uint64_t openings, double half_width, double target) {
  const double wanted = double(openings) * std::pow(half_width / target, 2);
  return std::max<std::uint64_t>(1, std::uint64_t(std::ceil(wanted - 1e-9)));
}

std::uint64_t next_round_openings(std::uint64_t openings, double half_width, double target, double growth) {
  if (!(half_width > target)) return 0;
  const double wanted = std::ceil(REESTIMATION_INFLATION * double(openings) * std::pow(half_width / target, 2));
  const double capped = std::min(wanted, std::floor(growth * double(openings)));
  return std::max(openings + 1, std::uint64_t(capped));
}

}  // namespace jungle::stats
