// The design of `jungle compare`'s verdict (stats/variant_comparison.h) on simulated games whose
// distribution is known, so that the truth is known without the code under test: Holm's
// adjustment, the two one-sided tests, the rounds' sizing, and that the whole procedure at its
// default settings keeps its promises: intervals that cover the true difference 95% of the time,
// a family-wise false "significant" rate of at most 5%, and games within 1.3 times what a
// fixed-size design needs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <regex>

#include "report/verdict_sentence.h"
#include "research/comparison_rounds.h"
#include "stats/sample_size_reestimation.h"
#include "stats/variant_comparison.h"
#include "support/numbers.h"

using namespace jungle;

namespace {

// A variant's first-player results: win and draw probabilities a game.
struct Outcomes {
  double win = 0.40, draw = 0.25;
  double score() const { return win + draw / 2; }
  // The variance of one game's score: E[s²] − E[s]², s in {1, 1/2, 0}.
  double score_variance() const { return win + draw / 4 - score() * score(); }
};

// Games of `variants` (the first is the base), two an opening each, drawn independently from
// each variant's outcomes; opening k's games are the same whatever K is asked, so that a larger
// K extends a smaller one, as a tournament's rounds do.
class SimulatedGames {
 public:
  SimulatedGames(std::vector<std::pair<std::string, Outcomes>> variants, std::uint64_t seed)
      : variants_(std::move(variants)), seed_(seed) {}

  std::vector<StoredGame> play(std::uint64_t openings) {
    for (std::uint64_t k = played_; k < openings; ++k)
      for (std::size_t v = 0; v < variants_.size(); ++v) {
        std::mt19937_64 random(seed_ * 1000003 + k * 131 + v);
        std::uniform_real_distribution<double> uniform(0, 1);
        for (int colour_swap = 0; colour_swap < 2; ++colour_swap) {
          const double u = uniform(random);
          const Outcomes& o = variants_[v].second;
          StoredGame g;
          g.record.variant = variants_[v].first;
          g.record.result = u < o.win ? Result::WhiteWins : u < o.win + o.draw ? Result::Draw : Result::BlackWins;
          g.opening = int(k);
          g.index = int(games_.size());
          games_.push_back(g);
        }
      }
    played_ = std::max(played_, openings);
    std::vector<StoredGame> out;
    for (const StoredGame& g : games_)
      if (std::uint64_t(g.opening) < openings) out.push_back(g);
    return out;
  }

 private:
  std::vector<std::pair<std::string, Outcomes>> variants_;
  std::uint64_t seed_;
  std::uint64_t played_ = 0;
  std::vector<StoredGame> games_;
};

research::ComparisonGames from(SimulatedGames& games) {
  research::ComparisonGames g;
  g.play = [&games](std::uint64_t k) { return games.play(k); };
  return g;
}

stats::ComparisonPlan plan_of(std::vector<std::string> variants) {
  stats::ComparisonPlan plan;  // the defaults: the score primary, ±0.03
  plan.base = "base";
  plan.variants = std::move(variants);
  return plan;
}

bool covers(const stats::Interval& i, double x) { return i.low <= x && x <= i.high; }

}  // namespace

// K = 100 openings at ±0.06 want 4·100 = 400 for ±0.03, times 1.02 is 408, cut to 4·100 = 400;
// K = 400 at ±0.035 want 400·(0.035/0.03)² = 544.4, times 1.02 is 555.3, so 556; at ±0.03 stop;
// K = 1000 at ±0.0301 want 1000·(0.0301/0.03)² = 1006.7, times 1.02 is 1026.8, so 1027.
TEST(CompareDesign, RoundsAreSizedFromTheVarianceSeenSoFar) {
  EXPECT_EQ(stats::next_round_openings(100, 0.06, 0.03), 400u);
  EXPECT_EQ(stats::next_round_openings(400, 0.035, 0.03), 556u);
  EXPECT_EQ(stats::next_round_openings(400, 0.03, 0.03), 0u);
  EXPECT_EQ(stats::next_round_openings(1000, 0.0301, 0.03), 1027u);
  EXPECT_EQ(stats::next_round_openings(10, 0.030001, 0.03), 11u);  // always at least one more
  EXPECT_EQ(stats::openings_for_half_width(100, 0.06, 0.03), 400u);
}

// D = 0.01 with a standard error of 0.01 (normal): the tests of D <= −0.03 and D >= 0.03 have
// p = 1 − Φ(4) = 3.2e-5 and 1 − Φ(2) = 0.02275; the 90% interval 0.01 ± 1.645·0.01 lies inside ±0.03.
TEST(CompareDesign, TwoOneSidedTestsByHand) {
  stats::PairedDifference d;
  d.difference = 0.01;
  d.variance = 1e-4;
  d.degrees_of_freedom = INFINITY;
  EXPECT_NEAR(stats::equivalence_p_value(d, 0.03), 0.0227501, 1e-6);
  EXPECT_NEAR(stats::equivalence_p_value(d, 0.02), 0.158655, 1e-6);  // 1 − Φ(1)
  const stats::Interval i = stats::interval_at(d, 0.90);
  EXPECT_NEAR(i.low, 0.01 - 1.6448536 * 0.01, 1e-7);
  EXPECT_NEAR(i.high, 0.01 + 1.6448536 * 0.01, 1e-7);
}

// Every figure of every variant is one test of the family; Holm's adjusted p, computed here from
// its definition: sorted ascending, adj(i) = max over j <= i of min(1, (m − j + 1)·p(j)).
TEST(CompareDesign, SignificantOnlyAfterHolmOverEveryFigureOfEveryVariant) {
  SimulatedGames games({{"base", {}}, {"a", {0.45, 0.25}}, {"b", {0.40, 0.30}}}, 7);
  const stats::Comparison c = stats::compare_variants(games.play(300), plan_of({"a", "b"}));
  std::vector<const stats::FigureComparison*> all;
  for (const stats::VariantComparison& v : c.variants)
    for (const stats::FigureComparison& f : v.figures) all.push_back(&f);
  ASSERT_EQ(all.size(), 6u);
  EXPECT_EQ(c.tests, 6u);
  std::vector<const stats::FigureComparison*> sorted = all;
  std::sort(sorted.begin(), sorted.end(), [](auto* x, auto* y) { return x->difference.p_value < y->difference.p_value; });
  double running = 0;
  for (std::size_t j = 0; j < sorted.size(); ++j) {
    running = std::max(running, std::min(1.0, double(sorted.size() - j) * sorted[j]->difference.p_value));
    EXPECT_DOUBLE_EQ(sorted[j]->p_holm, running);
    EXPECT_EQ(sorted[j]->significant, running < 0.05);
  }
  EXPECT_TRUE(c.variants[0].figures[0].primary);
  EXPECT_FALSE(c.variants[0].figures[1].primary);
}

// The default procedure (a pilot of 100 openings, rounds to ±0.03 on the score) on games of
// known variance. A fixed design with the final variance s² an opening needs K* = z²s²/H²
// openings; the rounds play at most 1.3·K* (every run here), and the interval of the round
// that stops covers the true difference (+0.05: 0.45 + 0.25/2 − 0.525) in 95% of 400 runs: in
// 372 to 388 of them with probability 0.99 (the binomial's ±2.6 sd would allow 367 to 393).
TEST(CompareDesign, SlowRoundsPlayWithin1Point3TimesAFixedDesignAndCover) {
  const Outcomes base{0.40, 0.25}, variant{0.45, 0.25};
  const double truth = variant.score() - base.score();
  constexpr int RUNS = 400;
  int covered = 0;
  double worst = 0, ratios = 0;
  for (int run = 0; run < RUNS; ++run) {
    SimulatedGames games({{"base", base}, {"v", variant}}, 100 + std::uint64_t(run));
    const stats::Comparison c = research::run_comparison(plan_of({"v"}), 100, true, from(games));
    const stats::PairedDifference& d = c.variants.at(0).figures.at(0).difference;
    ASSERT_EQ(c.stopped_by, "precision");
    const double openings = double(c.rounds.back().openings);
    const double fixed_design = std::pow(1.959964, 2) * d.variance * openings / (0.03 * 0.03);
    const double ratio = openings / fixed_design;
    worst = std::max(worst, ratio);
    ratios += ratio;
    covered += covers(d.interval, truth);
  }
  EXPECT_LE(worst, 1.3);
  EXPECT_LE(ratios / RUNS, 1.1);
  EXPECT_GE(covered, 367);
  EXPECT_LE(covered, 393);
  // For scale: the true variance an opening is each side's one-game variance over its two games,
  // 0.186875/2 + 0.181875/2 = 0.184375 (0.4 + 0.25/4 − 0.525², 0.45 + 0.25/4 − 0.575²), so
  // K* = 1.96²·0.184375/0.03² = 787 openings.
  EXPECT_NEAR(base.score_variance() / 2 + variant.score_variance() / 2, 0.184375, 1e-12);
  std::printf("worst %.3f, mean %.3f times a fixed design; %d of %d covered\n", worst, ratios / RUNS, covered, RUNS);
}

// Calibration at the default settings: 600 A/A comparisons of two variants against a base with
// the same outcomes, each played by the default rounds to ±0.03. Holm over the 6 tests keeps the
// share of comparisons with any "significant" at most 5%: at most 40 of 600 (5% + 1.96 sd).
TEST(CompareDesign, SlowAAComparisonsAtTheDefaultsSayLittleSignificant) {
  constexpr int RUNS = 600;
  int any_significant = 0, unadjusted = 0;
  for (int run = 0; run < RUNS; ++run) {
    SimulatedGames games({{"base", {}}, {"a", {}}, {"b", {}}}, 5000 + std::uint64_t(run));
    const stats::Comparison c = research::run_comparison(plan_of({"a", "b"}), 100, true, from(games));
    bool significant = false, raw = false;
    for (const stats::VariantComparison& v : c.variants)
      for (const stats::FigureComparison& f : v.figures) {
        significant |= f.significant;
        raw |= f.difference.p_value < 0.05;
      }
    any_significant += significant;
    unadjusted += raw;
  }
  EXPECT_LE(any_significant, 40);
  std::printf("%d of %d A/A comparisons with any significant figure (%d before the adjustment)\n", any_significant, RUNS,
              unadjusted);
  // Without the adjustment the same comparisons would cry wolf far more often.
  EXPECT_GT(unadjusted, 60);
}

// Equivalence: with a margin of ±0.06 the rounds play to the margin's settling half-width, not
// the ±0.03 asked: over the 6 tests of each family (2 variants, 3 figures) it is
// 1.959964·0.06/(z_{1−0.05/12} + z_{1−0.05/6}) = 1.959964·0.06/(2.638257 + 2.393980) = 0.02337,
// 0.023 to two figures. There the score's standard error is at most 0.023/1.959964 = 0.011735, and
// with no true difference it is equivalent when |D| < 0.06 − 2.393980·0.011735 = 0.03191, which
// a difference of mean 0 is with probability 0.9935 (at least 48 of 50 here); a true difference of
// +0.10 is "different" in nearly every run. Every run is settled: none is undecided.
TEST(CompareDesign, SlowEquivalenceWithinAMarginAndDifferenceBeyondIt) {
  int equivalent = 0, different = 0, undecided = 0;
  for (int run = 0; run < 50; ++run) {
    stats::ComparisonPlan plan = plan_of({"same", "better"});
    plan.margin = 0.06;
    SimulatedGames games({{"base", {}}, {"same", {}}, {"better", {0.50, 0.25}}}, 900 + std::uint64_t(run));
    const stats::Comparison c = research::run_comparison(plan, 100, true, from(games));
    EXPECT_DOUBLE_EQ(c.plan.target, 0.023);
    EXPECT_DOUBLE_EQ(c.plan.precision_asked, 0.03);
    equivalent += c.variants[0].figures[0].equivalence->verdict == stats::Equivalence::Verdict::Equivalent;
    different += c.variants[1].figures[0].equivalence->verdict == stats::Equivalence::Verdict::Different;
    for (const stats::VariantComparison& v : c.variants)
      undecided += v.figures[0].equivalence->verdict == stats::Equivalence::Verdict::Undecided;
  }
  EXPECT_GE(equivalent, 48);
  EXPECT_GE(different, 48);
  EXPECT_EQ(undecided, 0);
}

// The margin's settling half-width by hand, normal quantiles (df = +inf): one test in each family,
// 1.959964·0.1/(1.959964 + 1.644854) = 0.054371, 0.054 to two figures; three (one variant, three
// figures), 1.959964·0.06/(z_{1−0.05/6} + z_{1−0.05/3}) = 1.959964·0.06/(2.393980 + 2.128045) =
// 0.026006, 0.026. A --precision already narrower is kept, and a fixed --games is not changed.
TEST(CompareDesign, TheMarginsSettlingHalfWidthByHand) {
  EXPECT_NEAR(stats::settling_half_width(0.1, 1, 1, INFINITY), 0.054, 1e-12);
  EXPECT_NEAR(stats::settling_half_width(0.06, 3, 3, INFINITY), 0.026, 1e-12);
  stats::ComparisonPlan plan = plan_of({"v"});
  plan.margin = 0.06;
  EXPECT_NEAR(research::rounds_plan(plan, 100, true).target, 0.026, 1e-12);
  EXPECT_DOUBLE_EQ(research::rounds_plan(plan, 100, true).precision_asked, 0.03);
  EXPECT_DOUBLE_EQ(research::rounds_plan(plan, 100, false).target, 0.03);
  plan.target = 0.02;
  EXPECT_DOUBLE_EQ(research::rounds_plan(plan, 100, true).target, 0.02);
  EXPECT_DOUBLE_EQ(research::rounds_plan(plan, 100, true).precision_asked, 0);
}

// With a margin every run is settled, whatever the true difference: at the settling half-width
// either the difference is significant or its two one-sided tests pass (stats::settling_half_width).
// The hardest differences are near 0.544·margin, where neither test has much to spare. Margin
// ±0.06, one variant: the rounds play to ±0.026 (above). True score differences 0, +0.02, +0.033,
// +0.06 and +0.09, 40 runs each: none may end undecided.
TEST(CompareDesign, SlowWithAMarginTheRoundsPlayUntilEveryAnswerIsSettled) {
  const Outcomes base{0.40, 0.25};
  int undecided = 0, runs = 0;
  for (const double shift : {0.0, 0.02, 0.033, 0.06, 0.09})
    for (int run = 0; run < 40; ++run, ++runs) {
      stats::ComparisonPlan plan = plan_of({"v"});
      plan.margin = 0.06;
      SimulatedGames games({{"base", base}, {"v", {base.win + shift, base.draw}}}, 7000 + std::uint64_t(runs));
      const stats::Comparison c = research::run_comparison(plan, 100, true, from(games));
      ASSERT_EQ(c.stopped_by, "precision");
      undecided += c.variants[0].figures[0].equivalence->verdict == stats::Equivalence::Verdict::Undecided;
    }
  EXPECT_EQ(undecided, 0) << "of " << runs;
}

// Told once, after the first round, the openings a fixed design needs at that round's variance:
// K·(h/H)² for the first round's K openings and half-width h.
TEST(CompareDesign, TheRoundsSayUpFrontHowManyGamesTheyExpect) {
  SimulatedGames games({{"base", {}}, {"v", {0.45, 0.25}}}, 11);
  research::ComparisonGames source = from(games);
  std::vector<std::pair<std::uint64_t, double>> told;
  source.expect = [&told](std::uint64_t openings, double target) { told.emplace_back(openings, target); };
  const stats::Comparison c = research::run_comparison(plan_of({"v"}), 100, true, source);
  ASSERT_EQ(told.size(), 1u);
  const double h = c.rounds.front().half_width;
  EXPECT_EQ(told[0].first, std::uint64_t(std::ceil(100 * (h / 0.03) * (h / 0.03))));
  EXPECT_DOUBLE_EQ(told[0].second, 0.03);
}

// "N more games" is a count for each variant, and the sentence says so, with the total for the
// two: K openings at half-width h need K·(h/H)² for ±H, two games an opening in each variant.
TEST(CompareDesign, MoreGamesAreCountedForEachVariantAndInAll) {
  SimulatedGames games({{"base", {}}, {"v", {0.45, 0.25}}}, 3);
  const stats::Comparison c = stats::compare_variants(games.play(100), plan_of({"v"}));
  const stats::FigureComparison& score = c.variants.at(0).figures.at(0);
  const double h = (score.difference.interval.high - score.difference.interval.low) / 2;
  const std::uint64_t openings = std::uint64_t(std::ceil(100 * (h / 0.03) * (h / 0.03)));
  EXPECT_EQ(score.more_games, 2 * (openings - 100));
  // Rounded to two significant digits, as an estimate: for each variant, and twice that in all.
  auto about = [](double n) {
    const double scale = std::pow(10, std::floor(std::log10(n)) - 1);
    return double(std::llround(n / scale)) * scale;
  };
  const std::string sentence = report::verdict_sentence(c, c.variants[0], score);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(sentence, m, std::regex("about ([0-9,]+) more games in each of base and v \\(([0-9,]+) in all\\)")))
      << sentence;
  auto number = [](std::string text) {
    text.erase(std::remove(text.begin(), text.end(), ','), text.end());
    return parse_decimal_number(text);
  };
  EXPECT_EQ(number(m[1]), about(double(score.more_games)));
  EXPECT_EQ(number(m[2]), about(2.0 * double(score.more_games)));
}

// What the report words is decided by the analysis: each figure's half-width and whether it is
// within ±target, whether the primary figure is short of it (underpowered), and the openings a
// fixed design needs, K* = z²·Var(D)·K/H² (z = 1.959964 for 95%), all computed here from the
// figure's own interval and variance. 100 openings of a 0.184 variance are far from ±0.03.
TEST(CompareDesign, TheAnalysisDecidesThePrecisionTheReportWords) {
  SimulatedGames games({{"base", {}}, {"v", {0.45, 0.25}}}, 5);
  const stats::Comparison c = stats::compare_variants(games.play(100), plan_of({"v"}));
  const stats::FigureComparison& score = c.variants.at(0).figures.at(0);
  const stats::PairedDifference& d = score.difference;
  EXPECT_DOUBLE_EQ(score.half_width, (d.interval.high - d.interval.low) / 2);
  EXPECT_GT(score.half_width, 0.03);
  EXPECT_FALSE(score.resolved);
  EXPECT_TRUE(c.underpowered);
  EXPECT_NEAR(c.fixed_design_openings, std::pow(1.959964, 2) * d.variance * 100 / (0.03 * 0.03),
              1e-5 * c.fixed_design_openings);
  // The plan's target at the interval's width: now resolved, and the primary no longer short.
  stats::ComparisonPlan wide = plan_of({"v"});
  wide.target = score.half_width;
  const stats::Comparison w = stats::compare_variants(games.play(100), wide);
  EXPECT_TRUE(w.variants.at(0).figures.at(0).resolved);
  EXPECT_FALSE(w.underpowered);
}

// An underpowered figure is short of the precision it was played to, named for what set it: the
// ±target asked of rounds sized by precision, the margin's settling half-width, or, for a fixed
// number of games (--games, the study), which asked for no precision, compare's ±0.03 alone.
TEST(CompareDesign, AnUnderpoweredFigureSaysWhatSetItsTarget) {
  SimulatedGames games({{"base", {}}, {"v", {0.45, 0.25}}}, 5);
  stats::Comparison c = stats::compare_variants(games.play(100), plan_of({"v"}));
  const stats::FigureComparison& score = c.variants.at(0).figures.at(0);
  ASSERT_FALSE(score.resolved);
  c.sequential = false;
  EXPECT_NE(report::verdict_sentence(c, c.variants[0], score).find(", short of ±0.03, so"), std::string::npos);
  c.sequential = true;
  EXPECT_NE(report::verdict_sentence(c, c.variants[0], score).find(", short of the ±0.03 asked, so"), std::string::npos);
  c.plan.precision_asked = 0.05;
  EXPECT_NE(report::verdict_sentence(c, c.variants[0], score).find(", short of the ±0.03 that settles the margin, so"),
            std::string::npos);
}
