// compare --levels' figures: each variant's difference across the levels, each level's strength.
#include "research/levels_summary.h"

#include <cmath>
#include <limits>

#include "report/levels_report.h"
#include "research/ladder_summary.h"
#include "stats/statistics.h"

namespace jungle::research {

using report::LevelsVariant;
using report::LevelStrength;

namespace {

// The primary figure of `variant` in a level's verdict, if the level could estimate it.
const stats::FigureComparison* primary_of(const stats::Comparison& c, const std::string& variant) {
  for (const stats::VariantComparison& v : c.variants)
    if (v.variant == variant)
      for (const stats::FigureComparison& f : v.figures)
        if (f.primary) return &f;
  return nullptr;
}

LevelsVariant variant_across(const std::string& name, const std::vector<LevelInput>& levels, double confidence) {
  LevelsVariant v;
  v.name = name;
  std::vector<double> x, y, variance;
  double degrees_of_freedom = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const stats::FigureComparison* f = primary_of(levels[i].comparison, name);
    if (!f) continue;
    v.points.push_back({levels[i].label, *f});
    if (!(f->difference.variance > 0) || !std::isfinite(f->difference.variance)) continue;
    x.push_back(double(i));
    y.push_back(f->difference.difference);
    variance.push_back(f->difference.variance);
    degrees_of_freedom = std::min(degrees_of_freedom, f->difference.degrees_of_freedom);
  }
  if (x.empty()) {
    v.sentence = "no level has a difference with a variance, so there is no trend to fit";
    return v;
  }
  double sum_w = 0, sum_wy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sum_w += 1 / variance[i];
    sum_wy += y[i] / variance[i];
  }
  v.pooled = sum_wy / sum_w;
  const double half = stats::z_for(confidence) * std::sqrt(1 / sum_w);
  v.pooled_interval = {v.pooled - half, v.pooled + half};
  if (x.size() < 2) {
    v.sentence = "one level alone has a difference with a variance, so there is no trend to fit";
    return v;
  }
  v.trend = stats::weighted_line(x, y, variance, confidence, degrees_of_freedom);
  v.sentence = report::levels_sentence(*v.trend, v.pooled_interval);
  return v;
}

LevelStrength strength_of(const LevelInput& level, double confidence) {
  LevelStrength s;
  s.level = level.label;
  s.spec = level.spec;
  s.cpu = level.cpu;
  double plies = 0;
  for (const StoredGame& g : level.games) plies += double(g.record.plies) - double(g.record.opening.size());
  if (!level.games.empty()) s.plies_a_game = plies / double(level.games.size());
  if (level.searched_moves > 0) s.nodes_a_move = double(level.searched_nodes) / double(level.searched_moves);
  if (!level.match_below.empty()) {
    std::vector<const StoredGame*> games;
    for (const StoredGame& g : level.match_below) games.push_back(&g);
    s.step = step_over_below(games, level.label, level.spec, level.below_spec, confidence);
  }
  return s;
}

}  // namespace

LevelsSummary summarize_levels(const std::vector<LevelInput>& levels, double confidence) {
  LevelsSummary s;
  s.confidence = confidence;
  for (const LevelInput& l : levels) s.levels.push_back(l.label);
  if (levels.empty()) return s;
  const stats::Comparison& first = levels.front().comparison;
  s.base = first.plan.base;
  s.primary = first.plan.primary;
  for (const std::string& variant : first.plan.variants) s.variants.push_back(variant_across(variant, levels, confidence));
  for (const LevelInput& l : levels) s.strength.push_back(strength_of(l, confidence));
  return s;
}

}  // namespace jungle::research
