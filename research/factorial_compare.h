// `jungle compare BASE A.toml B.toml ... --factorial`: several rule questions, and how they
// interact, in one run. Each file's rule differences from BASE are a factor; the cells of a
// two-level factorial design (factorial_cells.h, stats/factorial_design.h) are played as compare
// plays variants: the same player with weights obtained the same way in every cell, the same
// openings and game seeds, in rounds sized by precision until every main effect of the primary
// figure is within ±--precision (or a fixed --games a cell). A cell whose rules play as an
// earlier cell's (engine/variant.h, plays_alike) is not played: it shares that cell's games.
// The effects are stats/factorial_effects.h's; the report opens with them.
#pragma once

#include "research/compare.h"
#include "research/compare_config.h"

namespace jungle::research {

// The most a round multiplies the openings by: half compare's, since the rounds are sized by the
// widest of several main effects' variances, and that maximum, estimated over few openings,
// overshoots; from at least half the final openings it does not (tests/test_factorial_compare.cpp:
// within 1.14 times a fixed design at the final variance, where growth 4 played up to 1.65).
inline constexpr double FACTORIAL_ROUND_GROWTH = 2;

// Plays (or resumes) the factorial comparison of config.variants (BASE, then the factors' files)
// into config.out and returns its report (Summary::factorial set), written nowhere yet; progress,
// the design and notes go to standard error. Mistakes are InputErrors (a factor file's, or the
// design's, start "--factorial: "); a results file there that does not read is a ResultsError.
CompareOutcome run_factorial_compare(const CompareConfig& config);

}  // namespace jungle::research
