// The first player's statistics over colour-swapped pairs. A deterministic player may play both
// games of a pair alike, so the games are not independent. The checks here hold
// whatever the code prints: twin games must carry the information of one game, and an A/A
// comparison (two variants with identical rules) must reject at the nominal 5%.
#include <gtest/gtest.h>

#include <random>

#include "balance.h"

using namespace jungle;
using namespace jungle::stats;

namespace {

// Only the result matters here: the first player's figures read nothing else.
GameRecord game(Result result) {
  GameRecord r;
  r.result = result;
  return r;
}

constexpr Result W = Result::WhiteWins, D = Result::Draw, L = Result::BlackWins;

struct PairedGames {
  std::vector<GameRecord> games;
  std::vector<GameGroup> pairs;
};

// Each game followed by an exact copy, the two as one pair.
PairedGames twins(const std::vector<GameRecord>& games) {
  PairedGames out;
  for (const GameRecord& g : games) {
    out.pairs.push_back({out.games.size(), out.games.size() + 1});
    out.games.push_back(g);
    out.games.push_back(g);
  }
  return out;
}

TEST(FirstPlayer, TwinGamesCarryTheInformationOfOneGame) {
  const std::vector<GameRecord> singles = {game(W), game(W), game(W), game(W), game(W),
                                           game(L), game(L), game(D), game(D), game(D)};
  const FirstPlayerStats one = first_player_stats(singles);
  const PairedGames doubled = twins(singles);
  const FirstPlayerStats two = first_player_stats(doubled.games, doubled.pairs);

  EXPECT_NEAR(one.design_effect, 1.0, 1e-12);
  EXPECT_NEAR(two.design_effect, 2.0, 1e-12);
  EXPECT_EQ(one.units, 10u);
  EXPECT_EQ(two.units, 10u);
  EXPECT_NEAR(two.score, one.score, 1e-15);
  EXPECT_NEAR(two.score_variance, one.score_variance, 1e-15);
  EXPECT_NEAR(two.score_wilson.low, one.score_wilson.low, 1e-12);
  EXPECT_NEAR(two.score_wilson.high, one.score_wilson.high, 1e-12);
  EXPECT_NEAR(two.win_rate_wilson.low, one.win_rate_wilson.low, 1e-12);
  EXPECT_NEAR(two.win_rate_wilson.high, one.win_rate_wilson.high, 1e-12);
  EXPECT_NEAR(two.win_rate_clopper_pearson.low, one.win_rate_clopper_pearson.low, 1e-9);
  EXPECT_NEAR(two.win_rate_clopper_pearson.high, one.win_rate_clopper_pearson.high, 1e-9);
  EXPECT_NEAR(two.elo.margin, one.elo.margin, 1e-9);
  // The sign test sees 5 won and 2 lost units either way: (1 + 7 + 21)·2/128.
  EXPECT_NEAR(one.p_value, 0.453125, 1e-12);
  EXPECT_NEAR(two.p_value, 0.453125, 1e-12);
  // Against the same baseline, the comparison cannot tell twins from single games.
  const FirstPlayerStats base = first_player_stats({game(W), game(L), game(L), game(D), game(W), game(L)});
  const ProportionDifference d1 = compare_first_players(one, base), d2 = compare_first_players(two, base);
  EXPECT_NEAR(d2.difference, d1.difference, 1e-15);
  EXPECT_NEAR(d2.p_value, d1.p_value, 1e-12);
  EXPECT_NEAR(d2.interval.low, d1.interval.low, 1e-12);
  EXPECT_NEAR(d2.interval.high, d1.interval.high, 1e-12);
}

// A pair whose games offset each other (the first player wins exactly one) has no variance at all;
// that must not make the intervals narrower than for independent games.
TEST(FirstPlayer, OffsettingPairsDoNotNarrowTheIntervals) {
  const std::vector<GameRecord> singles = {game(W), game(L), game(W), game(L), game(W), game(L)};
  const FirstPlayerStats one = first_player_stats(singles);
  const FirstPlayerStats two = first_player_stats(singles, {{0, 1}, {2, 3}, {4, 5}});
  EXPECT_EQ(two.design_effect, 1.0);
  EXPECT_NEAR(two.score_variance, 0.25 / 6, 1e-15);  // s(1-s)/N
  EXPECT_NEAR(two.elo.margin, one.elo.margin, 1e-9);
  EXPECT_NEAR(two.win_rate_wilson.low, one.win_rate_wilson.low, 1e-12);
  EXPECT_NEAR(two.score_wilson.high, one.score_wilson.high, 1e-12);
}

TEST(FirstPlayer, BadGroupsAreRefused) {
  const std::vector<GameRecord> games = {game(W), game(L), game(D)};
  EXPECT_THROW(first_player_stats(games, {{0, 3}}), std::invalid_argument);
  EXPECT_THROW(first_player_stats(games, {{1, 1}}), std::invalid_argument);
  EXPECT_THROW(first_player_stats(games, {{0, 1}, {1, 2}}), std::invalid_argument);
  EXPECT_THROW(compare_first_players(first_player_stats({game(D)}), first_player_stats(games)),
               std::invalid_argument);
}

// Self-play pairs of a largely deterministic player: the second game repeats the first with
// probability `twin`, else it is played afresh. White wins with `win`, draws with `draw`.
PairedGames simulate(std::mt19937_64& rng, int pairs, double win, double draw, double twin) {
  // mt19937_64's output is fixed by the standard, uniform_real_distribution's use of it is not.
  auto u = [&] { return double(rng() >> 11) * 0x1p-53; };
  auto result = [&] {
    const double x = u();
    return x < win ? W : x < win + draw ? D : L;
  };
  PairedGames out;
  for (int i = 0; i < pairs; ++i) {
    const Result first = result();
    const Result second = u() < twin ? first : result();
    out.pairs.push_back({out.games.size(), out.games.size() + 1});
    out.games.push_back(game(first));
    out.games.push_back(game(second));
  }
  return out;
}

// 1000 replications: the binomial standard error of a 5% rate is 0.0069 (0.0073 seen over 1200
// seeds, the estimated variances adding their own noise), so [0.025, 0.080] holds a correct
// test with probability about 0.999. Ignoring the pairs rejects about 14.5% of the time (twins
// at 0.8 give a design effect near 1.8: P(|Z| > 1.96/√1.8) = 0.144).
constexpr int Replications = 1000;
constexpr int Pairs = 200;
constexpr double Twin = 0.8;

TEST(FirstPlayer, AaComparisonsOfTwinGamesRejectAtTheNominalRate) {
  std::mt19937_64 rng(20261129);
  int clustered = 0, ignoring_pairs = 0;
  for (int r = 0; r < Replications; ++r) {
    const PairedGames a = simulate(rng, Pairs, 0.5, 0.1, Twin), b = simulate(rng, Pairs, 0.5, 0.1, Twin);
    const FirstPlayerStats sa = first_player_stats(a.games, a.pairs), sb = first_player_stats(b.games, b.pairs);
    clustered += compare_first_players(sa, sb).p_value < 0.05;
    const Wdl &x = sa.wdl, &y = sb.wdl;
    ignoring_pairs += proportion_difference(double(x.wins), double(x.wins + x.losses), double(y.wins),
                                            double(y.wins + y.losses))
                          .p_value < 0.05;
  }
  EXPECT_GE(clustered, 25);
  EXPECT_LE(clustered, 80);
  EXPECT_GT(ignoring_pairs, 100);  // the flaw this guards against is visible in this design
}

TEST(FirstPlayer, SignTestAndIntervalsHoldTheirLevelOverTwinGames) {
  std::mt19937_64 rng(11292026);
  int rejected = 0, wilson_covers = 0, clopper_pearson_covers = 0, naive_covers = 0;
  for (int r = 0; r < Replications; ++r) {
    // No first-move advantage: wins and losses equally likely, so the true win rate is 0.45.
    const PairedGames s = simulate(rng, Pairs, 0.45, 0.1, Twin);
    const FirstPlayerStats f = first_player_stats(s.games, s.pairs);
    rejected += f.p_value < 0.05;
    wilson_covers += f.win_rate_wilson.low <= 0.45 && 0.45 <= f.win_rate_wilson.high;
    clopper_pearson_covers += f.win_rate_clopper_pearson.low <= 0.45 && 0.45 <= f.win_rate_clopper_pearson.high;
    const Interval naive = wilson(double(f.wdl.wins), double(f.wdl.games()));
    naive_covers += naive.low <= 0.45 && 0.45 <= naive.high;
  }
  // The exact sign test never exceeds its level (up to sampling: 5% + 3.6 standard errors).
  EXPECT_LE(rejected, 75);
  EXPECT_GE(wilson_covers, 925);
  EXPECT_LE(wilson_covers, 975);
  EXPECT_GE(clopper_pearson_covers, 935);  // exact intervals err on the wide side
  EXPECT_LT(naive_covers, 900);            // ~0.86 with the pairs ignored
}

}  // namespace
