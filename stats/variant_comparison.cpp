#include "stats/variant_comparison.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>

#include "stats/sample_size_reestimation.h"

namespace jungle::stats {

namespace {

double half_width_of(const PairedDifference& d) { return (d.interval.high - d.interval.low) / 2; }

// Two games an opening (colours swapped) in each variant.
std::uint64_t games_beyond(double openings_wanted, std::uint64_t openings) {
  if (!(openings_wanted > double(openings))) return 0;
  if (std::isinf(openings_wanted)) return std::numeric_limits<std::uint64_t>::max();
  return 2 * (std::uint64_t(std::ceil(openings_wanted)) - openings);
}

FigureComparison figure_comparison(const std::vector<StoredGame>& base, const std::vector<StoredGame>& variant,
                                   Figure figure, const ComparisonPlan& plan) {
  FigureComparison f;
  f.figure = figure;
  f.primary = figure == plan.primary;
  f.difference = paired_difference(opening_units(base, variant, figure), COMPARISON_CONFIDENCE);
  const PairedDifference& d = f.difference;
  f.half_width = half_width_of(d);
  f.resolved = f.half_width <= plan.target;
  f.more_games = games_beyond(double(openings_for_half_width(d.units, f.half_width, plan.target)), d.units);
  if (plan.margin > 0) {
    Equivalence e;
    e.interval = interval_at(d, EQUIVALENCE_CONFIDENCE);
    e.p_value = equivalence_p_value(d, plan.margin);
    f.equivalence = e;
  }
  return f;
}

// Holm over the family of every figure of every variant, for the difference tests and, with a
// margin, for the equivalence tests; then each figure's verdict.
void adjust(Comparison& c) {
  std::vector<double> p, p_equivalence;
  for (const VariantComparison& v : c.variants)
    for (const FigureComparison& f : v.figures) {
      p.push_back(f.difference.p_value);
      if (f.equivalence) p_equivalence.push_back(f.equivalence->p_value);
    }
  c.tests = p.size();
  const std::vector<double> adjusted = holm_adjust(p), adjusted_equivalence = holm_adjust(p_equivalence);
  std::size_t i = 0, j = 0;
  for (VariantComparison& v : c.variants)
    for (FigureComparison& f : v.figures) {
      f.p_holm = adjusted[i++];
      f.significant = f.p_holm < COMPARISON_ALPHA;
      if (!f.equivalence) continue;
      Equivalence& e = *f.equivalence;
      e.p_holm = adjusted_equivalence[j++];
      e.verdict = equivalence_verdict(e.p_holm, f.significant);
      if (e.verdict == Equivalence::Verdict::Undecided) e.settling_games = settling_games(f.difference, c.plan.margin);
    }
}

// Whether the rounds play for this figure's interval.
bool played_for(const ComparisonPlan& plan, Figure figure) {
  return std::find(plan.precision_figures.begin(), plan.precision_figures.end(), figure) !=
         plan.precision_figures.end();
}

double fixed_design_openings(const Comparison& c) {
  double most = 0;
  const double z = z_for(COMPARISON_CONFIDENCE);
  for (const VariantComparison& v : c.variants)
    for (const FigureComparison& f : v.figures)
      if (played_for(c.plan, f.figure))
        most = std::max(most, z * z * f.difference.variance * double(f.difference.units) /
                                  (c.plan.target * c.plan.target));
  return most;
}

bool underpowered(const Comparison& c) {
  for (const VariantComparison& v : c.variants) {
    const auto primary =
        std::find_if(v.figures.begin(), v.figures.end(), [](const FigureComparison& f) { return f.primary; });
    if (primary == v.figures.end() || primary->half_width > c.plan.target) return true;
  }
  return false;
}

}  // namespace

// The openings at which D, if it stayed where it is, would be settled: significant (its 95%
// interval excluding 0), or its 90% interval inside ±margin.
Equivalence::Verdict equivalence_verdict(double p_holm, bool significant) {
  return p_holm < COMPARISON_ALPHA ? Equivalence::Verdict::Equivalent
         : significant             ? Equivalence::Verdict::Different
                                   : Equivalence::Verdict::Undecided;
}

std::uint64_t settling_games(const PairedDifference& d, double margin) {
  const double k = double(d.units), se = std::sqrt(d.variance), distance = std::abs(d.difference);
  const double infinite = std::numeric_limits<double>::infinity();
  const double to_differ = distance > 0 ? k * std::pow(z_for(COMPARISON_CONFIDENCE) * se / distance, 2) : infinite;
  const double to_match =
      distance < margin ? k * std::pow(z_for(EQUIVALENCE_CONFIDENCE) * se / (margin - distance), 2) : infinite;
  return games_beyond(std::min(to_differ, to_match), d.units);
}

double settling_half_width(double margin, std::size_t difference_tests, std::size_t equivalence_tests,
                           double degrees_of_freedom) {
  const double to_differ = t_for(1 - COMPARISON_ALPHA / double(difference_tests), degrees_of_freedom);
  const double to_match = t_for(1 - 2 * COMPARISON_ALPHA / double(equivalence_tests), degrees_of_freedom);
  const double exact = t_for(COMPARISON_CONFIDENCE, degrees_of_freedom) * margin / (to_differ + to_match);
  const double unit = std::pow(10.0, std::floor(std::log10(exact)) - 1);  // two significant figures
  return std::floor(exact / unit) * unit;
}

Comparison compare_variants(const std::vector<StoredGame>& games, const ComparisonPlan& plan, double games_per_second) {
  Comparison c;
  c.plan = plan;
  c.games_per_second = games_per_second;
  std::map<std::string, std::vector<StoredGame>> by_variant;
  for (const StoredGame& g : games) by_variant[g.record.variant].push_back(g);
  const std::vector<StoredGame>& base_games = by_variant[plan.base];
  for (const std::string& name : plan.variants) {
    const std::vector<StoredGame>& mine = by_variant[name];
    if (mine.empty() || base_games.empty())
      throw std::invalid_argument("no games of variant " + (mine.empty() ? name : plan.base) + " to compare");
    VariantComparison v{plan.base, name, {}, 0, 0};
    // The variant's openings, and those whose moves differ from the base's of the same number.
    std::map<int, const GameRecord*> base_opening;
    for (const StoredGame& g : base_games) base_opening.emplace(g.opening, &g.record);
    std::set<int> openings, unpaired;
    for (const StoredGame& g : mine) {
      openings.insert(g.opening);
      const auto it = base_opening.find(g.opening);
      if (it == base_opening.end() || it->second->opening != g.record.opening || it->second->fen != g.record.fen)
        unpaired.insert(g.opening);
    }
    v.openings = openings.size();
    v.unpaired_openings = unpaired.size();
    for (Figure figure : {Figure::Score, Figure::DecisiveShare, Figure::DrawRate}) {
      try {
        v.figures.push_back(figure_comparison(base_games, mine, figure, plan));
      } catch (const std::invalid_argument&) {
        if (figure != Figure::DecisiveShare) throw;  // no decisive game: that figure alone is left out
      }
    }
    c.variants.push_back(std::move(v));
  }
  adjust(c);
  c.underpowered = underpowered(c);
  c.fixed_design_openings = fixed_design_openings(c);
  return c;
}

double precision_half_width(const Comparison& c) {
  double widest = 0;
  for (const VariantComparison& v : c.variants)
    for (const FigureComparison& f : v.figures)
      if (played_for(c.plan, f.figure)) widest = std::max(widest, f.half_width);
  return widest;
}

}  // namespace jungle::stats
