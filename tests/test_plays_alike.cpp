// Rule differences between variants, and plays_alike: a variant that differs from standard in any
// one setting plays otherwise, one that differs only in its identity or in a moot rule plays alike.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/rule_differences.h"
#include "engine/rule_settings.h"
#include "engine/rules_hash.h"
#include "engine/variant_loader.h"

using namespace jungle;

namespace {

// Another valid value of the key in v, chosen by its grammar alone.
RuleValue other_value(const RuleKey& key, const Variant& v) {
  const RuleValue value = key.get(v);
  const int number = std::holds_alternative<int>(value) ? std::get<int>(value) : 0;
  switch (key.spec->grammar.form) {
    case RuleGrammar::Boolean: return 1 - number;
    case RuleGrammar::Integer: return number + 1;
    case RuleGrammar::Choice: {
      const auto& choices = key.spec->grammar.choices;
      const auto at = std::find_if(choices.begin(), choices.end(), [&](const auto& c) { return c.second == number; });
      return (at + 1 == choices.end() ? choices.begin() : at + 1)->second;
    }
    case RuleGrammar::Kinds:
    case RuleGrammar::KindsOrAll: return number ^ kind_bit(DOG);
    case RuleGrammar::Axes: return number ^ AXIS_VERTICAL;
    case RuleGrammar::Terrain: {
      std::string squares = std::get<std::string>(value);
      char& d5 = squares[std::size_t(make_square(3, 4))];
      d5 = d5 == '.' ? '~' : '.';
      return squares;
    }
    case RuleGrammar::Position: {
      std::string start = std::get<std::string>(value);
      start.back() = start.back() == 'w' ? 'b' : 'w';
      return start;
    }
  }
  return value;
}

Variant with(const Variant& base, const RuleKey& key, const RuleValue& value) {
  Variant v = base;
  key.set(v, value);
  v.conclude();
  return v;
}

}  // namespace

TEST(RuleDifferences, NoneBetweenTheSameRulesWhateverTheNames) {
  Variant renamed;
  renamed.name = "other";
  renamed.description = "the same rules";
  EXPECT_TRUE(rule_differences(Variant(), renamed).empty());
}

TEST(RuleDifferences, NamesEachKeyAsAFileWritesItWithTheOthersValue) {
  const Variant swap = load_variant_text("name = \"dog-wolf\"\n[ranks]\ndog = 4\nwolf = 3\n[captures]\n"
                                         "elephant_captures_rat = true\n",
                                         "dog-wolf.toml");
  const std::vector<RuleDifference> d = rule_differences(Variant(), swap);
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(d[0].name(), "ranks.dog");
  EXPECT_EQ(std::get<int>(d[0].value), 4);
  EXPECT_EQ(d[1].name(), "ranks.wolf");
  EXPECT_EQ(std::get<int>(d[1].value), 3);
  EXPECT_EQ(d[2].name(), "captures.elephant_captures_rat");
  EXPECT_EQ(std::get<int>(d[2].value), 1);
}

TEST(RuleDifferences, AppliedToTheBaseGiveTheOthersRules) {
  const Variant other = load_variant_text("name = \"x\"\n[water]\nswimmers = [\"rat\", \"dog\"]\n[jumps]\nlion = []\n"
                                          "[end.repetition]\nresult = \"forbidden\"\n",
                                          "x.toml");
  Variant v;
  for (const RuleDifference& d : rule_differences(Variant(), other)) apply(v, d);
  v.conclude();
  EXPECT_EQ(rules_hash(v), rules_hash(other));
  EXPECT_TRUE(rule_differences(v, other).empty());
}

TEST(PlaysAlike, ACopyUnderAnotherIdentity) {
  Variant copy;
  copy.name = "copy";
  copy.description = "standard by another name";
  copy.extends = "standard";
  copy.source = "copy.toml";
  EXPECT_TRUE(plays_alike(Variant(), copy));
  EXPECT_TRUE(plays_alike(copy, Variant()));
}

// Every key that changes play in standard changes what plays_alike compares. Raising the
// elephant's rank is the one change chosen by grammar that is moot in standard: the highest rank
// stays the highest. Lowering it is not moot.
TEST(PlaysAlike, NotWhenAnyOneSettingDiffersFromStandard) {
  const Variant standard;
  std::set<std::string> moot;
  for (const RuleKey& key : rule_keys()) {
    const RuleValue value = other_value(key, standard);
    ASSERT_TRUE(value != key.get(standard)) << key.path();
    if (plays_alike(standard, with(standard, key, value))) moot.insert(key.path());
  }
  EXPECT_EQ(moot, std::set<std::string>{"ranks.elephant"});
  const RuleKey& elephant = *std::find_if(rule_keys().begin(), rule_keys().end(),
                                          [](const RuleKey& k) { return k.path() == "ranks.elephant"; });
  EXPECT_FALSE(plays_alike(standard, with(standard, elephant, RuleValue(7))));
}

TEST(PlaysAlike, RanksInTheSameOrder) {
  Variant spread;
  spread.rank = {2, 4, 6, 8, 10, 12, 14, 16};
  spread.conclude();
  EXPECT_TRUE(plays_alike(Variant(), spread));
  spread.rank[CAT] = 1;  // below the rat: the rat takes the cat
  spread.conclude();
  EXPECT_FALSE(plays_alike(Variant(), spread));
}

TEST(PlaysAlike, JumpBlockersWhereNothingJumps) {
  Variant no_jumps[3];
  const JumpBlocker blockers[] = {JumpBlocker::Any, JumpBlocker::Enemy, JumpBlocker::None};
  for (int i = 0; i < 3; ++i) {
    no_jumps[i].jump_axes = {};
    no_jumps[i].jump_blocked_by = blockers[i];
    no_jumps[i].conclude();
  }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) EXPECT_TRUE(plays_alike(no_jumps[i], no_jumps[j])) << i << " " << j;
  EXPECT_FALSE(plays_alike(no_jumps[0], Variant()));
}

TEST(PlaysAlike, JumpBlockersWhereNothingSwims) {
  Variant dry[2];
  dry[0].swimmers = dry[1].swimmers = 0;
  dry[1].jump_blocked_by = JumpBlocker::None;
  for (Variant& v : dry) v.conclude();
  EXPECT_TRUE(plays_alike(dry[0], dry[1]));
}

TEST(PlaysAlike, CapturesAcrossTheWatersEdgeWhereNothingSwims) {
  Variant dry[3];
  for (Variant& v : dry) v.swimmers = 0;
  dry[1].land_to_water = true;
  dry[2].water_to_land = kind_bit(DOG);
  for (Variant& v : dry) v.conclude();
  EXPECT_TRUE(plays_alike(dry[0], dry[1]));
  EXPECT_TRUE(plays_alike(dry[0], dry[2]));
}

TEST(PlaysAlike, NotWhenOnlyTheEndRulesDiffer) {
  Variant v;
  v.end.no_capture_plies = 100;
  v.conclude();
  EXPECT_FALSE(plays_alike(Variant(), v));
}
