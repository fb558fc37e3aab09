#include "stats/trend.h"

#include <cmath>
#include <stdexcept>

#include <boost/math/distributions/chi_squared.hpp>

namespace jungle::stats {

namespace {

void require(bool ok, const char* what) {
  if (!ok) throw std::invalid_argument(what);
}

// P(χ²_df ≥ q).
double chi_squared_upper(double q, double df) {
  return boost::math::cdf(boost::math::complement(boost::math::chi_squared(df), q));
}

}  // namespace

WeightedLine weighted_line(const std::vector<double>& x, const std::vector<double>& y,
                           const std::vector<double>& variance, double confidence, double degrees_of_freedom) {
  require(x.size() == y.size() && x.size() == variance.size(), "weighted_line: x, y and variance differ in length");
  require(x.size() >= 2, "weighted_line: a line needs two points");
  double w_sum = 0, wx = 0, wy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    require(std::isfinite(x[i]) && std::isfinite(y[i]), "weighted_line: a point is not finite");
    require(std::isfinite(variance[i]) && variance[i] > 0, "weighted_line: a variance is not positive and finite");
    const double w = 1 / variance[i];
    w_sum += w;
    wx += w * x[i];
    wy += w * y[i];
  }
  const double x_mean = wx / w_sum, y_mean = wy / w_sum;
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double w = 1 / variance[i];
    sxx += w * (x[i] - x_mean) * (x[i] - x_mean);
    sxy += w * (x[i] - x_mean) * (y[i] - y_mean);
  }
  require(sxx > 0, "weighted_line: every x is the same");

  WeightedLine line;
  line.points = x.size();
  line.slope = sxy / sxx;
  line.intercept = y_mean - line.slope * x_mean;
  line.slope_standard_error = std::sqrt(1 / sxx);
  const double half = t_for(confidence, degrees_of_freedom) * line.slope_standard_error;
  line.slope_interval = {line.slope - half, line.slope + half};
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double residual = y[i] - line.intercept - line.slope * x[i];
    line.lack_of_fit += residual * residual / variance[i];
  }
  line.lack_of_fit_df = double(x.size()) - 2;
  if (line.lack_of_fit_df > 0) line.lack_of_fit_p = chi_squared_upper(line.lack_of_fit, line.lack_of_fit_df);
  return line;
}

int direction(const Interval& interval) {
  if (interval.low > 0) return 1;
  if (interval.high < 0) return -1;
  return 0;
}

}  // namespace jungle::stats
