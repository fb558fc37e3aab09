#include "report/factorial_charts.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "report/charts.h"

namespace jungle::report::detail {

namespace {

// The combination of levels with exactly the factors of `on` on, among a figure's predictions.
const stats::FactorialCellFigure* combination(const stats::FigureEffects& figure, stats::FactorWord on) {
  for (const stats::FactorialCellFigure& c : figure.combinations)
    if (c.cell.on == on) return &c;
  return nullptr;
}

}  // namespace

std::vector<PlannedChart> effect_panels(const FactorialSummary& f) {
  // One scale for every panel, over every interval and 0, so that effects compare across figures.
  double low = 0, high = 0;
  for (const stats::FigureEffects& figure : f.analysis.figures)
    for (const stats::FactorialEffect& e : figure.effects) {
      low = std::min({low, e.estimate.interval.low, e.estimate.estimate});
      high = std::max({high, e.estimate.interval.high, e.estimate.estimate});
    }
  const double pad = std::max(0.005, 0.06 * (high - low));
  const double x_min = 100 * (low - pad), x_max = 100 * (high + pad);
  std::vector<PlannedChart> panels;
  for (const stats::FigureEffects& figure : f.analysis.figures) {
    std::vector<const stats::FactorialEffect*> effects;
    for (const stats::FactorialEffect& e : figure.effects) effects.push_back(&e);
    std::stable_sort(effects.begin(), effects.end(), [](const auto* a, const auto* b) {
      return std::abs(a->estimate.estimate) > std::abs(b->estimate.estimate);
    });
    std::vector<charts::ErrorBar> rows;
    std::vector<bool> significant;
    for (const stats::FactorialEffect* e : effects) {
      rows.push_back({e->term.name, 100 * e->estimate.estimate, 100 * e->estimate.interval.low,
                      100 * e->estimate.interval.high});
      significant.push_back(e->significant);
    }
    std::string title = "Effects on the ";
    title += stats::figure_name(figure.figure);
    if (figure.primary) title += " (primary)";
    panels.push_back({title, [rows, significant, title, x_min, x_max] {
                        return charts::effects_chart(rows, significant, title, "effect in percentage points", x_min,
                                                     x_max);
                      }});
  }
  return panels;
}

std::vector<PlannedChart> interaction_plots(const FactorialSummary& f) {
  const stats::FactorialDesign& d = f.analysis.design;
  std::vector<PlannedChart> plots;
  for (const stats::FigureEffects& figure : f.analysis.figures)
    for (const stats::FactorialEffect& e : figure.effects) {
      if (!e.significant || std::popcount(e.term.word) != 2) continue;
      const std::size_t first = std::size_t(std::countr_zero(e.term.word));
      const std::size_t second = std::size_t(std::countr_zero(e.term.word & (e.term.word - 1)));
      const stats::FactorWord a = stats::FactorWord{1} << first, b = stats::FactorWord{1} << second;
      const std::string& name_a = d.factors.at(first);
      const std::string& name_b = d.factors.at(second);
      std::vector<charts::Series> lines;
      for (const stats::FactorWord level_b : {stats::FactorWord{0}, b}) {
        charts::Series line{name_b + (level_b ? " on" : " off"), {}};
        for (const stats::FactorWord level_a : {stats::FactorWord{0}, a}) {
          const stats::FactorialCellFigure* c = combination(figure, level_a | level_b);
          if (c == nullptr) {
            const double nan = std::numeric_limits<double>::quiet_NaN();
            line.points.push_back({"", nan, nan, nan});
          } else {
            line.points.push_back({"", c->predicted.estimate, c->predicted.interval.low, c->predicted.interval.high});
          }
        }
        lines.push_back(std::move(line));
      }
      const std::string title = e.term.name + ": " + stats::figure_name(figure.figure);
      const std::vector<std::string> x_labels = {name_a + " off", name_a + " on"};
      const double reference =
          figure.figure == stats::Figure::DrawRate ? std::numeric_limits<double>::quiet_NaN() : 0.5;
      const std::string y_label = stats::figure_name(figure.figure);
      plots.push_back({title, [x_labels, lines, title, y_label, reference] {
                         // No x label: the ticks name the first factor's levels.
                         return charts::interaction_chart(x_labels, lines, title, "", y_label + ", predicted",
                                                     reference);
                       }});
    }
  return plots;
}

}  // namespace jungle::report::detail
