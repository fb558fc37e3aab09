// Statistics that compare rule sets and players: intervals and tests for proportions, logistic
// Elo with error margins (trinomial and pentanomial), the SPRT, Holm's correction and sample
// sizes. Pure functions over counts; distributions and quantiles come from Boost.Math.
//
// Conventions follow cutechess-cli (Elo, margin, LOS over W/D/L), fastchess (pentanomial Elo) and
// fishtest/fastchess (the GSPRT). "confidence" is a two-sided coverage such as 0.95; every
// function throws std::invalid_argument for counts that do not fit (k > n), a confidence outside
// (0, 1) or a probability outside [0, 1].
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jungle::stats {

struct Interval {
  double low = 0;
  double high = 0;
};

// The normal quantile for a two-sided interval: z = Φ⁻¹(1 - (1 - confidence)/2); 1.95996 for 0.95.
double z_for(double confidence);

// ---------------------------------------------------------------------------------------------
// One proportion

// The counts of wilson(), clopper_pearson() and proportion_difference() may be fractional: an
// effective sample size n* with p·n* successes (see effective_sample_size) stands for clustered
// games.

// Wilson score interval for successes/n (Wilson 1927; Brown, Cai & DasGupta 2001, eq. 4):
//   centre = (p + z²/2n) / (1 + z²/n),  half = z·sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n),
// clamped to [0, 1]. 60/100 gives [0.502, 0.691]. n = 0 gives [0, 1].
Interval wilson(double successes, double n, double confidence = 0.95);

// The Wilson formula applied to a W/D/L score: p = (W + D/2)/N with n = N games. A draw has less
// variance than a coin flip, so this is conservative (wider than the normal interval built from
// the score's own variance, which elo_wdl() reports as score_low/score_high). N = 0: [0, 1].
Interval wilson_score(std::uint64_t wins, std::uint64_t draws, std::uint64_t losses, double confidence = 0.95);

// Clopper-Pearson exact interval (Clopper & Pearson 1934) from the beta quantiles:
//   low = B⁻¹(α/2; k, n-k+1) (0 if k = 0),  high = B⁻¹(1-α/2; k+1, n-k) (1 if k = n),
// α = 1 - confidence. 5/10 gives [0.187, 0.813]. n = 0 gives [0, 1].
Interval clopper_pearson(double k, double n, double confidence = 0.95);

// Exact two-sided binomial test of k successes in n trials against p0, as R's binom.test: the
// sum of P(X = i) over every i with P(X = i) <= P(X = k)·(1 + 1e-7). 60/100 vs 0.5 gives 0.0569.
// n = 0 gives 1.
double binomial_two_sided_p(std::uint64_t k, std::uint64_t n, double p0 = 0.5);

// ---------------------------------------------------------------------------------------------
// Clustered observations
//
// The two games of a colour-swapped pair share their opening, and a deterministic player often
// plays the same game twice: such games are not independent, but the pairs are. An estimate over
// them takes its variance from the clusters (the pairs, and each game without a partner), and
// the intervals above take the effective sample size in place of the number of games.

// One cluster: an outcome summed over its observations, and their number (which may be 0).
struct Cluster {
  double sum = 0;
  double size = 0;
};

struct ClusteredMean {
  double mean = 0;          // Σ sum / Σ size; NaN when Σ size = 0
  double variance = 0;      // of that mean, see clustered_mean(); NaN when Σ size = 0 or G < 2
  double observations = 0;  // Σ size
  std::uint64_t clusters = 0;  // G: every cluster given, the empty ones too
  std::uint64_t units = 0;     // the clusters with observations; the variance has units - 1 df
};

// The ratio estimate R = Σ sum_j / Σ size_j with its linearised cluster-robust variance
//   v = G/(G-1) · Σ (sum_j - R·size_j)² / (Σ size_j)²
// over the G clusters (Cochran 1977, "Sampling Techniques", ch. 6 and 9: the ratio estimator
// of cluster sampling, with its small-sample factor G/(G-1)). This is what R's survey package
// gives for svymean (or svyratio) under svydesign(ids = ~cluster): the linearised variance with
// the factor n/(n-1) over the n PSUs. An empty cluster adds nothing to the sum but counts in G,
// as survey counts every PSU of the design when it estimates over a domain (a subset); its
// degrees of freedom, degf(), count only the PSUs with observations (`units` - 1).
// One observation per cluster gives s²/N, s² the sample variance (divisor N - 1); pairs give
// the pentanomial variance (fastchess's, divisor pairs) times G/(G-1). NaN below two clusters:
// there is no spread between clusters to measure.
ClusteredMean clustered_mean(const std::vector<Cluster>& clusters);

// The effective sample size of a proportion p estimated with variance v from n observations,
// Kish's n/deff (Kish 1965) with the design effect deff = v / v_srs taken against the unbiased
// variance of a proportion from n independent observations, v_srs = p(1-p)/(n-1):
//   n* = n·p(1-p) / ((n-1)·v).
// So n independent observations (v = p(1-p)/(n-1), as clustered_mean gives them) have n* = n,
// and the textbook intervals come back. This is n/(n-1) times survey's svyciprop, which takes
// n* = p(1-p)/v. Not capped: callers that must never narrow an interval take min(n, n*).
// n when p is 0 or 1, v is 0 or n <= 1: with no variance observed there is nothing to measure
// the clustering by (Korn and Graubard's convention). 0 for a NaN v (fewer than two clusters).
double effective_sample_size(double p, double variance, double n);

// ---------------------------------------------------------------------------------------------
// Few units: Student's t and Korn-Graubard
//
// A variance estimated from G clusters has G - 1 degrees of freedom (survey's degf(): PSUs
// minus strata). Below SMALL_SAMPLE_UNITS units an interval uses Student's t with G - 1 df in
// place of the normal z, and an effective sample size is multiplied by Korn and Graubard's
// degrees-of-freedom factor (Korn & Graubard 1998, "Confidence intervals for proportions with
// small expected number of positive counts estimated from survey data", Survey Methodology
// 24(2); survey's svyciprop(method = "beta")):
//   n*_df = n* · (t_{n-1} / t_{G-1})²,   t_k = the two-sided quantile of t with k df,
// n the observations. From SMALL_SAMPLE_UNITS units on, the normal z and no factor (the factor
// is then above (1.96/2.045)² = 0.92, and the intervals are those of cutechess and fastchess).

inline constexpr double SMALL_SAMPLE_UNITS = 30;

// The degrees of freedom of an interval over `units` independent units: units - 1 below
// SMALL_SAMPLE_UNITS, +inf (the normal) from there on, 0 below 2 units (no interval at all).
double interval_degrees_of_freedom(double units);

// The two-sided quantile t_{df, 1 - (1 - confidence)/2} of Student's t (Boost.Math students_t):
// 2.262157 for 9 df at 0.95, 12.7062 for 1 df; z_for(confidence) for df = +inf; +inf for df = 0.
double t_for(double confidence, double degrees_of_freedom);

// Korn and Graubard's factor (t_for(confidence, n - 1) / t_for(confidence, df))², with
// df = interval_degrees_of_freedom(units): 1 from SMALL_SAMPLE_UNITS units on and when every
// unit is one observation (n - 1 = df), 0 below 2 units.
double korn_graubard_factor(double observations, double units, double confidence = 0.95);

// ---------------------------------------------------------------------------------------------
// Two proportions: x1/n1 - x2/n2, e.g. a variant's first-player win rate minus a baseline's.

struct ProportionDifference {
  double difference = 0;  // p1 - p2
  Interval interval;      // Newcombe's hybrid score interval
  double p_value = 1;     // two-sided pooled two-proportion z-test
};

// Interval: Newcombe (1998) method 10, from the Wilson intervals (l1,u1), (l2,u2) of each side:
//   [d - sqrt((p1-l1)² + (u2-p2)²),  d + sqrt((u1-p1)² + (p2-l2)²)];  56/70 - 48/80 gives
//   [0.0524, 0.3339] (Newcombe's example).
// p-value: z = d / sqrt(p(1-p)(1/n1 + 1/n2)) with the pooled p = (x1+x2)/(n1+n2), p = 2(1-Φ(|z|));
// 1 when the pooled p is 0 or 1. n1 and n2 must be positive.
ProportionDifference proportion_difference(double x1, double n1, double x2, double n2, double confidence = 0.95);

// Holm-Bonferroni step-down adjusted p-values (Holm 1979), in the input order: with the p sorted
// ascending p(1) <= ... <= p(m), adj(i) = max over j <= i of min(1, (m - j + 1)·p(j)).
// {0.01, 0.04, 0.03} gives {0.03, 0.06, 0.06}.
std::vector<double> holm_adjust(std::vector<double> p);

// ---------------------------------------------------------------------------------------------
// Logistic Elo

// elo = -400·log10(1/s - 1), and back s = 1/(1 + 10^(-elo/400)). Score 0.75 is +190.85 Elo;
// scores 0 and 1 give -inf and +inf.
double elo_from_score(double score);
double score_from_elo(double elo);

// Wins, draws and losses from one side's point of view.
struct Wdl {
  std::uint64_t wins = 0, draws = 0, losses = 0;
  std::uint64_t games() const { return wins + draws + losses; }
  // Counts one game by its points: 1, 1/2 or 0.
  void add(double points) { (points == 1.0 ? wins : points == 0.0 ? losses : draws)++; }
  double score() const;     // (W + D/2)/N; NaN for no games
  // The variance of one game's score: w(1-s)² + d(1/2-s)² + l·s², w, d, l the fractions of the
  // games and s the score; NaN for no games.
  double variance() const;
  bool operator==(const Wdl&) const = default;
};

struct EloEstimate {
  double score = 0;       // mean score per game (per pair / 2 for the pentanomial), in [0, 1]
  double score_low = 0;   // score ∓ z·σ, σ the standard error of the mean score
  double score_high = 0;
  double elo = 0;         // elo_from_score(score)
  double margin = 0;      // ± half-width: (elo(score_high) - elo(score_low)) / 2; +inf when
                          // score_low or score_high leaves (0, 1)
  double los = 0;         // likelihood of superiority, in [0, 1]
};

// The Elo estimate of a mean score with the given standard error: score ∓ q·se, the margin from
// those ends, LOS = F((score - 1/2)/se) (0, 1/2 or 1 when se = 0), with q and F the quantile and
// distribution function of Student's t with the given degrees of freedom: the normal's z and Φ
// for +inf (the default, as fastchess), an infinite margin and NaN LOS for 0 df or a NaN se.
// A NaN score: every field NaN.
EloEstimate elo_estimate(double score, double standard_error, double confidence = 0.95,
                         double degrees_of_freedom = std::numeric_limits<double>::infinity());

// As cutechess-cli (Elo::Elo, errorMargin, LOS): per-game variance of the score
//   σ²₁ = w(1-s)² + d(1/2-s)² + l(0-s)²  with w, d, l the fractions of the N games,
// σ = σ₁/sqrt(N), margin = (elo(s + zσ) - elo(s - zσ))/2, and
//   LOS = Φ((W - L)/sqrt(W + L)) = 1/2 + 1/2·erf((W - L)/sqrt(2(W + L)))   (0.5 when W + L = 0).
// W=60, L=40 gives LOS 0.9772. No games: every field NaN.
EloEstimate elo_wdl(std::uint64_t wins, std::uint64_t draws, std::uint64_t losses, double confidence = 0.95);

// Game pairs with the same opening and colours swapped, counted from one player's point of view
// by the pair's score: ll 0, ld 1/2, wl_dd 1 (a win and a loss, or two draws), wd 3/2, ww 2.
struct Pentanomial {
  std::uint64_t ll = 0, ld = 0, wl_dd = 0, wd = 0, ww = 0;
  std::uint64_t pairs() const { return ll + ld + wl_dd + wd + ww; }
  // Counts one pair by its points: 0, 1/2, 1, 3/2 or 2.
  void add(double points) {
    std::uint64_t* bins[] = {&ll, &ld, &wl_dd, &wd, &ww};
    ++*bins[int(points * 2 + 0.5)];
  }
  bool operator==(const Pentanomial&) const = default;
};

// As fastchess (EloPentanomial): with frequencies f over the pair scores 0, 1/4, 1/2, 3/4, 1
// (the pair's points / 2), s = Σ f·x, per-pair variance σ²₂ = Σ f·(x - s)², σ = σ₂/sqrt(pairs),
// margin = (elo(s + zσ) - elo(s - zσ))/2, LOS = Φ((s - 1/2)/σ) (0, 1/2 or 1 when σ = 0).
// No pairs: every field NaN.
EloEstimate elo_pentanomial(const Pentanomial& counts, double confidence = 0.95);

// ---------------------------------------------------------------------------------------------
// Sequential probability ratio test for A/B tests: H0 elo = elo0 against H1 elo = elo1, in the
// Elo of the model chosen. Each model's name is fastchess's (-sprt model=), and its default,
// normalized, is fastchess's default.

enum class LlrMethod : std::uint8_t {
  // fastchess "normalized", fishtest's normalized Elo (Van den Bergh, "Comments on Normalized
  // Elo", section 4.1): elo is nElo, t = (s - 1/2)/σ = elo/(800/ln 10), times √2 over pairs (σ
  // the per-game or per-pair standard deviation). Under each hypothesis the maximum-likelihood
  // distribution with t = t0 or t1: p_i = f_i/(1 + θφ_i), φ_i = a_i - 1/2 - t·σ(1 + ((a_i - μ)/σ)²)/2,
  // μ and σ of the current p, iterated from the uniform distribution until p moves less than 1e-9.
  Normalized,
  // fastchess "logistic", fishtest's LLRcalc.LLR_logistic: elo is logistic Elo; under each
  // hypothesis the maximum-likelihood distribution with mean score s0 or s1 (Van den Bergh,
  // prop. 1.1: p_i = f_i/(1 + θ(a_i - s)), θ the root of Σ f_i(a_i - s)/(1 + θ(a_i - s)) = 0).
  // LLR = N·Σ f_i·ln(p1_i/p0_i), as for every model here but the last.
  Logistic,
  // fastchess "bayesian": BayesElo, games only (no pentanomial). The draw Elo comes from the
  // win and loss frequencies W and L, drawelo = 200·log10((1-L)/L·(1-W)/W), and each hypothesis'
  // score is P(win) + P(draw)/2 with P(win) = 1/(1 + 10^((drawelo - elo)/400)) and
  // P(loss) = 1/(1 + 10^((drawelo + elo)/400)); then as logistic. No win or no loss: LLR 0.
  Bayesian,
  // The normal approximation (fishtest LLRcalc.LLR_alt2, Van den Bergh "GSPRT approximation")
  // in logistic Elo: LLR = N·(s1 - s0)(2s - s0 - s1) / (2σ²).
  NormalApprox,
};

// "normalized", "logistic", "bayesian", "normal"; and back, with "exact" read as logistic.
const char* llr_method_name(LlrMethod method);
std::optional<LlrMethod> parse_llr_method(std::string_view name);

enum class SprtVerdict : std::uint8_t { AcceptH0, AcceptH1, Continue };

struct SprtParams {
  double elo0 = 0, elo1 = 5;       // logistic Elo; elo0 < elo1
  double alpha = 0.05, beta = 0.05;  // in (0, 1), alpha + beta < 1
  LlrMethod method = LlrMethod::Normalized;
};

// --sprt's value: "elo0=E0,elo1=E1[,alpha=A,beta=B,model=M]" or "E0,E1[,A,B]"; keys left out
// keep SprtParams' defaults. Throws std::invalid_argument, "--sprt: ...". Bounds beyond ±1000
// Elo are refused: there the expected score is within 0.3% of 0 or 1 and likelihoods underflow.
SprtParams parse_sprt_params(std::string_view text);
// The canonical text: "elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized".
std::string sprt_params_text(const SprtParams& params);


struct SprtResult {
  double llr = 0;
  double lower = 0;  // ln(β/(1-α)): at or below, H0 is accepted; -2.944 for α = β = 0.05
  double upper = 0;  // ln((1-β)/α): at or above, H1 is accepted; +2.944 for α = β = 0.05
  SprtVerdict verdict = SprtVerdict::Continue;
};

// Outcomes are the game scores 0, 1/2, 1 (trinomial) or the pair scores / 2: 0, 1/4, 1/2, 3/4, 1
// (pentanomial, N = pairs). As fishtest and fastchess, a count of 0 is replaced by 1e-3 before
// the frequencies are taken (the pentanomial's WL and DD are one outcome). s0 and s1 are
// score_from_elo(elo0) and score_from_elo(elo1). No games: LLR 0, continue.
SprtResult sprt(const Wdl& counts, const SprtParams& params = {});
SprtResult sprt(const Pentanomial& counts, const SprtParams& params = {});

// ---------------------------------------------------------------------------------------------
// Sample sizes

// Games for a score interval of ± halfwidth near score 1/2 at the given draw rate: per-game
// variance σ²₁ = (1 - draw_rate)/4 (wins and losses equally likely), n = ceil((z·σ₁/halfwidth)²).
// Half-width 0.05 at draw rate 0 gives ceil((1.96·0.5/0.05)²) = 385.
std::uint64_t games_for_score_halfwidth(double halfwidth, double draw_rate, double confidence = 0.95);

// The same for an Elo margin of ± elo_halfwidth around 0 Elo, with the margin as elo_wdl() defines
// it: at s = 1/2 the margin is elo(1/2 + zσ), so n = ceil((z·σ₁ / (score_from_elo(h) - 1/2))²).
// ±10 Elo at draw rate 0 needs 4640 games.
std::uint64_t games_for_elo_halfwidth(double elo_halfwidth, double draw_rate, double confidence = 0.95);

// Observations per group for a two-sided test at level alpha to detect a difference of two
// means with the given power, by the normal approximation without continuity correction (the
// standard two-proportion formula: Fleiss, Levin & Paik 2003, "Statistical Methods for Rates
// and Proportions", ch. 4; R's power.prop.test is the same but for its z under H0):
//   n = (z_{1-α/2}·sqrt(2·v0) + z_{power}·sqrt(v1 + v2))² / (m1 - m2)²,
// v1 and v2 the variances of one observation in each group, v0 that under H0 (both groups at
// the pooled mean). Unrounded, so that a design effect can multiply it before rounding up.
double two_sample_size(double m1, double m2, double v0, double v1, double v2, double alpha = 0.05,
                       double power = 0.8);

// The classic two-proportion form: v = p(1-p), v0 = p̄(1-p̄) with p̄ = (p1 + p2)/2. p1 = 0.5,
// p2 = 0.55 at alpha 0.05 and power 0.8 needs 1564.7 per group (1565, the textbook value).
double proportions_sample_size(double p1, double p2, double alpha = 0.05, double power = 0.8);

// The same for two scores (W + D/2)/N with the same draw rate d in both groups: one game's
// score has variance s(1-s) - d/4 (w(1-s)² + d(1/2-s)² + l·s² with w = s - d/2), so v1, v2
// and v0 are that at s1, s2 and (s1 + s2)/2. Draw rate 0 is the two-proportion formula.
// Each score must lie in [d/2, 1 - d/2], where the wins and losses it implies are not negative.
double scores_sample_size(double s1, double s2, double draw_rate, double alpha = 0.05, double power = 0.8);

}  // namespace jungle::stats
