#include "stats/factorial_design.h"

#include <algorithm>
#include <bit>
#include <set>
#include <sstream>
#include <stdexcept>

namespace jungle::stats {

namespace {

FactorWord letters_word(const std::string& letters) {
  FactorWord word = 0;
  for (char c : letters) word |= FactorWord{1} << (c - 'A');
  return word;
}

// The generators of the smallest regular fraction of resolution V or more (factorial_design.h's
// table), as "generated factor letter" = "letters of its product".
std::vector<std::pair<char, std::string>> standard_generators(std::size_t k) {
  switch (k) {
    case 5: return {{'E', "ABCD"}};
    case 6: return {{'F', "ABCDE"}};
    case 7: return {{'G', "ABCDEF"}};
    case 8: return {{'G', "ABCD"}, {'H', "ABEF"}};
    default: return {};
  }
}

FactorialCell cell_of(const std::vector<std::string>& names, FactorWord on) {
  FactorialCell cell;
  cell.on = on;
  for (std::size_t j = 0; j < names.size(); ++j)
    if ((on >> j & 1U) != 0) cell.factors_on.push_back(names[j]);
  if (cell.factors_on.empty()) {
    cell.name = "base";
  } else {
    for (std::size_t i = 0; i < cell.factors_on.size(); ++i) cell.name += (i > 0 ? "+" : "") + cell.factors_on[i];
  }
  return cell;
}

}  // namespace

std::string word_letters(FactorWord word) {
  if (word == 0) return "I";
  std::string letters;
  for (std::size_t j = 0; j < 32; ++j)
    if ((word >> j & 1U) != 0) letters += char('A' + j);
  return letters;
}

int contrast(FactorWord word, const FactorialCell& cell) {
  // -1 for each factor of the word that is off.
  return std::popcount(word & ~cell.on) % 2 == 0 ? 1 : -1;
}

FactorialDesign make_factorial_design(std::vector<std::string> factor_names, bool full) {
  const std::size_t k = factor_names.size();
  if (k == 0) throw std::invalid_argument("a factorial design needs at least one factor");
  if (full && k > MAX_FULL_FACTORIAL_FACTORS)
    throw std::invalid_argument("a full factorial design of " + std::to_string(k) + " factors is refused: at most " +
                                std::to_string(MAX_FULL_FACTORIAL_FACTORS) + " (64 cells)");
  if (k > MAX_FACTORIAL_FACTORS)
    throw std::invalid_argument("a factorial design of " + std::to_string(k) + " factors is refused: at most " +
                                std::to_string(MAX_FACTORIAL_FACTORS) + " (64 cells at resolution V)");
  const std::set<std::string> distinct(factor_names.begin(), factor_names.end());
  if (distinct.size() != k) throw std::invalid_argument("a factorial design's factors must have different names");

  FactorialDesign d;
  d.factors = std::move(factor_names);
  if (!full)
    for (const auto& [letter, from] : standard_generators(k))
      d.generators.push_back({std::size_t(letter - 'A'), letters_word(from)});
  d.fraction = d.generators.size();
  const std::size_t base_factors = k - d.fraction;

  // The defining relation: every non-empty product of the generator words.
  for (std::size_t subset = 1; subset < (std::size_t{1} << d.fraction); ++subset) {
    FactorWord word = 0;
    for (std::size_t g = 0; g < d.fraction; ++g)
      if ((subset >> g & 1U) != 0) word ^= d.generators[g].from | FactorWord{1} << d.generators[g].factor;
    d.defining_words.push_back(word);
  }
  // Shortest first: the first one's length is the resolution.
  std::sort(d.defining_words.begin(), d.defining_words.end(), [](FactorWord a, FactorWord b) {
    return std::popcount(a) != std::popcount(b) ? std::popcount(a) < std::popcount(b) : a < b;
  });
  d.resolution = d.defining_words.empty() ? 0 : std::popcount(d.defining_words.front());

  // Standard order over the base factors; each generated factor on when its product is +1.
  for (FactorWord run = 0; run < (FactorWord{1} << base_factors); ++run) {
    FactorialCell levels;
    levels.on = run;
    FactorWord on = run;
    for (const FactorialGenerator& g : d.generators)
      if (contrast(g.from, levels) == 1) on |= FactorWord{1} << g.factor;
    d.cells.push_back(cell_of(d.factors, on));
  }

  auto term = [&](FactorWord word) {
    FactorialTerm t;
    t.word = word;
    t.name = word_names(d, word);
    for (FactorWord w : d.defining_words)
      if (std::popcount(word ^ w) <= 3) t.aliases.push_back(word ^ w);
    std::sort(t.aliases.begin(), t.aliases.end());
    return t;
  };
  for (std::size_t j = 0; j < k; ++j) d.terms.push_back(term(FactorWord{1} << j));
  for (std::size_t j = 0; j < k; ++j)
    for (std::size_t l = j + 1; l < k; ++l) d.terms.push_back(term(FactorWord{1} << j | FactorWord{1} << l));
  return d;
}

std::vector<FactorialCell> all_combinations(const std::vector<std::string>& factor_names) {
  std::vector<FactorialCell> cells;
  for (FactorWord on = 0; on < (FactorWord{1} << factor_names.size()); ++on) cells.push_back(cell_of(factor_names, on));
  return cells;
}

std::string word_names(const FactorialDesign& design, FactorWord word) {
  if (word == 0) return "I";
  std::string text;
  for (std::size_t j = 0; j < design.factors.size(); ++j)
    if ((word >> j & 1U) != 0) text += (text.empty() ? "" : " × ") + design.factors[j];
  return text;
}

std::string generator_text(const FactorialDesign& design, const FactorialGenerator& generator) {
  const FactorWord factor = FactorWord{1} << generator.factor;
  return word_letters(factor) + " = " + word_letters(generator.from) + " (" + word_names(design, factor) + " = " +
         word_names(design, generator.from) + ")";
}

std::string describe_design(const FactorialDesign& d) {
  std::ostringstream out;
  const std::size_t k = d.factors.size();
  static const char* const roman[] = {"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"};
  if (d.fraction == 0) {
    out << "full 2^" << k << " factorial: " << d.cells.size() << " cells\n";
  } else {
    out << "2^(" << k << "-" << d.fraction << ") fraction of resolution " << roman[d.resolution] << ": "
        << d.cells.size() << " cells\n";
  }
  out << "factors:";
  for (std::size_t j = 0; j < k; ++j) out << (j > 0 ? "," : "") << " " << char('A' + j) << " = " << d.factors[j];
  out << "\n";
  if (d.fraction == 0) return out.str();
  out << "generators:";
  for (std::size_t g = 0; g < d.generators.size(); ++g)
    out << (g > 0 ? "," : "") << " " << generator_text(d, d.generators[g]);
  out << "\ndefining relation: I";
  for (FactorWord w : d.defining_words) out << " = " << word_letters(w);
  out << "\naliases (of up to three factors):";
  bool any = false;
  for (const FactorialTerm& t : d.terms) {
    if (t.aliases.empty()) continue;
    out << (any ? ";" : "") << " " << word_letters(t.word);
    for (FactorWord a : t.aliases) out << " = " << word_letters(a);
    any = true;
  }
  out << (any ? "" : " none") << "\n";
  bool clear = true;
  for (const FactorialTerm& t : d.terms)
    for (FactorWord a : t.aliases) clear = clear && std::popcount(a) > 2;
  out << (clear ? "no main effect or two-factor interaction is aliased with another\n"
                : "some main effects or two-factor interactions are aliased with each other\n");
  return out.str();
}

}  // namespace jungle::stats
