// Statistics against values worked out by hand (or from published examples), never against what
// the code printed. z = Φ⁻¹(0.975) = 1.959964 throughout.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "stats/statistics.h"

using namespace jungle::stats;

namespace {

constexpr double Z95 = 1.959963984540054;

TEST(Statistics, NormalQuantileForTheConfidence) {
  EXPECT_NEAR(z_for(0.95), Z95, 1e-12);
  EXPECT_NEAR(z_for(0.90), 1.644854, 1e-6);
  EXPECT_THROW(z_for(1.0), std::invalid_argument);
  EXPECT_THROW(z_for(0.0), std::invalid_argument);
}

TEST(Statistics, WilsonInterval) {
  // 60/100: z²/n = 0.038415; centre = (0.6 + 0.019207)/1.038415 = 0.596303;
  // half = 1.96·sqrt(0.0024 + 0.000096)/1.038415 = 0.094299  ->  [0.502, 0.691].
  const Interval i = wilson(60, 100);
  EXPECT_NEAR(i.low, 0.502, 5e-4);
  EXPECT_NEAR(i.high, 0.691, 5e-4);
  EXPECT_NEAR(i.low, 0.5020026, 1e-6);
  EXPECT_NEAR(i.high, 0.6905987, 1e-6);

  // 0/10: centre = (z²/20)/(1 + z²/10) = 0.192073/1.384146 = 0.138766, half the same: [0, 0.2775].
  const Interval none = wilson(0, 10);
  EXPECT_EQ(none.low, 0.0);
  EXPECT_NEAR(none.high, 0.2775328, 1e-6);
  // 10/10 mirrors it: [1 - 0.2775, 1].
  const Interval all = wilson(10, 10);
  EXPECT_NEAR(all.low, 1 - 0.2775328, 1e-6);
  EXPECT_EQ(all.high, 1.0);

  EXPECT_EQ(wilson(0, 0).low, 0.0);
  EXPECT_EQ(wilson(0, 0).high, 1.0);
  EXPECT_THROW(wilson(11, 10), std::invalid_argument);
}

TEST(Statistics, WilsonOnAScore) {
  // W/D/L 5/3/2: score 6.5/10 = 0.65 with n = 10: centre = (0.65 + 0.192073)/1.384146 = 0.608370,
  // half = 1.96·sqrt(0.02275 + 0.0096037)/1.384146 = 0.254699  ->  [0.353671, 0.863069].
  const Interval i = wilson_score(5, 3, 2);
  EXPECT_NEAR(i.low, 0.353671, 1e-6);
  EXPECT_NEAR(i.high, 0.863069, 1e-6);
  // Without draws it is the plain Wilson interval.
  EXPECT_NEAR(wilson_score(60, 0, 40).low, wilson(60, 100).low, 1e-15);
}

TEST(Statistics, ClopperPearsonInterval) {
  // 5/10: the p with P(X >= 5) = 0.025 and with P(X <= 5) = 0.025: [0.187086, 0.812914].
  const Interval i = clopper_pearson(5, 10);
  EXPECT_NEAR(i.low, 0.187, 5e-4);
  EXPECT_NEAR(i.high, 0.813, 5e-4);
  EXPECT_NEAR(i.low + i.high, 1.0, 1e-12);  // symmetric around 1/2
  // 0/10: upper bound solves (1-p)^10 = 0.025, p = 1 - 0.025^(1/10) = 0.308497.
  EXPECT_EQ(clopper_pearson(0, 10).low, 0.0);
  EXPECT_NEAR(clopper_pearson(0, 10).high, 1 - std::pow(0.025, 0.1), 1e-9);
  // 10/10: lower bound solves p^10 = 0.025.
  EXPECT_NEAR(clopper_pearson(10, 10).low, std::pow(0.025, 0.1), 1e-9);
  EXPECT_EQ(clopper_pearson(10, 10).high, 1.0);
  // Exact intervals are wider than Wilson's.
  EXPECT_LT(clopper_pearson(60, 100).low, wilson(60, 100).low);
  EXPECT_GT(clopper_pearson(60, 100).high, wilson(60, 100).high);
}

TEST(Statistics, ExactBinomialTwoSided) {
  // 60/100 vs 1/2: 2·P(X >= 60) = 0.056888 (exact sum of C(100, i)/2^100).
  EXPECT_NEAR(binomial_two_sided_p(60, 100), 0.0569, 5e-5);
  EXPECT_NEAR(binomial_two_sided_p(40, 100), 0.0568879, 1e-7);
  // 5 of 7 decisive games: P(X >= 5) + P(X <= 2) = (21 + 7 + 1)·2/128 = 0.453125.
  EXPECT_NEAR(binomial_two_sided_p(5, 7), 0.453125, 1e-12);
  // The mean itself: 1.
  EXPECT_NEAR(binomial_two_sided_p(50, 100), 1.0, 1e-12);
  EXPECT_EQ(binomial_two_sided_p(0, 0), 1.0);
  // Asymmetric p0 = 0.3, n = 20. P(X=3) = 0.071604; the outcomes no likelier are 0..3 and 9..20:
  // 0.107087 + 0.113331 = 0.220418. P(X=10) = 0.030817: 0..2 and 10..20 give 0.083445.
  EXPECT_NEAR(binomial_two_sided_p(3, 20, 0.3), 0.2204183, 1e-6);
  EXPECT_NEAR(binomial_two_sided_p(10, 20, 0.3), 0.0834450, 1e-6);
  // All ten successes against 1/2: 2/1024.
  EXPECT_NEAR(binomial_two_sided_p(10, 10), 2.0 / 1024, 1e-12);
}

TEST(Statistics, FractionalCountsForEffectiveSampleSizes) {
  // 30/50: z²/n = 0.076829; centre = 0.638415/1.076829 = 0.592866, half 0.131051: [0.461814, 0.723916].
  const Interval i = wilson(30.0, 50.0);
  EXPECT_NEAR(i.low, 0.4618144, 1e-6);
  EXPECT_NEAR(i.high, 0.7239161, 1e-6);
  // p = 0.625 at n* = 60/11 (the clustered example below): [0.257876, 0.888814].
  const Interval f = wilson(0.625 * 60 / 11, 60.0 / 11);
  EXPECT_NEAR(f.low, 0.2578762, 1e-6);
  EXPECT_NEAR(f.high, 0.8888144, 1e-6);
  // Clopper-Pearson on whole numbers held as doubles is the textbook interval, and a fractional
  // count lies between its neighbours.
  EXPECT_NEAR(clopper_pearson(5.0, 10.0).low, 0.187086, 1e-6);
  const Interval between = clopper_pearson(5.5, 10.0);
  EXPECT_GT(between.low, clopper_pearson(5, 10).low);
  EXPECT_LT(between.low, clopper_pearson(6, 10).low);
  EXPECT_THROW(wilson(-1.0, 10.0), std::invalid_argument);
  EXPECT_THROW(clopper_pearson(10.5, 10.0), std::invalid_argument);
}

TEST(Statistics, ClusteredMeanAndEffectiveSampleSize) {
  // Four pairs scoring 2, 2, 0 and 1 points of 2: R = 5/8; residuals 0.75, 0.75, -1.25, -0.25,
  // squares 2.75; with Cochran's G/(G-1) for G = 4, v = 4/3 · 2.75/8² = 11/192. R's survey gives
  // the same: svymean(~y, svydesign(ids = ~pair, data = the 8 games)) linearises y - R per game,
  // sums it per pair to (residual)/8 and takes n/(n-1) Σ of the squares over the n = 4 pairs.
  const ClusteredMean pairs = clustered_mean({{2, 2}, {2, 2}, {0, 2}, {1, 2}});
  EXPECT_NEAR(pairs.mean, 0.625, 1e-15);
  EXPECT_NEAR(pairs.variance, 11.0 / 192, 1e-15);
  EXPECT_EQ(pairs.observations, 8.0);
  EXPECT_EQ(pairs.clusters, 4u);
  EXPECT_EQ(pairs.units, 4u);
  // Kish's n/deff with deff against p(1-p)/(n-1): n* = 8·(15/64) / (7·11/192) = 360/77 = 4.675
  // games, where 8 independent games would be.
  EXPECT_NEAR(effective_sample_size(pairs.mean, pairs.variance, 8), 360.0 / 77, 1e-12);

  // An empty cluster adds nothing to the sum but counts in G, as survey counts every PSU when it
  // estimates over a domain: 5/4 · 2.75/64. It has no observation, so the units stay 4 (3 df).
  const ClusteredMean with_empty = clustered_mean({{2, 2}, {2, 2}, {0, 2}, {1, 2}, {0, 0}});
  EXPECT_NEAR(with_empty.variance, 5.0 / 4 * 2.75 / 64, 1e-15);
  EXPECT_EQ(with_empty.clusters, 5u);
  EXPECT_EQ(with_empty.units, 4u);

  // One observation per cluster: 4/3 · Σ(y - 3/4)²/4² = 4/3 · 0.75/16 = 1/16, the unbiased
  // p(1-p)/(n-1) = 0.1875/3; so n* = n, and the textbook intervals come back.
  const ClusteredMean single = clustered_mean({{1, 1}, {0, 1}, {1, 1}, {1, 1}});
  EXPECT_NEAR(single.mean, 0.75, 1e-15);
  EXPECT_NEAR(single.variance, 1.0 / 16, 1e-15);
  EXPECT_NEAR(effective_sample_size(single.mean, single.variance, 4), 4.0, 1e-12);

  // Not capped (callers cap where they must): 4·0.1875/(3·0.01) = 25. n where the variance says
  // nothing, 0 where it is unknown.
  EXPECT_NEAR(effective_sample_size(0.75, 0.01, 4), 25.0, 1e-12);
  EXPECT_EQ(effective_sample_size(0.0, 0.0, 7), 7.0);
  EXPECT_EQ(effective_sample_size(1.0, 0.0, 7), 7.0);
  EXPECT_EQ(effective_sample_size(0.5, NAN, 7), 0.0);
  // One cluster: no spread between clusters to measure.
  const ClusteredMean one = clustered_mean({{3, 4}});
  EXPECT_NEAR(one.mean, 0.75, 1e-15);
  EXPECT_TRUE(std::isnan(one.variance));
  EXPECT_TRUE(std::isnan(clustered_mean({}).mean));
  EXPECT_THROW(effective_sample_size(1.5, 0.1, 4), std::invalid_argument);
}

TEST(Statistics, StudentsTForFewUnits) {
  // Tables of Student's t (e.g. Abramowitz & Stegun 26.10): t(0.975; 9) = 2.262157,
  // t(0.975; 1) = 12.706205, t(0.975; 19) = 2.093024.
  EXPECT_NEAR(t_for(0.95, 9), 2.262157, 1e-6);
  EXPECT_NEAR(t_for(0.95, 1), 12.706205, 1e-6);
  EXPECT_NEAR(t_for(0.95, 19), 2.093024, 1e-6);
  EXPECT_EQ(t_for(0.95, INFINITY), z_for(0.95));
  EXPECT_TRUE(std::isinf(t_for(0.95, 0)));
  // Two clusters leave one degree of freedom: far wider than the normal.
  EXPECT_GT(t_for(0.95, interval_degrees_of_freedom(2)), 6 * z_for(0.95));
  // t falls towards z as the units grow.
  for (double df = 1; df < 29; ++df) EXPECT_GT(t_for(0.95, df), t_for(0.95, df + 1));
  EXPECT_GT(t_for(0.95, 28), z_for(0.95));

  EXPECT_EQ(interval_degrees_of_freedom(0), 0.0);
  EXPECT_EQ(interval_degrees_of_freedom(1), 0.0);
  EXPECT_EQ(interval_degrees_of_freedom(2), 1.0);
  EXPECT_EQ(interval_degrees_of_freedom(29), 28.0);
  EXPECT_TRUE(std::isinf(interval_degrees_of_freedom(30)));

  // Korn-Graubard: 20 observations in 10 units, (t(19)/t(9))² = (2.093024/2.262157)² = 0.856057.
  EXPECT_NEAR(korn_graubard_factor(20, 10), 0.856057, 1e-6);
  // One observation per unit: t(n-1)/t(G-1) = 1. From 30 units on: 1. Below two units: 0.
  EXPECT_EQ(korn_graubard_factor(10, 10), 1.0);
  EXPECT_EQ(korn_graubard_factor(100, 30), 1.0);
  EXPECT_EQ(korn_graubard_factor(5, 1), 0.0);
  // Never above 1: more observations than units only shrink the effective sample.
  for (double units = 2; units < 30; ++units) EXPECT_LE(korn_graubard_factor(3 * units, units), 1.0);
  EXPECT_THROW(korn_graubard_factor(3, 4), std::invalid_argument);
}

TEST(Statistics, EloFromAMeanAndItsStandardError) {
  // s = 0.6 ± 1.96·0.05: elo(0.6) = 70.4365, ends 0.502 and 0.698, margin 72.0735;
  // LOS = Φ(0.1/0.05) = Φ(2) = 0.977250.
  const EloEstimate e = elo_estimate(0.6, 0.05);
  EXPECT_NEAR(e.elo, 70.4365, 1e-4);
  EXPECT_NEAR(e.margin, 72.0735, 1e-4);
  EXPECT_NEAR(e.los, 0.977250, 1e-6);
  EXPECT_TRUE(std::isnan(elo_estimate(std::nan(""), 0.1).elo));
  // With 9 degrees of freedom: 0.6 ∓ 2.262157·0.05 = [0.486892, 0.713108], elo -9.1104 and
  // 158.1746, margin 83.6425; LOS = T₉(2) = 0.961724.
  const EloEstimate t = elo_estimate(0.6, 0.05, 0.95, 9);
  EXPECT_NEAR(t.score_low, 0.4868921, 1e-6);
  EXPECT_NEAR(t.margin, 83.6425, 1e-4);
  EXPECT_NEAR(t.los, 0.961724, 1e-6);
  EXPECT_NEAR(t.elo, 70.4365, 1e-4);
  // No degrees of freedom: no interval at all.
  EXPECT_TRUE(std::isinf(elo_estimate(0.6, 0.05, 0.95, 0).margin));
}

TEST(Statistics, DifferenceOfTwoProportions) {
  // Newcombe (1998), example (a): 56/70 - 48/80, method 10: 0.2 in [0.0524, 0.3339].
  const ProportionDifference d = proportion_difference(56, 70, 48, 80);
  EXPECT_NEAR(d.difference, 0.2, 1e-12);
  EXPECT_NEAR(d.interval.low, 0.0524, 5e-5);
  EXPECT_NEAR(d.interval.high, 0.3339, 5e-5);
  // Pooled p = 104/150 = 0.693333; se = sqrt(0.693333·0.306667·(1/70 + 1/80)) = 0.075467;
  // z = 2.650172; p = 2(1 - Φ(z)) = 0.008045.
  EXPECT_NEAR(d.p_value, 0.008045, 1e-6);
  // No difference at all.
  const ProportionDifference same = proportion_difference(30, 60, 30, 60);
  EXPECT_EQ(same.difference, 0.0);
  EXPECT_NEAR(same.p_value, 1.0, 1e-12);
  EXPECT_NEAR(same.interval.low, -same.interval.high, 1e-12);
  EXPECT_EQ(proportion_difference(0, 10, 0, 20).p_value, 1.0);
  EXPECT_THROW(proportion_difference(1, 0, 1, 2), std::invalid_argument);
}

TEST(Statistics, HolmAdjustment) {
  // Sorted 0.01, 0.03, 0.04 times 3, 2, 1: 0.03, 0.06, 0.04 -> running max 0.03, 0.06, 0.06.
  const std::vector<double> adjusted = holm_adjust({0.01, 0.04, 0.03});
  ASSERT_EQ(adjusted.size(), 3u);
  EXPECT_NEAR(adjusted[0], 0.03, 1e-12);
  EXPECT_NEAR(adjusted[1], 0.06, 1e-12);
  EXPECT_NEAR(adjusted[2], 0.06, 1e-12);
  // Capped at 1.
  const std::vector<double> capped = holm_adjust({0.5, 0.6});
  EXPECT_EQ(capped[0], 1.0);
  EXPECT_EQ(capped[1], 1.0);
  EXPECT_TRUE(holm_adjust({}).empty());
}

TEST(Statistics, LogisticElo) {
  // -400·log10(1/0.75 - 1) = 400·log10(3) = 190.849.
  EXPECT_NEAR(elo_from_score(0.75), 190.85, 5e-3);
  EXPECT_EQ(elo_from_score(0.5), 0.0);
  EXPECT_NEAR(elo_from_score(0.25), -190.849, 1e-3);
  EXPECT_NEAR(score_from_elo(400 * std::log10(3.0)), 0.75, 1e-12);
  EXPECT_EQ(elo_from_score(1.0), INFINITY);
  EXPECT_EQ(elo_from_score(0.0), -INFINITY);
}

TEST(Statistics, EloFromWinsDrawsLosses) {
  // LOS for W=60, L=40: Φ(20/sqrt(100)) = Φ(2) = 0.977250.
  EXPECT_NEAR(elo_wdl(60, 0, 40).los, 0.9772499, 1e-6);

  // W=50, D=30, L=20: s = 0.65; per-game variance 0.5·0.35² + 0.3·0.15² + 0.2·0.65² = 0.1525;
  // σ = sqrt(0.1525/100) = 0.0390512; elo(0.65) = -400·log10(0.35/0.65) = 107.538;
  // score interval 0.65 ∓ 1.96·0.0390512 = [0.573461, 0.726539]: elo 51.418 and 169.745,
  // margin (169.745 - 51.418)/2 = 59.164. LOS = Φ(30/sqrt(70)) = Φ(3.5857) = 0.999832.
  const EloEstimate e = elo_wdl(50, 30, 20);
  EXPECT_NEAR(e.score, 0.65, 1e-12);
  EXPECT_NEAR(e.score_low, 0.65 - Z95 * 0.0390512484, 1e-9);
  EXPECT_NEAR(e.score_high, 0.65 + Z95 * 0.0390512484, 1e-9);
  EXPECT_NEAR(e.elo, 107.538, 1e-3);
  EXPECT_NEAR(e.margin, 59.164, 1e-3);
  EXPECT_NEAR(e.los, 0.999832, 1e-6);

  // Even: Elo 0, LOS 1/2. No decisive game: LOS 1/2 by convention.
  EXPECT_EQ(elo_wdl(10, 5, 10).elo, 0.0);
  EXPECT_EQ(elo_wdl(10, 5, 10).los, 0.5);
  EXPECT_EQ(elo_wdl(0, 8, 0).los, 0.5);
  // All won: +inf Elo and an unbounded margin. No games: NaN.
  EXPECT_EQ(elo_wdl(10, 0, 0).elo, INFINITY);
  EXPECT_EQ(elo_wdl(10, 0, 0).margin, INFINITY);
  EXPECT_TRUE(std::isnan(elo_wdl(0, 0, 0).elo));
}

TEST(Statistics, EloFromPentanomialPairs) {
  // Counts [1, 2, 4, 2, 1] over pair scores 0, 1/4, 1/2, 3/4, 1 (10 pairs):
  // mean (0 + 0.5 + 2 + 1.5 + 1)/10 = 0.5 -> Elo 0;
  // variance (0.25 + 2·0.0625 + 0 + 2·0.0625 + 0.25)/10 = 0.075, σ = sqrt(0.075/10) = 0.0866025;
  // margin = elo(0.5 + 1.96·0.0866025) = elo(0.669741) = -400·log10(0.493114) = 122.818.
  const EloEstimate even = elo_pentanomial({1, 2, 4, 2, 1});
  EXPECT_NEAR(even.score, 0.5, 1e-12);
  EXPECT_NEAR(even.elo, 0.0, 1e-9);
  EXPECT_NEAR(even.margin, 122.818, 1e-3);
  EXPECT_NEAR(even.los, 0.5, 1e-12);

  // Counts [0, 1, 2, 4, 3]: mean (0.25 + 1 + 3 + 3)/10 = 0.725;
  // variance (1·0.475² + 2·0.225² + 4·0.025² + 3·0.275²)/10
  //        = (0.225625 + 0.10125 + 0.0025 + 0.226875)/10 = 0.055625; σ = sqrt(0.0055625) = 0.0745822;
  // elo(0.725) = -400·log10(0.275/0.725) = 168.402; interval 0.725 ∓ 0.146180 = [0.578820, 0.871180]:
  // elo 55.231 and 332.047, margin 138.408. LOS = Φ(0.225/0.0745822) = Φ(3.01681) = 0.998723.
  const EloEstimate ahead = elo_pentanomial({0, 1, 2, 4, 3});
  EXPECT_NEAR(ahead.score, 0.725, 1e-12);
  EXPECT_NEAR(ahead.score_high - ahead.score, Z95 * std::sqrt(0.0055625), 1e-12);
  EXPECT_NEAR(ahead.elo, 168.402, 1e-3);
  EXPECT_NEAR(ahead.margin, 138.408, 1e-3);
  EXPECT_NEAR(ahead.los, 0.998723, 1e-6);

  EXPECT_EQ((Pentanomial{0, 1, 2, 4, 3}.pairs()), 10u);
  EXPECT_TRUE(std::isnan(elo_pentanomial({}).score));
}

TEST(Statistics, SprtBoundsAndVerdicts) {
  // ln(0.05/0.95) = -ln 19 = -2.944439 and ln(0.95/0.05) = +2.944439.
  const SprtResult none = sprt(Wdl{});
  EXPECT_NEAR(none.lower, -2.944439, 1e-6);
  EXPECT_NEAR(none.upper, 2.944439, 1e-6);
  EXPECT_EQ(none.llr, 0.0);
  EXPECT_EQ(none.verdict, SprtVerdict::Continue);

  for (LlrMethod method : {LlrMethod::Normalized, LlrMethod::Logistic, LlrMethod::NormalApprox}) {
    const SprtParams p{.elo0 = 0, .elo1 = 5, .method = method};
    EXPECT_EQ(sprt(Wdl{1000, 0, 0}, p).verdict, SprtVerdict::AcceptH1);
    EXPECT_EQ(sprt(Wdl{0, 0, 1000}, p).verdict, SprtVerdict::AcceptH0);
    EXPECT_EQ(sprt(Wdl{5, 10, 5}, p).verdict, SprtVerdict::Continue);
    EXPECT_EQ(sprt(Pentanomial{0, 0, 0, 0, 500}, p).verdict, SprtVerdict::AcceptH1);
    EXPECT_EQ(sprt(Pentanomial{500, 0, 0, 0, 0}, p).verdict, SprtVerdict::AcceptH0);
    // Scores below the midpoint of s0 and s1 speak for H0, above it for H1.
    EXPECT_LT(sprt(Wdl{50, 0, 50}, p).llr, 0.0);
    EXPECT_GT(sprt(Wdl{60, 0, 40}, p).llr, 0.0);
  }
  EXPECT_THROW(sprt(Wdl{1, 1, 1}, {.elo0 = 5, .elo1 = 0}), std::invalid_argument);
  EXPECT_THROW(sprt(Wdl{1, 1, 1}, {.alpha = 0.6, .beta = 0.5}), std::invalid_argument);
}

TEST(Statistics, SprtNormalApproximationByHand) {
  // W=50, D=30, L=20, H0 0 Elo, H1 10 Elo: s = 0.65, σ² = 0.1525, s0 = 0.5,
  // s1 = 1/(1 + 10^(-1/40)) = 0.5143872.
  // LLR = 100·(0.0143872)(1.3 - 1.0143872)/(2·0.1525) = 100·0.00410906/0.305 = 1.347267.
  const SprtResult r = sprt(Wdl{50, 30, 20}, {.elo0 = 0, .elo1 = 10, .method = LlrMethod::NormalApprox});
  EXPECT_NEAR(r.llr, 1.347267, 1e-6);
  EXPECT_EQ(r.verdict, SprtVerdict::Continue);
}

TEST(Statistics, SprtExactLlrWithoutDraws) {
  // With no draws the outcomes are Bernoulli: the most likely distribution with mean s is
  // win s, loss 1 - s, and LLR = W·ln(s1/s0) + L·ln((1-s1)/(1-s0)). The 1e-3 draws that
  // regularise the zero count move this by less than 1e-4.
  const double s0 = 0.5, s1 = 1 / (1 + std::pow(10.0, -10.0 / 400));
  const double bernoulli = 60 * std::log(s1 / s0) + 40 * std::log((1 - s1) / (1 - s0));  // 0.534231
  EXPECT_NEAR(sprt(Wdl{60, 0, 40}, {.elo0 = 0, .elo1 = 10, .method = LlrMethod::Logistic}).llr, bernoulli, 1e-4);
}

// The maximum-likelihood distribution on three outcomes x_i = a_i - s with frequencies f_i is
// p_i = f_i/(1 + θx_i), θ the root of Σ f_i x_i/(1 + θx_i) = 0. Multiplying out the denominators
// gives the quadratic  θ²·x0x1x2 + θ·Σ f_i x_i (Σ_{j≠i} x_j) + Σ f_i x_i = 0, whose root with all
// 1 + θx_i > 0 is θ. Solved here directly, independent of the library's bisection.
double trinomial_mle_theta(const double f[3], double s) {
  const double x[3] = {0 - s, 0.5 - s, 1 - s};
  const double c0 = f[0] * x[0] + f[1] * x[1] + f[2] * x[2];
  const double c1 = f[0] * x[0] * (x[1] + x[2]) + f[1] * x[1] * (x[0] + x[2]) + f[2] * x[2] * (x[0] + x[1]);
  const double c2 = x[0] * x[1] * x[2];
  if (c2 == 0) return -c0 / c1;
  const double d = std::sqrt(c1 * c1 - 4 * c2 * c0);
  for (double theta : {(-c1 + d) / (2 * c2), (-c1 - d) / (2 * c2)})
    if (1 + theta * x[0] > 0 && 1 + theta * x[2] > 0) return theta;
  return NAN;
}

TEST(Statistics, SprtExactLlrAgainstTheClosedForm) {
  // W=20, D=10, L=10 (f = 1/4, 1/4, 1/2 for loss, draw, win); H0 -10 Elo (s0 = 0.4856128),
  // H1 +20 Elo (s1 = 0.5287506). θ0 = 0.7416073, θ1 = 0.5182276; LLR = 1.086437.
  const double f[3] = {0.25, 0.25, 0.5};
  const double s0 = score_from_elo(-10), s1 = score_from_elo(20);
  const double t0 = trinomial_mle_theta(f, s0), t1 = trinomial_mle_theta(f, s1);
  double llr = 0;
  for (int i = 0; i < 3; ++i) {
    const double a = 0.5 * i;
    llr += 40 * f[i] * (std::log(f[i] / (1 + t1 * (a - s1))) - std::log(f[i] / (1 + t0 * (a - s0))));
  }
  EXPECT_NEAR(llr, 1.086437, 1e-6);
  EXPECT_NEAR(sprt(Wdl{20, 10, 10}, {.elo0 = -10, .elo1 = 20, .method = LlrMethod::Logistic}).llr, llr, 1e-9);
}

TEST(Statistics, SprtIsAntisymmetricUnderColourReversal) {
  // Swapping wins and losses and mirroring the hypotheses (elo0, elo1) -> (-elo1, -elo0) swaps
  // the roles of H0 and H1, so the LLR changes sign.
  for (LlrMethod method : {LlrMethod::Normalized, LlrMethod::Logistic, LlrMethod::NormalApprox}) {
    const double a = sprt(Wdl{37, 21, 25}, {.elo0 = -3, .elo1 = 7, .method = method}).llr;
    const double b = sprt(Wdl{25, 21, 37}, {.elo0 = -7, .elo1 = 3, .method = method}).llr;
    EXPECT_NEAR(a, -b, 1e-9);
    const double c = sprt(Pentanomial{3, 11, 40, 17, 6}, {.elo0 = 0, .elo1 = 5, .method = method}).llr;
    const double d = sprt(Pentanomial{6, 17, 40, 11, 3}, {.elo0 = -5, .elo1 = 0, .method = method}).llr;
    EXPECT_NEAR(c, -d, 1e-9);
  }
}

TEST(Statistics, SprtPentanomialExactIsCloseToTheNormalApproximation) {
  // Pairs [100, 400, 1000, 500, 200], H0 0 Elo, H1 10 Elo. By hand: s = 1175/2200 = 0.5340909;
  // σ² = (100·0.534091² + 400·0.284091² + 1000·0.034091² + 500·0.215909² + 200·0.465909²)/2200
  //    = (28.5253 + 32.2831 + 1.1622 + 23.3083 + 43.4143)/2200 = 0.0584965;
  // LLR ≈ 2200·0.0143872·(1.0681818 - 1.0143872)/(2·0.0584965) = 14.5537. The exact GSPRT
  // differs from the approximation by about 1% here (14.43 from an independent Python
  // version of fishtest's LLR_logistic).
  const Pentanomial counts{100, 400, 1000, 500, 200};
  const double approx = sprt(counts, {.elo0 = 0, .elo1 = 10, .method = LlrMethod::NormalApprox}).llr;
  const double exact = sprt(counts, {.elo0 = 0, .elo1 = 10, .method = LlrMethod::Logistic}).llr;
  EXPECT_NEAR(approx, 14.5537, 1e-3);
  EXPECT_NEAR(exact, approx, 0.02 * approx);
  EXPECT_EQ(sprt(counts, {.elo0 = 0, .elo1 = 10, .method = LlrMethod::Logistic}).verdict, SprtVerdict::AcceptH1);
}

// The normalized model's constrained maximum, found here by brute force: over the one-parameter
// family of trinomial distributions with (μ - 1/2)/σ = t (for each loss probability, the win
// probability that meets the constraint, by bisection), the largest Σ f_i ln p_i on a fine grid.
double normalized_log_likelihood_by_search(const double f[3], double t) {
  double best = -INFINITY;
  for (int k = 1; k < 20000; ++k) {
    const double loss = k / 20000.0;
    auto excess = [&](double win) {
      const double draw = 1 - loss - win, mu = 0.5 * draw + win;
      const double var = loss * mu * mu + draw * (0.5 - mu) * (0.5 - mu) + win * (1 - mu) * (1 - mu);
      return (mu - 0.5) / std::sqrt(var) - t;
    };
    double lo = 1e-12, hi = 1 - loss - 1e-12;
    if (hi <= lo || excess(lo) > 0 || excess(hi) < 0) continue;
    for (int i = 0; i < 100; ++i) (excess((lo + hi) / 2) < 0 ? lo : hi) = (lo + hi) / 2;
    const double win = (lo + hi) / 2, draw = 1 - loss - win;
    if (draw <= 0) continue;
    best = std::max(best, f[0] * std::log(loss) + f[1] * std::log(draw) + f[2] * std::log(win));
  }
  return best;
}

TEST(Statistics, SprtNormalizedAgainstABruteForceMaximum) {
  // W=30, D=50, L=20, H0 0 nElo, H1 +25 nElo: t = elo·ln10/800. The LLR is the difference of
  // the two constrained maxima of the log-likelihood, times N.
  const double f[3] = {0.2, 0.5, 0.3};
  const double t0 = 0, t1 = 25 * std::log(10.0) / 800;
  const double llr = 100 * (normalized_log_likelihood_by_search(f, t1) - normalized_log_likelihood_by_search(f, t0));
  EXPECT_NEAR(sprt(Wdl{30, 50, 20}, {.elo0 = 0, .elo1 = 25, .method = LlrMethod::Normalized}).llr, llr, 1e-4) << llr;
}

TEST(Statistics, SprtBayesianByHand) {
  // W=30, D=50, L=20: drawelo = 200·log10((0.8/0.2)·(0.7/0.3)) = 200·log10(9.3333) = 194.01.
  // Each hypothesis' score from BayesElo, then the logistic model's LLR on those scores, which
  // the logistic model gives for the logistic Elo with the same score.
  const double drawelo = 200 * std::log10(0.8 / 0.2 * 0.7 / 0.3);
  auto score = [drawelo](double elo) {
    const double win = 1 / (1 + std::pow(10.0, (drawelo - elo) / 400)), loss = 1 / (1 + std::pow(10.0, (drawelo + elo) / 400));
    return win + (1 - win - loss) / 2;
  };
  auto logistic_elo = [](double s) { return -400 * std::log10(1 / s - 1); };
  const double expected =
      sprt(Wdl{30, 50, 20}, {.elo0 = logistic_elo(score(0)), .elo1 = logistic_elo(score(20)), .method = LlrMethod::Logistic}).llr;
  EXPECT_NEAR(sprt(Wdl{30, 50, 20}, {.elo0 = 0, .elo1 = 20, .method = LlrMethod::Bayesian}).llr, expected, 1e-9);
  // No loss: no draw Elo, LLR 0 (as fastchess); pairs are refused.
  EXPECT_EQ(sprt(Wdl{30, 50, 0}, {.elo0 = 0, .elo1 = 20, .method = LlrMethod::Bayesian}).llr, 0.0);
  EXPECT_THROW(sprt(Pentanomial{1, 2, 3, 2, 1}, {.method = LlrMethod::Bayesian}), std::invalid_argument);
}

TEST(Statistics, SprtNormalizedRefusesWhatItCannotCompute) {
  // Far bounds are refused when read; within them, one-sided results either give an LLR or a
  // clear std::invalid_argument, never another exception (a tournament aborted on one).
  EXPECT_THROW(parse_sprt_params("elo0=0,elo1=300"), std::invalid_argument);
  EXPECT_NO_THROW(parse_sprt_params("elo0=0,elo1=300,model=logistic"));
  for (double elo1 : {5.0, 50.0, 200.0})
    for (const Pentanomial& p : {Pentanomial{10, 0, 0, 0, 0}, Pentanomial{0, 0, 0, 0, 10}, Pentanomial{3, 0, 0, 0, 3}}) {
      try {
        const double llr = sprt(p, {.elo0 = 0, .elo1 = elo1}).llr;
        EXPECT_TRUE(std::isfinite(llr));
      } catch (const std::invalid_argument&) {
      }
    }
}

TEST(Statistics, SprtModelNames) {
  for (LlrMethod m : {LlrMethod::Normalized, LlrMethod::Logistic, LlrMethod::Bayesian, LlrMethod::NormalApprox})
    EXPECT_EQ(parse_llr_method(llr_method_name(m)), m);
  EXPECT_EQ(parse_llr_method("exact"), LlrMethod::Logistic);
  EXPECT_EQ(parse_llr_method("bayes"), std::nullopt);
  EXPECT_EQ(SprtParams{}.method, LlrMethod::Normalized);  // fastchess's default
}

TEST(Statistics, SampleSizes) {
  // Half-width 0.05 at draw rate 0: σ₁ = 1/2, (1.96·0.5/0.05)² = 384.15 -> 385.
  EXPECT_EQ(games_for_score_halfwidth(0.05, 0.0), 385u);
  // Draw rate 1/2: σ₁² = 1/8, (1.96·0.353553/0.05)² = 192.07 -> 193.
  EXPECT_EQ(games_for_score_halfwidth(0.05, 0.5), 193u);
  // ±10 Elo: score_from_elo(10) - 1/2 = 0.0143872; (1.96·0.5/0.0143872)² = 4639.6 -> 4640.
  EXPECT_EQ(games_for_elo_halfwidth(10, 0.0), 4640u);
  // Such a sample meets its target: the margin of an even result is at most 10 Elo.
  EXPECT_LE(elo_wdl(2320, 0, 2320).margin, 10.0);
  EXPECT_GT(elo_wdl(2319, 0, 2319).margin, 10.0);
  EXPECT_THROW(games_for_score_halfwidth(0, 0), std::invalid_argument);
}

TEST(Statistics, TwoSampleSizesByHand) {
  // The textbook example, p1 = 0.5 against p2 = 0.55, two-sided alpha 0.05, power 0.8:
  //   z_{0.975} = 1.959964, z_{0.8} = 0.841621, p̄ = 0.525;
  //   1.959964·sqrt(2·0.525·0.475) = 1.959964·0.706222 = 1.384170,
  //   0.841621·sqrt(0.25 + 0.2475)  = 0.841621·0.705337 = 0.593627,
  //   n = (1.977797)² / 0.05² = 3.911681/0.0025 = 1564.67 per group (1565).
  EXPECT_NEAR(proportions_sample_size(0.5, 0.55), 1564.672, 1e-3);
  EXPECT_NEAR(proportions_sample_size(0.55, 0.5), 1564.672, 1e-3);  // the order does not matter
  // A score without draws is a proportion.
  EXPECT_NEAR(scores_sample_size(0.5, 0.55, 0.0), 1564.672, 1e-3);
  // Draw rate 0.4: v(s) = s(1-s) - 0.1: v(0.5) = 0.15, v(0.55) = 0.1475, v(0.525) = 0.149375;
  //   1.959964·sqrt(0.29875) = 1.071278, 0.841621·sqrt(0.2975) = 0.459050,
  //   n = 1.530328²/0.0025 = 936.76.
  EXPECT_NEAR(scores_sample_size(0.5, 0.55, 0.4), 936.761, 1e-3);
  // Properties: more power or a stricter alpha needs more games; draws need fewer.
  EXPECT_GT(proportions_sample_size(0.5, 0.55, 0.05, 0.9), proportions_sample_size(0.5, 0.55, 0.05, 0.8));
  EXPECT_GT(proportions_sample_size(0.5, 0.55, 0.01, 0.8), proportions_sample_size(0.5, 0.55, 0.05, 0.8));
  EXPECT_LT(scores_sample_size(0.5, 0.55, 0.6), scores_sample_size(0.5, 0.55, 0.3));
  EXPECT_THROW(proportions_sample_size(0.5, 0.5), std::invalid_argument);
  EXPECT_THROW(scores_sample_size(0.5, 0.9, 0.4), std::invalid_argument);  // 0.9 > 1 - 0.4/2
  EXPECT_THROW(proportions_sample_size(0.5, 0.55, 0.05, 1.0), std::invalid_argument);
}

}  // namespace
