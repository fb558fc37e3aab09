#include "stats/factorial_effects.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <tuple>


#include "stats/sample_size_reestimation.h"

namespace jungle::stats {

namespace {

constexpr double NaN = std::numeric_limits<double>::quiet_NaN();

// One figure over the design's cells and the openings: R_c, e_oc and Var(R_c).
struct Linearised {
  std::size_t units = 0;                  // K
  std::size_t units_in_every_cell = 0;
  std::vector<double> ratio;              // R_c
  std::vector<std::vector<double>> e;     // e[c][o]
  std::vector<double> cell_variance;      // Var(R_c) = K/(K−1)·Σ_o e_oc²/K²
  double degrees_of_freedom = 0;
};

Linearised linearise(const FactorialDesign& design, const std::vector<StoredGame>& games, Figure figure) {
  const std::size_t n = design.cells.size();
  std::map<std::string, std::size_t> cell_of;
  for (std::size_t c = 0; c < n; ++c) cell_of.emplace(design.cells[c].name, c);
  // An opening is its id, start position and moves, as in opening_units(): Σy, Σx and the
  // games of each cell.
  using Key = std::tuple<int, std::string, std::vector<std::string>>;
  struct Sums {
    std::vector<double> y, x;
    std::vector<int> games;
  };
  std::map<Key, Sums> by_opening;
  std::vector<int> cell_games(n, 0);
  for (const StoredGame& g : games) {
    const auto cell = cell_of.find(g.record.variant);
    if (cell == cell_of.end()) continue;
    Sums& s = by_opening[Key{g.opening, g.record.fen, g.record.opening}];
    if (s.y.empty()) s.y.assign(n, 0), s.x.assign(n, 0), s.games.assign(n, 0);
    const FigureContribution add = figure_contribution(g.record, figure);
    s.y[cell->second] += add.y, s.x[cell->second] += add.x, ++s.games[cell->second];
    ++cell_games[cell->second];
  }
  for (std::size_t c = 0; c < n; ++c)
    if (cell_games[c] == 0) throw std::invalid_argument("no games of cell " + design.cells[c].name);
  if (by_opening.size() < 2) throw std::invalid_argument("a factorial analysis needs at least two openings");

  Linearised l;
  l.units = by_opening.size();
  const double k = double(l.units);
  for (const auto& [key, s] : by_opening)
    if (std::all_of(s.games.begin(), s.games.end(), [](int g) { return g > 0; })) ++l.units_in_every_cell;
  l.degrees_of_freedom = interval_degrees_of_freedom(k);
  const double cochran = k / (k - 1) / (k * k);
  for (std::size_t c = 0; c < n; ++c) {
    double sum_y = 0, sum_x = 0;
    for (const auto& [key, s] : by_opening) sum_y += s.y[c], sum_x += s.x[c];
    if (!(sum_x > 0))
      throw std::invalid_argument(std::string("cell ") + design.cells[c].name + " has no game that counts for the " +
                                  figure_name(figure));
    const double ratio = sum_y / sum_x, mean_x = sum_x / k;
    std::vector<double> e;
    double squares = 0;
    for (const auto& [key, s] : by_opening) {
      e.push_back((s.y[c] - ratio * s.x[c]) / mean_x);
      squares += e.back() * e.back();
    }
    l.ratio.push_back(ratio);
    l.e.push_back(std::move(e));
    l.cell_variance.push_back(cochran * squares);
  }
  return l;
}

// Cells that played the same games (a factor that changes nothing) give contrasts that are 0 but
// for the rounding of their sums, about 1e-17: a variance of 1e-36 would then make them
// "significant". A figure is at most 1 and a contrast of real games at least about 1/games, so
// below this a sum is 0.
constexpr double ROUNDING = 1e-12;

double unless_rounding(double sum) { return std::abs(sum) < ROUNDING ? 0 : sum; }

// θ = Σ_c w_c R_c with its paired variance (factorial_effects.h), computed as paired_difference
// computes a difference, so that one factor gives its figures to the last bit.
FactorialEstimate combine(const Linearised& l, const std::vector<double>& w, double confidence) {
  FactorialEstimate f;
  const double k = double(l.units), cochran = k / (k - 1) / (k * k);
  for (std::size_t c = 0; c < w.size(); ++c) {
    f.estimate += w[c] * l.ratio[c];
    f.unpaired_variance += w[c] * w[c] * l.cell_variance[c];
  }
  f.estimate = unless_rounding(f.estimate);
  double squares = 0;
  for (std::size_t o = 0; o < l.units; ++o) {
    double z = 0;
    for (std::size_t c = 0; c < w.size(); ++c) z += w[c] * l.e[c][o];
    z = unless_rounding(z);
    squares += z * z;
  }
  f.variance = cochran * squares;
  f.design_effect = f.variance > 0            ? f.unpaired_variance / f.variance
                    : f.unpaired_variance > 0 ? std::numeric_limits<double>::infinity()
                                              : NaN;
  f.degrees_of_freedom = l.degrees_of_freedom;
  const double se = std::sqrt(f.variance);
  f.half_width = t_for(confidence, f.degrees_of_freedom) * se;
  f.interval = {f.estimate - f.half_width, f.estimate + f.half_width};
  f.p_value = se > 0 ? two_sided_p(f.estimate / se, f.degrees_of_freedom) : f.estimate == 0 ? 1.0 : 0.0;
  return f;
}

// The weights of the model's prediction at a combination: ŷ(z) = Σ_c w_c R_c with
// w_c = (1/N)·(1 + Σ_t x_c^t z^t) over the main effects and interactions t, since each term's
// estimate is (2/N) Σ_c x_c^t R_c and enters ŷ halved, times its column z^t at the combination.
std::vector<double> prediction_weights(const FactorialDesign& design, const FactorialCell& combination) {
  const double n = double(design.cells.size());
  std::vector<double> w;
  for (const FactorialCell& cell : design.cells) {
    double sum = 1;
    for (const FactorialTerm& t : design.terms) sum += contrast(t.word, cell) * contrast(t.word, combination);
    w.push_back(sum / n);
  }
  return w;
}

// Equivalence and interval_at take a PairedDifference: the estimate in its place.
PairedDifference as_difference(const FactorialEstimate& f, std::uint64_t openings) {
  PairedDifference d;
  d.units = openings;
  d.difference = f.estimate;
  d.variance = f.variance;
  d.degrees_of_freedom = f.degrees_of_freedom;
  return d;
}

// One figure's effects and predictions from its linearised cells (factorial_effects without Holm).
FigureEffects effects_of(const FactorialDesign& design, const Linearised& l, Figure figure, double confidence) {
  const std::size_t n = design.cells.size();
  FigureEffects f;
  f.figure = figure;
  f.openings = l.units;
  f.openings_in_every_cell = l.units_in_every_cell;
  f.grand_mean = combine(l, std::vector<double>(n, 1.0 / double(n)), confidence);
  for (const FactorialTerm& t : design.terms) {
    std::vector<double> w;
    for (const FactorialCell& cell : design.cells) w.push_back(2.0 / double(n) * contrast(t.word, cell));
    f.effects.push_back({t, combine(l, w, confidence), 1, false, std::nullopt});
  }
  const double t = t_for(confidence, l.degrees_of_freedom);
  for (const FactorialCell& combination : all_combinations(design.factors)) {
    FactorialCellFigure p;
    p.cell = combination;
    p.observed = NaN;
    p.observed_interval = {NaN, NaN};
    for (std::size_t c = 0; c < n; ++c) {
      if (design.cells[c].on != combination.on) continue;
      p.cell = design.cells[c];  // with the name the games were recorded under
      p.played = true;
      p.observed = l.ratio[c];
      const double margin = t * std::sqrt(l.cell_variance[c]);
      p.observed_interval = {p.observed - margin, p.observed + margin};
    }
    p.predicted = combine(l, prediction_weights(design, combination), confidence);
    f.combinations.push_back(std::move(p));
  }
  return f;
}

// Holm over every effect of every figure, and with a margin over every main effect's
// equivalence test; then each verdict, as variant_comparison's adjust().
void adjust(FactorialAnalysis& a) {
  std::vector<double> p, p_equivalence;
  for (const FigureEffects& f : a.figures)
    for (const FactorialEffect& e : f.effects) {
      p.push_back(e.estimate.p_value);
      if (e.equivalence) p_equivalence.push_back(e.equivalence->p_value);
    }
  a.tests = p.size();
  a.equivalence_tests = p_equivalence.size();
  const std::vector<double> adjusted = holm_adjust(p), adjusted_equivalence = holm_adjust(p_equivalence);
  std::size_t i = 0, j = 0;
  for (FigureEffects& f : a.figures)
    for (FactorialEffect& e : f.effects) {
      e.p_holm = adjusted[i++];
      e.significant = e.p_holm < COMPARISON_ALPHA;
      if (!e.equivalence) continue;
      Equivalence& q = *e.equivalence;
      q.p_holm = adjusted_equivalence[j++];
      q.verdict = equivalence_verdict(q.p_holm, e.significant);
      if (q.verdict == Equivalence::Verdict::Undecided)
        q.settling_games = settling_games(as_difference(e.estimate, f.openings), a.plan.margin);
    }
}

BalancedCombination most_balanced(const FactorialDesign& design, const Linearised& l, const FigureEffects& score,
                                  double confidence) {
  BalancedCombination b;
  double nearest = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < score.combinations.size(); ++i) {
    const double distance = std::abs(score.combinations[i].predicted.estimate - 0.5);
    if (distance < nearest) nearest = distance, b.combination = i;
  }
  const FactorialCellFigure& best = score.combinations[b.combination];
  b.cell = best.cell;
  b.predicted = best.predicted;
  const std::vector<double> w_best = prediction_weights(design, best.cell);
  for (std::size_t i = 0; i < score.combinations.size(); ++i) {
    if (i == b.combination) continue;
    std::vector<double> w = prediction_weights(design, score.combinations[i].cell);
    for (std::size_t c = 0; c < w.size(); ++c) w[c] -= w_best[c];
    const FactorialEstimate d = combine(l, w, confidence);
    if (d.interval.low <= 0 && 0 <= d.interval.high) b.indistinguishable.push_back(i);
  }
  return b;
}

void size(FactorialAnalysis& a) {
  const FigureEffects* primary = figure_effects(a, a.plan.primary);
  if (primary == nullptr) {
    a.widest_half_width = std::numeric_limits<double>::infinity();
    a.openings_needed = a.next_round_openings = std::numeric_limits<std::uint64_t>::max();
    a.fixed_design_openings = std::numeric_limits<double>::infinity();
    return;
  }
  const double z = z_for(COMPARISON_CONFIDENCE), target = a.plan.target;
  for (const FactorialEffect& e : primary->effects) {
    if (std::popcount(e.term.word) != 1) continue;
    a.widest_half_width = std::max(a.widest_half_width, e.estimate.half_width);
    a.fixed_design_openings = std::max(
        a.fixed_design_openings, z * z * e.estimate.variance * double(primary->openings) / (target * target));
  }
  a.resolved = a.widest_half_width <= target;
  a.openings_needed = openings_for_half_width(primary->openings, a.widest_half_width, target);
  a.next_round_openings = stats::next_round_openings(primary->openings, a.widest_half_width, target);
}

}  // namespace

FigureEffects factorial_effects(const FactorialDesign& design, const std::vector<StoredGame>& games, Figure figure,
                                double confidence) {
  return effects_of(design, linearise(design, games, figure), figure, confidence);
}

FactorialAnalysis analyse_factorial(const FactorialDesign& design, const std::vector<StoredGame>& games,
                                    const FactorialPlan& plan) {
  FactorialAnalysis a;
  a.design = design;
  a.plan = plan;
  const Linearised score = linearise(design, games, Figure::Score);
  for (Figure figure : {Figure::Score, Figure::DecisiveShare, Figure::DrawRate}) {
    try {
      a.figures.push_back(effects_of(design, figure == Figure::Score ? score : linearise(design, games, figure), figure,
                                     plan.confidence));
    } catch (const std::invalid_argument&) {
      if (figure != Figure::DecisiveShare) throw;  // a cell without a decisive game: that figure alone is left out
      continue;
    }
    FigureEffects& f = a.figures.back();
    f.primary = figure == plan.primary;
    if (plan.margin <= 0) continue;
    for (FactorialEffect& e : f.effects) {
      if (std::popcount(e.term.word) != 1) continue;  // main effects only
      Equivalence q;
      q.interval = interval_at(as_difference(e.estimate, f.openings), EQUIVALENCE_CONFIDENCE);
      q.p_value = equivalence_p_value(as_difference(e.estimate, f.openings), plan.margin);
      e.equivalence = q;
    }
  }
  adjust(a);
  a.balanced = most_balanced(design, score, a.figures.front(), plan.confidence);
  size(a);
  return a;
}

const FigureEffects* figure_effects(const FactorialAnalysis& analysis, Figure figure) {
  for (const FigureEffects& f : analysis.figures)
    if (f.figure == figure) return &f;
  return nullptr;
}

}  // namespace jungle::stats
