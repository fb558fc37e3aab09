// The effects of a paired factorial design (factorial_design.h) on the first player's figures:
// `jungle compare BASE A.toml B.toml ... --factorial` (issue 54). Every cell was played from
// the same openings with the same seeds and player, so, as in paired_difference.h, the unit is
// the opening and every effect is a contrast within an opening.
//
// A figure is a ratio R_c = Σy / Σx over the games of cell c (paired_difference.h: the score,
// the decisive share, the draw rate). With N cells, each weighted alike, and x_c^t = ±1 the
// column of term t at cell c (for an interaction, the product of its two factors' columns):
//   main effect of j      (2/N) Σ_c x_c^j R_c     = the mean over the cells with j on minus the
//                                                   mean over those with j off
//   interaction of j, l   (2/N) Σ_c x_c^jl R_c    = half the difference between j's effect with
//                                                   l on and j's effect with l off
//   grand mean            (1/N) Σ_c R_c
// Each is a linear combination θ = Σ_c w_c R_c. Its variance is paired over the K openings by
// linearisation, as paired_difference's: with x̄_c = Σx_c / K and e_oc = (y_oc − R_c x_oc) / x̄_c
// the value of opening o in cell c (0 where the cell has no game of it),
//   z_o = Σ_c w_c e_oc,   Var(θ) = K/(K−1) · Σ_o z_o² / K²
// (Σ_o z_o = 0, so this is the textbook variance of a mean of per-opening contrasts; for one
// factor it is paired_difference's variance exactly). The design effect is the variance the same
// games would have had as independent cells, Σ_c w_c² Var(R_c) with Var(R_c) = K/(K−1)·Σ_o e_oc²/K²,
// over Var(θ): above 1 when the pairing helped. Intervals are θ ± t·√Var(θ) with
// interval_degrees_of_freedom(K) (t below 30 openings, z from there), p two-sided from the same.
//
// An opening is its id, start position and moves, as in opening_units(): one replaced in some
// cell (it did not fit there) is two units. An opening missing from a cell adds nothing to that
// cell (e_oc = 0), exactly as an unpaired opening enters paired_difference; `openings` counts
// the units and `openings_in_every_cell` those played in every cell.
//
// The model of the cells is the grand mean with the main effects and two-factor interactions:
//   ŷ(z) = mean + Σ_j (β_j/2) z_j + Σ_{j<l} (γ_jl/2) z_j z_l,   z the ±1 levels of a combination,
// which is again a linear combination of the R_c, so each prediction has its paired interval.
// Every one of the 2^k combinations is predicted, also those a fraction did not play. Where the
// model has as many terms as the design has cells (k ≤ 2, and the 2^(5-1) fraction) the
// predictions of the cells played are their observed figures.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "results/results_file.h"
#include "stats/factorial_design.h"
#include "stats/paired_difference.h"
#include "stats/statistics.h"
#include "stats/variant_comparison.h"

namespace jungle::stats {

// One linear combination of the cells' figures, with its paired variance.
struct FactorialEstimate {
  double estimate = 0;
  double variance = 0;           // Var(θ), paired over the openings
  double unpaired_variance = 0;  // Σ_c w_c² Var(R_c): the cells as independent samples
  // unpaired_variance / variance; +inf when the pairing took every bit of variance away, NaN
  // when there was none to take (paired_difference's convention).
  double design_effect = 0;
  double degrees_of_freedom = 0;  // interval_degrees_of_freedom(K)
  Interval interval;              // at the confidence asked; [θ, θ] when Var(θ) = 0
  double half_width = 0;
  // Two-sided p of θ = 0; with Var(θ) = 0, 1 when θ = 0 and 0 otherwise.
  double p_value = 1;
};

struct FactorialEffect {
  FactorialTerm term;  // a main effect or a two-factor interaction, with its aliases
  FactorialEstimate estimate;
  double p_holm = 1;         // Holm-adjusted over every effect of every figure (analyse_factorial)
  bool significant = false;  // p_holm < COMPARISON_ALPHA
  // With a margin, for a main effect: the two one-sided tests of |θ| < margin, Holm-adjusted over
  // the main effects of every figure, and its verdict as compare's; settling_games are the games
  // more each cell (two an opening) that would settle an undecided one (settling_games()).
  std::optional<Equivalence> equivalence;
};

// One combination of levels: its figure as observed (if the design played it) and as predicted.
struct FactorialCellFigure {
  FactorialCell cell;
  bool played = false;
  double observed = 0;          // R_c; NaN when not played
  Interval observed_interval;   // R_c ± t·√Var(R_c); NaN when not played
  FactorialEstimate predicted;  // ŷ, with its paired interval
};

struct FigureEffects {
  Figure figure = Figure::Score;
  bool primary = false;
  FactorialEstimate grand_mean;
  std::vector<FactorialEffect> effects;           // in the design's terms' order
  std::vector<FactorialCellFigure> combinations;  // all 2^k, in standard order (all_combinations)
  std::uint64_t openings = 0;                     // K, the units
  std::uint64_t openings_in_every_cell = 0;
};

// One figure's effects and predictions over `games`, each game counted in the design cell whose
// name is its record's variant (games of other variants are not looked at). Intervals at
// `confidence`; p_holm and significant are left for analyse_factorial. Throws
// std::invalid_argument when a cell has no game, when a cell has Σx = 0 (no decisive game, for
// the decisive share), or below two openings.
FigureEffects factorial_effects(const FactorialDesign& design, const std::vector<StoredGame>& games, Figure figure,
                                double confidence = COMPARISON_CONFIDENCE);

struct FactorialPlan {
  Figure primary = Figure::Score;
  double target = 0.03;  // the half-width asked of the primary figure's main effects
  double margin = 0;     // equivalence of each main effect within ±margin; 0: not asked
  double confidence = COMPARISON_CONFIDENCE;
  // The --precision asked, when the margin's settling half-width (settling_half_width over this
  // analysis' families) was narrower and became the target; 0 otherwise.
  double precision_asked = 0;
};

// The combination whose predicted score is nearest 1/2 (the first in standard order on a tie).
struct BalancedCombination {
  std::size_t combination = 0;  // its index in FigureEffects::combinations
  FactorialCell cell;
  FactorialEstimate predicted;  // its predicted score, with its interval
  // The other combinations whose predicted score cannot be told from its: the interval of the
  // paired difference of the two predictions (at the plan's confidence, not adjusted) covers 0.
  std::vector<std::size_t> indistinguishable;
};

struct FactorialAnalysis {
  FactorialDesign design;
  FactorialPlan plan;
  // Score, decisive share, draw rate; the decisive share is left out when a cell has no
  // decisive game.
  std::vector<FigureEffects> figures;
  std::size_t tests = 0;              // the Holm family: every effect of every figure
  std::size_t equivalence_tests = 0;  // every main effect of every figure, with a margin
  BalancedCombination balanced;
  // Sizing, for research/'s rounds (sample_size_reestimation.h), from the primary figure's main
  // effects: the widest half-width, whether it is within ±target, the openings a fixed design
  // needs for ±target at the variance seen (openings_for_half_width), the openings the next round
  // should reach (next_round_openings; 0 when resolved), and z²·s²/target² with s² = Var·K (the
  // fixed design the rounds' cost is measured against). +inf and the largest count when the
  // primary figure could not be estimated.
  double widest_half_width = 0;
  bool resolved = false;
  std::uint64_t openings_needed = 0;
  std::uint64_t next_round_openings = 0;
  double fixed_design_openings = 0;
};

// Every figure's effects, Holm's adjustment over every test (the equivalence tests, with a
// margin, a family of their own as in compare), the most balanced combination and the sizing.
// Throws as factorial_effects does for the score and draw rate.
FactorialAnalysis analyse_factorial(const FactorialDesign& design, const std::vector<StoredGame>& games,
                                    const FactorialPlan& plan = {});

// Which figure of the analysis is `figure`; nullptr when it was left out.
const FigureEffects* figure_effects(const FactorialAnalysis& analysis, Figure figure);

}  // namespace jungle::stats
