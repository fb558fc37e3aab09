// Variants written back as files: reading the text gives the same rules, for every bundled
// variant and every reference rule set, and the text of the standard rules reads as the
// reference file that writes every key out by hand.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "engine/variant_loader.h"
#include "engine/variant_toml.h"
#include "engine/rule_settings.h"
#include "engine/rules_hash.h"
#include "match/tournament.h"
#include "tests/random_positions.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

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

// One change to each key of the table of rule settings (rule_keys(), so that a setting added
// there is tested here too), from the standard rules: the written text and the rules hash must
// both see it, that key's written value and no other must differ, and the text must read back
// to the same rules.
TEST(VariantToml, EveryRuleChangesTheTextAndTheHash) {
  auto settings = [](const Variant& v) {
    std::map<std::string, std::string> out;
    for (const RuleSetting& s : rule_settings(v)) out[s.table + "." + s.key] = s.value;
    return out;
  };
  const Variant standard;
  const std::map<std::string, std::string> before = settings(standard);
  const std::string standard_text = variant_to_toml(standard);
  ASSERT_EQ(before.size(), rule_keys().size()) << "a key written that the table lacks, or the other way";
  for (const RuleKey& key : rule_keys()) {
    SCOPED_TRACE(key.path());
    const Variant changed = randpos::with_another_value(standard, key);
    ASSERT_NE(key.get(changed), key.get(standard));
    const std::map<std::string, std::string> after = settings(changed);
    ASSERT_EQ(after.size(), before.size());
    for (const auto& [other, other_value] : before)
      if (other == key.path()) EXPECT_NE(after.at(other), other_value);
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
