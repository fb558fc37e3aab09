// `jungle compare`'s rounds: how many games the comparison plays. A pilot, then as many openings
// as the variance seen so far says the precision figures need for ±target
// (stats/sample_size_reestimation.h), until they are there or the time is spent; or a fixed
// number of games. Each round's analysis is stats/variant_comparison.h's.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "results/results_file.h"
#include "stats/factorial_effects.h"
#include "stats/sample_size_reestimation.h"
#include "stats/variant_comparison.h"

namespace jungle::research {

// Where the games of a comparison come from: `play(K)` plays (or finds) every variant's games of
// the first K openings and returns all of them; `affordable(K)` says how many openings, at most
// K, the time left allows (K when there is no limit); `games_per_second()` the rate so far;
// `expect(openings, target)`, when set, is told once, after this command's first round when more
// rounds follow, the openings the rounds expect to reach for ±target at that round's variance
// (about: a fixed design's count), so that the command can say up front how many games it expects.
struct ComparisonGames {
  std::function<std::vector<StoredGame>(std::uint64_t openings)> play;
  std::function<std::uint64_t(std::uint64_t openings)> affordable;
  std::function<double()> games_per_second;
  std::function<void(std::uint64_t openings, double target)> expect;
};

// The rounds, whatever the analysis: `first_openings`, then, when `sequential`, rounds sized by
// stats::next_round_openings from `half_width(games)` (the widest half-width the rounds play down
// to ±target) until it is within ±target or the time is spent (`affordable` allows no more).
// `half_width` is called on each round's games, the last call on the last round's, and on the
// first openings of each earlier command's round (`earlier_rounds`, the openings at which earlier
// commands on the same folder stopped), whose half-widths head the history; where it throws
// std::invalid_argument there (too few openings), that round is left out; elsewhere it propagates.
struct PlayedRounds {
  std::vector<stats::ComparisonRound> rounds;  // every round the folder has seen, this command's last
  std::string stopped_by;                      // "precision", "max-time", or "games" (not sequential)
};
// `growth`: the most a round multiplies the openings by (stats::next_round_openings).
PlayedRounds play_rounds(std::uint64_t first_openings, bool sequential, double target, const ComparisonGames& games,
                         const std::vector<std::uint64_t>& earlier_rounds,
                         const std::function<double(const std::vector<StoredGame>&)>& half_width,
                         double growth = stats::REESTIMATION_GROWTH);

// The plan the rounds play: with a margin and rounds sized by precision, the target is the narrower
// of the ±target asked and stats::settling_half_width over the plan's two Holm families (every
// figure of every variant), at the degrees of freedom of `first_openings`, so that the rounds
// stop only where every precision figure is settled, equivalent or different, or where the time
// is spent. The stopping rule still sees only the variance. precision_asked keeps the ±target
// asked when the margin narrowed it.
stats::ComparisonPlan rounds_plan(const stats::ComparisonPlan& plan, std::uint64_t first_openings, bool sequential);

// The same for a factorial's rounds, over its two Holm families: every effect of every figure, and
// every main effect of every figure.
stats::FactorialPlan factorial_rounds_plan(const stats::FactorialPlan& plan, const stats::FactorialDesign& design,
                                           std::uint64_t first_openings, bool sequential);

// Plays the comparison (play_rounds with stats::compare_variants's analysis) by rounds_plan(plan):
// `first_openings`, then, when `sequential`, rounds sized by stats::next_round_openings until every
// precision figure of every variant is within its ±target or the time is spent. Throws std::invalid_argument as stats::compare_variants does.
stats::Comparison run_comparison(const stats::ComparisonPlan& plan, std::uint64_t first_openings, bool sequential,
                                 const ComparisonGames& games, const std::vector<std::uint64_t>& earlier_rounds = {});

}  // namespace jungle::research
