// `jungle compare --factorial` (research/factorial_compare.h): real games for what only real
// games show (a factor that changes nothing, cells that share their games, the factors' rule
// differences as the report lists them), and simulated cells of known variance for its rounds:
// within 1.3 times the openings a fixed design needs, and intervals that cover the true effects.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include "research/comparison_rounds.h"
#include "research/factorial_compare.h"
#include "stats/factorial_effects.h"
#include "tests/temp_dir.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

// A factor file in `dir`, extending standard.
std::string factor_file(const fs::path& dir, const std::string& name, const std::string& rules) {
  const fs::path file = dir / (name + ".toml");
  std::ofstream(file) << "name = \"" << name << "\"\nextends = \"standard\"\n" << rules;
  return file.string();
}

research::CompareConfig factorial(const fs::path& dir, std::vector<std::string> variants, int games,
                                  const std::string& player = "alphabeta:depth=1") {
  research::CompareConfig c;
  c.variants = std::move(variants);
  c.player = player;
  c.weights = research::WeightsChoice::Untuned;
  c.games = games;
  c.threads = 2;
  c.out = dir / "out";
  return c;
}

const stats::FactorialEffect& effect(const stats::FigureEffects& f, const std::string& name) {
  for (const stats::FactorialEffect& e : f.effects)
    if (e.term.name == name) return e;
  throw std::logic_error("no effect " + name);
}

const report::FactorialCellSummary& cell(const report::FactorialSummary& s, const std::string& name) {
  for (const report::FactorialCellSummary& c : s.cells)
    if (c.name == name) return c;
  throw std::logic_error("no cell " + name);
}

}  // namespace

// A factor with standard's rules under another name plays as the cells without it: its cells
// share their games, so its main effect and its interaction are exactly 0, with no variance,
// and not significant; the other factor is still measured, and its rule difference listed.
TEST(FactorialCompare, AFactorThatChangesNothingFindsNothing) {
  const TempDir temp("factorial-nothing");
  const fs::path& dir = temp.path();
  const research::CompareOutcome outcome = research::run_factorial_compare(factorial(
      dir, {"standard", factor_file(dir, "same", ""), factor_file(dir, "eats-rat", "[captures]\nelephant_captures_rat = true\n")},
      20));
  ASSERT_TRUE(outcome.summary.factorial);
  const report::FactorialSummary& s = *outcome.summary.factorial;
  EXPECT_EQ(s.games_played, 40u);  // two cells of 20 played: standard and eats-rat
  EXPECT_EQ(cell(s, "same").plays_as, "standard");
  EXPECT_EQ(cell(s, "same--eats-rat").plays_as, "eats-rat");
  EXPECT_EQ(cell(s, "eats-rat").plays_as, "");
  EXPECT_EQ(cell(s, "same--eats-rat").games, 20u);
  EXPECT_EQ(cell(s, "same--eats-rat").factors, (std::vector<std::string>{"same", "eats-rat"}));
  ASSERT_EQ(s.factors.size(), 2u);
  EXPECT_TRUE(s.factors[0].differences.empty());
  EXPECT_EQ(s.factors[1].differences, std::vector<std::string>{"captures.elephant_captures_rat: false → true"});
  ASSERT_EQ(s.notes.size(), 1u);
  EXPECT_NE(s.notes[0].find("changes nothing"), std::string::npos) << s.notes[0];
  EXPECT_EQ(s.stopped_by, "games");
  for (const stats::FigureEffects& f : s.analysis.figures)
    for (const std::string term : {"same", "same × eats-rat"}) {
      const stats::FactorialEffect& e = effect(f, term);
      EXPECT_EQ(e.estimate.estimate, 0) << term;
      EXPECT_EQ(e.estimate.variance, 0) << term;
      EXPECT_FALSE(e.significant) << term;
    }
}

// Where a factor's rule is moot in a cell (a jump blocker where nothing jumps), that cell plays
// the games of the cell without it: three of the four cells are played.
TEST(FactorialCompare, ACellWhereAFactorIsMootSharesTheGamesOfTheCellWithoutIt) {
  const TempDir temp("factorial-moot");
  const fs::path& dir = temp.path();
  const research::CompareOutcome outcome = research::run_factorial_compare(factorial(
      dir,
      {"standard", factor_file(dir, "unblocked", "[jumps]\nblocked_by = \"none\"\n"),
       factor_file(dir, "no-jumps", "[jumps]\nlion = []\ntiger = []\n")},
      8, "random"));
  const report::FactorialSummary& s = *outcome.summary.factorial;
  EXPECT_EQ(s.games_played, 24u);
  EXPECT_EQ(cell(s, "unblocked--no-jumps").plays_as, "no-jumps");
  EXPECT_EQ(cell(s, "unblocked--no-jumps").games, 8u);
  EXPECT_EQ(cell(s, "unblocked").plays_as, "");
  // The shared cell's observed figures are the cell's it plays as.
  const stats::FigureEffects& score = s.analysis.figures.front();
  auto observed = [&](const std::string& name) {
    for (const stats::FactorialCellFigure& c : score.combinations)
      if (c.cell.name == name) return c.observed;
    return std::nan("");
  };
  EXPECT_EQ(observed("unblocked--no-jumps"), observed("no-jumps"));
}

// A factor that changes almost nothing in real games (the ply limit one ply longer, which only a
// game of 300 plies reaches) is not found significant beside one that changes much.
TEST(FactorialCompare, SlowAFactorOfNoConsequenceIsNotSignificant) {
  const TempDir temp("factorial-ply-limit");
  const fs::path& dir = temp.path();
  const research::CompareOutcome outcome = research::run_factorial_compare(factorial(
      dir,
      {"standard", factor_file(dir, "longer", "[end]\nmax_plies = 301\n"),
       factor_file(dir, "no-black-elephant", "[board]\nstart = \"l5t/1d3c1/r1p1w2/7/7/7/E1W1P1R/1C3D1/T5L w\"\n")},
      200, "alphabeta:depth=2"));
  const report::FactorialSummary& s = *outcome.summary.factorial;
  for (const stats::FigureEffects& f : s.analysis.figures) {
    EXPECT_FALSE(effect(f, "longer").significant) << stats::figure_name(f.figure);
    EXPECT_FALSE(effect(f, "longer × no-black-elephant").significant) << stats::figure_name(f.figure);
    EXPECT_LE(effect(f, "longer").estimate.interval.low, 0);
    EXPECT_GE(effect(f, "longer").estimate.interval.high, 0);
  }
  // Taking black's elephant away favours the first player (tests/test_compare.cpp: +0.275 at depth 2).
  const stats::FactorialEffect& elephant = effect(s.analysis.figures.front(), "no-black-elephant");
  EXPECT_TRUE(elephant.significant);
  EXPECT_GT(elephant.estimate.estimate, 0);
}

namespace {

// Cells of a known model, as tests/test_factorial_effects.cpp's, but opening k's games the same
// whatever number of openings is asked, so that a larger round extends a smaller one: at opening
// k and cell c the first player's score is p = 1/2 + u_k + Σ_t (β_t/2)·x_c^t, draws d = 0.3.
class SimulatedCells {
 public:
  SimulatedCells(stats::FactorialDesign design, std::map<stats::FactorWord, double> beta, std::uint64_t seed)
      : design_(std::move(design)), beta_(std::move(beta)), seed_(seed) {}

  std::vector<StoredGame> play(std::uint64_t openings) const {
    std::vector<StoredGame> games;
    for (std::uint64_t k = 0; k < openings; ++k) {
      std::mt19937_64 random(seed_ * 1000003 + k);
      std::normal_distribution<double> opening_effect(0, 0.05);
      std::uniform_real_distribution<double> uniform(0, 1);
      const double u = std::clamp(opening_effect(random), -0.15, 0.15);
      for (const stats::FactorialCell& cell : design_.cells) {
        for (int g = 0; g < 2; ++g) {
          const double r = uniform(random);
          const double p = score(cell) + u;
          StoredGame s;
          s.record.variant = cell.name;
          s.record.result = r < p - DRAWS / 2 ? Result::WhiteWins : r < p + DRAWS / 2 ? Result::Draw : Result::BlackWins;
          s.opening = int(k);
          games.push_back(std::move(s));
        }
      }
    }
    return games;
  }

  // The cell's mean score, over the openings' effects.
  double score(const stats::FactorialCell& cell) const {
    double p = 0.5;
    for (const auto& [word, b] : beta_) p += b / 2 * stats::contrast(word, cell);
    return p;
  }

  static constexpr double DRAWS = 0.3;

 private:
  stats::FactorialDesign design_;
  std::map<stats::FactorWord, double> beta_;
  std::uint64_t seed_;
};

// The factorial's rounds over simulated cells, as research/factorial_compare plays them, from
// `first_openings`: how they went, and the last round's analysis.
struct SimulatedRounds {
  research::PlayedRounds rounds;
  stats::FactorialAnalysis analysis;
};
SimulatedRounds play_simulated_rounds(const stats::FactorialDesign& design, const SimulatedCells& cells,
                                      const stats::FactorialPlan& plan, std::uint64_t first_openings) {
  research::ComparisonGames games;
  games.play = [&](std::uint64_t k) { return cells.play(k); };
  SimulatedRounds out;
  out.rounds = research::play_rounds(
      first_openings, true, plan.target, games, {},
      [&](const std::vector<StoredGame>& g) {
        out.analysis = stats::analyse_factorial(design, g, plan);
        return out.analysis.widest_half_width;
      },
      research::FACTORIAL_ROUND_GROWTH);
  return out;
}

}  // namespace

// The factorial's rounds from the default pilot (200 games a variant's worth: 12 openings a cell
// of 16), growing at most FACTORIAL_ROUND_GROWTH times a round, to ±H on every main effect of
// the score. A main effect's contrast over an opening has variance (4/N²)·N·σ²/2 = 2σ²/N for N
// cells of two games each of one-game variance σ² = p − d/2 + d/4 − p² (0.175 at p = 1/2,
// d = 0.3), so a fixed design needs K* = 1.96²·2σ²/N/H² openings: 93 a cell for H = 0.03, 374
// for H = 0.015 (a little less where the effects move p off 1/2; the five disputes of
// data/examples/disputes needed about 220 in real games). The rounds stop within 1.3 times the
// openings a fixed design needs at the final variance (growing 4 times a round, as compare's do,
// they played up to 1.65 times it at ±0.03: the last round was sized from the widest of five
// variances over 48 openings), and near the true K*. At the stop, each main effect's interval
// covers its true value in about 95% of the runs.
TEST(FactorialCompare, SlowRoundsPlayWithin1Point3TimesAFixedDesignAndCover) {
  const stats::FactorialDesign design = stats::make_factorial_design({"a", "b", "c", "d", "e"});
  const std::map<stats::FactorWord, double> beta = {{0b00001, 0.08}, {0b00100, -0.05}, {0b00011, 0.04}};
  constexpr int RUNS = 100;
  for (const double target : {0.03, 0.015}) {
    stats::FactorialPlan plan;
    plan.target = target;
    int covered = 0, main_effects = 0;
    double worst = 0, ratios_to_truth = 0;
    for (int run = 0; run < RUNS; ++run) {
      const SimulatedCells cells(design, beta, 7000 + std::uint64_t(run));
      const auto [rounds, a] = play_simulated_rounds(design, cells, plan, 12);
      ASSERT_EQ(rounds.stopped_by, "precision");
      const double openings = double(rounds.rounds.back().openings);
      worst = std::max(worst, openings / a.fixed_design_openings);
      double variance = 0;  // 2σ²/N with σ² averaged over the cells
      for (const stats::FactorialCell& c : design.cells) {
        const double p = cells.score(c);
        variance += 2 * (p - SimulatedCells::DRAWS / 2 + SimulatedCells::DRAWS / 4 - p * p) / 16.0 / 16.0;
      }
      ratios_to_truth += openings / (1.959964 * 1.959964 * variance / (target * target));
      for (const stats::FactorialEffect& e : a.figures.front().effects) {
        if (std::popcount(e.term.word) != 1) continue;
        const auto it = beta.find(e.term.word);
        const double truth = it == beta.end() ? 0 : it->second;
        covered += e.estimate.interval.low <= truth && truth <= e.estimate.interval.high;
        ++main_effects;
      }
    }
    std::printf("±%.3f: worst %.3f times a fixed design at the final variance; mean %.3f times the true K*; %d of %d "
                "covered\n",
                target, worst, ratios_to_truth / RUNS, covered, main_effects);
    EXPECT_LE(worst, 1.3) << target;
    // The widest of five estimates, each with its noise, is above the common true variance.
    EXPECT_LE(ratios_to_truth / RUNS, 1.25) << target;
    // 500 intervals: 95% ± 2.75 binomial sd (±27).
    EXPECT_NEAR(double(covered) / main_effects, 0.95, 2.75 * std::sqrt(0.95 * 0.05 / main_effects)) << target;
  }
}

// With --margin the factorial's rounds play to the margin's settling half-width over its two
// families, so that every main effect ends equivalent or different. Two factors: effects A, B and
// AB of three figures (9 tests), main effects A and B of three (6): for ±0.06,
// 1.959964·0.06/(z_{1−0.05/18} + z_{1−0.05/6}) = 1.959964·0.06/(2.772921 + 2.393980) = 0.022760,
// 0.022 to two figures. True main effects on the score of +0.033 (near the hardest, 0.544 of the
// margin) and 0: in 30 runs, no main effect of the score may end undecided.
TEST(FactorialCompare, WithAMarginEveryMainEffectIsSettled) {
  const stats::FactorialDesign design = stats::make_factorial_design({"a", "b"});
  stats::FactorialPlan asked;
  asked.margin = 0.06;
  const stats::FactorialPlan plan = research::factorial_rounds_plan(asked, design, 24, true);
  EXPECT_NEAR(plan.target, 0.022, 1e-12);
  EXPECT_DOUBLE_EQ(plan.precision_asked, 0.03);
  EXPECT_DOUBLE_EQ(research::factorial_rounds_plan(asked, design, 24, false).target, 0.03);
  int undecided = 0;
  for (int run = 0; run < 30; ++run) {
    const SimulatedCells cells(design, {{0b01, 0.033}}, 9100 + std::uint64_t(run));
    const auto [rounds, a] = play_simulated_rounds(design, cells, plan, 24);
    ASSERT_EQ(rounds.stopped_by, "precision");
    for (const stats::FactorialEffect& e : a.figures.front().effects)
      if (e.equivalence) undecided += e.equivalence->verdict == stats::Equivalence::Verdict::Undecided;
  }
  EXPECT_EQ(undecided, 0);
}
