#include "stats/paired_difference.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <tuple>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

namespace jungle::stats {

namespace {

// Σ e_k² of one side, and its e_k into `e`: the ratio's influence values over all K units.
double influence(const std::vector<OpeningUnit>& units, bool variant_side, double ratio, std::vector<double>& e) {
  double sum_x = 0;
  for (const OpeningUnit& u : units) sum_x += variant_side ? u.variant_x : u.base_x;
  const double mean_x = sum_x / double(units.size());
  double squares = 0;
  e.clear();
  for (const OpeningUnit& u : units) {
    const double y = variant_side ? u.variant_y : u.base_y, x = variant_side ? u.variant_x : u.base_x;
    e.push_back((y - ratio * x) / mean_x);
    squares += e.back() * e.back();
  }
  return squares;
}

// P(T >= statistic), T of Student's t (or the normal for infinite degrees of freedom).
double upper_tail(double statistic, double degrees_of_freedom) {
  if (std::isinf(degrees_of_freedom)) return boost::math::cdf(boost::math::complement(boost::math::normal(), statistic));
  return boost::math::cdf(boost::math::complement(boost::math::students_t(degrees_of_freedom), statistic));
}

}  // namespace

double two_sided_p(double statistic, double degrees_of_freedom) {
  return 2 * upper_tail(std::abs(statistic), degrees_of_freedom);
}

FigureContribution figure_contribution(const GameRecord& game, Figure figure) {
  const bool win = game.result == Result::WhiteWins, draw = game.result == Result::Draw;
  switch (figure) {
    case Figure::Score: return {win ? 1.0 : draw ? 0.5 : 0.0, 1};
    case Figure::DecisiveShare: return {win ? 1.0 : 0.0, draw ? 0.0 : 1.0};
    case Figure::DrawRate: return {draw ? 1.0 : 0.0, 1};
  }
  return {};
}

const char* figure_name(Figure figure) {
  switch (figure) {
    case Figure::Score: return "score";
    case Figure::DecisiveShare: return "decisive share";
    case Figure::DrawRate: return "draw rate";
  }
  return "?";
}

PairedDifference paired_difference(const std::vector<OpeningUnit>& units, double confidence) {
  if (units.size() < 2) throw std::invalid_argument("paired_difference: fewer than two openings");
  double base_y = 0, base_x = 0, variant_y = 0, variant_x = 0;
  PairedDifference d;
  for (const OpeningUnit& u : units) {
    base_y += u.base_y, base_x += u.base_x, variant_y += u.variant_y, variant_x += u.variant_x;
    if (u.base_games > 0 && u.variant_games > 0) ++d.paired_units;
  }
  if (base_x <= 0 || variant_x <= 0) throw std::invalid_argument("paired_difference: a side has nothing to count");
  const double k = double(units.size());
  d.units = units.size();
  d.base = base_y / base_x;
  d.variant = variant_y / variant_x;
  d.difference = d.variant - d.base;
  std::vector<double> e_base, e_variant;
  const double cochran = k / (k - 1) / (k * k);
  const double base_squares = influence(units, false, d.base, e_base);
  const double variant_squares = influence(units, true, d.variant, e_variant);
  double paired_squares = 0;
  for (std::size_t i = 0; i < units.size(); ++i) paired_squares += std::pow(e_variant[i] - e_base[i], 2);
  d.variance = cochran * paired_squares;
  d.unpaired_variance = cochran * (base_squares + variant_squares);
  d.design_effect = d.variance > 0            ? d.unpaired_variance / d.variance
                    : d.unpaired_variance > 0 ? std::numeric_limits<double>::infinity()
                                              : std::numeric_limits<double>::quiet_NaN();
  d.degrees_of_freedom = interval_degrees_of_freedom(k);
  const double se = std::sqrt(d.variance);
  const double margin = t_for(confidence, d.degrees_of_freedom) * se;
  d.interval = {d.difference - margin, d.difference + margin};
  const double t = t_for(confidence, d.degrees_of_freedom);
  const double base_margin = t * std::sqrt(cochran * base_squares), variant_margin = t * std::sqrt(cochran * variant_squares);
  d.base_interval = {d.base - base_margin, d.base + base_margin};
  d.variant_interval = {d.variant - variant_margin, d.variant + variant_margin};
  d.p_value = se > 0 ? two_sided_p(d.difference / se, d.degrees_of_freedom) : d.difference == 0 ? 1.0 : 0.0;
  return d;
}

Interval interval_at(const PairedDifference& d, double confidence) {
  const double margin = d.variance > 0 ? t_for(confidence, d.degrees_of_freedom) * std::sqrt(d.variance) : 0;
  return {d.difference - margin, d.difference + margin};
}

double equivalence_p_value(const PairedDifference& d, double margin) {
  const double se = std::sqrt(d.variance);
  if (!(se > 0)) return std::abs(d.difference) < margin ? 0.0 : 1.0;
  const double above_lower = upper_tail((d.difference + margin) / se, d.degrees_of_freedom);
  const double below_upper = upper_tail((margin - d.difference) / se, d.degrees_of_freedom);
  return std::max(above_lower, below_upper);
}

std::vector<OpeningUnit> opening_units(const std::vector<StoredGame>& base, const std::vector<StoredGame>& variant,
                                       Figure figure) {
  // An opening is its id, start position and moves: a replaced one is another opening.
  using Key = std::tuple<int, std::string, std::vector<std::string>>;
  std::map<Key, OpeningUnit> by_opening;
  for (const StoredGame& g : base) {
    const FigureContribution c = figure_contribution(g.record, figure);
    OpeningUnit& u = by_opening[Key{g.opening, g.record.fen, g.record.opening}];
    u.base_y += c.y, u.base_x += c.x, ++u.base_games;
  }
  for (const StoredGame& g : variant) {
    const FigureContribution c = figure_contribution(g.record, figure);
    OpeningUnit& u = by_opening[Key{g.opening, g.record.fen, g.record.opening}];
    u.variant_y += c.y, u.variant_x += c.x, ++u.variant_games;
  }
  std::vector<OpeningUnit> units;
  for (const auto& [key, unit] : by_opening) units.push_back(unit);
  return units;
}

}  // namespace jungle::stats
