// From finished games to the report's figures (report/summary.h): grouping the games by variant
// and pairing, the statistics over them, each variant against the baseline, compare's verdict put
// in their place, and the SPRTs `jungle stats` and `jungle tournament` report. report/ writes what
// these return and decides nothing.
#pragma once

#include <string>
#include <vector>

#include "engine/variant.h"
#include "report/summary.h"
#include "results/results_file.h"
#include "stats/statistics.h"
#include "stats/variant_comparison.h"

namespace jungle::research {

struct SummaryOptions {
  // The variant the others are compared with; empty: "standard" if present, else the first.
  std::string baseline;
  // Rules for variants that are not bundled (a name is looked up here first, then loaded as a
  // bundled name or, if the record names one, a TOML path).
  std::vector<Variant> rules;
  int bin_width = 10;  // plies per bin of the game-length histograms
  double confidence = 0.95;
};

// Everything of report::Summary but perft, piece values, sprt and runs (the commands add those).
// Throws std::invalid_argument for an unknown baseline.
report::Summary summarize(const std::vector<StoredGame>& games, const SummaryOptions& options = {});

// Adds `jungle compare`'s verdict to the summary, and puts its paired figures in place of the
// baseline comparisons that treat each variant's games alone (vs_baseline, draws_vs_baseline), so
// that every table, chart, CSV and JSON of the report gives one answer to one question.
void attach_comparison(report::Summary& summary, stats::Comparison comparison);

// The study's figures in compare's framing: every other variant against the summary's baseline
// over paired openings (stats::compare_variants: the score primary, Holm over every figure of
// every variant), from the fixed number of games played, attached as attach_comparison does.
// `player` is the spec every variant played and `weights` how its weights were chosen, in words;
// `games_per_second` the rate measured (0: unknown). Throws std::invalid_argument as
// stats::compare_variants does.
void attach_study_comparison(report::Summary& summary, const std::vector<StoredGame>& games, const std::string& player,
                             const std::string& weights, double games_per_second);

// The SPRT of player a against player b over their games (any variant, either colour). Uses the
// pentanomial when every one of their games is in a colour-swapped pair, else the trinomial.
// Throws std::invalid_argument when a and b never met.
report::SprtSummary sprt_players(const std::vector<StoredGame>& games, const std::string& a, const std::string& b,
                                 const stats::SprtParams& params);

// H0: elo(A) - elo(B) = elo0 against H1: = elo1, elo(V) the first player's advantage in variant V
// (stats::elo_from_score of its score). Two independent samples, so the normal approximation of
// the GSPRT with the delta method: θ̂ = elo(sA) - elo(sB),
//   Var θ̂ = Σ (400 / (ln 10 · s(1-s)))² · v   (v = FirstPlayerStats::score_variance, clustered),
//   LLR = (elo1 - elo0)(2θ̂ - elo0 - elo1) / (2 Var θ̂).
// LLR 0 (continue) while either score is 0 or 1 or has no variance. params.method is ignored.
// Throws std::invalid_argument when a variant is not in the summary.
report::SprtSummary sprt_variants(const report::Summary& summary, const std::string& a, const std::string& b,
                                  const stats::SprtParams& params);

}  // namespace jungle::research
