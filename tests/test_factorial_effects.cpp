// stats/factorial_effects.h against effects worked out by hand, against paired_difference (one
// factor is a paired comparison of two variants), against identities of two-level designs, and on
// simulated cells whose true effects are known: coverage and the family-wise error rate.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "stats/factorial_effects.h"
#include "stats/paired_difference.h"

using namespace jungle;
using namespace jungle::stats;

namespace {

StoredGame game(const std::string& cell, int opening, Result result, std::vector<std::string> moves = {"a3a4"}) {
  StoredGame g;
  g.record.variant = cell;
  g.record.result = result;
  g.record.opening = std::move(moves);
  g.opening = opening;
  return g;
}

constexpr Result W = Result::WhiteWins, D = Result::Draw, L = Result::BlackWins;

// Two factors a and b, three openings, two games a cell and opening; per-opening scores
//            base   a     b     a+b
//   o1       1/2    1     1/2   1/2     (W L, W W, D D, W L)
//   o2       1/2    1/2   0     1       (D D, W L, L L, W W)
//   o3       0      1/2   1/2   1       (L L, D D, W L, W W)
// so R = (1/3, 2/3, 1/3, 5/6).
std::vector<StoredGame> hand_games() {
  const std::map<std::string, std::vector<std::vector<Result>>> results = {
      {"base", {{W, L}, {D, D}, {L, L}}},
      {"a", {{W, W}, {W, L}, {D, D}}},
      {"b", {{D, D}, {L, L}, {W, L}}},
      {"a+b", {{W, L}, {W, W}, {W, W}}},
  };
  std::vector<StoredGame> games;
  for (const auto& [cell, openings] : results)
    for (int o = 0; o < 3; ++o)
      for (Result r : openings[std::size_t(o)]) games.push_back(game(cell, o, r));
  return games;
}

const FactorialEffect& effect(const FigureEffects& f, const std::string& name) {
  for (const FactorialEffect& e : f.effects)
    if (e.term.name == name) return e;
  throw std::logic_error("no effect " + name);
}

}  // namespace

// Main effect of a: (2/3 + 5/6)/2 − (1/3 + 1/3)/2 = 5/12. Per opening the same contrast is
// (1/4, 1/2, 1/2), deviations (−1/6, 1/12, 1/12), squares 1/24, times K/(K−1)/K² = 1/6: 1/144.
// b: (1/3 + 5/6)/2 − (1/3 + 2/3)/2 = 1/12, per opening (−1/4, 0, 1/2): variance 7/144.
// a × b: (1/3 + 5/6 − 2/3 − 1/3)/2 = 1/12, per opening (−1/4, 1/2, 0): variance 7/144.
// Unpaired: each cell's per-opening scores deviate by ±1/6, ±1/6, ∓1/3 from R_c, so Var(R_c) =
// (1/6)·(1/6) = 1/36, and Σ w² Var(R_c) = 4 · 1/4 · 1/36 = 1/36: a's design effect is 4.
TEST(FactorialEffects, TwoFactorsByHand) {
  const FactorialDesign design = make_factorial_design({"a", "b"});
  const FigureEffects f = factorial_effects(design, hand_games(), Figure::Score);
  EXPECT_EQ(f.openings, 3u);
  EXPECT_EQ(f.openings_in_every_cell, 3u);
  EXPECT_NEAR(f.grand_mean.estimate, 13.0 / 24, 1e-15);
  const FactorialEffect& a = effect(f, "a");
  EXPECT_NEAR(a.estimate.estimate, 5.0 / 12, 1e-15);
  EXPECT_NEAR(a.estimate.variance, 1.0 / 144, 1e-15);
  EXPECT_NEAR(a.estimate.unpaired_variance, 1.0 / 36, 1e-15);
  EXPECT_NEAR(a.estimate.design_effect, 4, 1e-12);
  EXPECT_EQ(a.estimate.degrees_of_freedom, 2);
  // t = 5 with 2 df: P(|T| > t) = 1 − t/√(t² + 2); t_{2, 0.975} = 4.302653.
  EXPECT_NEAR(a.estimate.p_value, 1 - 5 / std::sqrt(27.0), 1e-9);
  EXPECT_NEAR(a.estimate.interval.low, 5.0 / 12 - 4.302653 / 12, 1e-6);
  EXPECT_NEAR(a.estimate.half_width, 4.302653 / 12, 1e-6);
  EXPECT_NEAR(effect(f, "b").estimate.estimate, 1.0 / 12, 1e-15);
  EXPECT_NEAR(effect(f, "b").estimate.variance, 7.0 / 144, 1e-15);
  EXPECT_NEAR(effect(f, "a × b").estimate.estimate, 1.0 / 12, 1e-15);
  EXPECT_NEAR(effect(f, "a × b").estimate.variance, 7.0 / 144, 1e-15);
  // Two factors: the model has as many terms as there are cells, so it predicts what was seen.
  const double observed[] = {1.0 / 3, 2.0 / 3, 1.0 / 3, 5.0 / 6};
  ASSERT_EQ(f.combinations.size(), 4u);
  for (std::size_t c = 0; c < 4; ++c) {
    EXPECT_TRUE(f.combinations[c].played);
    EXPECT_NEAR(f.combinations[c].observed, observed[c], 1e-15);
    EXPECT_NEAR(f.combinations[c].predicted.estimate, observed[c], 1e-15);
    EXPECT_NEAR(f.combinations[c].predicted.variance, 1.0 / 36, 1e-15);  // Var(R_c), see above
  }
  EXPECT_EQ(f.combinations[3].cell.name, "a+b");
}

// Draws per opening (base, a, b, a+b): o1 (0, 0, 1, 0), o2 (1, 0, 0, 0), o3 (0, 1, 0, 0): the
// draw rates are (1/3, 1/3, 1/3, 0), a's effect (1/3 + 0)/2 − (1/3 + 1/3)/2 = −1/6, per opening
// (−1/2, −1/2, 1/2), deviations (−1/3, −1/3, 2/3), squares 2/3, variance (1/6)·(2/3) = 1/9.
TEST(FactorialEffects, DrawRateByHand) {
  const FigureEffects f =
      factorial_effects(make_factorial_design({"a", "b"}), hand_games(), Figure::DrawRate);
  EXPECT_NEAR(effect(f, "a").estimate.estimate, -1.0 / 6, 1e-15);
  EXPECT_NEAR(effect(f, "a").estimate.variance, 1.0 / 9, 1e-15);
}

// One factor is a paired comparison: its main effect is paired_difference of the two cells, to the
// last bit, for every figure, with an opening replaced in one cell and one the variant lacks.
TEST(FactorialEffects, OneFactorIsPairedDifference) {
  std::mt19937_64 random(54);
  std::vector<StoredGame> base, variant, all;
  const Result outcomes[] = {W, D, L};
  for (int o = 0; o < 40; ++o)
    for (int g = 0; g < 2; ++g) {
      base.push_back(game("base", o, outcomes[random() % 3]));
      if (o == 39) continue;  // the variant lacks opening 39
      variant.push_back(game("x", o, outcomes[random() % 3], o == 7 ? std::vector<std::string>{"g3g4"}
                                                                    : std::vector<std::string>{"a3a4"}));
    }
  all = base;
  all.insert(all.end(), variant.begin(), variant.end());
  const FactorialDesign design = make_factorial_design({"x"});
  for (Figure figure : {Figure::Score, Figure::DecisiveShare, Figure::DrawRate}) {
    for (double confidence : {0.95, 0.8}) {
      const PairedDifference d = paired_difference(opening_units(base, variant, figure), confidence);
      const FigureEffects f = factorial_effects(design, all, figure, confidence);
      const FactorialEstimate& e = f.effects.at(0).estimate;
      EXPECT_NEAR(e.estimate, d.difference, 1e-12) << figure_name(figure);
      EXPECT_NEAR(e.variance, d.variance, 1e-12);
      EXPECT_NEAR(e.unpaired_variance, d.unpaired_variance, 1e-12);
      EXPECT_NEAR(e.design_effect, d.design_effect, 1e-12);
      EXPECT_EQ(e.degrees_of_freedom, d.degrees_of_freedom);
      EXPECT_NEAR(e.interval.low, d.interval.low, 1e-12);
      EXPECT_NEAR(e.interval.high, d.interval.high, 1e-12);
      EXPECT_NEAR(e.p_value, d.p_value, 1e-12);
      EXPECT_EQ(f.openings, d.units);
      EXPECT_EQ(f.openings_in_every_cell, d.paired_units);
      EXPECT_NEAR(f.combinations[0].observed, d.base, 1e-12);
      EXPECT_NEAR(f.combinations[1].observed_interval.high, d.variant_interval.high, 1e-12);
    }
  }
}

// The whole analysis of one factor is compare's of a variant against its base: Holm over the same
// three tests, the same equivalence tests and verdicts, and the same fixed design.
TEST(FactorialEffects, OneFactorAnalysisIsCompare) {
  std::mt19937_64 random(540);
  std::uniform_real_distribution<double> uniform(0, 1);
  std::vector<StoredGame> games;
  for (int o = 0; o < 50; ++o)
    for (const auto& [cell, win] : {std::pair<std::string, double>{"base", 0.45}, {"x", 0.5}})
      for (int g = 0; g < 2; ++g) {
        const double u = uniform(random);
        games.push_back(game(cell, o, u < win ? W : u < win + 0.3 ? D : L));
      }
  ComparisonPlan compare_plan;
  compare_plan.base = "base";
  compare_plan.variants = {"x"};
  compare_plan.margin = 0.08;
  FactorialPlan plan;
  plan.margin = 0.08;
  const Comparison c = compare_variants(games, compare_plan);
  const FactorialAnalysis a = analyse_factorial(make_factorial_design({"x"}), games, plan);
  ASSERT_EQ(a.figures.size(), c.variants[0].figures.size());
  EXPECT_EQ(a.tests, c.tests);
  int undecided = 0;
  for (std::size_t i = 0; i < a.figures.size(); ++i) {
    const FactorialEffect& e = a.figures[i].effects.at(0);
    const FigureComparison& f = c.variants[0].figures[i];
    EXPECT_EQ(a.figures[i].figure, f.figure);
    EXPECT_NEAR(e.p_holm, f.p_holm, 1e-12);
    EXPECT_EQ(e.significant, f.significant);
    ASSERT_TRUE(e.equivalence && f.equivalence);
    EXPECT_NEAR(e.equivalence->p_value, f.equivalence->p_value, 1e-12);
    EXPECT_NEAR(e.equivalence->p_holm, f.equivalence->p_holm, 1e-12);
    EXPECT_NEAR(e.equivalence->interval.low, f.equivalence->interval.low, 1e-12);
    EXPECT_EQ(e.equivalence->verdict, f.equivalence->verdict) << figure_name(f.figure);
    EXPECT_EQ(e.equivalence->settling_games, f.equivalence->settling_games) << figure_name(f.figure);
    undecided += e.equivalence->verdict == Equivalence::Verdict::Undecided ? 1 : 0;
  }
  EXPECT_GT(undecided, 0);  // so that settling_games were compared
  EXPECT_NEAR(a.fixed_design_openings, c.fixed_design_openings, 1e-9);
  EXPECT_EQ(a.resolved, !c.underpowered);
}

// A 2^3 design's eight cells are exactly the mean, three main effects, three interactions and
// ABC, each column orthogonal to the others; leaving ABC out of the model, the prediction of a
// cell is its observed figure less (ABC/2)·x^ABC, ABC = (2/8)·Σ x^ABC·R_c.
TEST(FactorialEffects, ThreeFactorPredictionsLeaveOutTheThreeFactorInteraction) {
  const FactorialDesign design = make_factorial_design({"a", "b", "c"});
  std::mt19937_64 random(3);
  const Result outcomes[] = {W, D, L};
  std::vector<StoredGame> games;
  for (const FactorialCell& cell : design.cells)
    for (int o = 0; o < 5; ++o)
      for (int g = 0; g < 2; ++g) games.push_back(game(cell.name, o, outcomes[random() % 3]));
  const FigureEffects f = factorial_effects(design, games, Figure::Score);
  double abc = 0;
  for (const FactorialCellFigure& c : f.combinations) abc += 2.0 / 8 * contrast(0b111, c.cell) * c.observed;
  for (const FactorialCellFigure& c : f.combinations)
    EXPECT_NEAR(c.predicted.estimate, c.observed - abc / 2 * contrast(0b111, c.cell), 1e-12) << c.cell.name;
}

// The 2^(5-1) fraction has 16 cells and the model 16 terms (the mean, 5 main effects, 10
// interactions), mutually orthogonal: it reproduces every cell played, whatever the games.
TEST(FactorialEffects, TheHalfFractionOfFiveFactorsPredictsWhatItPlayed) {
  const FactorialDesign design = make_factorial_design({"a", "b", "c", "d", "e"});
  std::mt19937_64 random(16);
  const Result outcomes[] = {W, D, L};
  std::vector<StoredGame> games;
  for (const FactorialCell& cell : design.cells)
    for (int o = 0; o < 4; ++o)
      for (int g = 0; g < 2; ++g) games.push_back(game(cell.name, o, outcomes[random() % 3]));
  const FigureEffects f = factorial_effects(design, games, Figure::DrawRate);
  for (const FactorialCellFigure& c : f.combinations) {
    if (c.played) {
      EXPECT_NEAR(c.predicted.estimate, c.observed, 1e-12) << c.cell.name;
    }
  }
}

// Cells whose figure follows a model of main effects and two-factor interactions exactly: the
// fractions (resolution V) find its effects, and predict every combination, those not played
// too. Each cell and opening has 16 games, so a score in sixteenths is played exactly:
//   y = 1/2 + (1/8)·x_A − (1/16)·x_B + (1/16)·x_A·x_C + (1/16)·x_D·x_E  (+ 1/16 at opening 1),
// whose effects are twice the coefficients: A 1/4, B −1/8, AC 1/8, DE 1/8, the rest 0.
TEST(FactorialEffects, FractionsFindAModelOfMainEffectsAndInteractions) {
  for (std::size_t k = 5; k <= 8; ++k) {
    std::vector<std::string> names;
    for (std::size_t j = 0; j < k; ++j) names.push_back(std::string(1, char('a' + j)));
    const FactorialDesign design = make_factorial_design(names);
    auto model = [](const FactorialCell& c) {
      return 0.5 + c.level(0) / 8.0 - c.level(1) / 16.0 + c.level(0) * c.level(2) / 16.0 +
             c.level(3) * c.level(4) / 16.0;
    };
    std::vector<StoredGame> games;
    for (const FactorialCell& cell : design.cells)
      for (int o = 0; o < 2; ++o) {
        const int wins = int(std::lround(16 * model(cell))) + o;
        for (int g = 0; g < 16; ++g) games.push_back(game(cell.name, o, g < wins ? W : L));
      }
    const FigureEffects f = factorial_effects(design, games, Figure::Score);
    const std::map<std::string, double> truth = {{"a", 0.25}, {"b", -0.125}, {"a × c", 0.125}, {"d × e", 0.125}};
    for (const FactorialEffect& e : f.effects) {
      const auto it = truth.find(e.term.name);
      EXPECT_NEAR(e.estimate.estimate, it == truth.end() ? 0.0 : it->second, 1e-12) << k << " " << e.term.name;
    }
    ASSERT_EQ(f.combinations.size(), std::size_t{1} << k);
    std::size_t played = 0;
    for (const FactorialCellFigure& c : f.combinations) {
      played += c.played ? 1 : 0;
      EXPECT_NEAR(c.predicted.estimate, model(c.cell) + 1.0 / 32, 1e-12) << k << " " << c.cell.name;
    }
    EXPECT_EQ(played, design.cells.size());
  }
}

TEST(FactorialEffects, RefusesCellsWithoutGamesAndASingleOpening) {
  const FactorialDesign design = make_factorial_design({"a"});
  EXPECT_THROW(factorial_effects(design, {game("base", 0, W), game("base", 1, L)}, Figure::Score),
               std::invalid_argument);
  EXPECT_THROW(factorial_effects(design, {game("base", 0, W), game("a", 0, L)}, Figure::Score), std::invalid_argument);
  // No decisive game in cell a: the decisive share alone is left out of the analysis.
  const std::vector<StoredGame> draws = {game("base", 0, W), game("base", 1, L), game("a", 0, D), game("a", 1, D)};
  EXPECT_THROW(factorial_effects(design, draws, Figure::DecisiveShare), std::invalid_argument);
  const FactorialAnalysis a = analyse_factorial(design, draws);
  EXPECT_EQ(a.figures.size(), 2u);
  EXPECT_EQ(figure_effects(a, Figure::DecisiveShare), nullptr);
  EXPECT_EQ(a.tests, 2u);
}

// The most balanced combination with two factors is the cell whose observed score is nearest 1/2
// (the model predicts what was seen), and the cells that cannot be told from it are those whose
// paired_difference with it, computed from the two cells' games alone, has an interval covering 0.
TEST(FactorialEffects, MostBalancedCellAndThoseNotToldApart) {
  const FactorialDesign design = make_factorial_design({"a", "b"});
  const std::map<std::string, double> win = {{"base", 0.25}, {"a", 0.47}, {"b", 0.55}, {"a+b", 0.8}};
  std::mt19937_64 random(11);
  std::uniform_real_distribution<double> uniform(0, 1);
  std::map<std::string, std::vector<StoredGame>> by_cell;
  std::vector<StoredGame> games;
  for (int o = 0; o < 60; ++o)
    for (const auto& [cell, p] : win)
      for (int g = 0; g < 2; ++g) {
        games.push_back(game(cell, o, uniform(random) < p ? W : L));
        by_cell[cell].push_back(games.back());
      }
  const FactorialAnalysis analysis = analyse_factorial(design, games);
  std::size_t nearest = 0;
  for (std::size_t c = 0; c < 4; ++c)
    if (std::abs(analysis.figures[0].combinations[c].observed - 0.5) <
        std::abs(analysis.figures[0].combinations[nearest].observed - 0.5))
      nearest = c;
  EXPECT_EQ(analysis.balanced.combination, nearest);
  EXPECT_NEAR(analysis.balanced.predicted.estimate, analysis.figures[0].combinations[nearest].observed, 1e-12);
  std::vector<std::size_t> expected;
  for (std::size_t c = 0; c < 4; ++c) {
    if (c == nearest) continue;
    const PairedDifference d = paired_difference(
        opening_units(by_cell[design.cells[nearest].name], by_cell[design.cells[c].name], Figure::Score));
    if (d.interval.low <= 0 && 0 <= d.interval.high) expected.push_back(c);
  }
  EXPECT_EQ(analysis.balanced.indistinguishable, expected);
  EXPECT_FALSE(expected.empty());    // b or a, near each other,
  EXPECT_LT(expected.size(), 3u);    // and base and a+b far from either
}

// Holm over every effect of every figure; with a margin, the main effects' equivalence tests
// are a family of their own. Sizing from the primary figure's widest main effect.
TEST(FactorialEffects, HolmEquivalenceAndSizing) {
  const FactorialDesign design = make_factorial_design({"a", "b"});
  FactorialPlan plan;
  plan.margin = 0.5;
  plan.target = 0.03;
  const FactorialAnalysis a = analyse_factorial(design, hand_games(), plan);
  ASSERT_EQ(a.figures.size(), 3u);
  EXPECT_EQ(a.tests, 9u);
  EXPECT_EQ(a.equivalence_tests, 6u);
  double smallest = 1;
  for (const FigureEffects& f : a.figures)
    for (const FactorialEffect& e : f.effects) {
      smallest = std::min(smallest, e.estimate.p_value);
      EXPECT_GE(e.p_holm, e.estimate.p_value);
      EXPECT_EQ(e.significant, e.p_holm < 0.05);
      EXPECT_EQ(e.equivalence.has_value(), std::popcount(e.term.word) == 1);
    }
  // The smallest p is adjusted by the number of tests.
  for (const FigureEffects& f : a.figures)
    for (const FactorialEffect& e : f.effects)
      if (e.estimate.p_value == smallest) {
        EXPECT_NEAR(e.p_holm, std::min(1.0, 9 * smallest), 1e-15);
      }
  // a's 90% interval: 5/12 ± t_{2, 0.95}·(1/12), t = 2.919986.
  const FactorialEffect& score_a = effect(a.figures[0], "a");
  EXPECT_NEAR(score_a.equivalence->interval.high, 5.0 / 12 + 2.919986 / 12, 1e-6);
  // The widest main effect of the score is b's: t_{2, 0.975}·√(7/144).
  EXPECT_NEAR(a.widest_half_width, 4.302653 * std::sqrt(7.0 / 144), 1e-6);
  EXPECT_FALSE(a.resolved);
  EXPECT_EQ(a.openings_needed, std::uint64_t(std::ceil(3 * std::pow(a.widest_half_width / 0.03, 2) - 1e-9)));
  EXPECT_NEAR(a.fixed_design_openings, 1.959964 * 1.959964 * 7.0 / 144 * 3 / (0.03 * 0.03), 1e-3);
  EXPECT_EQ(a.next_round_openings, 12u);  // capped at four times the openings played
}

namespace {

// Cells of a known model: at opening o and cell c the first player's score is
//   p = 1/2 + u_o + Σ_t (β_t/2)·x_c^t,   u_o ~ N(0, 0.05²) the opening's own effect,
// games W, D, L with probabilities p − d/2, d, 1 − p − d/2 (d = 0.3, constant: the draw rate has
// no effect). Two games a cell and opening. The decisive share is (p − d/2)/(1 − d) for the
// population's mean p, linear in p, so its true effects are β/(1 − d).
std::vector<StoredGame> simulate(const FactorialDesign& design, const std::map<FactorWord, double>& beta,
                                 int openings, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::normal_distribution<double> opening_effect(0, 0.05);
  std::uniform_real_distribution<double> uniform(0, 1);
  const double d = 0.3;
  std::vector<StoredGame> games;
  games.reserve(design.cells.size() * std::size_t(openings) * 2);
  for (int o = 0; o < openings; ++o) {
    const double u = std::clamp(opening_effect(random), -0.15, 0.15);
    for (const FactorialCell& cell : design.cells) {
      double p = 0.5 + u;
      for (const auto& [word, b] : beta) p += b / 2 * contrast(word, cell);
      for (int g = 0; g < 2; ++g) {
        const double r = uniform(random);
        StoredGame s;
        s.record.variant = cell.name;
        s.record.result = r < p - d / 2 ? W : r < p + d / 2 ? D : L;
        s.opening = o;
        games.push_back(std::move(s));
      }
    }
  }
  return games;
}

// Runs of `design` with effects `beta`: how often each figure's interval of each term covered its
// true value (checked within ±2.75 binomial sd of 95%), and how often anything was significant.
double calibrate(const FactorialDesign& design, const std::map<FactorWord, double>& beta, int runs,
                 std::uint64_t seed) {
  std::map<std::pair<Figure, FactorWord>, int> covered;
  int any_significant = 0;
  for (int run = 0; run < runs; ++run) {
    const FactorialAnalysis a = analyse_factorial(design, simulate(design, beta, 40, seed + std::uint64_t(run)));
    bool significant = false;
    for (const FigureEffects& f : a.figures)
      for (const FactorialEffect& e : f.effects) {
        const auto it = beta.find(e.term.word);
        const double b = it == beta.end() ? 0 : it->second;
        const double truth = f.figure == Figure::Score ? b : f.figure == Figure::DecisiveShare ? b / 0.7 : 0;
        if (e.estimate.interval.low <= truth && truth <= e.estimate.interval.high) ++covered[{f.figure, e.term.word}];
        significant = significant || e.significant;
      }
    any_significant += significant ? 1 : 0;
  }
  const double sd = std::sqrt(0.95 * 0.05 / runs);
  EXPECT_EQ(covered.size(), 3 * design.terms.size());
  for (const auto& [key, count] : covered)
    EXPECT_NEAR(double(count) / runs, 0.95, 2.75 * sd)
        << figure_name(key.first) << " " << word_names(design, key.second);
  return double(any_significant) / runs;
}

}  // namespace

// A full 2^3 design with two main effects and an interaction: every interval (every figure, every
// term) covers its true value about 95% of the time.
TEST(FactorialCalibration, IntervalsCoverKnownEffectsInAFullDesign) {
  const FactorialDesign design = make_factorial_design({"a", "b", "c"});
  const double significant = calibrate(design, {{0b001, 0.1}, {0b010, -0.06}, {0b011, 0.04}}, 400, 5400);
  EXPECT_GT(significant, 0.5);  // the effects are found
}

// The 2^(5-1) fraction: main effects and interactions are estimated without bias when the
// three-factor and higher interactions they are aliased with are absent.
TEST(FactorialCalibration, IntervalsCoverKnownEffectsInAFraction) {
  const FactorialDesign design = make_factorial_design({"a", "b", "c", "d", "e"});
  calibrate(design, {{0b00001, 0.08}, {0b10000, -0.05}, {0b10001, 0.06}, {0b00110, -0.04}}, 200, 5500);
}

// With no effect at all, "significant" (after Holm over every effect of every figure) appears in
// at most 5% of runs, give or take two binomial sd.
TEST(FactorialCalibration, NoEffectIsRarelySignificantAnywhere) {
  const FactorialDesign design = make_factorial_design({"a", "b", "c"});
  const double significant = calibrate(design, {}, 400, 5600);
  EXPECT_LE(significant, 0.05 + 2 * std::sqrt(0.05 * 0.95 / 400));
}

// A factor that changes nothing: the cells with it on played the very games of the cells with it
// off. Its main effect and interactions are 0 exactly, with no variance, and never significant,
// though the sums over eight cells cancel only up to rounding (about 1e-17 before it is removed,
// with a variance of 1e-36 and so p < 1e-40).
TEST(FactorialEffects, AFactorThatChangesNothingIsZeroAndNeverSignificant) {
  const FactorialDesign design = make_factorial_design({"a", "b", "c"});
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    std::vector<StoredGame> games = simulate(design, {{0b001, 0.1}, {0b100, 0.07}, {0b101, 0.05}}, 30, 9000 + seed);
    // Each cell with b on gets the games of its cell with b off.
    std::map<std::string, std::string> without_b;
    for (const FactorialCell& cell : design.cells)
      if (cell.level(1) > 0)
        for (const FactorialCell& other : design.cells)
          if (other.on == (cell.on & ~FactorWord{0b010})) without_b[cell.name] = other.name;
    std::vector<StoredGame> alike;
    for (const StoredGame& g : games) {
      if (without_b.count(g.record.variant)) continue;
      alike.push_back(g);
      for (const auto& [on, off] : without_b)
        if (off == g.record.variant) {
          alike.push_back(g);
          alike.back().record.variant = on;
        }
    }
    const FactorialAnalysis a = analyse_factorial(design, alike);
    for (const FigureEffects& f : a.figures)
      for (const FactorialEffect& e : f.effects) {
        if ((e.term.word & 0b010) == 0) continue;
        EXPECT_EQ(e.estimate.estimate, 0) << figure_name(f.figure) << " " << e.term.name;
        EXPECT_EQ(e.estimate.variance, 0) << figure_name(f.figure) << " " << e.term.name;
        EXPECT_EQ(e.estimate.p_value, 1) << figure_name(f.figure) << " " << e.term.name;
        EXPECT_FALSE(e.significant) << figure_name(f.figure) << " " << e.term.name;
      }
  }
}
