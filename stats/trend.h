// A straight line through estimates whose variances are known, such as the first player's score
// at each level of the strength ladder: how the figure moves with x, and how surely.
//
// Weighted least squares with weights w_i = 1/v_i (v_i the variance of the estimate y_i):
//   W = Σ w,  x̄ = Σ w·x / W,  ȳ = Σ w·y / W,  Sxx = Σ w·(x - x̄)²,  Sxy = Σ w·(x - x̄)(y - ȳ),
//   slope b = Sxy / Sxx,  intercept a = ȳ - b·x̄,  Var b = 1 / Sxx,
// the variance of b following from the v_i alone (they are known, not estimated from the
// scatter about the line), so the interval is b ± q·√(1/Sxx), q the normal quantile, or Student's
// t when the variances themselves rest on few units (the degrees of freedom given). The scatter
// about the line is a test of the line: Q = Σ w·(y - a - b·x)² is χ² with k - 2 degrees of
// freedom for k points when the truth is a straight line; a small p says it is not, and that
// the slope then summarises a curve.
#pragma once

#include <limits>
#include <vector>

#include "stats/statistics.h"

namespace jungle::stats {

struct WeightedLine {
  std::size_t points = 0;  // k
  double slope = 0, intercept = 0;
  double slope_standard_error = 0;  // √(1/Sxx)
  Interval slope_interval;
  double lack_of_fit = 0;                                          // Q
  double lack_of_fit_df = 0;                                       // k - 2
  double lack_of_fit_p = std::numeric_limits<double>::quiet_NaN();  // P(χ²_{k-2} ≥ Q); NaN for k = 2
};

// The line through (x[i], y[i]) with variances variance[i]. degrees_of_freedom: of the interval's
// quantile (+inf: the normal's; Student's t otherwise). Throws std::invalid_argument when the
// vectors differ in length, there are fewer than two points, a variance is not positive and
// finite, a value is not finite, or every x is the same.
WeightedLine weighted_line(const std::vector<double>& x, const std::vector<double>& y,
                           const std::vector<double>& variance, double confidence = 0.95,
                           double degrees_of_freedom = std::numeric_limits<double>::infinity());

// Which way the interval points: 1 when it lies above 0, -1 below, 0 when it covers 0.
int direction(const Interval& interval);

}  // namespace jungle::stats
