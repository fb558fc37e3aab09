// The cells of `jungle compare BASE A.toml B.toml ... --factorial` (issue 54) as rules: each
// factor is one variant file's rule differences from BASE (off: BASE's rules, on: the file's),
// and a cell is BASE with the differences of the factors that are on. The design itself, which
// cells are played and what they estimate, is stats/factorial_design.h's.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine/rule_differences.h"
#include "engine/variant.h"
#include "stats/factorial_design.h"
#include "stats/factorial_effects.h"

namespace jungle::research {

// A factor as given: its variant and the file it came from, which messages name.
struct FactorFile {
  Variant variant;
  std::string file;
};

struct FactorialFactor {
  std::string name;  // the variant's
  std::string file;
  std::vector<RuleDifference> differences;  // from the base, in rule_keys()'s order
};

struct FactorialCellRules {
  // BASE with the differences of the cell's factors, named for its games (cell_variant_name),
  // concluded, and known to read back from its own variant file.
  Variant variant;
  std::vector<std::string> files;  // the files of the factors that are on
  // The first cell in the design's order that plays alike (plays_alike): the cell's games are
  // that cell's, and need to be played once. The cell's own index when there is none earlier.
  std::size_t plays_as = 0;
};

struct FactorialCells {
  std::vector<FactorialFactor> factors;  // in the order given: factor j has letter 'A' + j
  // The design over the factors' names, each cell renamed as its games are recorded: the cell
  // with no factor on by the base's name, the others by cell_variant_name.
  stats::FactorialDesign design;
  std::vector<FactorialCellRules> cells;  // one for each of design.cells, in its order
  // What a report should say of the factors: one line for each that changes nothing, whose
  // main effect and interactions such a design cannot find, and one for each that changes only
  // rules moot in the base (it plays as the base alone, and matters only with other factors).
  std::vector<std::string> notes;
};

// The name a cell's games are recorded under: the factors that are on joined by "--" (a variant
// name holds only lower-case letters, digits and '-', so the design's "+" cannot be one), the
// base's name when none is.
std::string cell_variant_name(const std::string& base_name, const std::vector<std::string>& factors_on);

// Names every combination of the analysis (those a fraction did not play too) and its most
// balanced one as a cell of these factors over `base_name` would be named (cell_variant_name).
void name_combinations(stats::FactorialAnalysis& analysis, const std::string& base_name);

// The cells of the design over `factors`. Throws InputError, one line starting "--factorial: ",
// when two factors change one rule setting (naming the setting and both files), when a factor's
// name is another's or the base's or holds "--", when there are no factors or too many for a
// design, and when a cell is not a valid variant (naming its factors' files and the loader's
// message).
// `full`: the full design whatever the number of factors (stats::make_factorial_design).
FactorialCells factorial_cells(const Variant& base, const std::vector<FactorFile>& factors, bool full = false);

}  // namespace jungle::research
