// Variant files: the reference rule files load to the expected rules, `extends` inherits key
// by key, and every kind of mistake is one "FILE:LINE:COLUMN: message" line.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>

#include "engine/position.h"
#include "engine/rule_settings.h"
#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "engine/variant_toml.h"
#include "tests/random_positions.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

const fs::path REFERENCE_RULES = fs::path(JUNGLE_SOURCE_DIR) / "data/reference/rules";

// Every rule a file can set (the table of engine/rule_settings.h); derived tables follow from
// these through conclude().
void expect_same_rules(const Variant& actual, const Variant& expected) {
  for (const RuleKey& key : rule_keys()) EXPECT_EQ(key.get(actual), key.get(expected)) << key.path();
  // A loaded variant must be concluded: spot-check derived masks.
  EXPECT_EQ(actual.water_bb, expected.water_bb);
  EXPECT_EQ(actual.den_bb[WHITE], expected.den_bb[WHITE]);
  EXPECT_EQ(actual.den_bb[BLACK], expected.den_bb[BLACK]);
  for (int k = 0; k < KIND_NB; ++k) EXPECT_EQ(actual.takes[k], expected.takes[k]) << KIND_NAMES[k];
}

Variant load_reference(const std::string& name) { return load_variant_file(REFERENCE_RULES / (name + ".toml")); }

// Sets an environment variable for one scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_) setenv(name_, old_->c_str(), 1);
    else unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// Each test writes its files into a fresh folder of its own.
class VariantFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("jungle-loader-" + std::to_string(getpid()) + "-" + info->test_suite_name() + "-" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path write(const std::string& relative, const std::string& text) {
    fs::path file = dir_ / relative;
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
    return file;
  }

  // The error loading `file` gives, which must sit at line:column (column 0: any column) and
  // mention `gist`.
  void expect_error(const fs::path& file, int line, int column, const std::string& gist,
                    const std::optional<fs::path>& reported_file = std::nullopt) {
    const std::string shown = (reported_file ? *reported_file : file).string();
    try {
      load_variant_file(file);
      ADD_FAILURE() << file << " loaded without error";
    } catch (const VariantError& e) {
      const std::string what = e.what();
      std::string location = shown + ":" + std::to_string(line) + ":";
      if (column) location += std::to_string(column) + ":";
      EXPECT_EQ(what.rfind(location, 0), 0u) << what << "\n  expected it to start with " << location;
      EXPECT_NE(what.find(gist), std::string::npos) << what << "\n  expected it to mention " << gist;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
      EXPECT_EQ(e.file, shown);
      EXPECT_EQ(e.line, line);
      if (column) {
        EXPECT_EQ(e.column, column);
      }
      EXPECT_EQ(what, e.file + ":" + std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + e.message);
    }
  }

  // One mistake check_variant_file must list: where (the file, if not the one checked) and a
  // part of its message.
  struct Mistake {
    int line, column;
    std::string gist;
    std::optional<fs::path> file = std::nullopt;
  };

  // check_variant_file(file) lists exactly `expected`, in this order.
  void expect_mistakes(const fs::path& file, const std::vector<Mistake>& expected) {
    const std::vector<VariantError> errors = check_variant_file(file);
    std::string listed;
    for (const VariantError& e : errors) listed.append(e.what()).append("\n");
    ASSERT_EQ(errors.size(), expected.size()) << listed;
    for (std::size_t i = 0; i < errors.size(); ++i) {
      const Mistake& m = expected[i];
      EXPECT_EQ(errors[i].file, (m.file ? *m.file : file).string()) << listed;
      EXPECT_EQ(errors[i].line, m.line) << listed;
      EXPECT_EQ(errors[i].column, m.column) << listed;
      EXPECT_NE(errors[i].message.find(m.gist), std::string::npos) << listed << "  expected mistake " << i
                                                                    << " to mention " << m.gist;
    }
  }

  // A file named NAME.toml with `name = NAME` and then `body`.
  fs::path variant(const std::string& name, const std::string& body) {
    return write(name + ".toml", "name = \"" + name + "\"\n" + body);
  }

  fs::path dir_;
};

// ---------------------------------------------------------------------------------------
// The reference rule files
// ---------------------------------------------------------------------------------------

TEST(ReferenceRules, StandardWritesOutTheDefaults) {
  Variant v = load_reference("standard");
  expect_same_rules(v, Variant());
  EXPECT_EQ(v.name, "standard");
  EXPECT_EQ(v.extends, "");
  EXPECT_EQ(v.source, (REFERENCE_RULES / "standard.toml").string());
  EXPECT_NE(v.description.find("Common modern rules"), std::string::npos);
}

TEST(ReferenceRules, ElephantTakesRat) {
  Variant expected;
  expected.elephant_captures_rat = true;
  expected.conclude();
  Variant v = load_reference("elephant-takes-rat");
  expect_same_rules(v, expected);
  EXPECT_EQ(v.name, "elephant-takes-rat");
  EXPECT_EQ(v.extends, "standard");
  EXPECT_NE(v.description.find("elephant may capture the rat"), std::string::npos);
}

TEST(ReferenceRules, Jumpers) {
  Variant expected;
  expected.jump_axes[TIGER] = AXIS_VERTICAL;
  expected.jump_axes[LEOPARD] = AXIS_HORIZONTAL;
  expected.jump_blocked_by = JumpBlocker::Enemy;
  expected.conclude();
  Variant v = load_reference("jumpers");
  expect_same_rules(v, expected);
  EXPECT_EQ(v.jump_axes[LION], AXIS_VERTICAL | AXIS_HORIZONTAL);  // inherited from standard
}

TEST(ReferenceRules, Swimmers) {
  Variant expected;
  expected.swimmers = kind_bit(RAT) | kind_bit(DOG);
  expected.den_enterable = kind_bit(RAT);
  expected.jump_blocked_by = JumpBlocker::None;
  expected.conclude();
  expect_same_rules(load_reference("swimmers"), expected);
}

TEST(ReferenceRules, WaterEdge) {
  Variant expected;
  expected.water_to_land = kind_bit(RAT) | kind_bit(ELEPHANT);
  expected.land_to_water = true;
  expected.conclude();
  expect_same_rules(load_reference("water-edge"), expected);
}

TEST(ReferenceRules, AnyTrap) {
  Variant expected;
  expected.rank[DOG] = 4;
  expected.rank[WOLF] = 3;
  expected.trap_weakens = TrapWeakens::Everyone;
  expected.weakened_attacker = WeakenedAttacker::RankZero;
  expected.conclude();
  expect_same_rules(load_reference("any-trap"), expected);
}

TEST(ReferenceRules, OneRiver) {
  Variant expected;
  const char* rows[RANK_NB] = {"...d...", "..ttt..", ".......", ".~~~~~.", ".~~~~~.",
                               ".......", ".......", "..TTT..", "...D..."};
  for (int i = 0; i < RANK_NB; ++i) ASSERT_TRUE(parse_terrain_row(rows[i], RANK_NB - 1 - i, expected.terrain));
  expected.conclude();
  Variant v = load_reference("one-river");
  expect_same_rules(v, expected);
  EXPECT_EQ(v.terrain[make_square(3, 0)], DEN_WHITE);
  EXPECT_EQ(v.terrain[make_square(1, 4)], WATER);
  EXPECT_EQ(v.terrain[make_square(1, 3)], LAND);  // standard water there, land here
}

TEST(ReferenceRules, EveryFileLoads) {
  int count = 0;
  for (const auto& entry : fs::directory_iterator(REFERENCE_RULES)) {
    if (entry.path().extension() != ".toml") continue;
    Variant v = load_variant(entry.path().string());
    EXPECT_EQ(v.name, entry.path().stem().string());
    ++count;
  }
  EXPECT_EQ(count, 7);
}

// Issue 42: docs/compare.md's A/A variant. A file of `extends` alone is refused for its missing
// name; data/examples/same-as-standard.toml adds the name and loads, with standard's rules.
TEST(ExampleRules, SameAsStandardLoadsWithStandardsRules) {
  const Variant v = load_variant((fs::path(JUNGLE_SOURCE_DIR) / "data/examples/same-as-standard.toml").string());
  EXPECT_EQ(v.name, "same-as-standard");
  EXPECT_EQ(rules_hash(v), rules_hash(load_variant("standard")));
  expect_same_rules(v, Variant());
}

// ---------------------------------------------------------------------------------------
// Bundled variants and names
// ---------------------------------------------------------------------------------------

TEST(BundledVariants, LoadSortedAndByName) {
  std::vector<Variant> all = bundled_variants();
  ASSERT_FALSE(all.empty());
  for (std::size_t i = 1; i < all.size(); ++i) EXPECT_LT(all[i - 1].name, all[i].name);
  bool has_standard = false;
  for (const Variant& v : all) has_standard |= v.name == "standard";
  EXPECT_TRUE(has_standard);
  expect_same_rules(load_variant("standard"), Variant());
}

TEST(BundledVariants, UnknownNameListsTheBundledOnes) {
  try {
    load_variant("no-such-variant");
    FAIL() << "loaded";
  } catch (const VariantError& e) {
    // No file was read: no place in one, only the name, and the bundled ones listed.
    EXPECT_EQ(std::string(e.what()).rfind("unknown variant \"no-such-variant\" (bundled variants: ", 0), 0u) << e.what();
    EXPECT_NE(e.message.find("standard"), std::string::npos) << e.what();
    EXPECT_FALSE(e.located());
    EXPECT_EQ(e.line, 0);
  }
  // One slip from a bundled name: that name is suggested.
  try {
    load_variant("stadnard");
    FAIL() << "loaded";
  } catch (const VariantError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("unknown variant \"stadnard\": did you mean standard? (bundled variants: ", 0), 0u)
        << e.what();
  }
}

TEST_F(VariantFiles, NameOrPathChoosesPath) {
  fs::path file = variant("mine", "[end]\nmax_plies = 12\n");
  EXPECT_EQ(load_variant(file.string()).end.max_plies, 12);
  // A ".toml" name without a folder is a path too, relative to the working directory.
  fs::path old = fs::current_path();
  fs::current_path(dir_);
  Variant v = load_variant("mine.toml");
  fs::current_path(old);
  EXPECT_EQ(v.end.max_plies, 12);
  EXPECT_EQ(v.source, "mine.toml");
}

TEST_F(VariantFiles, BundledDirComesFromTheEnvironment) {
  ScopedEnv env("JUNGLE_VARIANTS", (dir_ / "bundle").string());
  write("bundle/zeta.toml", "name = \"zeta\"\n");
  write("bundle/alpha.toml", "name = \"alpha\"\n[end]\nmax_plies = 7\n");
  EXPECT_EQ(bundled_variants_dir(), dir_ / "bundle");
  std::vector<Variant> all = bundled_variants();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].name, "alpha");
  EXPECT_EQ(all[1].name, "zeta");
  EXPECT_EQ(load_variant("alpha").end.max_plies, 7);
}

// ---------------------------------------------------------------------------------------
// Inheritance
// ---------------------------------------------------------------------------------------

TEST_F(VariantFiles, MissingKeysInheritFromTheParentKeyByKey) {
  variant("parent", R"(description = "the parent"
[ranks]
dog = 4
wolf = 3
[jumps]
tiger = ["vertical"]
[end]
max_plies = 100
repetition = { count = 5, result = "draw" }
)");
  fs::path child = variant("child", R"(extends = "parent"
[ranks]
cat = 5
[jumps]
leopard = ["horizontal"]
[end.repetition]
result = "loss"
)");
  Variant v = load_variant_file(child);
  EXPECT_EQ(v.name, "child");
  EXPECT_EQ(v.extends, "parent");
  EXPECT_EQ(v.source, child.string());
  EXPECT_EQ(v.description, "the parent");
  EXPECT_EQ(v.rank[DOG], 4);   // the parent's, not standard's 3
  EXPECT_EQ(v.rank[WOLF], 3);
  EXPECT_EQ(v.rank[CAT], 5);   // the child's own
  EXPECT_EQ(v.rank[LION], 7);  // standard, through the parent
  EXPECT_EQ(v.jump_axes[TIGER], AXIS_VERTICAL);
  EXPECT_EQ(v.jump_axes[LEOPARD], AXIS_HORIZONTAL);
  EXPECT_EQ(v.jump_axes[LION], AXIS_VERTICAL | AXIS_HORIZONTAL);
  EXPECT_EQ(v.end.max_plies, 100);
  EXPECT_EQ(v.end.repetition_count, 5);
  EXPECT_EQ(v.end.repetition_result, RepetitionResult::Loss);
  // Concluded with the merged rules: the dog (4) now takes the wolf (3).
  EXPECT_TRUE(v.takes[DOG] & kind_bit(WOLF));
  EXPECT_FALSE(v.takes[WOLF] & kind_bit(DOG));
}

TEST_F(VariantFiles, ExtendsLooksBesideTheFileBeforeTheBundledFolder) {
  ScopedEnv env("JUNGLE_VARIANTS", (dir_ / "bundle").string());
  write("bundle/base.toml", "name = \"base\"\n[end]\nmax_plies = 111\n");
  write("here/base.toml", "name = \"base\"\n[end]\nmax_plies = 222\n");
  fs::path here = write("here/child.toml", "name = \"child\"\nextends = \"base\"\n");
  fs::path elsewhere = write("elsewhere/child.toml", "name = \"child\"\nextends = \"base\"\n");
  EXPECT_EQ(load_variant_file(here).end.max_plies, 222);
  EXPECT_EQ(load_variant_file(elsewhere).end.max_plies, 111);
}

TEST_F(VariantFiles, EmptyArraysAndAllAreValid) {
  fs::path file = variant("empty", R"([water]
swimmers = []
[jumps]
lion = []
tiger = []
[den]
enterable_by = "all"
)");
  Variant v = load_variant_file(file);
  EXPECT_EQ(v.swimmers, 0);
  EXPECT_EQ(v.jump_axes[LION], 0);
  EXPECT_EQ(v.den_enterable, ALL_KINDS);
}

// ---------------------------------------------------------------------------------------
// Errors, one class at a time
// ---------------------------------------------------------------------------------------

TEST_F(VariantFiles, TomlSyntaxError) {
  expect_error(variant("syntax", "[ranks]\nrat = = 1\n"), 3, 7, "Error while parsing");
  expect_error(variant("dup", "[ranks]\nrat = 1\nrat = 2\n"), 4, 0, "rat");
}

TEST_F(VariantFiles, UnknownKeysAndTables) {
  expect_error(variant("rabbit", "[ranks]\nrat = 1\nrabbit = 3\n"), 4, 1,
               "unknown key \"rabbit\" in [ranks]; expected one of: rat, cat,");
  expect_error(variant("swimers", "[water]\nswimers = [\"rat\"]\n"), 3, 1, "unknown key \"swimers\" in [water]");
  expect_error(variant("bord", "\n[bord]\nterrain = []\n"), 3, 2, "unknown table [bord]");
  expect_error(variant("top", "colour = \"red\"\n"), 2, 1, "unknown key \"colour\"; expected one of: name,");
  expect_error(variant("nested", "[end.repetition]\ncounts = 3\n"), 3, 1, "unknown key \"counts\" in [end.repetition]");
  expect_error(variant("jumpkey", "[jumps]\nunicorn = []\n"), 3, 1, "unknown key \"unicorn\" in [jumps]");
}

TEST_F(VariantFiles, GameEndRulesForRepetitionAndLongManoeuvres) {
  const Variant v =
      load_variant_file(variant("ends", "[end]\nno_capture_plies = 80\nrepetition = { result = \"forbidden\" }\n"));
  EXPECT_EQ(v.end.no_capture_plies, 80);
  EXPECT_EQ(v.end.repetition_result, RepetitionResult::Forbidden);
  EXPECT_EQ(v.end.repetition_count, 3) << "standard's, inherited";
  expect_error(variant("negative", "[end]\nno_capture_plies = -1\n"), 3, 20,
               "end.no_capture_plies must be a non-negative integer, not -1");
  expect_error(variant("choice", "[end]\nrepetition = { result = \"sometimes\" }\n"), 3, 25,
               "unknown value \"sometimes\"; expected one of: draw, loss, none, forbidden");
}

TEST_F(VariantFiles, WrongTypes) {
  expect_error(variant("ltw", "[water]\nland_to_water = \"yes\"\n"), 3, 17,
               "water.land_to_water must be a boolean, not a string");
  expect_error(variant("plies", "[end]\nmax_plies = \"300\"\n"), 3, 13, "end.max_plies must be a non-negative integer, not a string");
  expect_error(variant("float", "[ranks]\nrat = 1.5\n"), 3, 7, "ranks.rat must be a positive integer, not a floating-point number");
  expect_error(variant("table", "ranks = 3\n"), 2, 9, "ranks must be a table, not an integer");
  expect_error(variant("kinds", "[water]\nswimmers = \"rat\"\n"), 3, 12, "water.swimmers must be an array of kind names");
  expect_error(variant("element", "[water]\nswimmers = [\"rat\", 2]\n"), 3, 20, "must list kind names as strings, not an integer");
  expect_error(variant("den", "[den]\nenterable_by = 3\n"), 3, 16, "den.enterable_by must be \"all\" or an array of kind names, not an integer");
  expect_error(variant("desc", "description = false\n"), 2, 15, "description must be a string, not a boolean");
  expect_error(variant("rep", "[end]\nrepetition = 3\n"), 3, 14, "end.repetition must be a table");
}

TEST_F(VariantFiles, ValuesOutsideTheirSet) {
  expect_error(variant("blocked", "[jumps]\nblocked_by = \"some\"\n"), 3, 14,
               "jumps.blocked_by: unknown value \"some\"; expected one of: any, enemy, none");
  expect_error(variant("unicorn", "[water]\nswimmers = [\"rat\", \"unicorn\"]\n"), 3, 20,
               "water.swimmers: unknown kind \"unicorn\"");
  expect_error(variant("diagonal", "[jumps]\nlion = [\"vertical\", \"diagonal\"]\n"), 3, 21,
               "jumps.lion: unknown axis \"diagonal\"; expected one of: vertical, horizontal");
  expect_error(variant("weakens", "[traps]\nweakens = \"all\"\n"), 3, 11, "traps.weakens: unknown value \"all\"");
  expect_error(variant("enter", "[den]\nenterable_by = \"some\"\n"), 3, 16, "den.enterable_by must be \"all\" or an array");
  expect_error(variant("twice", "[den]\nenterable_by = [\"rat\", \"rat\"]\n"), 3, 24, "\"rat\" is listed twice");
  expect_error(variant("result", "[end]\nrepetition = { result = \"win\" }\n"), 3, 25, "end.repetition.result: unknown value \"win\"");
  expect_error(variant("count", "[end]\nrepetition = { count = 1 }\n"), 3, 24, "end.repetition.count must be an integer of at least 2, not 1");
  expect_error(variant("negplies", "[end]\nmax_plies = -1\n"), 3, 13, "end.max_plies must be a non-negative integer, not -1");
}

TEST_F(VariantFiles, RanksMustBePositive) {
  expect_error(variant("zero", "[ranks]\ncat = 0\n"), 3, 7, "ranks.cat must be a positive integer, not 0");
  expect_error(variant("negative", "[ranks]\nelephant = -8\n"), 3, 12, "ranks.elephant must be a positive integer, not -8");
  expect_error(variant("huge", "[ranks]\nlion = 9999999999\n"), 3, 8, "ranks.lion must be at most 2147483647");
}

// Every key of the table of rule settings (rule_keys(), so that a setting added there is tested
// here too), written alone with a value other than the standard's, as `jungle rules` writes it:
// the file has that value and the standard's everywhere else, and a child that writes nothing
// inherits it.
TEST_F(VariantFiles, EveryKeyReadsItsValueAndIsInherited) {
  const Variant standard;
  for (const RuleKey& key : rule_keys()) {
    SCOPED_TRACE(key.path());
    const Variant changed = randpos::with_another_value(standard, key);
    std::string written;
    for (const RuleSetting& s : rule_settings(changed))
      if (s.table == key.table && s.key == key.key) written = s.value;
    ASSERT_FALSE(written.empty());
    variant("parent", "[" + key.table + "]\n" + key.key + " = " + written + "\n");
    expect_same_rules(load_variant_file(dir_ / "parent.toml"), changed);
    expect_same_rules(load_variant_file(variant("child", "extends = \"parent\"\n")), changed);
  }
}

// Every key with a value of the wrong type (a string for a boolean, else a boolean): one mistake
// at the value, naming the key's path.
TEST_F(VariantFiles, EveryKeyRefusesAValueOfTheWrongType) {
  for (const RuleKey& key : rule_keys()) {
    SCOPED_TRACE(key.path());
    const bool boolean = key.spec->grammar.form == RuleGrammar::Boolean;
    const fs::path file = variant("wrong", "[" + key.table + "]\n" + key.key + " = " + (boolean ? "\"yes\"" : "true") + "\n");
    const std::vector<VariantError> errors = check_variant_file(file);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].line, 3);
    EXPECT_EQ(errors[0].column, int(key.key.size()) + 4);
    EXPECT_EQ(errors[0].message.rfind(key.path() + " must be ", 0), 0u) << errors[0].message;
    EXPECT_TRUE(errors[0].message.ends_with(boolean ? ", not a string" : ", not a boolean")) << errors[0].message;
  }
}

TEST_F(VariantFiles, BadTerrain) {
  const std::string rows8 = R"("..tdt..", "...t...", ".......", ".~~.~~.", ".~~.~~.", ".......", "...T...", "..TDT..")";
  expect_error(variant("rows", "[board]\nterrain = [" + rows8 + "]\n"), 3, 11, "board.terrain must have 9 rows (rank 9 first), not 8");

  expect_error(variant("length", R"([board]
terrain = [
  "..tdt..",
  "...t...",
  "......",
  ".~~.~~.", ".~~.~~.", ".~~.~~.", ".......", "...T...", "..TDT.."]
)"),
               6, 3, "board.terrain row 3 (rank 7) must have 7 characters, not 6");

  // The column points at the bad character itself.
  expect_error(variant("char", R"([board]
terrain = [
  "..tdt..",
  "...t...",
  "...x...",
  ".~~.~~.", ".~~.~~.", ".~~.~~.", ".......", "...T...", "..TDT.."]
)"),
               6, 7, "board.terrain row 3 (rank 7): bad character 'x' on file d");

  expect_error(variant("notstring", "[board]\nterrain = [1, 2, 3, 4, 5, 6, 7, 8, 9]\n"), 3, 12,
               "board.terrain row 1 (rank 9) must be a string, not an integer");

  const std::string two_white_dens =
      R"("..tdt..", "...t...", ".......", ".~~.~~.", ".~~.~~.", ".~~.~~.", ".......", "...T...", "..DDT..")";
  expect_error(variant("dens", "[board]\nterrain = [" + two_white_dens + "]\n"), 3, 11,
               "board.terrain must have exactly one 'D' (the first player's den), not 2");
  const std::string no_black_den =
      R"("..t.t..", "...t...", ".......", ".~~.~~.", ".~~.~~.", ".~~.~~.", ".......", "...T...", "..TDT..")";
  expect_error(variant("noden", "[board]\nterrain = [" + no_black_den + "]\n"), 3, 11,
               "board.terrain must have exactly one 'd' (the second player's den), not 0");
}

TEST_F(VariantFiles, BadStartPosition) {
  // The white cat on b5 stands in the river.
  expect_error(variant("wet", "[board]\nstart = \"l5t/1d3c1/r1p1w1e/7/1C5/7/E1W1P1R/7/T5L w\"\n"), 3, 1,
               "bad start position: bad position");
  expect_error(variant("wet2", "[board]\nstart = \"l5t/1d3c1/r1p1w1e/7/1C5/7/E1W1P1R/7/T5L w\"\n"), 3, 1,
               "stands in water");
  expect_error(variant("garbled", "\n[board]\nstart = \"hello\"\n"), 4, 1, "bad start position");
  expect_error(variant("startint", "[board]\nstart = 5\n"), 3, 9, "board.start must be a string, not an integer");
}

TEST_F(VariantFiles, InheritedStartBrokenByTheChild) {
  variant("wetdog", R"([water]
swimmers = ["rat", "dog"]
[board]
start = "l5t/1d3c1/r1p1w1e/7/1D5/7/E1W1P1R/7/T5L w"
)");
  // The parent's start keeps its dog in the river; the child takes away its swimming.
  fs::path child = variant("drydog", "extends = \"wetdog\"\n[water]\nswimmers = [\"rat\"]\n");
  expect_error(child, 4, 1, "the inherited start position does not fit these rules");
}

TEST_F(VariantFiles, MissingOrBadName) {
  expect_error(write("noname.toml", "# no name\n[ranks]\nrat = 1\n"), 1, 1, "missing key \"name\"");
  expect_error(write("upper.toml", "name = \"Big_Name\"\n"), 1, 8,
               "name \"Big_Name\" is not a variant name: use only lower-case letters, digits and '-'");
  expect_error(write("empty.toml", "name = \"\"\n"), 1, 8, "is not a variant name");
  expect_error(write("nametype.toml", "name = 3\n"), 1, 8, "name must be a string, not an integer");
}

TEST_F(VariantFiles, MissingParent) {
  ScopedEnv env("JUNGLE_VARIANTS", (dir_ / "bundle").string());
  expect_error(variant("orphan", "description = \"x\"\nextends = \"nosuch\"\n"), 3, 1,
               "parent variant \"nosuch\" not found");
  expect_error(variant("badparent", "extends = \"../evil\"\n"), 2, 11, "extends \"../evil\" is not a variant name");
}

TEST_F(VariantFiles, ExtendsCycle) {
  fs::path a = variant("a", "extends = \"b\"\n");
  fs::path b = variant("b", "\n\nextends = \"a\"\n");
  // Loading a reaches b, whose extends closes the cycle.
  expect_error(a, 4, 1, "extends cycle: a -> b -> a", b);
  expect_error(b, 2, 1, "extends cycle: b -> a -> b", a);
  expect_error(variant("self", "extends = \"self\"\n"), 2, 1, "extends cycle: self -> self");
}

// v0 extends v1, ..., up to the last, which extends the standard rules: `files` files in all.
TEST_F(VariantFiles, AnExtendsChainIsBoundedAndNamesWhereItGoesPast) {
  auto chain = [&](const std::string& prefix, int files) {
    for (int i = 0; i < files; ++i)
      variant(prefix + std::to_string(i), "extends = \"" + (i + 1 < files ? prefix + std::to_string(i + 1) : std::string("standard")) + "\"\n");
    return dir_ / (prefix + "0.toml");
  };
  // 31 files and the bundled standard: 32, the most allowed.
  EXPECT_NO_THROW(load_variant_file(chain("ok", MAX_EXTENDS_CHAIN - 1)));
  // The 32nd file's extends would open a 33rd.
  const std::string last = (dir_ / ("long" + std::to_string(MAX_EXTENDS_CHAIN - 1) + ".toml")).string();
  expect_error(chain("long", MAX_EXTENDS_CHAIN), 2, 1, "extends chain longer than 32 files (from long0)", last);
  // The chain of the report that crashed the loader's recursion: 700 files.
  expect_error(chain("deep", 700), 2, 1, "extends chain longer than 32 files",
               (dir_ / ("deep" + std::to_string(MAX_EXTENDS_CHAIN - 1) + ".toml")).string());
}

// Nothing of the file was read: the error names the path alone, with no line or column.
TEST_F(VariantFiles, UnreadableFile) {
  auto unread = [](const fs::path& file) {
    try {
      load_variant_file(file);
    } catch (const VariantError& e) {
      EXPECT_FALSE(e.located()) << e.what();
      EXPECT_EQ(e.file, file.string());
      EXPECT_EQ(std::string(e.what()), e.message);
      return std::string(e.what());
    }
    ADD_FAILURE() << file << " loaded";
    return std::string();
  };
  EXPECT_EQ(unread(dir_ / "absent.toml"), "no such file: " + (dir_ / "absent.toml").string());
  fs::create_directories(dir_ / "folder.toml");
  EXPECT_EQ(unread(dir_ / "folder.toml"), (dir_ / "folder.toml").string() + " is a folder, not a variant file");
  // check_variant_file lists it as its one mistake.
  const std::vector<VariantError> all = check_variant_file(dir_ / "absent.toml");
  ASSERT_EQ(all.size(), 1u);
  EXPECT_FALSE(all[0].located());
}

TEST_F(VariantFiles, ParentErrorsNameTheParentFile) {
  fs::path parent = variant("broken", "\n[ranks]\nrat = 0\n");
  fs::path child = variant("kid", "extends = \"broken\"\n");
  expect_error(child, 4, 7, "ranks.rat must be a positive integer", parent);
}

TEST_F(VariantFiles, ChildSchemaErrorsComeBeforeTheParentIsRead) {
  variant("broken", "[ranks]\nrat = 0\n");
  expect_error(variant("kid", "extends = \"broken\"\n[ranks]\nrabit = 1\n"), 4, 1, "unknown key \"rabit\"");
}

// ---------------------------------------------------------------------------------------
// Every mistake at once (check_variant_file)
// ---------------------------------------------------------------------------------------

TEST_F(VariantFiles, CheckListsEveryMistakeByLineAndColumn) {
  // The file of issue 11: a bad name, an unknown key and a string where a list belongs. TOML++
  // reads keys in name order (colour, name, water); the list is in the file's order.
  fs::path file = write("bad.toml", "name = \"Bad_Name\"\ncolour = \"red\"\n[water]\nswimmers = \"rat\"\n");
  expect_mistakes(file, {{1, 8, "name \"Bad_Name\" is not a variant name"},
                         {2, 1, "unknown key \"colour\"; expected one of: name,"},
                         {4, 12, "water.swimmers must be an array of kind names, not a string"}});
  // Loading stops at the first and says how many more there are.
  expect_error(file, 1, 8, "is not a variant name");
  try {
    load_variant_file(file);
  } catch (const VariantError& e) {
    EXPECT_NE(e.message.find("(and 2 more; run jungle check " + file.string() + ")"), std::string::npos) << e.what();
  }
}

TEST_F(VariantFiles, CheckListsSeveralMistakesOnOneLine) {
  // Two keys of an inline table: "result" (column 25) is read after "count" (column 40) by name.
  expect_mistakes(variant("inline", "[end]\nrepetition = { result = \"win\", count = 1 }\n"),
                  {{3, 25, "end.repetition.result: unknown value \"win\""},
                   {3, 40, "end.repetition.count must be an integer of at least 2, not 1"}});
  // Every bad element of an array: columns 13, 31 and 38 of `swimmers = ["unicorn", "rat", "rat", 7]`.
  expect_mistakes(variant("elements", "[water]\nswimmers = [\"unicorn\", \"rat\", \"rat\", 7]\n"),
                  {{3, 13, "unknown kind \"unicorn\""},
                   {3, 31, "\"rat\" is listed twice"},
                   {3, 38, "must list kind names as strings, not an integer"}});
  // Every bad character of a terrain row, at its own column; and no "must have exactly one 'd'"
  // for the den the first mistake wiped out.
  expect_mistakes(variant("chars", R"([board]
terrain = [
  "..tXt.?",
  "...t...", ".......", ".~~.~~.", ".~~.~~.", ".~~.~~.", ".......", "...T...", "..TDT.."]
)"),
                  {{4, 7, "row 1 (rank 9): bad character 'X' on file d"},
                   {4, 10, "row 1 (rank 9): bad character '?' on file g"}});
}

TEST_F(VariantFiles, CheckGoesOnAfterEachBadKeyInEveryTable) {
  expect_mistakes(variant("many", R"(description = 1
[ranks]
rat = 0
cat = 2
dog = "3"
[jumps]
lion = ["diagonal"]
blocked_by = "some"
[traps]
weakens = "all"
[unknown]
x = 1
)"),
                  {{2, 15, "description must be a string, not an integer"},
                   {4, 7, "ranks.rat must be a positive integer, not 0"},
                   {6, 7, "ranks.dog must be a positive integer, not a string"},
                   {8, 9, "jumps.lion: unknown axis \"diagonal\""},
                   {9, 14, "jumps.blocked_by: unknown value \"some\""},
                   {11, 11, "traps.weakens: unknown value \"all\""},
                   {12, 2, "unknown table [unknown]"}});
}

TEST_F(VariantFiles, CheckListsTheParentsMistakesAfterTheChilds) {
  fs::path parent = variant("broken", "[ranks]\nrat = 0\n[jumps]\nlion = [\"diagonal\"]\n");
  fs::path child = variant("kid", "extends = \"broken\"\n[den]\nenterable_by = 3\n");
  expect_mistakes(child, {{4, 16, "den.enterable_by must be \"all\" or an array of kind names, not an integer"},
                          {3, 7, "ranks.rat must be a positive integer, not 0", parent},
                          {5, 9, "jumps.lion: unknown axis \"diagonal\"", parent}});
  // The grandchild sees both, through its clean parent.
  fs::path grandchild = variant("grandkid", "extends = \"kid\"\n");
  expect_mistakes(grandchild, {{4, 16, "den.enterable_by", child},
                               {3, 7, "ranks.rat", parent},
                               {5, 9, "jumps.lion", parent}});
}

TEST_F(VariantFiles, CheckSortsAMissingParentWithTheFilesOwnMistakes) {
  ScopedEnv env("JUNGLE_VARIANTS", (dir_ / "bundle").string());
  expect_mistakes(variant("orphan", "extends = \"nosuch\"\n[end]\nmax_plies = -1\ncolour = 1\n"),
                  {{2, 1, "parent variant \"nosuch\" not found"},
                   {4, 13, "end.max_plies must be a non-negative integer, not -1"},
                   {5, 1, "unknown key \"colour\" in [end]"}});
}

TEST_F(VariantFiles, CheckReportsNoKnockOnMistakes) {
  const std::string wet_start = "start = \"l5t/1d3c1/r1p1w1e/7/1C5/7/E1W1P1R/7/T5L w\"\n";
  // Alone, the bad start position is a mistake of the resolved rules ...
  expect_mistakes(variant("wet", "[board]\n" + wet_start), {{3, 1, "bad start position"}});
  // ... which is not checked while a key of the file is bad: the skipped key could be its cause.
  expect_mistakes(variant("wetter", "colour = 1\n[board]\n" + wet_start), {{2, 1, "unknown key \"colour\""}});
  // A bad name is not also a missing one; a bad parent name looks for no parent.
  expect_mistakes(write("nametype.toml", "name = 3\n"), {{1, 8, "name must be a string, not an integer"}});
  expect_mistakes(variant("badparent", "extends = \"Nope\"\n"), {{2, 11, "extends \"Nope\" is not a variant name"}});
  // A child's start is not checked over a parent that has mistakes of its own.
  variant("broken", "[ranks]\nrat = 0\n");
  expect_mistakes(variant("kid", "extends = \"broken\"\n[board]\n" + wet_start),
                  {{3, 7, "ranks.rat", dir_ / "broken.toml"}});
}

TEST_F(VariantFiles, CheckListsAParentsStartAfterTheChildsKeys) {
  fs::path parent = variant("wet", "[board]\nstart = \"l5t/1d3c1/r1p1w1e/7/1C5/7/E1W1P1R/7/T5L w\"\n");
  expect_mistakes(variant("kid", "extends = \"wet\"\ncolour = 1\n"),
                  {{3, 1, "unknown key \"colour\""}, {3, 1, "bad start position", parent}});
}

TEST_F(VariantFiles, CheckStopsAtATomlSyntaxError) {
  // The parser cannot go on: one mistake, though line 4 is also wrong.
  expect_mistakes(variant("syntax", "[ranks]\nrat = = 1\ncolour = 1\n"), {{3, 7, "Error while parsing"}});
}

TEST_F(VariantFiles, CheckStopsAfterAHundredMistakes) {
  // k0 ... k149 on lines 2 ... 151; by name, k10 would come before k2.
  std::string body;
  for (int i = 0; i < 150; ++i) body.append("k").append(std::to_string(i)).append(" = 1\n");
  const std::vector<VariantError> errors = check_variant_file(variant("hostile", body));
  ASSERT_EQ(errors.size(), 101u);
  for (int i = 0; i < 100; ++i) {
    EXPECT_EQ(errors[i].line, i + 2);
    EXPECT_EQ(errors[i].message.rfind("unknown key \"k" + std::to_string(i) + "\";", 0), 0u) << errors[i].what();
  }
  EXPECT_EQ(errors[100].line, 101);
  EXPECT_EQ(errors[100].message, "too many mistakes: the list stops after 100");
}

TEST_F(VariantFiles, CheckOfAGoodFileIsEmpty) {
  variant("parent", "[ranks]\ndog = 4\nwolf = 3\n");
  EXPECT_TRUE(check_variant_file(variant("child", "extends = \"parent\"\n")).empty());
  EXPECT_TRUE(check_variant_file(REFERENCE_RULES / "standard.toml").empty());
}

TEST(LoadVariantText, ThrowsTheFirstMistakeAndCountsTheRest) {
  try {
    load_variant_text("name = \"x\"\ncolour = 1\n[ranks]\nrat = 0\n", "rules.toml");
    FAIL() << "loaded";
  } catch (const VariantError& e) {
    EXPECT_EQ(std::string(e.what()), "rules.toml:2:1: unknown key \"colour\"; expected one of: name, description, "
                                     "extends, board, ranks, captures, water, jumps, traps, den, end (and 1 more)");
  }
}

}  // namespace
