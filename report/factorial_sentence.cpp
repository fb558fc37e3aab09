#include "report/factorial_sentence.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>

#include "report/verdict_sentence.h"
#include "report/report_tables.h"
#include "support/text.h"

namespace jungle::report {

namespace {

std::string range_text(const stats::Interval& i) { return share_text(i.low) + "–" + share_text(i.high); }

// The names of the factors in a word, in the factors' order.
std::vector<std::string> factor_names(const stats::FactorialDesign& design, stats::FactorWord word) {
  std::vector<std::string> names;
  for (std::size_t j = 0; j < design.factors.size(); ++j)
    if ((word >> j & 1U) != 0) names.push_back(design.factors[j]);
  return names;
}

// The first player's score's figures, where the balanced combination's observed score is.
const stats::FigureEffects* score_figure(const FactorialSummary& f) {
  return stats::figure_effects(f.analysis, stats::Figure::Score);
}

// The games of the cell recorded under `name`; 0 when no cell is.
std::uint64_t cell_games(const FactorialSummary& f, const std::string& name) {
  for (const FactorialCellSummary& c : f.cells)
    if (c.name == name) return c.games;
  return 0;
}

std::string main_effect_sentence(const stats::FigureEffects& figure, const stats::FactorialEffect& e) {
  const stats::FactorialEstimate& x = e.estimate;
  return "The factor " + e.term.name + (x.estimate < 0 ? " lowers " : " raises ") +
         figure_description(figure.figure) + " by " + share_text(std::abs(x.estimate)) + " (" +
         signed_range_text(x.interval) + ") on average over the other factors' levels";
}

std::string interaction_sentence(const stats::FactorialDesign& design, const stats::FigureEffects& figure,
                                 const stats::FactorialEffect& e) {
  const std::vector<std::string> names = factor_names(design, e.term.word);
  const stats::FactorialEstimate& x = e.estimate;
  // Symmetric in the two factors: either's effect differs by twice the interaction with the other on.
  return "The factors " + names.at(0) + " and " + names.at(1) + " interact on " +
         figure_description(figure.figure) + ": " + signed_share_text(x.estimate) + " (" +
         signed_range_text(x.interval) + "), each one's effect on it being " + (x.estimate < 0 ? "lower" : "higher") +
         " with the other on than with it off (the interaction is half that difference)";
}

// "a, b and c"
std::string listed(const std::vector<std::string>& items) {
  if (items.size() < 2) return join(items);
  const std::vector<std::string> head(items.begin(), items.end() - 1);
  return join(head) + " and " + items.back();
}

// With a margin: the primary figure's main effects grouped by their equivalence verdict.
std::string equivalence_sentence(const FactorialSummary& f) {
  const stats::FigureEffects* primary = stats::figure_effects(f.analysis, f.analysis.plan.primary);
  if (primary == nullptr || f.analysis.plan.margin <= 0) return "";
  std::vector<std::string> equivalent, different, undecided;
  for (const stats::FactorialEffect& e : primary->effects) {
    if (!e.equivalence) continue;
    switch (e.equivalence->verdict) {
      case stats::Equivalence::Verdict::Equivalent: equivalent.push_back(e.term.name); break;
      case stats::Equivalence::Verdict::Different: different.push_back(e.term.name); break;
      case stats::Equivalence::Verdict::Undecided: undecided.push_back(e.term.name); break;
    }
  }
  const std::string margin = target_text(f.analysis.plan.margin);
  std::vector<std::string> parts;
  if (!equivalent.empty()) parts.push_back("equivalent to no effect within " + margin + ": " + listed(equivalent));
  if (!different.empty()) parts.push_back("different, at that margin: " + listed(different));
  if (!undecided.empty()) parts.push_back("undecided: " + listed(undecided));
  return "Equivalence of the main effects on " + std::string(figure_description(primary->figure)) +
         " (two one-sided tests at 90%, Holm-adjusted over the " + std::to_string(f.analysis.equivalence_tests) +
         " main effects of every figure): " + join(parts, "; ") + ".";
}

// "between 398 and 400 games a cell", "400 games a cell"
std::string games_a_cell(const FactorialSummary& f) {
  if (f.cells.empty()) return "no games";
  const auto [low, high] = std::minmax_element(f.cells.begin(), f.cells.end(), [](const auto& a, const auto& b) {
    return a.games < b.games;
  });
  if (low->games == high->games) return with_commas(low->games) + " games a cell";
  return "between " + with_commas(low->games) + " and " + with_commas(high->games) + " games a cell";
}

// "106", "12,345", "0.52": a rate in words, never "1.23e+04".
std::string games_per_second_text(double rate) {
  return rate >= 100 ? with_commas(std::uint64_t(std::llround(rate))) : detail::format("%.3g", rate);
}

// Underpowered: the widest main effect's half-width and what a fixed design would need.
std::string precision_text(const FactorialSummary& f) {
  const stats::FactorialAnalysis& a = f.analysis;
  const std::string target = target_text(a.plan.target);
  const std::string figure = figure_description(a.plan.primary);
  if (a.resolved) return " Every main effect on " + figure + " is resolved to " + target + ".";
  if (!std::isfinite(a.widest_half_width)) return " The primary figure could not be estimated.";
  std::string text = " Underpowered: the widest interval of a main effect on " + figure + " is " +
                     half_width_text(a.widest_half_width) + ", short of the " + target +
                     (a.plan.precision_asked > 0 ? " that settles the margin" : " asked") + ", so an effect " +
                     "smaller than that could not be seen";
  if (std::isfinite(a.fixed_design_openings) && a.fixed_design_openings > 0) {
    const std::uint64_t games = std::uint64_t(std::ceil(2 * a.fixed_design_openings));
    text += "; a fixed design would need about " + with_commas(approximately(games)) + " games a cell for " + target;
    if (f.games_per_second > 0) {
      std::size_t played = 0;  // cells that play their own games; the others share them
      for (const FactorialCellSummary& c : f.cells) played += c.plays_as.empty() ? 1 : 0;
      const std::string time = duration_text(double(games) * double(played) / f.games_per_second);
      text += std::string(", ") + (time.starts_with("under") ? "" : "about ") + time + " at the " +
              games_per_second_text(f.games_per_second) + " games/s measured here";
    }
  }
  return text + ".";
}

}  // namespace

std::string term_key(const stats::FactorialDesign& design, stats::FactorWord word) {
  return join(factor_names(design, word), ":");
}

bool played(const FactorialSummary& f, const stats::FactorialCell& combination) {
  return std::any_of(f.analysis.design.cells.begin(), f.analysis.design.cells.end(),
                     [&](const stats::FactorialCell& c) { return c.on == combination.on; });
}

std::string effect_sentence(const FactorialSummary& f, const stats::FigureEffects& figure,
                            const stats::FactorialEffect& e) {
  const std::string what = std::popcount(e.term.word) == 1 ? main_effect_sentence(figure, e)
                                                             : interaction_sentence(f.analysis.design, figure, e);
  return what + ": " + (e.significant ? "significant" : "not significant") + " (" +
         holm_text(e.estimate.p_value, e.p_holm, f.analysis.tests) + ").";
}

std::vector<std::string> effect_sentences(const FactorialSummary& f) {
  std::vector<std::string> out;
  std::vector<const stats::FigureEffects*> figures;
  for (const stats::FigureEffects& figure : f.analysis.figures)
    if (figure.primary) figures.push_back(&figure);
  for (const stats::FigureEffects& figure : f.analysis.figures)
    if (!figure.primary) figures.push_back(&figure);
  for (const stats::FigureEffects* figure : figures)
    for (const stats::FactorialEffect& e : figure->effects)
      if (e.significant) out.push_back(effect_sentence(f, *figure, e));
  if (out.empty())
    out.push_back("No main effect or two-factor interaction is significant, on any figure, after Holm's adjustment "
                  "over the " + std::to_string(f.analysis.tests) + " tests: these games do not tell the factors' "
                  "effects from chance.");
  if (const std::string equivalence = equivalence_sentence(f); !equivalence.empty()) out.push_back(equivalence);
  return out;
}

std::string balanced_sentence(const FactorialSummary& f) {
  const stats::BalancedCombination& b = f.analysis.balanced;
  const std::string name = b.cell.name;
  std::string text = "Most balanced: " + name + (b.cell.on == 0 ? " (no factor on)" : "") +
                     ", the combination whose predicted first player's score is nearest 0.5: " +
                     share_text(b.predicted.estimate) + " (" + range_text(b.predicted.interval) +
                     "), as the main effects and two-factor interactions predict it";
  const stats::FigureEffects* score = score_figure(f);
  if (score != nullptr && b.combination < score->combinations.size() && score->combinations[b.combination].played) {
    const stats::FactorialCellFigure& c = score->combinations[b.combination];
    text += "; observed " + share_text(c.observed) + " over " + with_commas(cell_games(f, name)) + " games";
  } else {
    text += "; this fraction did not play it";
  }
  text += ". ";
  const std::size_t n = b.indistinguishable.size();
  if (n == 0) return text + "Every other combination can be told apart from it.";
  std::vector<std::string> names;
  constexpr std::size_t LISTED = 8;  // a longer list is the table's
  for (std::size_t i = 0; i < n && i < LISTED && score != nullptr; ++i) {
    const stats::FactorialCellFigure& c = score->combinations.at(b.indistinguishable[i]);
    names.push_back(c.cell.name + (c.played ? "" : " (not played)"));
  }
  if (n > LISTED) names.push_back(std::to_string(n - LISTED) + " more (marked in the table below)");
  return text + std::to_string(n) + (n == 1 ? " other combination cannot" : " other combinations cannot") +
         " be told apart from it (the " + detail::level_text(f.analysis.plan.confidence) +
         " interval of the difference of the two predictions covers 0, not adjusted): " + listed(names) + ".";
}

std::string factorial_sizing_text(const FactorialSummary& f) {
  const stats::FactorialAnalysis& a = f.analysis;
  const std::string target = target_text(a.plan.target);
  std::string text;
  if (!f.sequential) {
    text = "A fixed number of games: " + games_a_cell(f) + " (--games).";
  } else {
    text = "Sized by precision: a pilot, then rounds each sized from the variance seen so far (sample-size "
           "re-estimation from an internal pilot, Wittes and Brittain 1990), until the " +
           detail::level_text(a.plan.confidence) + " interval of every main effect on " +
           figure_description(a.plan.primary) + " is within " + target + ".";
    if (a.plan.precision_asked > 0)
      text += " That is narrower than the ±" + detail::format("%g", a.plan.precision_asked) +
              " of --precision because of --margin " + target_text(a.plan.margin) + ": at " + target +
              " each main effect is settled either way, equivalent within the margin or different, whatever the "
              "effect.";
    text += " The stopping rule sees only the variance, never the effects, so the intervals keep their level. So "
           "far: " + std::to_string(f.rounds.size()) + (f.rounds.size() == 1 ? " round" : " rounds") + ", " +
           games_a_cell(f) + "; stopped by " +
           (f.stopped_by == "precision" ? "the precision reached" : "--max-time, short of " + target) + ".";
    if (f.rounds.size() > 1) {
      std::vector<std::string> after;
      for (const stats::ComparisonRound& r : f.rounds)
        after.push_back(with_commas(2 * r.openings) + " (±" + detail::format("%.3f", r.half_width) + ")");
      text += " Games a cell after each round, and the widest main effect's half-width: " + join(after, ", ") + ".";
    }
    if (f.stopped_by == "precision" && a.fixed_design_openings > 0 && std::isfinite(a.fixed_design_openings) &&
        !f.rounds.empty()) {
      const double fixed_games = 2 * a.fixed_design_openings;
      text += " A fixed-size design at the final variance would have needed " +
              with_commas(std::uint64_t(std::ceil(fixed_games))) + " games a cell: these rounds played " +
              detail::format("%.2f", double(2 * f.rounds.back().openings) / fixed_games) + " times that.";
    }
  }
  text += precision_text(f);
  if (f.games_played > 0) {
    // Appended: GCC 12 warns falsely (-Wrestrict) on " " + std::string.
    text += ' ';
    text += with_commas(f.games_played);
    text += " games were played in all";
    if (std::any_of(f.cells.begin(), f.cells.end(), [](const auto& c) { return !c.plays_as.empty(); }))
      text += " (a cell whose rules play alike with another's shares its games)";
    text += '.';
  }
  return text;
}

}  // namespace jungle::report
