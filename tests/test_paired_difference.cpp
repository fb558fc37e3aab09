// stats/paired_difference.h against figures worked out by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "stats/paired_difference.h"

using namespace jungle;
using namespace jungle::stats;

namespace {

StoredGame game(int opening, Result result, std::vector<std::string> moves = {"a3a4"}) {
  StoredGame g;
  g.opening = opening;
  g.record.result = result;
  g.record.opening = std::move(moves);
  return g;
}

}  // namespace

// Two games an opening, so the score's units are per-opening means: the paired variance is the
// textbook one of the differences d = (0.25, 0.25, 0): mean 1/6, sample variance 1/48, over K = 3.
TEST(PairedDifference, ScoreIsThePairedTOfPerOpeningDifferences) {
  const std::vector<OpeningUnit> units = {{1.5, 2, 2, 2, 2, 2}, {0.5, 2, 1, 2, 2, 2}, {1, 2, 1, 2, 2, 2}};
  const PairedDifference d = paired_difference(units);
  EXPECT_DOUBLE_EQ(d.base, 0.5);
  EXPECT_DOUBLE_EQ(d.variant, 4.0 / 6);
  EXPECT_DOUBLE_EQ(d.difference, 1.0 / 6);
  EXPECT_NEAR(d.variance, 1.0 / 144, 1e-15);
  // Unpaired: base means (0.75, 0.25, 0.5) have sample variance 1/16, variant means (1, 0.5, 0.5)
  // 1/12; over K = 3 that is 1/48 + 1/36 = 7/144, seven times the paired variance.
  EXPECT_NEAR(d.unpaired_variance, 7.0 / 144, 1e-15);
  EXPECT_NEAR(d.design_effect, 7, 1e-12);
  EXPECT_EQ(d.units, 3u);
  EXPECT_EQ(d.paired_units, 3u);
  EXPECT_EQ(d.degrees_of_freedom, 2);
  // t = (1/6)/(1/12) = 2 with 2 df: P(T > 2) = 1/2 - 2/(2·√6), so p = 1 - 2/√6; t_{2, 0.975} = 4.302653.
  EXPECT_NEAR(d.p_value, 1 - 2 / std::sqrt(6.0), 1e-9);
  EXPECT_NEAR(d.interval.low, 1.0 / 6 - 4.302653 / 12, 1e-6);
  EXPECT_NEAR(d.interval.high, 1.0 / 6 + 4.302653 / 12, 1e-6);
}

// The decisive share is a ratio with a different number of decisive games a unit. Units
// (y_base, x_base, y_variant, x_variant) = (1, 2, 2, 2), (1, 1, 0, 1), (0, 1, 1, 1): R_base = 1/2,
// R_variant = 3/4, x̄ = 4/3 on both sides; influence values e_base = (0, 3/8, -3/8),
// e_variant = (3/8, -9/16, 3/16); Σ(e_v - e_b)² = 171/128, times K/(K-1)/K² = 1/6: 57/256.
// Unpaired: (Σe_base² + Σe_variant²)/6 = (9/32 + 63/128)/6 = 33/256.
TEST(PairedDifference, DecisiveShareByLinearisation) {
  const std::vector<OpeningUnit> units = {{1, 2, 2, 2, 2, 2}, {1, 1, 0, 1, 2, 2}, {0, 1, 1, 1, 2, 2}};
  const PairedDifference d = paired_difference(units);
  EXPECT_DOUBLE_EQ(d.difference, 0.25);
  EXPECT_NEAR(d.variance, 57.0 / 256, 1e-15);
  EXPECT_NEAR(d.unpaired_variance, 33.0 / 256, 1e-15);
  EXPECT_NEAR(d.design_effect, 33.0 / 57, 1e-12);  // below 1: here the pairing cost precision
}

// A/A with a deterministic player: the same games on both sides, so exactly no difference.
TEST(PairedDifference, IdenticalGamesGiveExactlyZero) {
  const std::vector<OpeningUnit> units = {{1.5, 2, 1.5, 2, 2, 2}, {0.5, 2, 0.5, 2, 2, 2}, {1, 2, 1, 2, 2, 2}};
  const PairedDifference d = paired_difference(units);
  EXPECT_EQ(d.difference, 0);
  EXPECT_EQ(d.variance, 0);
  EXPECT_GT(d.unpaired_variance, 0);
  EXPECT_TRUE(std::isinf(d.design_effect));
  EXPECT_EQ(d.p_value, 1);
  EXPECT_EQ(d.interval.low, 0);
  EXPECT_EQ(d.interval.high, 0);
}

TEST(PairedDifference, RefusesWhatItCannotEstimate) {
  EXPECT_THROW(paired_difference({{1, 2, 1, 2, 2, 2}}), std::invalid_argument);
  EXPECT_THROW(paired_difference({{0, 0, 1, 2, 2, 2}, {0, 0, 1, 2, 2, 2}}), std::invalid_argument);
}

// Opening 1 was replaced in the variant (other moves): it is two units, one a side.
TEST(PairedDifference, AReplacedOpeningIsTwoUnpairedUnits) {
  const std::vector<StoredGame> base = {game(0, Result::WhiteWins), game(0, Result::Draw),
                                        game(1, Result::BlackWins, {"a3a4"}), game(1, Result::WhiteWins, {"a3a4"})};
  const std::vector<StoredGame> variant = {game(0, Result::WhiteWins), game(0, Result::WhiteWins),
                                           game(1, Result::Draw, {"g3g4"}), game(1, Result::Draw, {"g3g4"})};
  const std::vector<OpeningUnit> units = opening_units(base, variant, Figure::Score);
  ASSERT_EQ(units.size(), 3u);
  const PairedDifference d = paired_difference(units);
  EXPECT_EQ(d.paired_units, 1u);
  EXPECT_DOUBLE_EQ(d.base, 2.5 / 4);
  EXPECT_DOUBLE_EQ(d.variant, 3.0 / 4);
  const std::vector<OpeningUnit> draws = opening_units(base, variant, Figure::DrawRate);
  EXPECT_DOUBLE_EQ(paired_difference(draws).difference, 2.0 / 4 - 1.0 / 4);
  const std::vector<OpeningUnit> decisive = opening_units(base, variant, Figure::DecisiveShare);
  EXPECT_DOUBLE_EQ(paired_difference(decisive).base, 2.0 / 3);
  EXPECT_DOUBLE_EQ(paired_difference(decisive).variant, 1.0);
}

// Each side's own interval: the base means (0.75, 0.25, 0.5) have standard error √(1/48).
TEST(PairedDifference, EachSidesOwnInterval) {
  const std::vector<OpeningUnit> units = {{1.5, 2, 2, 2, 2, 2}, {0.5, 2, 1, 2, 2, 2}, {1, 2, 1, 2, 2, 2}};
  const PairedDifference d = paired_difference(units);
  EXPECT_NEAR(d.base_interval.low, 0.5 - 4.302653 * std::sqrt(1.0 / 48), 1e-6);
  EXPECT_NEAR(d.variant_interval.high, 4.0 / 6 + 4.302653 * std::sqrt(1.0 / 36), 1e-6);
}
