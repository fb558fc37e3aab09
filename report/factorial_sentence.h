// `jungle compare --factorial`'s answer (FactorialSummary, summary.h) in words: the sentences
// that open its report, one for each significant effect and one for the most balanced
// combination, and how its games were had; and the names the report gives terms and
// combinations. Every figure and verdict is the record's; this only words them.
#pragma once

#include <string>
#include <vector>

#include "report/summary.h"

namespace jungle::report {

// How summary.json names a term: its factors' names joined by ":" ("dog-above-wolf",
// "dog-above-wolf:den-only-wins").
std::string term_key(const stats::FactorialDesign& design, stats::FactorWord word);

// Whether the design played the combination.
bool played(const FactorialSummary& factorial, const stats::FactorialCell& combination);

// One sentence for each significant effect, the primary figure's first, each figure's in the
// design's order: "The factor dog-above-wolf raises the first player's score by 0.042 (+0.021 to
// +0.063) on average over the other factors' levels: significant (p < 0.001; 0.0012 after Holm's
// adjustment over 45 tests)." With none, one sentence that says so. With a margin, then one
// sentence on the primary figure's main effects' equivalence verdicts.
std::vector<std::string> effect_sentences(const FactorialSummary& factorial);

// One effect's sentence, as effect_sentences words a significant one.
std::string effect_sentence(const FactorialSummary& factorial, const stats::FigureEffects& figure,
                            const stats::FactorialEffect& effect);

// "Most balanced: den-only-wins, the combination whose predicted first player's score is nearest
// 0.5: 0.503 (0.480–0.526) ...; 2 other combinations cannot be told apart from it ...: a, b."
std::string balanced_sentence(const FactorialSummary& factorial);

// How the games were had: a fixed number or rounds sized by precision, what stopped them, the
// rounds' half-widths, and the precision reached.
std::string factorial_sizing_text(const FactorialSummary& factorial);

}  // namespace jungle::report
