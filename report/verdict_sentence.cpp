#include "report/verdict_sentence.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

#include "report/report_tables.h"
#include "support/text.h"

namespace jungle::report {

namespace {

std::string tests_text(const stats::Comparison& c, double p, double p_holm) { return holm_text(p, p_holm, c.tests); }

// "about 1,600 more games in each of standard and my-rules (3,200 in all) would reach ±0.03, about
// 30 seconds at the 106 games/s measured here": `what` is what the games would do.
std::string cost_text(const stats::Comparison& c, const stats::VariantComparison& v, std::uint64_t games_a_variant,
                      const std::string& what) {
  std::string text = "about " + with_commas(approximately(games_a_variant)) + " more games in each of " + v.base +
                     " and " + v.variant + " (" + with_commas(approximately(2 * games_a_variant)) + " in all) " + what;
  if (c.games_per_second > 0) {
    const std::string time = duration_text(2 * double(games_a_variant) / c.games_per_second);
    text += std::string(", ") + (time.starts_with("under") ? "" : "about ") + time + " at the " +
            detail::format("%.3g", c.games_per_second) + " games/s measured here";
  }
  return text;
}

std::string precision_text(const stats::Comparison& c, const stats::VariantComparison& v,
                           const stats::FigureComparison& f) {
  const double h = f.half_width;
  const std::string target = target_text(c.plan.target);
  if (f.resolved) return " Resolved to " + target + ".";
  // A fixed number of games (--games, or the study's) asked for no precision: ±target is compare's.
  const std::string aim = c.plan.precision_asked > 0 ? "the " + target + " that settles the margin"
                          : c.sequential             ? "the " + target + " asked"
                                                     : target;
  return " Underpowered: the interval is " + half_width_text(h) + ", short of " + aim +
         ", so an effect smaller than " + half_width_text(h) + " could not be seen; " +
         cost_text(c, v, f.more_games, "would reach " + target) + ".";
}

std::string equivalence_text(const stats::Comparison& c, const stats::VariantComparison& v,
                             const stats::FigureComparison& f) {
  const stats::Equivalence& e = *f.equivalence;
  const std::string margin = target_text(c.plan.margin);
  const std::string tests = "(two one-sided tests: " + tests_text(c, e.p_value, e.p_holm) + ")";
  switch (e.verdict) {
    case stats::Equivalence::Verdict::Equivalent:
      return " Equivalent within " + margin + ": the 90% interval (" + signed_range_text(e.interval) +
             ") lies inside it " + tests + ".";
    case stats::Equivalence::Verdict::Different:
      return " Different, at the margin " + margin + ": the difference is significant, and the 90% interval (" +
             signed_range_text(e.interval) + ") is not inside " + margin + ".";
    case stats::Equivalence::Verdict::Undecided: break;
  }
  std::string text = " Undecided at the margin " + margin + ": the 90% interval (" + signed_range_text(e.interval) +
                     ") is not inside it and the difference is not significant " + tests + "; ";
  if (e.settling_games == std::numeric_limits<std::uint64_t>::max())
    return text + "no number of games would settle it if the difference stayed where it is.";
  return text + cost_text(c, v, e.settling_games, "would settle it if the difference stayed at " +
                                                      signed_share_text(f.difference.difference)) + ".";
}

}  // namespace

std::string half_width_text(double h) { return "±" + detail::format("%.3f", h); }
std::string target_text(double h) { return "±" + detail::format("%g", h); }

std::string p_text(double p) { return p < 0.001 ? "p < 0.001" : "p = " + detail::format("%.2g", p); }

const char* figure_description(stats::Figure figure) {
  switch (figure) {
    case stats::Figure::Score: return "the first player's score";
    case stats::Figure::DecisiveShare: return "the first player's share of the decisive games";
    case stats::Figure::DrawRate: return "the draw rate";
  }
  return "?";
}

// Appended: GCC 12 warns falsely (-Wrestrict) on "−" + std::string.
std::string share_text(double x) {
  std::string text = x <= -0.0005 ? "−" : "";
  text += detail::format("%.3f", std::abs(x));
  return text;
}

std::string signed_share_text(double x) {
  if (std::abs(x) < 0.0005) x = 0;  // no "−0.000"
  std::string text = x < 0 ? "" : "+";
  text += share_text(x);
  return text;
}

std::string signed_range_text(const stats::Interval& i) {
  return signed_share_text(i.low) + " to " + signed_share_text(i.high);
}

std::string holm_text(double p, double p_holm, std::size_t tests) {
  if (tests <= 1) return p_text(p) + ", one test";
  return p_text(p) + "; " + (p_holm < 0.001 ? "< 0.001" : detail::format("%.2g", p_holm)) + " after Holm's adjustment over " +
         std::to_string(tests) + " tests";
}

std::uint64_t approximately(std::uint64_t n) {
  if (n < 100) return n;
  double scale = 1;
  while (double(n) / scale >= 100) scale *= 10;
  return std::uint64_t(std::llround(double(n) / scale) * scale);
}

std::string verdict_word(bool significant, const std::optional<stats::Equivalence>& equivalence, double margin) {
  if (!equivalence) return significant ? "significant" : "not significant";
  switch (equivalence->verdict) {
    case stats::Equivalence::Verdict::Equivalent: return "equivalent within ±" + detail::format("%g", margin);
    case stats::Equivalence::Verdict::Different: return "different";
    case stats::Equivalence::Verdict::Undecided: return "undecided";
  }
  return significant ? "significant" : "not significant";
}

std::string verdict_sentence(const stats::Comparison& c, const stats::VariantComparison& v,
                             const stats::FigureComparison& f) {
  const stats::PairedDifference& d = f.difference;
  // Each side's own interval is left to the report's tables (each variant alone): here only the
  // difference has one, so that the sentence gives one interval for its one question.
  std::string text = std::string(f.primary ? "Primary figure, " : "Secondary figure, ") + figure_description(f.figure) +
                     ": " + share_text(d.variant) + " under " + v.variant + " against " + share_text(d.base) +
                     " under " + v.base + ", difference " + signed_share_text(d.difference) + " (" +
                     signed_range_text(d.interval) + "): " + (f.significant ? "significant" : "not significant") +
                     " (" + tests_text(c, d.p_value, f.p_holm) + ").";
  if (f.primary) text += precision_text(c, v, f);
  if (f.equivalence) text += equivalence_text(c, v, f);
  return text;
}

}  // namespace jungle::report
