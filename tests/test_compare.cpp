// `jungle compare`'s verdict (stats/variant_comparison.h) on paired tournaments: an effect known in
// advance is found in the right direction, and every figure agrees with arithmetic done here on
// the games themselves.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>

#include "engine/variant_loader.h"
#include "match/matchmaking.h"
#include "match/tournament.h"
#include "report/verdict_sentence.h"
#include "research/comparison_rounds.h"
#include "stats/variant_comparison.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("jungle-compare-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TournamentRun paired_run(const fs::path& dir, const std::string& rules, int games,
                         const std::string& player = "alphabeta:depth=1,weights=untuned") {
  std::ofstream(dir / "variant.toml") << rules;
  TournamentConfig c;
  c.variants = {"standard", (dir / "variant.toml").string()};
  c.players = {player};
  c.games_per_pair = games;
  c.seed = 11;
  c.threads = 2;
  c.paired_variants = true;
  c.out = dir / "out";
  return run_tournament(c);
}

stats::ComparisonPlan plan(const std::string& variant) {
  stats::ComparisonPlan p;
  p.base = "standard";
  p.variants = {variant};
  return p;
}

double first_player_points(const GameRecord& r) {
  return r.result == Result::WhiteWins ? 1 : r.result == Result::Draw ? 0.5 : 0;
}

}  // namespace

// Taking the second player's cat away must favour the first player. The study's player sees it
// (+0.08 here, 400 games a variant); players of depth 1 to 3 hardly do, so this takes about 20 s
// on two cores.
TEST(Compare, SlowFindsAKnownEffectInItsDirection) {
  const fs::path dir = fresh_dir("no-cat");
  const TournamentRun run = paired_run(dir,
                                       "name = \"no-black-cat\"\nextends = \"standard\"\n[board]\n"
                                       "start = \"l5t/1d5/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w\"\n",
                                       400, "alphabeta:depth=4,contempt=50,weights=untuned");
  const stats::Comparison c = stats::compare_variants(run.games, plan("no-black-cat"));
  const stats::FigureComparison& score = c.variants.at(0).figures.at(0);
  EXPECT_EQ(score.figure, stats::Figure::Score);
  EXPECT_TRUE(score.primary);
  EXPECT_GT(score.difference.interval.low, 0) << report::verdict_sentence(c, c.variants[0], score);
  EXPECT_TRUE(score.significant);
  EXPECT_NE(report::verdict_sentence(c, c.variants[0], score).find("): significant ("), std::string::npos);
  fs::remove_all(dir);
}

// A rule no 4-ply opening can meet (the elephant may take the rat), so every opening is paired,
// and the score's difference is the mean of per-opening differences of the first player's mean
// points, its variance their sample variance over the number of openings.
TEST(Compare, EveryFigureFromTheGamesByHand) {
  const fs::path dir = fresh_dir("by-hand");
  const TournamentRun run =
      paired_run(dir, "name = \"eats-rat\"\nextends = \"standard\"\n[captures]\nelephant_captures_rat = true\n", 60);
  const stats::Comparison c = stats::compare_variants(run.games, plan("eats-rat"));
  const stats::VariantComparison& v = c.variants.at(0);
  EXPECT_EQ(v.unpaired_openings, 0u);
  EXPECT_EQ(v.openings, 30u);

  std::map<int, double> points[2];
  std::map<int, int> games[2];
  double draws[2] = {0, 0}, wins[2] = {0, 0}, decisive[2] = {0, 0}, all[2] = {0, 0};
  for (const StoredGame& g : run.games) {
    const int side = g.record.variant == "standard" ? 0 : 1;
    points[side][g.opening] += first_player_points(g.record);
    ++games[side][g.opening];
    all[side] += 1;
    draws[side] += g.record.result == Result::Draw;
    wins[side] += g.record.result == Result::WhiteWins;
    decisive[side] += g.record.result != Result::Draw;
  }
  std::vector<double> d;
  for (const auto& [opening, p] : points[1]) d.push_back(p / games[1][opening] - points[0][opening] / games[0][opening]);
  double mean = 0, squares = 0;
  for (double x : d) mean += x / double(d.size());
  for (double x : d) squares += (x - mean) * (x - mean);
  const double variance = squares / double(d.size() - 1) / double(d.size());

  const stats::PairedDifference& score = v.figures.at(0).difference;
  EXPECT_NEAR(score.difference, mean, 1e-12);
  EXPECT_NEAR(score.variance, variance, 1e-12);
  const stats::PairedDifference& share = v.figures.at(1).difference;
  EXPECT_NEAR(share.base, wins[0] / decisive[0], 1e-12);
  EXPECT_NEAR(share.variant, wins[1] / decisive[1], 1e-12);
  const stats::PairedDifference& draw_rate = v.figures.at(2).difference;
  EXPECT_NEAR(draw_rate.difference, draws[1] / all[1] - draws[0] / all[0], 1e-12);
  fs::remove_all(dir);
}

namespace {

// One A/A comparison in memory: standard against a file with the same rules, unpaired (each
// variant its own openings and game seeds, as a tournament without --paired-variants plays
// them), `openings` openings a variant, from `seed`.
std::vector<StoredGame> unpaired_aa(const std::vector<Variant>& variants, int openings, std::uint64_t seed) {
  const OpeningRule rule = parse_opening_rule("random:plies=4");
  const std::string player = "alphabeta:depth=1,weights=untuned";
  std::vector<StoredGame> games;
  for (const Fixture& f : schedule_round_robin(2, 1, 2 * openings, seed)) {
    const Opening opening = make_opening(variants[std::size_t(f.variant)], rule, seed, f.variant, f.opening);
    StoredGame g;
    g.record = play_game(variants[std::size_t(f.variant)], opening.moves, player, player, f.seed);
    g.index = f.index;
    g.pair = f.pair;
    g.opening = f.opening;
    games.push_back(std::move(g));
  }
  return games;
}

bool covers_zero(const stats::Interval& i) { return i.low <= 0 && 0 <= i.high; }

}  // namespace

// Calibration: with identical rules the true difference is 0, so 95% intervals must cover it in
// about 95% of comparisons. 400 comparisons of 16 openings a variant: a calibrated method covers
// in 92% to 98% of them with probability 0.99 (the binomial's ±2.75 sd).
TEST(Compare, SlowIntervalsCover95PercentOfAATrials) {
  const std::vector<Variant> variants = {load_variant("standard"),
                                         load_variant_text("name = \"same\"\nextends = \"standard\"\n", "same.toml")};
  constexpr int TRIALS = 400;
  std::vector<int> covered(3, 0);
#pragma omp parallel for schedule(dynamic)
  for (int trial = 0; trial < TRIALS; ++trial) {
    const std::vector<StoredGame> games = unpaired_aa(variants, 16, 5000 + std::uint64_t(trial));
    const stats::Comparison c = stats::compare_variants(games, plan("same"));
#pragma omp critical
    for (const stats::FigureComparison& f : c.variants.at(0).figures)
      covered[std::size_t(f.figure)] += covers_zero(f.difference.interval);
  }
  for (stats::Figure figure : {stats::Figure::Score, stats::Figure::DrawRate}) {
    EXPECT_GE(covered[std::size_t(figure)], 368) << stats::figure_name(figure);
    EXPECT_LE(covered[std::size_t(figure)], 392) << stats::figure_name(figure);
  }
}

namespace {

// The games of an unpaired A/A comparison of three variants with the same rules, played as
// run_comparison asks for them: a schedule of `max_openings` made once (a longer schedule begins
// with a shorter one's games), each game played the first time a round needs it.
class UnpairedAAGames {
 public:
  UnpairedAAGames(const std::vector<Variant>& variants, int max_openings, std::uint64_t seed)
      : variants_(variants), seed_(seed),
        fixtures_(schedule_round_robin(int(variants.size()), 1, 2 * max_openings, seed)) {}

  std::vector<StoredGame> play(std::uint64_t openings) {
    const OpeningRule rule = parse_opening_rule("random:plies=4");
    const std::string player = "alphabeta:depth=1,weights=untuned";
    for (const Fixture& f : fixtures_) {
      if (std::uint64_t(f.opening) >= openings || played_.count(f.index)) continue;
      const Variant& variant = variants_[std::size_t(f.variant)];
      const Opening opening = make_opening(variant, rule, seed_, f.variant, f.opening);
      StoredGame g;
      g.record = play_game(variant, opening.moves, player, player, f.seed);
      g.index = f.index, g.pair = f.pair, g.opening = f.opening;
      played_.emplace(f.index, std::move(g));
    }
    std::vector<StoredGame> out;
    for (const auto& [index, g] : played_)
      if (std::uint64_t(g.opening) < openings) out.push_back(g);
    return out;
  }

 private:
  const std::vector<Variant>& variants_;
  std::uint64_t seed_;
  std::vector<Fixture> fixtures_;
  std::map<int, StoredGame> played_;
};

}  // namespace

// Calibration on real games: 200 A/A comparisons of two variants with standard's rules against
// standard, unpaired, each played by compare's rounds (a pilot of 8 openings, then rounds sized
// from the variance to ±0.15 on the score: small samples, the default design). With Holm over the
// 6 tests, the share of comparisons with any "significant" must be at most about 5%: at most 16
// of 200 (5% + 1.96 sd). The primary figure's interval of the round that stopped covers 0 in 95%
// of them: in at least 182 (the binomial's 2.6 sd below 190).
TEST(Compare, SlowAACalibrationOfTheDefaultDesign) {
  const std::vector<Variant> variants = {load_variant("standard"),
                                         load_variant_text("name = \"a\"\nextends = \"standard\"\n", "a.toml"),
                                         load_variant_text("name = \"b\"\nextends = \"standard\"\n", "b.toml")};
  constexpr int TRIALS = 200;
  int any_significant = 0, covered = 0, stopped_by_precision = 0;
#pragma omp parallel for schedule(dynamic) reduction(+ : any_significant, covered, stopped_by_precision)
  for (int trial = 0; trial < TRIALS; ++trial) {
    UnpairedAAGames games(variants, 256, 7000 + std::uint64_t(trial));
    research::ComparisonGames source;
    source.play = [&games](std::uint64_t k) { return games.play(k); };
    stats::ComparisonPlan p = plan("a");
    p.variants = {"a", "b"};
    p.target = 0.15;
    source.affordable = [](std::uint64_t k) { return std::min<std::uint64_t>(k, 256); };
    const stats::Comparison c = research::run_comparison(p, 8, true, source);
    stopped_by_precision += c.stopped_by == "precision";
    bool significant = false;
    for (const stats::VariantComparison& v : c.variants)
      for (const stats::FigureComparison& f : v.figures) significant |= f.significant;
    any_significant += significant;
    covered += covers_zero(c.variants.at(0).figures.at(0).difference.interval);
  }
  EXPECT_EQ(stopped_by_precision, TRIALS);
  std::printf("%d of %d A/A comparisons with any significant figure; the score's interval covered 0 in %d\n",
              any_significant, TRIALS, covered);
  EXPECT_LE(any_significant, 16);
  EXPECT_GE(covered, 182);
}
