// `jungle compare`'s answer as the report's first section: the verdict's sentences, then every
// figure of every variant as a table, with how the games were sized and the tests adjusted.
#include <cmath>

#include "report/report_tables.h"
#include "report/verdict_sentence.h"
#include "support/text.h"

namespace jungle::report::detail {

namespace {

std::string figure_label(const stats::FigureComparison& f) {
  return std::string(stats::figure_name(f.figure)) + (f.primary ? " (primary)" : "");
}

std::string sizing_text(const stats::Comparison& c) {
  const std::uint64_t games = c.rounds.empty() ? 0 : 2 * c.rounds.back().openings;
  const std::string target = "±" + format("%g", c.plan.target);
  if (!c.sequential)
    return "A fixed number of games: " + with_commas(games) + " a variant (--games); the primary figure's interval is " +
           (c.underpowered ? "wider than " : "within ") + target + ".";
  std::string text = "Sized by precision: a pilot, then rounds each sized from the variance seen so far (sample-size "
                     "re-estimation from an internal pilot, Wittes and Brittain 1990), until the 95% interval of ";
  text += c.plan.precision_figures.size() == 1 ? "the primary figure" : "each of the " +
          std::to_string(c.plan.precision_figures.size()) + " figures asked";
  text += " is within " + target + ".";
  if (c.plan.precision_asked > 0)
    text += " That is narrower than the ±" + format("%g", c.plan.precision_asked) + " of --precision because of --margin " +
            target_text(c.plan.margin) + ": at " + target + " each figure played to is settled either way, equivalent "
            "within the margin or different, whatever the difference.";
  text += " The stopping rule sees only the variance, never the difference, so the "
          "intervals keep their level. So far: " + std::to_string(c.rounds.size()) +
          (c.rounds.size() == 1 ? " round" : " rounds") + ", " + with_commas(games) + " games a variant; stopped by " +
          (c.stopped_by == "precision" ? "the precision reached" : "--max-time, short of " + target) + ".";
  if (c.rounds.size() > 1) {
    std::vector<std::string> after;
    for (const stats::ComparisonRound& r : c.rounds)
      after.push_back(with_commas(2 * r.openings) + " (±" + format("%.3f", r.half_width) + ")");
    text += " Games a variant after each round, and the half-width: " + join(after, ", ") + ".";
  }
  if (const double fixed_design = c.fixed_design_openings; c.stopped_by == "precision" && fixed_design > 0)
    text += " A fixed-size design at the final variance would have needed " +
            with_commas(std::uint64_t(std::ceil(2 * fixed_design))) + " games a variant: these rounds played " +
            format("%.2f", double(games) / (2 * fixed_design)) + " times that.";
  return text;
}

}  // namespace

Section verdict_section(const stats::Comparison& c) {
  Section sec{"verdict", "Verdict", {}, {}, {}};
  for (const stats::VariantComparison& v : c.variants)
    for (const stats::FigureComparison& f : v.figures)
      if (f.primary) sec.explanations.push_back(verdict_sentence(c, v, f));
  for (const stats::VariantComparison& v : c.variants)
    for (const stats::FigureComparison& f : v.figures)
      if (!f.primary) sec.explanations.push_back(verdict_sentence(c, v, f));
  sec.explanations.push_back(sizing_text(c));
  if (!c.player.empty()) sec.explanations.push_back("Player: " + c.player + "; weights: " + c.weights + ".");
  sec.explanations.push_back(
      "Each variant played the base's openings with the same game seeds and the same player; a difference is over "
      "the openings as units, with the paired variance (per opening, the variant's games against the base's), and "
      "its interval is 95%. \"Significant\" is said only of p adjusted by Holm's method over the " +
      std::to_string(c.tests) + (c.tests == 1 ? " test" : " tests") +
      " of this report (every figure of every variant), so that the chance of any false \"significant\" in it is at "
      "most 5%. deff: the variance the same games would have had as independent samples, over the paired variance "
      "(∞: the pairing left no variance).");
  sec.table.header = {"variant", "figure", "base", "variant's", "difference", "95% interval", "p", "p (Holm)"};
  if (c.plan.margin > 0) sec.table.header.push_back("90% interval");
  for (const char* column : {"verdict", "deff", "openings"}) sec.table.header.push_back(column);
  sec.table.numeric.assign(sec.table.header.size(), true);
  sec.table.numeric[0] = sec.table.numeric[1] = false;
  sec.table.numeric[sec.table.header.size() - 3] = false;
  for (const stats::VariantComparison& v : c.variants) {
    for (const stats::FigureComparison& f : v.figures) {
      const stats::PairedDifference& d = f.difference;
      std::vector<std::string> row = {v.variant, figure_label(f), fixed(d.base, 3), fixed(d.variant, 3),
                                      signed_fixed(d.difference, 3),
                                      signed_fixed(d.interval.low, 3) + " to " + signed_fixed(d.interval.high, 3),
                                      p_value(d.p_value), p_value(f.p_holm)};
      if (f.equivalence)
        row.push_back(signed_fixed(f.equivalence->interval.low, 3) + " to " +
                      signed_fixed(f.equivalence->interval.high, 3));
      for (const std::string& cell : {verdict_word(f.significant, f.equivalence, c.plan.margin),
                                      fixed(d.design_effect, 2),
                                      std::to_string(v.openings - v.unpaired_openings) + " paired of " +
                                          std::to_string(v.openings)})
        row.push_back(cell);
      sec.table.rows.push_back(std::move(row));
      sec.table.highlighted.push_back(f.primary);
    }
    if (v.unpaired_openings > 0)
      sec.notes.push_back(std::to_string(v.unpaired_openings) + " of " + v.variant + "'s " +
                          std::to_string(v.openings) + " openings did not fit it and were replaced there: unpaired");
    if (v.figures.size() < 3) sec.notes.push_back(v.variant + ": no decisive game on some side, so no decisive share");
  }
  return sec;
}

}  // namespace jungle::report::detail
