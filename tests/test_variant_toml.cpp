// Variants written back as files: reading the text gives the same rules, for every bundled
// variant and every reference rule set, and the text of the standard rules reads as the
// reference file that writes every key out by hand.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>

#include "engine/variant_loader.h"
#include "engine/variant_toml.h"
#include "match/tournament.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

Kind kind_named(const std::string& name) {
  for (int k = 0; k < KIND_NB; ++k)
    if (name == KIND_NAMES[k]) return Kind(k);
  ADD_FAILURE() << "no kind " << name;
  return RAT;
}

Variant reread(const std::string& text, const std::string& name) {
  const fs::path file = fs::temp_directory_path() / ("jungle-toml-" + std::to_string(::getpid()) + "-" + name + ".toml");
  std::ofstream(file) << text;
  Variant v = load_variant_file(file);
  fs::remove(file);
  return v;
}

std::vector<Variant> every_rule_set() {
  std::vector<Variant> all = bundled_variants();
  for (const auto& entry : fs::directory_iterator(fs::path(JUNGLE_SOURCE_DIR) / "data/reference/rules"))
    all.push_back(load_variant_file(entry.path()));
  return all;
}

}  // namespace

TEST(VariantToml, ReadsBackToTheSameRules) {
  for (const Variant& v : every_rule_set()) {
    const std::string text = variant_to_toml(v);
    const Variant back = reread(text, v.name);
    EXPECT_EQ(rules_hash(back), rules_hash(v)) << v.source << "\n" << text;
    EXPECT_EQ(back.name, v.name);
    EXPECT_EQ(back.description, v.description);
    EXPECT_TRUE(back.extends.empty());
    EXPECT_EQ(variant_to_toml(back), text) << v.name;  // the same rules, the same text
  }
}

TEST(VariantToml, TheStandardRulesReadAsTheReferenceFile) {
  const Variant reference = load_variant_file(fs::path(JUNGLE_SOURCE_DIR) / "data/reference/rules/standard.toml");
  const Variant written = reread(variant_to_toml(Variant()), "standard");
  EXPECT_EQ(rules_hash(written), rules_hash(reference));
}

// One change to each setting that rule_settings lists (so a setting added there and forgotten
// here fails the test): the written text and the rules hash must both see it, that setting's
// value and no other must differ, and the text must read back to the same rules.
TEST(VariantToml, EveryRuleChangesTheTextAndTheHash) {
  const std::map<std::string, std::function<void(Variant&)>> changes = {
      {"board.start", [](Variant& v) { v.start = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1PR1/1C3D1/T5L w"; }},
      {"board.terrain", [](Variant& v) { v.terrain[make_square(0, 4)] = WATER; }},
      {"captures.elephant_captures_rat", [](Variant& v) { v.elephant_captures_rat = true; }},
      {"captures.rat_captures_elephant", [](Variant& v) { v.rat_captures_elephant = false; }},
      {"den.enterable_by", [](Variant& v) { v.den_enterable = kind_bit(RAT); }},
      {"end.capture_all", [](Variant& v) { v.end.capture_all = CaptureAllResult::None; }},
      {"end.max_plies", [](Variant& v) { v.end.max_plies = 200; }},
      {"end.no_capture_plies", [](Variant& v) { v.end.no_capture_plies = 50; }},
      {"end.no_moves", [](Variant& v) { v.end.no_moves = NoMovesResult::Draw; }},
      {"end.repetition.count", [](Variant& v) { v.end.repetition_count = 4; }},
      {"end.repetition.result", [](Variant& v) { v.end.repetition_result = RepetitionResult::Loss; }},
      {"jumps.blocked_by", [](Variant& v) { v.jump_blocked_by = JumpBlocker::Enemy; }},
      {"traps.weakened_attacker", [](Variant& v) { v.weakened_attacker = WeakenedAttacker::RankZero; }},
      {"traps.weakens", [](Variant& v) { v.trap_weakens = TrapWeakens::Everyone; }},
      {"water.land_to_water", [](Variant& v) { v.land_to_water = true; }},
      {"water.swimmers", [](Variant& v) { v.swimmers |= kind_bit(DOG); }},
      {"water.water_to_land", [](Variant& v) { v.water_to_land = kind_bit(RAT); }},
  };
  auto settings = [](const Variant& v) {
    std::map<std::string, std::string> out;
    for (const RuleSetting& s : rule_settings(v)) out[s.table + "." + s.key] = s.value;
    return out;
  };
  const Variant standard;
  const std::map<std::string, std::string> before = settings(standard);
  const std::string standard_text = variant_to_toml(standard);
  for (const auto& [key, value] : before) {
    SCOPED_TRACE(key);
    Variant changed;
    const std::string table = key.substr(0, key.find('.'));
    const std::string name = key.substr(key.find('.') + 1);
    if (table == "ranks") {
      changed.rank[kind_named(name)] = 9;
    } else if (table == "jumps" && name != "blocked_by") {
      const Kind k = kind_named(name);
      changed.jump_axes[k] = changed.jump_axes[k] ? 0 : AXIS_VERTICAL;
    } else {
      const auto change = changes.find(key);
      ASSERT_NE(change, changes.end()) << "no change of " << key << " to test it with";
      change->second(changed);
    }
    changed.conclude();
    const std::map<std::string, std::string> after = settings(changed);
    for (const auto& [other, other_value] : before)
      if (other == key) EXPECT_NE(after.at(other), other_value);
      else EXPECT_EQ(after.at(other), other_value) << other;
    EXPECT_NE(variant_to_toml(changed), standard_text);
    EXPECT_NE(rules_hash(changed), rules_hash(standard));
    EXPECT_EQ(rules_hash(reread(variant_to_toml(changed), "changed")), rules_hash(changed));
  }
}

// Issue 42: a variant whose lion and tiger do not jump wrote no jumps key for them, so that a
// diff from its side saw no difference and one from standard's side a blank. Every rule set has
// the same keys, and a kind that does not jump has the empty list.
TEST(VariantToml, EveryRuleSetHasTheSameKeys) {
  auto keys = [](const Variant& v) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const RuleSetting& s : rule_settings(v)) out.push_back({s.table, s.key});
    return out;
  };
  Variant no_jumps;
  no_jumps.jump_axes[LION] = no_jumps.jump_axes[TIGER] = 0;
  no_jumps.conclude();
  std::vector<Variant> all = every_rule_set();
  all.push_back(no_jumps);
  for (const Variant& v : all) EXPECT_EQ(keys(v), keys(Variant())) << v.name;

  std::map<std::string, std::string> jumps, standard;
  for (const RuleSetting& s : rule_settings(no_jumps))
    if (s.table == "jumps") jumps[s.key] = s.value;
  for (const RuleSetting& s : rule_settings(Variant()))
    if (s.table == "jumps") standard[s.key] = s.value;
  for (const char* kind : {"rat", "cat", "dog", "wolf", "leopard", "tiger", "lion", "elephant"})
    EXPECT_EQ(jumps[kind], "[]") << kind;
  EXPECT_EQ(standard["lion"], "[ 'vertical', 'horizontal' ]");
  EXPECT_EQ(standard["cat"], "[]");
}
