// Two-level factorial designs for `jungle compare BASE A.toml B.toml ... --factorial` (issue 54):
// each factor is one variant file's rule differences from the base, off (the base's rules) or on;
// a cell is the base with the differences of the factors that are on.
//
// The design is the full 2^k for k <= 4 factors. For 5 <= k <= 8 it is the smallest regular
// fraction of resolution V or more, where no main effect or two-factor interaction is aliased
// with another one (the standard tables: Montgomery, "Design and Analysis of Experiments",
// table of 2^(k-p) designs; NIST/SEMATECH e-Handbook 5.3.3.4.7; Minitab's design generators):
//   k = 5  2^(5-1)  16 cells  E = ABCD          I = ABCDE                     resolution V
//   k = 6  2^(6-1)  32 cells  F = ABCDE         I = ABCDEF                    resolution VI
//   k = 7  2^(7-1)  64 cells  G = ABCDEF        I = ABCDEFG                   resolution VII
//   k = 8  2^(8-2)  64 cells  G = ABCD, H = ABEF  I = ABCDG = ABEFH = CDEFGH  resolution V
// (there is no resolution V fraction of 16 cells for 6 factors, nor of 32 for 7 or 8). Above 8
// factors the design is refused.
//
// Factors are lettered A, B, C, ... in the order given. A word is a set of factors, kept as a
// bit mask (bit j: factor j); the product of the ±1 columns of its factors is its column. The
// cells are in standard (Yates) order over the first k - p factors, the first changing fastest;
// a generated factor's level is the product of its generator's levels.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace jungle::stats {

inline constexpr std::size_t MAX_FACTORIAL_FACTORS = 8;
inline constexpr std::size_t MAX_FULL_FACTORIAL_FACTORS = 6;  // 64 cells

using FactorWord = std::uint32_t;  // bit j: factor j (letter 'A' + j)

// "ABCD" for the word of factors 0..3; "I" for the empty word.
std::string word_letters(FactorWord word);

struct FactorialCell {
  FactorWord on = 0;                    // the factors that are on
  std::vector<std::string> factors_on;  // their names, in the factors' order
  // What the cell's games are recorded under (GameRecord::variant): the factors on joined by
  // "+", "base" for the cell with none. The caller may rename cells before analysing games.
  std::string name;
  // +1 when factor j is on, -1 when it is off.
  int level(std::size_t factor) const { return (on >> factor & 1U) != 0 ? 1 : -1; }
};

// The ±1 column of a word at a cell: the product of its factors' levels.
int contrast(FactorWord word, const FactorialCell& cell);

// A main effect (one factor) or a two-factor interaction.
struct FactorialTerm {
  FactorWord word = 0;
  std::string name;  // the factors' names joined by " × "
  // The words of at most three factors whose columns equal this term's over the design's cells
  // (the term times each word of the defining relation), in increasing order of the bit mask.
  // Empty in a full factorial, and of length 3 at least in resolution V (a two-factor
  // interaction with three-factor ones): never another main effect or two-factor interaction.
  std::vector<FactorWord> aliases;
};

struct FactorialGenerator {
  std::size_t factor = 0;  // the generated factor
  FactorWord from = 0;     // the base factors whose product it is
};

struct FactorialDesign {
  std::vector<std::string> factors;  // the names, in the order given; factor j has letter 'A' + j
  std::size_t fraction = 0;          // p: the design has 2^(k-p) cells
  std::vector<FactorialGenerator> generators;
  // The defining relation's words (without I): every product of generator words, a generator
  // word being its factor with the factors it is made from. Empty for a full factorial.
  std::vector<FactorWord> defining_words;
  int resolution = 0;  // the shortest defining word's length; 0 for a full factorial
  std::vector<FactorialCell> cells;  // 2^(k-p), in standard order
  std::vector<FactorialTerm> terms;  // the k main effects, then the k(k-1)/2 interactions AB, AC, ..., BC, ...
};

// The design for the factors named; `full`: every combination whatever k (the full 2^k, for up
// to MAX_FULL_FACTORIAL_FACTORS). Throws std::invalid_argument for no factor, more than
// MAX_FACTORIAL_FACTORS (or MAX_FULL_FACTORIAL_FACTORS, full), or a name given twice.
FactorialDesign make_factorial_design(std::vector<std::string> factor_names, bool full = false);

// Every one of the 2^k combinations of levels (the cells of the full factorial), in standard
// order, named as make_factorial_design names cells: a fraction predicts those it did not play.
std::vector<FactorialCell> all_combinations(const std::vector<std::string>& factor_names);

// A word in the factors' names, joined by " × "; "I" for the empty word.
std::string word_names(const FactorialDesign& design, FactorWord word);

// "E = ABCD (e = a × b × c × d)" with the factors' names.
std::string generator_text(const FactorialDesign& design, const FactorialGenerator& generator);

// The design in a few lines, for a report: its kind and cells, the letters, the generators,
// the defining relation and the aliases of every main effect and two-factor interaction.
std::string describe_design(const FactorialDesign& design);

}  // namespace jungle::stats
