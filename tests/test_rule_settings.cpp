// The table of rule settings (engine/rule_settings.h) and what is derived from it: the rules
// hash of every shipped rule file is the one results folders already carry, docs/variants.md's
// schema table is the table's, and the plain mailbox generator reads every rule of the moves.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "engine/rule_settings.h"
#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "engine/variant_toml.h"
#include "tests/mailbox.h"
#include "tests/random_positions.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

const fs::path SOURCE = JUNGLE_SOURCE_DIR;

// --- docs/variants.md's schema table, as the table gives it -------------------------------

// A value as `jungle rules` writes it (TOML++: 'single quotes', "[ a, b ]"), as the docs write
// TOML: "double quotes", "[a, b]". No value holds a quote or a bracket of its own.
std::string as_docs_write_it(std::string written) {
  std::string out;
  for (std::size_t i = 0; i < written.size(); ++i) {
    if (written.compare(i, 2, "[ ") == 0) {
      out += '[';
      ++i;
    } else if (written.compare(i, 2, " ]") == 0) {
      out += ']';
      ++i;
    } else {
      out += written[i] == '\'' ? '"' : written[i];
    }
  }
  return "`" + out + "`";
}

std::string grammar_text(const RuleGrammar& grammar) {
  switch (grammar.form) {
    case RuleGrammar::Boolean: return "`true` or `false`";
    case RuleGrammar::Integer: return integer_requirement(grammar.min);
    case RuleGrammar::Choice: {
      std::string text;
      for (std::size_t i = 0; i < grammar.choices.size(); ++i) {
        if (i) text += i + 1 == grammar.choices.size() ? " or " : ", ";
        text.append("`\"").append(grammar.choices[i].first).append("\"`");
      }
      return text;
    }
    case RuleGrammar::Kinds: return "an array of kind names";
    case RuleGrammar::KindsOrAll: return "`\"all\"` or an array of kind names";
    case RuleGrammar::Axes: return "an array of axes, `\"vertical\"` and `\"horizontal\"`";
    case RuleGrammar::Terrain: return "9 strings of 7 characters";
    case RuleGrammar::Position: return "a position";
  }
  return "?";
}

// The standard rules' value of a setting; of a setting per kind, each kind's, the most common
// value (when kinds share it) last as the others'.
std::string default_text(const RuleSpec& spec, const std::map<std::string, std::string>& standard) {
  const std::string table(spec.table);
  if (!spec.per_kind()) return as_docs_write_it(standard.at(table + "." + std::string(spec.key)));
  std::map<std::string, int> count;
  for (const char* kind : KIND_NAMES) ++count[standard.at(table + "." + kind)];
  std::string common;
  for (const auto& [value, n] : count)
    if (n > 1 && (common.empty() || n > count[common])) common = value;
  std::string text;
  for (const char* kind : KIND_NAMES) {
    const std::string& value = standard.at(table + "." + kind);
    if (value == common) continue;
    text.append(text.empty() ? "" : ", ").append(kind).append(" ").append(as_docs_write_it(value));
  }
  if (!common.empty()) text.append(", others ").append(as_docs_write_it(common));
  return text;
}

const std::string TABLE_BEGIN = "<!-- rule settings: generated from engine/rule_settings.cpp by the test RuleTable.DocsHaveItsSchemaTable -->\n";
const std::string TABLE_END = "<!-- end of rule settings -->\n";

std::string docs_table() {
  std::map<std::string, std::string> standard;
  for (const RuleSetting& s : rule_settings(Variant())) standard[s.table + "." + s.key] = s.value;
  std::ostringstream out;
  // Blank lines around it: Markdown reads a table that touches an HTML comment as HTML.
  out << "\n| key | value | meaning | default (the standard rules) |\n|---|---|---|---|\n";
  for (const RuleSpec& spec : rule_table()) {
    const std::string key = spec.per_kind() ? "<kind>" : std::string(spec.key);
    out << "| `[" << spec.table << "] " << key << "` | " << grammar_text(spec.grammar) << " | " << spec.doc << " | "
        << default_text(spec, standard) << " |\n";
  }
  out << "\n";
  return out.str();
}

std::string read_file(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

// The rules hash keys results folders (run.json), weights files (variants/*.weights.toml) and
// the tablebase cache on users' disks, so it must not move when the code that makes it does.
// These values were given by the code before the table of settings (commit dbdf28a), and those
// of the bundled variants are the ones their weights files have carried since they were tuned.
TEST(RulesHash, EveryShippedRuleFileKeepsItsHash) {
  const std::map<std::string, std::string> expected = {
      {"variants/jungla.toml", "387b770b72bb699b"},
      {"variants/ludii.toml", "c7aac47b60d6ddaf"},
      {"variants/online.toml", "361ece5bef97ecab"},
      {"variants/selva.toml", "a746b65b44ee4ca3"},
      {"variants/standard.toml", "387b770b72bb699b"},
      {"variants/van-rijn-vis.toml", "84fd51cb00312c73"},
      {"variants/viidakko.toml", "995682f35f6c26a0"},
      {"data/examples/elephant-spares-rat.toml", "181007e4ec7e847f"},  // new since: pinned as first made
      {"data/examples/max-plies-301.toml", "f01df6d8670b68c6"},  // new since: pinned as first made
      {"data/examples/my-rules.toml", "855d8b7711cce64d"},
      {"data/examples/same-as-standard.toml", "387b770b72bb699b"},
      {"data/reference/rules/any-trap.toml", "36044276101c02d9"},
      {"data/reference/rules/elephant-takes-rat.toml", "8ab053f9ed0500ba"},
      {"data/reference/rules/jumpers.toml", "2c1d3dc051e8b67a"},
      {"data/reference/rules/one-river.toml", "ed53789c9413e81b"},
      {"data/reference/rules/standard.toml", "387b770b72bb699b"},
      {"data/reference/rules/swimmers.toml", "ad4e5e4f2519113a"},
      {"data/reference/rules/water-edge.toml", "90b85e815067b486"},
  };
  std::set<std::string> shipped;
  for (const char* folder : {"variants", "data/examples", "data/reference/rules"})
    for (const auto& entry : fs::directory_iterator(SOURCE / folder))
      if (entry.path().extension() == ".toml" && !entry.path().string().ends_with(".weights.toml"))
        shipped.insert(fs::relative(entry.path(), SOURCE).string());
  std::set<std::string> pinned;
  for (const auto& [file, hash] : expected) pinned.insert(file);
  EXPECT_EQ(shipped, pinned) << "a rule file shipped without its hash pinned here, or pinned and gone";
  for (const auto& [file, hash] : expected) EXPECT_EQ(rules_hash(load_variant_file(SOURCE / file)), hash) << file;
  EXPECT_EQ(rules_hash(Variant()), "387b770b72bb699b");
}

// Each setting's hashed text begins with a prefix of its own, so that no two rule sets' texts
// run together the same way; a file and its table name each key once.
TEST(RuleTable, PrefixesAndKeysAreEachSettingsOwn) {
  std::set<std::string_view> prefixes;
  for (const RuleSpec& spec : rule_table()) {
    if (!spec.hash_prefix.empty()) {
      EXPECT_TRUE(prefixes.insert(spec.hash_prefix).second) << spec.hash_prefix;
    }
  }
  std::set<std::string> paths;
  for (const RuleKey& key : rule_keys()) EXPECT_TRUE(paths.insert(key.path()).second) << key.path();
  for (const RuleSpec& spec : rule_table()) {
    if (spec.grammar.form == RuleGrammar::Choice) {
      EXPECT_GE(spec.grammar.choices.size(), 2u) << spec.key;
    }
  }
}

// A setting added after the hash was first fixed enters it only away from the standard rules;
// the standard rules' hash text has none of them.
TEST(RuleTable, SettingsHashedUnlessStandardLeaveTheStandardHashAlone) {
  for (const RuleKey& key : rule_keys()) {
    if (key.spec->hash_when != HashWhen::UnlessStandard) continue;
    SCOPED_TRACE(key.path());
    Variant changed = randpos::with_another_value(Variant(), key);
    EXPECT_NE(rules_hash(changed), rules_hash(Variant()));
    key.set(changed, key.get(Variant()));
    changed.conclude();
    EXPECT_EQ(rules_hash(changed), "387b770b72bb699b");
  }
}

// docs/variants.md's schema table is the table's: every setting a row, its default the standard
// rules'. JUNGLE_UPDATE_DOCS=1 rewrites it.
TEST(RuleTable, DocsHaveItsSchemaTable) {
  const fs::path docs = SOURCE / "docs/variants.md";
  const std::string text = read_file(docs);
  const std::size_t begin = text.find(TABLE_BEGIN), end = text.find(TABLE_END);
  ASSERT_NE(begin, std::string::npos) << docs << " lacks the line " << TABLE_BEGIN;
  ASSERT_NE(end, std::string::npos) << docs << " lacks the line " << TABLE_END;
  const std::string shown = text.substr(begin + TABLE_BEGIN.size(), end - begin - TABLE_BEGIN.size());
  const std::string expected = docs_table();
  if (shown != expected && std::getenv("JUNGLE_UPDATE_DOCS")) {
    std::ofstream(docs) << text.substr(0, begin + TABLE_BEGIN.size()) << expected << text.substr(end);
    return;
  }
  // Said row by row: a new setting's missing row, or a row whose default or words disagree.
  auto rows = [](const std::string& table) {
    std::set<std::string> out;
    std::istringstream in(table);
    for (std::string line; std::getline(in, line);) out.insert(line);
    return out;
  };
  const std::set<std::string> docs_rows = rows(shown), table_rows = rows(expected);
  for (const std::string& row : table_rows)
    EXPECT_TRUE(docs_rows.contains(row)) << "docs/variants.md lacks the row\n" << row;
  for (const std::string& row : docs_rows)
    EXPECT_TRUE(table_rows.contains(row)) << "docs/variants.md has a row the table of settings does not give\n" << row;
  EXPECT_TRUE(shown == expected) << "docs/variants.md's schema table differs from the table of rule settings (in "
                                    "the rows above, or in their order); JUNGLE_UPDATE_DOCS=1 with this test rewrites it";
}

// The plain generator of tests/mailbox.cpp copies the rules it plays by from Variant by hand: a
// rule of the moves it does not copy would be a rule the differential tests never check.
TEST(RuleTable, TheMailboxGeneratorReadsEveryRuleOfTheMoves) {
  const Variant standard;
  const mailbox::Rules before = mailbox::Rules::from_variant(standard);
  int checked = 0;
  for (const RuleKey& key : rule_keys()) {
    if (!key.spec->affects_moves()) continue;
    ++checked;
    EXPECT_FALSE(mailbox::Rules::from_variant(randpos::with_another_value(standard, key)) == before)
        << key.path() << ": mailbox::Rules::from_variant (tests/mailbox.cpp) does not copy it, so the differential "
        << "tests cannot check the move generator's reading of it";
  }
  EXPECT_GE(checked, 26);  // when written: the terrain, 8 ranks, 9 keys of [jumps], 8 others
}
