// `jungle compare`'s analysis (stats/variant_comparison.h) in words: the sentence of each figure
// that opens the report, with its p-values, its precision and its equivalence as the analysis
// decided them.
#pragma once

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

}  // namespace jungle::report
