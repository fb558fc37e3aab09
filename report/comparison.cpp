#include "report/comparison.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>

#include "stats/sample_size_reestimation.h"
#include "support/text.h"

namespace jungle::report {

namespace {

std::string number(const char* format, double x) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, x);
  return buffer;
}

// A proportion as the report writes it: three decimals, a true minus sign. Appended: GCC 12 warns
// falsely (-Wrestrict) on "−" + std::string.
std::string share(double x) {
  std::string text = x <= -0.0005 ? "−" : "";
  text += number("%.3f", std::abs(x));
  return text;
}
std::string signed_share(double x) {
  if (std::abs(x) < 0.0005) x = 0;  // no "−0.000"
  std::string text = x < 0 ? "" : "+";
  text += share(x);
  return text;
}
std::string signed_range(const stats::Interval& i) { return signed_share(i.low) + " to " + signed_share(i.high); }
std::string half_width_text(double h) { return "±" + number("%.3f", h); }
std::string target_text(double h) { return "±" + number("%g", h); }

// Rounded to two significant digits: an estimate, not a count.
std::uint64_t about(std::uint64_t n) {
  if (n < 100) return n;
  double scale = 1;
  while (double(n) / scale >= 100) scale *= 10;
  return std::uint64_t(std::llround(double(n) / scale) * scale);
}

double half_width(const stats::PairedDifference& d) { return (d.interval.high - d.interval.low) / 2; }

// Two games an opening (colours swapped) in each variant.
std::uint64_t games_beyond(double openings_wanted, std::uint64_t openings) {
  if (!(openings_wanted > double(openings))) return 0;
  if (std::isinf(openings_wanted)) return std::numeric_limits<std::uint64_t>::max();
  return 2 * (std::uint64_t(std::ceil(openings_wanted)) - openings);
}

// The openings at which D, if it stayed where it is, would be settled: significant (its 95%
// interval excluding 0), or its 90% interval inside ±margin.
std::uint64_t settling_games(const stats::PairedDifference& d, double margin) {
  const double k = double(d.units), se = std::sqrt(d.variance), distance = std::abs(d.difference);
  const double infinite = std::numeric_limits<double>::infinity();
  const double to_differ = distance > 0 ? k * std::pow(stats::z_for(COMPARISON_CONFIDENCE) * se / distance, 2) : infinite;
  const double to_match =
      distance < margin ? k * std::pow(stats::z_for(EQUIVALENCE_CONFIDENCE) * se / (margin - distance), 2) : infinite;
  return games_beyond(std::min(to_differ, to_match), d.units);
}

FigureComparison figure_comparison(const std::vector<StoredGame>& base, const std::vector<StoredGame>& variant,
                                   stats::Figure figure, const ComparisonPlan& plan) {
  FigureComparison f;
  f.figure = figure;
  f.primary = figure == plan.primary;
  f.difference = stats::paired_difference(stats::opening_units(base, variant, figure), COMPARISON_CONFIDENCE);
  const stats::PairedDifference& d = f.difference;
  f.more_games = games_beyond(double(stats::openings_for_half_width(d.units, half_width(d), plan.target)), d.units);
  if (plan.margin > 0) {
    Equivalence e;
    e.interval = stats::interval_at(d, EQUIVALENCE_CONFIDENCE);
    e.p_value = stats::equivalence_p_value(d, plan.margin);
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
  const std::vector<double> adjusted = stats::holm_adjust(p), adjusted_equivalence = stats::holm_adjust(p_equivalence);
  std::size_t i = 0, j = 0;
  for (VariantComparison& v : c.variants)
    for (FigureComparison& f : v.figures) {
      f.p_holm = adjusted[i++];
      f.significant = f.p_holm < COMPARISON_ALPHA;
      if (!f.equivalence) continue;
      Equivalence& e = *f.equivalence;
      e.p_holm = adjusted_equivalence[j++];
      e.verdict = e.p_holm < COMPARISON_ALPHA ? Equivalence::Verdict::Equivalent
                  : f.significant             ? Equivalence::Verdict::Different
                                              : Equivalence::Verdict::Undecided;
      if (e.verdict == Equivalence::Verdict::Undecided) e.settling_games = settling_games(f.difference, c.plan.margin);
    }
}

const char* figure_description(stats::Figure figure) {
  switch (figure) {
    case stats::Figure::Score: return "the first player's score";
    case stats::Figure::DecisiveShare: return "the first player's share of the decisive games";
    case stats::Figure::DrawRate: return "the draw rate";
  }
  return "?";
}

std::string holm_text(const Comparison& c, double p, double p_holm) {
  if (c.tests <= 1) return p_text(p) + ", one test";
  return p_text(p) + "; " + (p_holm < 0.001 ? "< 0.001" : number("%.2g", p_holm)) + " after Holm's adjustment over " +
         std::to_string(c.tests) + " tests";
}

// "about 1,600 more games in each of standard and my-rules (3,200 in all) would reach ±0.03, about
// 30 seconds at the 106 games/s measured here": `what` is what the games would do.
std::string cost_text(const Comparison& c, const VariantComparison& v, std::uint64_t games_a_variant,
                      const std::string& what) {
  std::string text = "about " + with_commas(about(games_a_variant)) + " more games in each of " + v.base + " and " +
                     v.variant + " (" + with_commas(about(2 * games_a_variant)) + " in all) " + what;
  if (c.games_per_second > 0) {
    const std::string time = duration_text(2 * double(games_a_variant) / c.games_per_second);
    text += std::string(", ") + (time.starts_with("under") ? "" : "about ") + time + " at the " +
            number("%.3g", c.games_per_second) + " games/s measured here";
  }
  return text;
}

std::string precision_text(const Comparison& c, const VariantComparison& v, const FigureComparison& f) {
  const double h = half_width(f.difference);
  const std::string target = target_text(c.plan.target);
  if (h <= c.plan.target) return " Resolved to " + target + ".";
  return " Underpowered: the interval is " + half_width_text(h) + ", short of the " + target +
         " asked, so an effect smaller than " + half_width_text(h) + " could not be seen; " +
         cost_text(c, v, f.more_games, "would reach " + target) + ".";
}

std::string equivalence_text(const Comparison& c, const VariantComparison& v, const FigureComparison& f) {
  const Equivalence& e = *f.equivalence;
  const std::string margin = target_text(c.plan.margin);
  const std::string tests = "(two one-sided tests: " + holm_text(c, e.p_value, e.p_holm) + ")";
  switch (e.verdict) {
    case Equivalence::Verdict::Equivalent:
      return " Equivalent within " + margin + ": the 90% interval (" + signed_range(e.interval) + ") lies inside it " +
             tests + ".";
    case Equivalence::Verdict::Different:
      return " Different, at the margin " + margin + ": the difference is significant, and the 90% interval (" +
             signed_range(e.interval) + ") is not inside " + margin + ".";
    case Equivalence::Verdict::Undecided: break;
  }
  std::string text = " Undecided at the margin " + margin + ": the 90% interval (" + signed_range(e.interval) +
                     ") is not inside it and the difference is not significant " + tests + "; ";
  if (e.settling_games == std::numeric_limits<std::uint64_t>::max())
    return text + "no number of games would settle it if the difference stayed where it is.";
  return text + cost_text(c, v, e.settling_games, "would settle it if the difference stayed at " +
                                                      signed_share(f.difference.difference)) + ".";
}

}  // namespace

std::string p_text(double p) { return p < 0.001 ? "p < 0.001" : "p = " + number("%.2g", p); }

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
    for (stats::Figure figure : {stats::Figure::Score, stats::Figure::DecisiveShare, stats::Figure::DrawRate}) {
      try {
        v.figures.push_back(figure_comparison(base_games, mine, figure, plan));
      } catch (const std::invalid_argument&) {
        if (figure != stats::Figure::DecisiveShare) throw;  // no decisive game: that figure alone is left out
      }
    }
    c.variants.push_back(std::move(v));
  }
  adjust(c);
  return c;
}

// Whether the rounds play for this figure's interval.
bool played_for(const ComparisonPlan& plan, stats::Figure figure) {
  return std::find(plan.precision_figures.begin(), plan.precision_figures.end(), figure) != plan.precision_figures.end();
}

double precision_half_width(const Comparison& c) {
  double widest = 0;
  for (const VariantComparison& v : c.variants)
    for (const FigureComparison& f : v.figures)
      if (played_for(c.plan, f.figure)) widest = std::max(widest, half_width(f.difference));
  return widest;
}

double fixed_design_openings(const Comparison& c) {
  double most = 0;
  const double z = stats::z_for(COMPARISON_CONFIDENCE);
  for (const VariantComparison& v : c.variants)
    for (const FigureComparison& f : v.figures)
      if (played_for(c.plan, f.figure))
        most = std::max(most, z * z * f.difference.variance * double(f.difference.units) / (c.plan.target * c.plan.target));
  return most;
}

bool underpowered(const Comparison& c) {
  for (const VariantComparison& v : c.variants) {
    const auto primary = std::find_if(v.figures.begin(), v.figures.end(), [](const FigureComparison& f) { return f.primary; });
    if (primary == v.figures.end() || half_width(primary->difference) > c.plan.target) return true;
  }
  return false;
}

std::string verdict_sentence(const Comparison& c, const VariantComparison& v, const FigureComparison& f) {
  const stats::PairedDifference& d = f.difference;
  // Each side's own interval is left to the report's tables (each variant alone): here only the
  // difference has one, so that the sentence gives one interval for its one question.
  std::string text = std::string(f.primary ? "Primary figure, " : "Secondary figure, ") + figure_description(f.figure) +
                     ": " + share(d.variant) + " under " + v.variant + " against " + share(d.base) + " under " + v.base +
                     ", difference " + signed_share(d.difference) + " (" + signed_range(d.interval) + "): " +
                     (f.significant ? "significant" : "not significant") + " (" +
                     holm_text(c, d.p_value, f.p_holm) + ").";
  if (f.primary) text += precision_text(c, v, f);
  if (f.equivalence) text += equivalence_text(c, v, f);
  return text;
}

}  // namespace jungle::report
