// The answer `jungle compare` gives: for each variant, how the first player's score, its share
// of the decisive games and the draw rate differ from the base variant's over paired openings
// (stats/paired_difference.h), each as one sentence that says whether the difference is
// significant and what resolving it to ±target would cost.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "results/results_file.h"
#include "stats/paired_difference.h"

namespace jungle::report {

struct FigureComparison {
  stats::Figure figure = stats::Figure::Score;
  stats::PairedDifference difference;
  // Games more (of the base and the variant together) for the interval to reach ±target at the
  // variance seen so far, the same design: K' = K·(z·se / target)² openings, four games each.
  // 0 when it is there already.
  std::uint64_t more_games = 0;
};

struct VariantComparison {
  std::string base, variant;
  std::vector<FigureComparison> figures;  // score, decisive share, draw rate; a figure that cannot
                                          // be estimated (no decisive game) is left out
  std::uint64_t openings = 0;             // the variant's openings
  std::uint64_t unpaired_openings = 0;    // of those, replaced because the base's did not fit
};

struct Comparison {
  double confidence = 0.95;
  double target = 0.01;           // the half-width a verdict prices
  double games_per_second = 0;    // measured in this run; 0: unknown, no time is given
  std::string stopped_by;         // with --precision: "precision" or "max-time"; empty otherwise
  std::string method;             // how the confidence level was chosen, for the report
  std::string player;             // the spec every variant was played with
  std::string weights;            // how the player's weights were chosen, in every variant
  std::vector<VariantComparison> variants;
};

// Each variant against `base` over `games`. Throws std::invalid_argument when a variant has no
// games or fewer than two openings.
Comparison compare_variants(const std::vector<StoredGame>& games, const std::string& base,
                            const std::vector<std::string>& variants, double confidence, double target,
                            double games_per_second);

// "Under V the first player scores 0.511 (0.497–0.525) against 0.503 (0.489–0.517) under
// standard: difference +0.009 (−0.015 to +0.034), not significant at 5% (p = 0.45); to resolve
// ±0.01 takes about 9,000 more games, about 12 minutes at the 12.5 games/s measured here."
std::string verdict_sentence(const Comparison& comparison, const VariantComparison& variant,
                             const FigureComparison& figure);

// Whether every figure's interval of every variant is at most ±target wide.
bool precise_enough(const Comparison& comparison);

// `jungle compare --precision`'s games come in rounds, twice as many each round, and round r's
// intervals are at confidence 1 - α·6/(π²r²) (α = 0.05): the levels sum to α over every round there
// could be, so the intervals of the round that stops cover with probability at least 95% whatever
// rule stopped it (Bonferroni's inequality over the rounds: a confidence sequence).
double round_confidence(int round);

}  // namespace jungle::report
