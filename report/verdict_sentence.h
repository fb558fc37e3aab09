// `jungle compare`'s analysis (stats/variant_comparison.h) in words: the sentence of each figure
// that opens the report, with its p-values, its precision and its equivalence as the analysis
// decided them; and the pieces of that prose which the factorial's sentences
// (factorial_sentence.h) write alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "stats/variant_comparison.h"

namespace jungle::report {

// The primary figure's sentence, for one variant:
// "Primary figure, the first player's score: 0.547 (0.486–0.609) under my-rules against 0.482
// (0.420–0.545) under standard, difference +0.065 (−0.021 to +0.151): not significant (p = 0.14;
// 0.42 after Holm's adjustment over 3 tests). Underpowered: ..."
// A secondary figure's sentence says the same without the precision.
std::string verdict_sentence(const stats::Comparison& comparison, const stats::VariantComparison& variant,
                             const stats::FigureComparison& figure);

// "p = 0.14", "p < 0.001": how the report writes a p-value in prose.
std::string p_text(double p);

// "p = 0.14; 0.42 after Holm's adjustment over 3 tests"; "p = 0.14, one test" for a single test.
std::string holm_text(double p, double p_holm, std::size_t tests);

// A half-width as asked ("±0.03") and as reached ("±0.029").
std::string target_text(double half_width);
std::string half_width_text(double half_width);

// A proportion as the prose writes it: three decimals, a true minus sign ("0.547", "−0.021").
std::string share_text(double x);
// With its sign, "+0.065", and "+0.000" rather than "−0.000".
std::string signed_share_text(double x);
// "−0.021 to +0.151"
std::string signed_range_text(const stats::Interval& interval);

// "the first player's score", "the first player's share of the decisive games", "the draw rate".
const char* figure_description(stats::Figure figure);

// A count rounded to two significant digits (1,600 for 1,637): an estimate, not a count.
std::uint64_t approximately(std::uint64_t n);

// A test's verdict in a table: "significant", "not significant", or with a margin the
// equivalence's "equivalent within ±0.03", "different", "undecided".
std::string verdict_word(bool significant, const std::optional<stats::Equivalence>& equivalence, double margin);

}  // namespace jungle::report
