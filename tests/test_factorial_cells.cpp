// The cells of a factorial design as rules: each is the base with its factors' differences, reads
// back as a variant, and points at the first cell it plays alike; factors that change one
// setting, and cells that are not variants, are refused in one line.
#include <gtest/gtest.h>

#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "research/factorial_cells.h"
#include "research/input_error.h"

using namespace jungle;
using namespace jungle::research;

namespace {

const std::string EATS_RAT = "name = \"eats-rat\"\nextends = \"standard\"\n[captures]\nelephant_captures_rat = true\n";
const std::string DOG_WOLF = "name = \"dog-wolf\"\nextends = \"standard\"\n[ranks]\ndog = 4\nwolf = 3\n";

FactorFile factor(const std::string& text, const std::string& file) { return {load_variant_text(text, file), file}; }

// The one line a refused design gives.
std::string refusal(const Variant& base, const std::vector<FactorFile>& factors) {
  try {
    factorial_cells(base, factors);
  } catch (const InputError& e) {
    return e.what();
  }
  return "not refused";
}

}  // namespace

TEST(FactorialCells, TwoFactorsGiveTheFourCellsOfTheirRules) {
  const FactorialCells cells =
      factorial_cells(Variant(), {factor(EATS_RAT, "eats-rat.toml"), factor(DOG_WOLF, "dog-wolf.toml")});
  ASSERT_EQ(cells.cells.size(), 4u);
  ASSERT_EQ(cells.design.cells.size(), 4u);
  const std::string expected_names[] = {"standard", "eats-rat", "dog-wolf", "eats-rat--dog-wolf"};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(cells.design.cells[i].name, expected_names[i]);
    EXPECT_EQ(cells.cells[i].variant.name, expected_names[i]);
    EXPECT_EQ(cells.cells[i].plays_as, i);
  }
  EXPECT_EQ(rules_hash(cells.cells[0].variant), rules_hash(Variant()));
  EXPECT_EQ(rules_hash(cells.cells[1].variant), rules_hash(load_variant_text(EATS_RAT, "eats-rat.toml")));
  EXPECT_EQ(rules_hash(cells.cells[2].variant), rules_hash(load_variant_text(DOG_WOLF, "dog-wolf.toml")));
  const Variant both = load_variant_text(
      "name = \"both\"\n[captures]\nelephant_captures_rat = true\n[ranks]\ndog = 4\nwolf = 3\n", "both.toml");
  EXPECT_EQ(rules_hash(cells.cells[3].variant), rules_hash(both));
  EXPECT_TRUE(plays_alike(cells.cells[3].variant, both));
  EXPECT_EQ(cells.cells[3].files, (std::vector<std::string>{"eats-rat.toml", "dog-wolf.toml"}));
  ASSERT_EQ(cells.factors.size(), 2u);
  ASSERT_EQ(cells.factors[1].differences.size(), 2u);
  EXPECT_EQ(cells.factors[1].differences[0].name(), "ranks.dog");
  EXPECT_TRUE(cells.notes.empty());
}

TEST(FactorialCells, TwoFactorsChangingOneSettingAreRefused) {
  const std::string both_ways = "name = \"both-ways\"\n[captures]\nelephant_captures_rat = true\n"
                                "rat_captures_elephant = false\n";
  EXPECT_EQ(refusal(Variant(), {factor(DOG_WOLF, "dog-wolf.toml"), factor(EATS_RAT, "a/eats-rat.toml"),
                                factor(both_ways, "both-ways.toml")}),
            "--factorial: a/eats-rat.toml and both-ways.toml both change captures.elephant_captures_rat");
}

TEST(FactorialCells, AFactorThatChangesNothingHasANoteAndPlaysAsTheCellsWithoutIt) {
  const FactorialCells cells = factorial_cells(
      Variant(), {factor(EATS_RAT, "eats-rat.toml"), factor("name = \"same\"\nextends = \"standard\"\n", "same.toml")});
  ASSERT_EQ(cells.notes.size(), 1u);
  EXPECT_NE(cells.notes[0].find("same (same.toml)"), std::string::npos) << cells.notes[0];
  EXPECT_NE(cells.notes[0].find("changes nothing"), std::string::npos) << cells.notes[0];
  EXPECT_TRUE(cells.factors[1].differences.empty());
  ASSERT_EQ(cells.cells.size(), 4u);
  EXPECT_EQ(cells.cells[2].plays_as, 0u);  // same: the base's games
  EXPECT_EQ(cells.cells[3].plays_as, 1u);  // eats-rat--same: eats-rat's
}

// Jump blockers are moot where nothing jumps: the cell with both factors plays as the one without
// the blockers, and the blockers alone still play otherwise than standard.
TEST(FactorialCells, AMootFactorPlaysAsTheCellWithoutIt) {
  const FactorialCells cells = factorial_cells(
      Variant(), {factor("name = \"unblocked\"\n[jumps]\nblocked_by = \"none\"\n", "unblocked.toml"),
                  factor("name = \"no-jumps\"\n[jumps]\nlion = []\ntiger = []\n", "no-jumps.toml")});
  ASSERT_EQ(cells.cells.size(), 4u);
  EXPECT_EQ(cells.cells[1].plays_as, 1u);
  EXPECT_EQ(cells.cells[2].plays_as, 2u);
  EXPECT_EQ(cells.cells[3].variant.name, "unblocked--no-jumps");
  EXPECT_EQ(cells.cells[3].plays_as, 2u);
}

TEST(FactorialCells, AFactorMootInTheBaseHasANote) {
  // The factors extend the base, as their files would: only their names and last keys differ.
  const std::string jumps_off = "[jumps]\nlion = []\ntiger = []\n";
  const Variant no_jumps = load_variant_text("name = \"no-jumps\"\n" + jumps_off, "no-jumps.toml");
  const FactorFile unblocked =
      factor("name = \"unblocked\"\n" + jumps_off + "blocked_by = \"none\"\n", "unblocked.toml");
  const FactorFile rat_jumps =
      factor("name = \"rat-jumps\"\n" + jumps_off + "rat = [\"vertical\"]\n", "rat-jumps.toml");
  const FactorialCells cells = factorial_cells(no_jumps, {unblocked, rat_jumps});
  ASSERT_EQ(cells.notes.size(), 1u);
  EXPECT_EQ(cells.notes[0],
            "factor unblocked (unblocked.toml) changes only rules that are moot in no-jumps (jumps.blocked_by): "
            "alone it plays as no-jumps, and has an effect only with other factors");
  EXPECT_EQ(cells.cells[0].variant.name, "no-jumps");
  EXPECT_EQ(cells.cells[1].plays_as, 0u);
  EXPECT_EQ(cells.cells[3].plays_as, 3u);  // the rat jumps, and the blockers matter
}

TEST(FactorialCells, FiveFactorsGiveTheSixteenCellsOfTheHalfFraction) {
  const FactorialCells cells =
      factorial_cells(Variant(), {factor(EATS_RAT, "eats-rat.toml"), factor(DOG_WOLF, "dog-wolf.toml"),
                                  factor("name = \"unblocked\"\n[jumps]\nblocked_by = \"none\"\n", "unblocked.toml"),
                                  factor("name = \"everyone\"\n[traps]\nweakens = \"everyone\"\n", "everyone.toml"),
                                  factor("name = \"l2w\"\n[water]\nland_to_water = true\n", "l2w.toml")});
  ASSERT_EQ(cells.cells.size(), 16u);
  for (std::size_t i = 0; i < cells.cells.size(); ++i) {
    EXPECT_EQ(cells.cells[i].variant.name, cells.design.cells[i].name);
    EXPECT_EQ(cells.cells[i].files.size(), cells.design.cells[i].factors_on.size());
    EXPECT_EQ(cells.cells[i].plays_as, i);
  }
  EXPECT_EQ(cells.cells[15].variant.name, "eats-rat--dog-wolf--unblocked--everyone--l2w");
}

// A dog moved to d5 in one factor, and d5 turned to water in the other: each is a variant, their
// cell is not, since the dog cannot swim.
TEST(FactorialCells, ACellThatIsNotAVariantIsRefused) {
  const FactorFile dog = factor("name = \"dog-d5\"\n[board]\nstart = \"l5t/1d3c1/r1p1w1e/7/3D3/7/E1W1P1R/1C5/T5L w\"\n",
                                "dog-d5.toml");
  const FactorFile lake = factor("name = \"lake\"\n[board]\nterrain = [\"..tdt..\", \"...t...\", \".......\", "
                                 "\".~~.~~.\", \".~~~~~.\", \".~~.~~.\", \".......\", \"...T...\", \"..TDT..\"]\n",
                                 "lake.toml");
  const std::string line = refusal(Variant(), {dog, lake});
  EXPECT_TRUE(line.starts_with("--factorial: the cell dog-d5--lake (dog-d5.toml + lake.toml) is not a valid variant: "))
      << line;
  EXPECT_EQ(line.find('\n'), std::string::npos) << line;
}

TEST(FactorialCells, NamesMustTellTheCellsApart) {
  EXPECT_EQ(refusal(Variant(), {factor(EATS_RAT, "a.toml"), factor(EATS_RAT, "b.toml")}),
            "--factorial: a.toml and b.toml are both named eats-rat");
  EXPECT_EQ(refusal(Variant(), {factor("name = \"standard\"\n", "mine.toml")}),
            "--factorial: mine.toml is named standard, as the base is");
  EXPECT_EQ(refusal(Variant(), {factor("name = \"a--b\"\n", "ab.toml")}),
            "--factorial: ab.toml's name a--b holds \"--\", which joins the factors in a cell's name");
  EXPECT_EQ(refusal(Variant(), {}), "--factorial: no factor: give BASE and at least one variant file");
}
