// How a figure of the first player differs between a variant and a base variant whose games
// were played from the same openings (paired variants, match/matchmaking.h): the first player's
// score, its share of the decisive games, or the draw rate.
//
// Each figure is a ratio over games, R = Σy / Σx:
//   score           y = the first player's points (1, 1/2, 0), x = 1
//   decisive share  y = 1 for a win of the first player, x = 1 for a decisive game
//   draw rate       y = 1 for a draw, x = 1
// The units are the openings: the games of one opening depend on each other in both variants
// alike, so the difference D = R_variant - R_base is estimated over them with the paired
// variance. By linearisation (the ratio estimator's influence values, as survey's svyratio),
// with K units, x̄ = Σx / K of each side and e_k = (y_k - R x_k) / x̄ each side's value of unit k,
//   Var(D) = K/(K-1) · Σ (e_variant,k - e_base,k)² / K²,
// which for the score (x = 1, the same games a unit) is the textbook paired variance of the
// per-opening differences of means. An opening that was replaced in a variant (it did not fit
// there) is two units, one of each side's games: unpaired games enter as independent samples.
// The design effect of the pairing is the variance the same games would have had as two
// independent samples, Var(R_base) + Var(R_variant) (each by the formula above with its own e
// alone), over Var(D): above 1 when the pairing helped.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.h"
#include "results/results_file.h"
#include "stats/statistics.h"

namespace jungle::stats {

enum class Figure : std::uint8_t { Score, DecisiveShare, DrawRate };
inline constexpr std::size_t FIGURES = 3;  // every figure a comparison estimates

const char* figure_name(Figure figure);  // "score", "decisive share", "draw rate"

// What one game adds to a figure's Σy and Σx (the table above).
struct FigureContribution {
  double y = 0, x = 0;
};
FigureContribution figure_contribution(const GameRecord& game, Figure figure);

// One unit: Σy and Σx of each side's games of one opening (zero for a side without its games).
struct OpeningUnit {
  double base_y = 0, base_x = 0;
  double variant_y = 0, variant_x = 0;
  int base_games = 0, variant_games = 0;
};

struct PairedDifference {
  double base = 0, variant = 0;  // R of each side; NaN for a side with Σx = 0
  double difference = 0;         // variant - base
  double variance = 0;           // Var(D), paired
  double unpaired_variance = 0;  // Var(R_base) + Var(R_variant)
  // unpaired_variance / variance; +inf when the pairing took every bit of variance away (A/A with
  // a deterministic player), NaN when there was none to take.
  double design_effect = 0;
  std::uint64_t units = 0;         // K
  std::uint64_t paired_units = 0;  // units with games of both sides: the openings both played
  double degrees_of_freedom = 0;   // interval_degrees_of_freedom(K)
  Interval interval;               // D ± t·√Var(D); [D, D] when Var(D) = 0
  Interval base_interval, variant_interval;  // each side's R ± t·√Var(R), as if alone
  // Two-sided p of D = 0 from t (or normal); with Var(D) = 0, 1 when D = 0 and 0 otherwise.
  double p_value = 1;
};

// The difference over the units. Throws std::invalid_argument below two units, or when a side
// has Σx = 0 (no game, or no decisive game for the decisive share).
PairedDifference paired_difference(const std::vector<OpeningUnit>& units, double confidence = 0.95);

// The two-sided p of a t statistic with these degrees of freedom (the normal's when infinite).
double two_sided_p(double statistic, double degrees_of_freedom);

// D's interval at another level, from the same variance and degrees of freedom.
Interval interval_at(const PairedDifference& d, double confidence);

// Two one-sided tests (Schuirmann 1987) of |D| < margin: the larger of the one-sided p of
// D <= -margin and of D >= margin. Below 0.05 exactly when the 90% interval lies inside ±margin.
// With Var(D) = 0: 0 when |D| < margin, else 1.
double equivalence_p_value(const PairedDifference& d, double margin);

// The units of `figure` from the two variants' games: grouped by opening id, and an opening
// whose moves or position differ between the two sides (replaced in one) split into two units.
std::vector<OpeningUnit> opening_units(const std::vector<StoredGame>& base, const std::vector<StoredGame>& variant,
                                       Figure figure);

}  // namespace jungle::stats
