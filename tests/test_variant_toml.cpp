// Variants written back as files: reading the text gives the same rules, for every bundled
// variant and every reference rule set, and the text of the standard rules reads as the
// reference file that writes every key out by hand.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "engine/variant_loader.h"
#include "engine/variant_toml.h"
#include "match/tournament.h"

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

TEST(VariantToml, EveryRuleChangesTheText) {
  // A rule the writer forgot would leave the text unchanged when only that rule changes.
  const std::string standard = variant_to_toml(Variant());
  std::vector<Variant> changed(12);
  changed[0].rank[DOG] = 9;
  changed[1].rat_captures_elephant = false;
  changed[2].elephant_captures_rat = true;
  changed[3].swimmers |= kind_bit(DOG);
  changed[4].water_to_land = kind_bit(RAT);
  changed[5].land_to_water = true;
  changed[6].jump_axes[LION] = AXIS_VERTICAL;
  changed[7].jump_blocked_by = JumpBlocker::Enemy;
  changed[8].trap_weakens = TrapWeakens::Everyone;
  changed[9].den_enterable = kind_bit(RAT);
  changed[10].end.max_plies = 200;
  changed[11].end.repetition_result = RepetitionResult::Loss;
  for (std::size_t i = 0; i < changed.size(); ++i) {
    changed[i].conclude();
    EXPECT_NE(variant_to_toml(changed[i]), standard) << "change " << i;
    EXPECT_EQ(rules_hash(reread(variant_to_toml(changed[i]), "changed")), rules_hash(changed[i])) << "change " << i;
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
