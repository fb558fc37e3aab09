// The analysis `jungle compare` gives: for each variant, how the first player's score, its share
// of the decisive games and the draw rate differ from the base variant's over paired openings
// (paired_difference.h), and how far the intervals are from the precision asked.
//
// One figure is primary (the score unless the plan says otherwise) and the others secondary. Every
// figure of every variant is a test of "no difference", and "significant" is said only of p
// adjusted by Holm's method over all of them, so that the chance of any false "significant" in a
// report stays at most α (5%) whatever the number of variants. Intervals are 95% intervals of
// each difference. With a margin M, a figure is also tested for equivalence (two one-sided tests:
// the 90% interval inside ±M), Holm-adjusted over the same family.
//
// The records live here, below report/, so that research/ (which plays the rounds,
// research/comparison_rounds.h) fills them and report/ (which writes them, report/verdict_sentence.h)
// reads them, each without an include upward. Every figure and every verdict is decided here or
// in research/; report/ only words them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "results/results_file.h"
#include "stats/paired_difference.h"

namespace jungle::stats {

inline constexpr double COMPARISON_ALPHA = 0.05;       // family-wise, over every test of a report
inline constexpr double COMPARISON_CONFIDENCE = 0.95;  // each difference's interval
inline constexpr double EQUIVALENCE_CONFIDENCE = 0.90;  // the interval of the two one-sided tests

struct ComparisonPlan {
  std::string base;
  std::vector<std::string> variants;
  Figure primary = Figure::Score;
  // The figures whose intervals must reach ±target before the rounds stop: the primary, and any
  // --precision-figures.
  std::vector<Figure> precision_figures = {Figure::Score};
  double target = 0.03;  // the half-width asked of those intervals
  double margin = 0;     // --margin: equivalence within ±margin; 0: not asked
  // The --precision asked, when the margin's settling half-width (settling_half_width) was
  // narrower and became the target of rounds sized by precision; 0 otherwise.
  double precision_asked = 0;
};

struct Equivalence {
  enum class Verdict { Equivalent, Different, Undecided };
  Interval interval;   // at EQUIVALENCE_CONFIDENCE
  double p_value = 1;  // the two one-sided tests' p (the larger)
  double p_holm = 1;
  Verdict verdict = Verdict::Undecided;
  // Undecided: more games a variant that would settle it if the difference stayed where it is
  // (its interval excluding 0, or its 90% interval inside ±margin, whichever comes first);
  // the largest std::uint64_t when no number would.
  std::uint64_t settling_games = 0;
};

struct FigureComparison {
  Figure figure = Figure::Score;
  bool primary = false;
  PairedDifference difference;  // its interval at COMPARISON_CONFIDENCE
  double half_width = 0;        // of that interval
  bool resolved = false;        // half_width within the plan's ±target
  double p_holm = 1;            // Holm-adjusted over every figure of every variant
  bool significant = false;     // p_holm < COMPARISON_ALPHA
  std::optional<Equivalence> equivalence;  // with a margin
  // Games more in each of the base and the variant for the interval to reach ±target at the
  // variance seen so far: 2·(K·(h/target)² − K), K openings, h the half-width. 0 when there.
  std::uint64_t more_games = 0;
};

struct VariantComparison {
  std::string base, variant;
  std::vector<FigureComparison> figures;  // score, decisive share, draw rate; a figure that cannot
                                          // be estimated (no decisive game) is left out
  std::uint64_t openings = 0;             // the variant's openings
  std::uint64_t unpaired_openings = 0;    // of those, replaced because the base's did not fit
};

// One round of games: the openings played by its end, and the half-width there of the widest
// interval among the precision figures of every variant (recomputed from the games' first
// openings for a round of an earlier command).
struct ComparisonRound {
  std::uint64_t openings = 0;
  double half_width = 0;
};

struct Comparison {
  ComparisonPlan plan;
  std::size_t tests = 0;        // the Holm family: every figure of every variant
  std::vector<VariantComparison> variants;
  bool underpowered = false;    // the primary figure of some variant stopped short of ±target
  // The openings a fixed-size design would have needed for ±target at the final variance of the
  // widest precision figure: z²·s²/target², s² = Var(D)·K the variance an opening.
  double fixed_design_openings = 0;
  double games_per_second = 0;  // measured in this run; 0: unknown, no time is given

  // How the games were had, filled by research/comparison_rounds.h and research/compare.h: the
  // analysis above leaves them empty.
  bool sequential = false;        // sized by precision (rounds), not a fixed --games
  std::string stopped_by;         // "precision", "max-time", or "games" (a fixed number)
  std::vector<ComparisonRound> rounds;  // every round the folder has seen, this command's last
  std::string player;             // the spec every variant was played with
  std::string weights;            // how the player's weights were chosen, in every variant
};

// Each variant against the plan's base over `games`. Throws std::invalid_argument when a variant
// has no games or fewer than two openings.
Comparison compare_variants(const std::vector<StoredGame>& games, const ComparisonPlan& plan,
                            double games_per_second = 0);

// An equivalence test's verdict from its Holm-adjusted p and whether the difference itself is
// significant: equivalent first, then different, else undecided.
Equivalence::Verdict equivalence_verdict(double p_holm, bool significant);

// Equivalence::settling_games of a difference over d.units openings: the games more a side (two an
// opening) at which D, if it stayed where it is, would be settled, its 95% interval excluding 0
// or its 90% interval inside ±margin; 0 when it already is, the largest std::uint64_t never.
std::uint64_t settling_games(const PairedDifference& d, double margin);

// The 95% half-width at which an equivalence question within ±margin is settled either way, in a
// Holm family of `difference_tests` tests of "no difference" and one of `equivalence_tests` two
// one-sided tests, whatever the difference. At a standard error se ≤ margin / (t₁ + t₂), with
// t₁ = t_{1−α/(2·difference_tests)} and t₂ = t_{1−α/equivalence_tests}, either |D| > t₁·se, so its
// p is below α/difference_tests and it is significant after Holm's adjustment (which multiplies a
// p by at most the family's size), or margin − |D| ≥ t₂·se, so its two one-sided tests pass at
// α/equivalence_tests and it is equivalent. That se is this 95% half-width over t_{0.975}; all at
// `degrees_of_freedom` (the fewest the rounds will have: fewer widen t₁ + t₂ more than t_{0.975}).
// Rounded down to two significant figures, so that reports can quote it as it is.
double settling_half_width(double margin, std::size_t difference_tests, std::size_t equivalence_tests,
                           double degrees_of_freedom);

// The widest half-width among the plan's precision figures, over every variant: what the rounds
// play to bring within ±target.
double precision_half_width(const Comparison& comparison);

}  // namespace jungle::stats
