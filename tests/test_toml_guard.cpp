// The check before TOML++ parses a variant file: the inputs that trip TOML++ 3.3.0 are refused at
// their place, and valid TOML with non-ASCII in strings and comments still passes and loads.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "engine/toml_guard.h"
#include "engine/variant_loader.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

// "LINE:COLUMN: message" of the hazard, or "none".
std::string hazard_at(std::string_view text) {
  auto hazard = find_toml_hazard(text);
  if (!hazard) return "none";
  return std::to_string(hazard->line) + ":" + std::to_string(hazard->column) + ": " + hazard->message;
}

// The location alone, for the tests that care only where.
std::string where(std::string_view text) {
  auto hazard = find_toml_hazard(text);
  return hazard ? std::to_string(hazard->line) + ":" + std::to_string(hazard->column) : "none";
}

TEST(TomlGuard, UnreachableInTheWhitespaceTableAtTheStart) {
  EXPECT_EQ(hazard_at("\xEF\xBB\xB7"),
            "1:1: non-ASCII character U+FEF7 outside a string or comment, where TOML allows none");
}

TEST(TomlGuard, UnreachableInTheWhitespaceTableAfterAValue) {
  EXPECT_EQ(hazard_at("name = \"x\"\xEF\xB9\x90"),
            "1:11: non-ASCII character U+FE50 outside a string or comment, where TOML allows none");
  EXPECT_EQ(where("name = \"x\"\n\n  k\xC3\xA9 = 1\n"), "3:4");
}

TEST(TomlGuard, AssertionOnATableHeaderWithoutAName) {
  EXPECT_EQ(hazard_at("[("), "1:2: expected a table name after '[', saw '('");
  EXPECT_EQ(hazard_at("name = \"x\"\n[[ #"), "2:4: expected a table name after '[', saw '#'");
  EXPECT_EQ(hazard_at("[\n"), "1:2: expected a table name after '[', saw the end of the line");
  EXPECT_EQ(where("[ [ ["), "1:5");
}

TEST(TomlGuard, BackslashesInMultiLineStrings) {
  // After a line-ending backslash TOML++ asks the whitespace table about the next line's first
  // character: valid TOML, but refused, with the escape to write instead.
  EXPECT_EQ(hazard_at("a = \"\"\"x\\\n   \xC3\xA9\"\"\"\n"),
            "2:4: non-ASCII character U+00E9 first after a line-ending backslash, which TOML++ 3.3.0 misreads; "
            "write it as \\u00E9");
  EXPECT_EQ(where("a = \"\"\"\\\xEF\xBB\xB7\"\"\""), "1:9");
  EXPECT_EQ(where("a = \"\"\"\\  \xEF\xBB\xB7\n\"\"\""), "1:11");
  EXPECT_EQ(where("a = \"\\\xF0\x9F\x90\x80\""), "1:7");
  // In a literal string a backslash is a backslash.
  EXPECT_EQ(where("a = '''\\\n\xC3\xA9'''"), "none");
}

// Found by fuzzing the parser behind the check. TOML++ reads a bare word up to whitespace or a
// delimiter, asking the whitespace table about each character, so a quote, '[' or '=' inside one
// starts nothing.
TEST(TomlGuard, QuotesInsideABareWordOpenNoString) {
  EXPECT_EQ(where("name = +\"-\xD0\x8C\""), "1:11");
  EXPECT_EQ(where("terrain =0[\"d\xCF\xA8\"]"), "1:14");
  EXPECT_EQ(where("n=-='\xEF\xB7\xBD'"), "1:6");
  EXPECT_EQ(where("a = 1.\"\xC3\xA9\""), "1:8");
}

TEST(TomlGuard, ValueParserAssumptions) {
  EXPECT_EQ(hazard_at("n=[}"), "1:4: expected a value or ']' in the array, saw '}'");
  EXPECT_EQ(where("n = [1,\n  }"), "2:3");
  EXPECT_EQ(hazard_at("a = 1979-05-27 0\n"),
            "1:16: a date and a space must be followed by a time (HH:MM:SS), not by one digit");
  EXPECT_EQ(where("a = [1979-05-2_7 1]"), "1:18");
  EXPECT_EQ(where("a = 1979-05-27 0"), "none");  // at the end of the text TOML++ stops by itself
  EXPECT_EQ(where("a = 1979-05-27 07:32:00Z\nb = 1979-05-27T07:32:00\nc = 1979-05-27\n"), "none");
}

TEST(TomlGuard, InvalidUtf8) {
  EXPECT_EQ(hazard_at("a = \"\xC3\""), "1:6: invalid UTF-8: the sequence starting with byte 0xC3 is not a character");
  EXPECT_EQ(where("# \xC0\x80"), "1:3");          // overlong
  EXPECT_EQ(where("a = '\xED\xA0\x80'"), "1:6");  // a surrogate
  EXPECT_EQ(where("a = '\xF4\x90\x80\x80'"), "1:6");  // past U+10FFFF
  EXPECT_EQ(where("a = 1 # \x80"), "1:9");
  EXPECT_EQ(where("a = 'x\xE2\x82"), "1:7");  // cut off at the end
}

TEST(TomlGuard, ValidTomlWithNonAsciiInStringsAndComments) {
  const std::string text =
      "\xEF\xBB\xBF# Dou Shou Qi, \xE6\x96\x97\xE5\x85\xBD\xE6\xA3\x8B \xEF\xBB\xB7\n"
      "name = \"x\"  # \xEF\xB9\x90\n"
      "description = \"\xC3\xA9l\xC3\xA9phant \\u00E9 \\\" \xEF\xBB\xB7\"\n"
      "'k\xC3\xA9y' = '\xEF\xB9\x90'\n"
      "\"q\xC3\xA9\".r = 1\n"
      "ml = \"\"\"\n\xC3\xA9\n  x\\\n  y \xEF\xBB\xB7 \"\"\xC3\xA9\"\"\"\"\n"
      "lit = '''\n\xEF\xBB\xB7 ''\xC3\xA9'''''\n"
      "a = [\n"
      "  [1, 2],  # \xC3\xBC [(\n"
      "  [\"\xC3\xA9\"], { k = \"]\xEF\xBB\xB7\" },\n"
      "]\n"
      "[t]\n"
      "[[u]]  # \xC3\xA9\n"
      "[ \"\xC3\xA9\" . v ]\n"
      "w = { a.\"\xC3\xA9\" = 1, b = [\"\xC3\xA9\", { c = '\xC3\xA9' }], d = -1.5e3 }\n";
  EXPECT_EQ(hazard_at(text), "none");
  EXPECT_EQ(hazard_at(""), "none");
}

// Through the loader: the error is the usual one line, and a good file still loads.
class GuardedLoad : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("jungle-toml-guard-" + std::to_string(getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path write(const std::string& text) {
    fs::path file = dir_ / "variant.toml";
    std::ofstream(file, std::ios::binary) << text;
    return file;
  }

  fs::path dir_;
};

TEST_F(GuardedLoad, RefusedWithFileLineAndColumn) {
  fs::path file = write("name = \"x\"\xEF\xB9\x90");
  try {
    load_variant_file(file);
    FAIL() << "loaded";
  } catch (const VariantError& e) {
    EXPECT_EQ(e.file, file.string());
    EXPECT_EQ(e.line, 1);
    EXPECT_EQ(e.column, 11);
    EXPECT_EQ(std::string(e.what()), file.string() +
                                         ":1:11: non-ASCII character U+FE50 outside a string or comment, where "
                                         "TOML allows none");
  }
  file = write("name = \"x\"\n[(");
  try {
    load_variant_file(file);
    FAIL() << "loaded";
  } catch (const VariantError& e) {
    EXPECT_EQ(std::string(e.what()), file.string() + ":2:2: expected a table name after '[', saw '('");
  }
}

TEST_F(GuardedLoad, NonAsciiInStringsAndCommentsLoads) {
  Variant v = load_variant_file(write("# \xC3\xA9l\xC3\xA9phant \xEF\xBB\xB7\n"
                                      "name = \"x\"  # \xEF\xB9\x90\n"
                                      "description = \"\"\"Dou Shou Qi, \xE6\x96\x97\xE5\x85\xBD\xE6\xA3\x8B\"\"\"\n"));
  EXPECT_EQ(v.name, "x");
  EXPECT_EQ(v.description, "Dou Shou Qi, \xE6\x96\x97\xE5\x85\xBD\xE6\xA3\x8B");
}

}  // namespace
