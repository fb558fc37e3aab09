// stats/factorial_design.h against the standard tables of 2^(k-p) designs and against properties
// checked column by column, independently of how the design was built.
#include <gtest/gtest.h>

#include <bit>
#include <set>
#include <string>
#include <vector>

#include "stats/factorial_design.h"

using namespace jungle::stats;

namespace {

std::vector<std::string> names(std::size_t k) {
  std::vector<std::string> n;
  for (std::size_t j = 0; j < k; ++j) n.push_back(std::string(1, 'f').append(std::to_string(j)));
  return n;
}

// The ±1 column of a word over the design's cells, each factor's level read from the cell.
std::vector<int> column(const FactorialDesign& d, FactorWord word) {
  std::vector<int> col;
  for (const FactorialCell& cell : d.cells) {
    int x = 1;
    for (std::size_t j = 0; j < d.factors.size(); ++j)
      if ((word >> j & 1U) != 0) x *= cell.level(j);
    col.push_back(x);
  }
  return col;
}

int dot(const std::vector<int>& a, const std::vector<int>& b) {
  int s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

}  // namespace

TEST(FactorialDesign, CellCountsAreTheStandardTables) {
  const std::size_t expected[] = {2, 4, 8, 16, 16, 32, 64, 64};
  const int resolution[] = {0, 0, 0, 0, 5, 6, 7, 5};
  for (std::size_t k = 1; k <= 8; ++k) {
    const FactorialDesign d = make_factorial_design(names(k));
    EXPECT_EQ(d.cells.size(), expected[k - 1]) << k;
    EXPECT_EQ(d.resolution, resolution[k - 1]) << k;
    EXPECT_EQ(d.terms.size(), k + k * (k - 1) / 2) << k;
    // Every cell is a different combination of levels.
    std::set<FactorWord> distinct;
    for (const FactorialCell& c : d.cells) distinct.insert(c.on);
    EXPECT_EQ(distinct.size(), d.cells.size()) << k;
  }
}

// The generators of Montgomery's table (and Minitab's): E = ABCD; F = ABCDE; G = ABCDEF;
// G = ABCD, H = ABEF, whose defining relation is I = ABCDG = ABEFH = CDEFGH.
TEST(FactorialDesign, GeneratorsAndDefiningRelations) {
  const FactorialDesign five = make_factorial_design(names(5));
  ASSERT_EQ(five.generators.size(), 1u);
  EXPECT_EQ(word_letters(FactorWord{1} << five.generators[0].factor), "E");
  EXPECT_EQ(word_letters(five.generators[0].from), "ABCD");
  EXPECT_EQ(five.defining_words, std::vector<FactorWord>{0b11111});
  const FactorialDesign eight = make_factorial_design(names(8));
  ASSERT_EQ(eight.generators.size(), 2u);
  std::vector<std::string> words;
  for (FactorWord w : eight.defining_words) words.push_back(word_letters(w));
  EXPECT_EQ(words, (std::vector<std::string>{"ABCDG", "ABEFH", "CDEFGH"}));
  EXPECT_EQ(generator_text(eight, eight.generators[1]), "H = ABEF (f7 = f0 × f1 × f4 × f5)");
  EXPECT_TRUE(make_factorial_design(names(4)).defining_words.empty());
}

// The resolution is the length of the shortest word whose column is +1 at every cell: found
// here by trying every word, so it checks the stated resolution and the defining relation at once.
TEST(FactorialDesign, ResolutionIsTheShortestWordConstantOverTheCells) {
  for (std::size_t k = 5; k <= 8; ++k) {
    const FactorialDesign d = make_factorial_design(names(k));
    int shortest = 0;
    std::vector<FactorWord> constant;
    for (FactorWord w = 1; w < (FactorWord{1} << k); ++w) {
      const std::vector<int> col = column(d, w);
      if (dot(col, std::vector<int>(col.size(), 1)) != int(col.size())) continue;
      constant.push_back(w);
      if (shortest == 0 || std::popcount(w) < shortest) shortest = std::popcount(w);
    }
    EXPECT_EQ(shortest, d.resolution) << k;
    EXPECT_EQ(constant.size(), d.defining_words.size()) << k;
    EXPECT_GE(d.resolution, 5) << k;
  }
}

// Main effects and two-factor interactions are mutually orthogonal: every pair of their ±1
// columns has dot product 0 over the cells, and each column is balanced (as many +1 as -1).
TEST(FactorialDesign, MainEffectsAndInteractionsAreOrthogonal) {
  for (std::size_t k = 1; k <= 8; ++k) {
    const FactorialDesign d = make_factorial_design(names(k));
    const std::vector<int> ones(d.cells.size(), 1);
    for (std::size_t a = 0; a < d.terms.size(); ++a) {
      const std::vector<int> ca = column(d, d.terms[a].word);
      EXPECT_EQ(dot(ca, ones), 0) << k << " " << d.terms[a].name;
      for (std::size_t b = a + 1; b < d.terms.size(); ++b)
        EXPECT_EQ(dot(ca, column(d, d.terms[b].word)), 0) << k << " " << d.terms[a].name << ", " << d.terms[b].name;
    }
  }
}

// The aliases stated are the words of up to three factors whose columns equal the term's:
// checked by comparing columns, and none is a main effect or a two-factor interaction.
TEST(FactorialDesign, AliasesAreTheColumnsThatEqualTheTerms) {
  for (std::size_t k = 1; k <= 8; ++k) {
    const FactorialDesign d = make_factorial_design(names(k));
    for (const FactorialTerm& t : d.terms) {
      const std::vector<int> ct = column(d, t.word);
      std::vector<FactorWord> equal;
      for (FactorWord w = 1; w < (FactorWord{1} << k); ++w)
        if (w != t.word && std::popcount(w) <= 3 && column(d, w) == ct) equal.push_back(w);
      EXPECT_EQ(t.aliases, equal) << k << " " << t.name;
      for (FactorWord a : t.aliases) EXPECT_EQ(std::popcount(a), 3) << k << " " << t.name;
    }
  }
  // 2^(5-1) with I = ABCDE: AB = CDE; the main effects have no alias of three factors or fewer.
  const FactorialDesign five = make_factorial_design(names(5));
  EXPECT_TRUE(five.terms[0].aliases.empty());
  EXPECT_EQ(five.terms[5].name, "f0 × f1");
  EXPECT_EQ(five.terms[5].aliases, std::vector<FactorWord>{0b11100});
}

// Standard (Yates) order: the first factor changes fastest; E = ABCD's level is the product.
TEST(FactorialDesign, CellsInStandardOrderWithNames) {
  const FactorialDesign two = make_factorial_design({"rat", "den"});
  ASSERT_EQ(two.cells.size(), 4u);
  EXPECT_EQ(two.cells[0].name, "base");
  EXPECT_EQ(two.cells[1].name, "rat");
  EXPECT_EQ(two.cells[2].name, "den");
  EXPECT_EQ(two.cells[3].name, "rat+den");
  EXPECT_EQ(two.cells[3].factors_on, (std::vector<std::string>{"rat", "den"}));
  const FactorialDesign five = make_factorial_design(names(5));
  EXPECT_EQ(five.cells[0].on, 0b10000u);  // all of A-D off: ABCD = +1, so E is on
  EXPECT_EQ(five.cells[1].on, 0b00001u);
  EXPECT_EQ(five.cells[15].on, 0b11111u);
  EXPECT_EQ(all_combinations(names(3)).size(), 8u);
  EXPECT_EQ(all_combinations(names(3))[6].on, 0b110u);
}

TEST(FactorialDesign, RefusesNoFactorTooManyAndTwins) {
  EXPECT_THROW(make_factorial_design({}), std::invalid_argument);
  EXPECT_THROW(make_factorial_design(names(9)), std::invalid_argument);
  EXPECT_THROW(make_factorial_design({"a", "a"}), std::invalid_argument);
}

TEST(FactorialDesign, DescribesGeneratorsAndAliases) {
  const std::string five = describe_design(make_factorial_design({"a", "b", "c", "d", "e"}));
  EXPECT_NE(five.find("2^(5-1) fraction of resolution V: 16 cells"), std::string::npos) << five;
  EXPECT_NE(five.find("E = ABCD (e = a × b × c × d)"), std::string::npos) << five;
  EXPECT_NE(five.find("defining relation: I = ABCDE"), std::string::npos) << five;
  EXPECT_NE(five.find("AB = CDE"), std::string::npos) << five;
  EXPECT_NE(five.find("no main effect or two-factor interaction is aliased with another"), std::string::npos) << five;
  const std::string six = describe_design(make_factorial_design(names(6)));
  EXPECT_NE(six.find("aliases (of up to three factors): none"), std::string::npos) << six;
  EXPECT_NE(describe_design(make_factorial_design(names(2))).find("full 2^2 factorial: 4 cells"), std::string::npos);
}
