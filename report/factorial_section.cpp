// `jungle compare --factorial`'s answer as the report's first sections: the effects with the
// sentences that open the report, every combination of levels as observed and predicted, the
// most balanced combination, and the design with its factors. Every figure is the record's
// (FactorialSummary); here it is only laid out.
#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <set>

#include "report/factorial_sentence.h"
#include "report/report_tables.h"
#include "report/verdict_sentence.h"
#include "support/text.h"

namespace jungle::report::detail {

namespace {

// Above this many combinations the cells' table keeps those played and those near the most
// balanced: a 2^(8-2) fraction predicts 256.
constexpr std::size_t SHOWN_COMBINATIONS = 64;

std::string figure_label(const stats::FigureEffects& f) {
  return std::string(stats::figure_name(f.figure)) + (f.primary ? " (primary)" : "");
}

std::string interval_text(const stats::Interval& i, int decimals) {
  return signed_fixed(i.low, decimals) + " to " + signed_fixed(i.high, decimals);
}

// "0.512 ± 0.032": a figure and its interval's half-width (the intervals are symmetric).
std::string plus_minus(double value, double half_width) {
  if (std::isnan(value)) return "–";
  return fixed(value, 3) + " ± " + fixed(half_width, 3);
}

// A design effect in the table: two decimals, and past 10,000 three significant digits ("1.72e+34"),
// as a variance of a contrast that is 0 but for rounding makes it, not 35 digits that widen the table.
std::string design_effect_text(double deff) {
  return std::isfinite(deff) && std::abs(deff) >= 1e4 ? format("%.3g", deff) : fixed(deff, 2);
}

// The aliases of a term in letters, "CDE, ABD"; "" when it has none.
std::string aliases_text(const stats::FactorialTerm& t) {
  std::vector<std::string> words;
  for (stats::FactorWord w : t.aliases) words.push_back(stats::word_letters(w));
  return join(words, ", ");
}

const FactorialCellSummary* cell_named(const FactorialSummary& f, const std::string& name) {
  for (const FactorialCellSummary& c : f.cells)
    if (c.name == name) return &c;
  return nullptr;
}

std::string method_text(const FactorialSummary& f) {
  const stats::FactorialAnalysis& a = f.analysis;
  const std::string level = level_text(a.plan.confidence);
  std::string text =
      "Every cell played the base's openings with the same game seeds and the same player, so an effect is a "
      "contrast of the cells' figures within each opening, with the paired variance over the openings as units, "
      "and its interval is " + level + ". A main effect is the mean of the cells with the factor on minus the mean "
      "of those with it off; an interaction, half the difference between one factor's effect with the other on "
      "and with it off. \"Significant\" is said only of p adjusted by Holm's method over the " +
      std::to_string(a.tests) + (a.tests == 1 ? " test" : " tests") +
      " of this report (every effect of every figure), so that the chance of any false \"significant\" in it is at "
      "most 5%. deff: the variance the same games would have had as independent cells, over the paired variance "
      "(∞: the pairing left no variance).";
  if (a.design.fraction > 0)
    text += " Aliased with: the interactions of three factors or fewer whose contrast over the cells played is the "
            "term's own (letters as in Design and factors); the estimate is of their sum, the higher ones taken as "
            "negligible.";
  return text;
}

std::string openings_text(const stats::FactorialAnalysis& a) {
  const stats::FigureEffects* primary = stats::figure_effects(a, a.plan.primary);
  if (primary == nullptr && !a.figures.empty()) primary = &a.figures.front();
  if (primary == nullptr) return "";
  std::string text = "Openings (the units): " + with_commas(primary->openings);
  if (primary->openings_in_every_cell == primary->openings) return text + ", every one played in every cell.";
  return text + ", " + with_commas(primary->openings_in_every_cell) + " of them played in every cell (an opening "
         "that did not fit a cell was replaced there, and counts as two units).";
}

Section effects_section(const FactorialSummary& f) {
  const stats::FactorialAnalysis& a = f.analysis;
  Section sec{"factorial", "Factorial effects", {}, {}, {}};
  sec.explanations = effect_sentences(f);
  sec.explanations.push_back(balanced_sentence(f));
  sec.explanations.push_back(factorial_sizing_text(f));
  if (!f.player.empty()) sec.explanations.push_back("Player: " + f.player + "; weights: " + f.weights + ".");
  sec.explanations.push_back(method_text(f));
  if (const std::string openings = openings_text(a); !openings.empty()) sec.explanations.push_back(openings);

  const bool margin = a.plan.margin > 0, fraction = a.design.fraction > 0;
  const std::string level = level_text(a.plan.confidence) + " interval";
  sec.table.header = {"figure", "term", "estimate", level, "p", "p (Holm)"};
  if (margin) sec.table.header.push_back("90% interval");
  for (const char* column : {"verdict", "deff"}) sec.table.header.push_back(column);
  if (fraction) sec.table.header.push_back("aliased with");
  sec.table.numeric.assign(sec.table.header.size(), true);
  sec.table.numeric[0] = sec.table.numeric[1] = false;
  sec.table.numeric[sec.table.header.size() - (fraction ? 3 : 2)] = false;  // the verdict
  if (fraction) sec.table.numeric.back() = false;
  for (const stats::FigureEffects& figure : a.figures) {
    for (const stats::FactorialEffect& e : figure.effects) {
      const stats::FactorialEstimate& x = e.estimate;
      std::vector<std::string> row = {figure_label(figure), e.term.name,       signed_fixed(x.estimate, 3),
                                      interval_text(x.interval, 3), p_value(x.p_value), p_value(e.p_holm)};
      if (margin) row.push_back(e.equivalence ? interval_text(e.equivalence->interval, 3) : "");
      row.push_back(verdict_word(e.significant, e.equivalence, a.plan.margin));
      row.push_back(design_effect_text(x.design_effect));
      if (fraction) row.push_back(aliases_text(e.term));
      sec.table.rows.push_back(std::move(row));
      sec.table.highlighted.push_back(e.significant);
    }
  }
  if (margin)
    sec.notes.push_back("the 90% interval and the equivalence verdict are of the main effects only, each within ±" +
                        format("%g", a.plan.margin) + ", Holm-adjusted over the " +
                        std::to_string(a.equivalence_tests) + " main effects of every figure");
  if (!figure_effects(a, stats::Figure::DecisiveShare))
    sec.notes.push_back("no decisive share: some cell has no decisive game");
  return sec;
}

// Which combinations the cells' table shows: all of them, or above SHOWN_COMBINATIONS those
// played and those the most balanced is compared with.
bool not_told_apart(const stats::BalancedCombination& b, std::size_t combination) {
  return std::find(b.indistinguishable.begin(), b.indistinguishable.end(), combination) != b.indistinguishable.end();
}

std::vector<std::size_t> shown_combinations(const FactorialSummary& f, const stats::FigureEffects& score) {
  const stats::BalancedCombination& b = f.analysis.balanced;
  std::vector<std::size_t> shown;
  for (std::size_t i = 0; i < score.combinations.size(); ++i) {
    const bool near = i == b.combination || not_told_apart(b, i);
    if (score.combinations.size() <= SHOWN_COMBINATIONS || score.combinations[i].played || near) shown.push_back(i);
  }
  return shown;
}

Section cells_section(const FactorialSummary& f) {
  const stats::FactorialAnalysis& a = f.analysis;
  Section sec{"factorial-cells", "Cells and combinations", {}, {}, {}};
  const std::string level = level_text(a.plan.confidence);
  sec.explanations.push_back(
      "Every combination of the factors' levels, in the design's order: each figure as observed over the cell's "
      "games (± the half-width of its " + level + " interval, the openings as units) and as predicted from the "
      "grand mean, the main effects and the two-factor interactions (± its paired interval's half-width). A "
      "combination the design did not play is predicted only. Highlighted: the most balanced combination "
      "(predicted score nearest 0.5); \"not told apart\": a "
      "combination whose predicted score cannot be told from its.");
  if (a.figures.empty()) return sec;
  const stats::FigureEffects& score = a.figures.front();  // the score is always analysed, first
  sec.table.header = {"combination", "games"};
  for (const stats::FigureEffects& figure : a.figures) {
    sec.table.header.push_back(std::string(stats::figure_name(figure.figure)) + ", observed");
    sec.table.header.push_back(std::string(stats::figure_name(figure.figure)) + ", predicted");
  }
  sec.table.header.push_back("balance");
  sec.table.numeric.assign(sec.table.header.size(), true);
  sec.table.numeric.front() = sec.table.numeric.back() = false;
  const stats::BalancedCombination& b = a.balanced;
  const std::vector<std::size_t> shown = shown_combinations(f, score);
  for (std::size_t i : shown) {
    const std::string name = score.combinations[i].cell.name;
    const FactorialCellSummary* cell = score.combinations[i].played ? cell_named(f, name) : nullptr;
    std::vector<std::string> row = {name, cell ? with_commas(cell->games) : "not played"};
    for (const stats::FigureEffects& figure : a.figures) {
      const stats::FactorialCellFigure& c = figure.combinations.at(i);
      const double observed_half_width = (c.observed_interval.high - c.observed_interval.low) / 2;
      row.push_back(c.played ? plus_minus(c.observed, observed_half_width) : "–");
      row.push_back(plus_minus(c.predicted.estimate, c.predicted.half_width));
    }
    row.push_back(i == b.combination ? "most balanced" : not_told_apart(b, i) ? "not told apart" : "");
    sec.table.rows.push_back(std::move(row));
    sec.table.highlighted.push_back(i == b.combination);
  }
  if (shown.size() < score.combinations.size())
    sec.notes.push_back(std::to_string(score.combinations.size() - shown.size()) + " of the " +
                        std::to_string(score.combinations.size()) + " combinations, neither played nor near the most "
                        "balanced, are left out here; summary.json has every one");
  for (const FactorialCellSummary& c : f.cells)
    if (!c.plays_as.empty())
      sec.notes.push_back(c.name + " plays alike with " + c.plays_as + " (the same rules in effect): its games are " +
                          c.plays_as + "'s");
  return sec;
}

Section balanced_section(const FactorialSummary& f) {
  const stats::FactorialAnalysis& a = f.analysis;
  const stats::BalancedCombination& b = a.balanced;
  Section sec{"factorial-balanced", "The most balanced combination", {}, {}, {}};
  const std::string level = level_text(a.plan.confidence);
  sec.explanations.push_back(
      "The combination of levels whose first player's score, as predicted from the main effects and two-factor "
      "interactions, is nearest 0.5; then those that cannot be told apart from it: the " + level + " interval of "
      "the paired difference of the two predictions covers 0 (each pair alone, not adjusted: a wide list is a "
      "cautious one). Nearest 0.5 first.");
  if (a.figures.empty()) return sec;
  const stats::FigureEffects& score = a.figures.front();
  std::vector<std::size_t> rows = {b.combination};
  std::vector<std::size_t> near = b.indistinguishable;
  // For display only: nearest 0.5 first, as a reader looks for the runners-up.
  std::stable_sort(near.begin(), near.end(), [&](std::size_t x, std::size_t y) {
    return std::abs(score.combinations.at(x).predicted.estimate - 0.5) <
           std::abs(score.combinations.at(y).predicted.estimate - 0.5);
  });
  rows.insert(rows.end(), near.begin(), near.end());
  sec.table.header = {"combination", "factors on", "predicted score", level + " interval", "observed score"};
  sec.table.numeric = {false, false, true, true, true};
  for (std::size_t i : rows) {
    const stats::FactorialCellFigure& c = score.combinations.at(i);
    const std::string letters = stats::word_letters(c.cell.on);
    sec.table.rows.push_back({c.cell.name, c.cell.on == 0 ? "none" : letters,
                              fixed(c.predicted.estimate, 3),
                              fixed(c.predicted.interval.low, 3) + "–" + fixed(c.predicted.interval.high, 3),
                              c.played ? fixed(c.observed, 3) : "not played"});
    sec.table.highlighted.push_back(i == b.combination);
  }
  if (b.indistinguishable.empty()) sec.notes.push_back("every other combination can be told apart from it");
  return sec;
}

// The lines of stats::describe_design, each its own explanation.
std::vector<std::string> design_lines(const stats::FactorialDesign& d) {
  std::vector<std::string> lines;
  const std::string description = stats::describe_design(d);  // split's views point into it
  for (std::string_view line : split(description, '\n'))
    if (!line.empty()) {
      std::string text(line);
      text[0] = char(std::toupper(static_cast<unsigned char>(text[0])));
      lines.push_back(text + ".");
    }
  return lines;
}

Section design_section(const FactorialSummary& f) {
  Section sec{"factorial-design", "Design and factors", {}, {}, {}};
  sec.explanations = design_lines(f.analysis.design);
  sec.explanations.push_back("Each factor is one variant file's rule differences from " + f.base +
                             ": off, the base's rules; on, the file's. A cell is " + f.base +
                             " with the differences of the factors that are on.");
  sec.table.header = {"letter", "factor", "file", "rule differences from " + f.base};
  sec.table.numeric.assign(sec.table.header.size(), false);
  for (std::size_t j = 0; j < f.factors.size(); ++j) {
    const FactorialFactorSummary& factor = f.factors[j];
    sec.table.rows.push_back({std::string(1, char('A' + j)), factor.name, factor.file,
                              factor.differences.empty() ? "none" : join(factor.differences, "; ")});
  }
  sec.notes = f.notes;
  return sec;
}

}  // namespace

Section factorial_rules_section(const Summary& s) {
  Section sec{"factorial-rules", "Rules compared", {}, {}, {}};
  // The rules whose value is not the same in every cell whose rules are known, in the order seen.
  std::vector<std::string> keys;
  std::map<std::string, std::set<std::string>> values;
  for (const VariantSummary& v : s.variants)
    for (const RuleSetting& r : v.rules) {
      const std::string key = r.table.empty() ? r.key : r.table + "." + r.key;
      if (values.find(key) == values.end()) keys.push_back(key);
      values[key].insert(r.value);
    }
  std::erase_if(keys, [&](const std::string& key) { return values[key].size() < 2; });
  sec.explanations.push_back(
      "Each cell's resolved rules (as `jungle rules` prints them) where the cells differ: the rules the factors "
      "change. Every other rule is the same in every cell, " + s.factorial->base + "'s.");
  sec.table.header = {"cell"};
  sec.table.header.insert(sec.table.header.end(), keys.begin(), keys.end());
  sec.table.numeric.assign(sec.table.header.size(), false);
  // The cells in the design's order, then any other variant of the games.
  std::vector<const VariantSummary*> rows;
  for (const FactorialCellSummary& c : s.factorial->cells)
    for (const VariantSummary& v : s.variants)
      if (v.name == c.name) rows.push_back(&v);
  for (const VariantSummary& v : s.variants)
    if (std::find(rows.begin(), rows.end(), &v) == rows.end()) rows.push_back(&v);
  for (const VariantSummary* variant : rows) {
    const VariantSummary& v = *variant;
    std::vector<std::string> row = {v.name};
    for (const std::string& key : keys) {
      std::string value = v.rules.empty() ? "unknown" : "";
      for (const RuleSetting& r : v.rules)
        if ((r.table.empty() ? r.key : r.table + "." + r.key) == key) value = r.value;
      row.push_back(value);
    }
    sec.table.rows.push_back(std::move(row));
  }
  for (const VariantSummary& v : s.variants)
    if (v.rules.empty()) sec.notes.push_back(v.name + ": rules not found (see Balance), shown as unknown");
  return sec;
}

std::vector<Section> factorial_sections(const FactorialSummary& f) {
  return {effects_section(f), cells_section(f), balanced_section(f)};
}

Section factorial_design_section(const FactorialSummary& f) { return design_section(f); }

}  // namespace jungle::report::detail
