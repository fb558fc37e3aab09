#include "research/factorial_cells.h"

#include <map>
#include <stdexcept>

#include "engine/variant_loader.h"
#include "engine/variant_toml.h"
#include "research/input_error.h"
#include "support/text.h"

namespace jungle::research {

namespace {

[[noreturn]] void refuse(const std::string& message) { throw InputError("--factorial: " + message); }

std::vector<std::string> names_of(const std::vector<RuleDifference>& differences) {
  std::vector<std::string> out;
  for (const RuleDifference& d : differences) out.push_back(d.name());
  return out;
}

void check_names(const Variant& base, const std::vector<FactorFile>& factors) {
  if (factors.empty()) refuse("no factor: give BASE and at least one variant file");
  for (std::size_t i = 0; i < factors.size(); ++i) {
    const FactorFile& f = factors[i];
    if (f.variant.name == base.name) refuse(f.file + " is named " + base.name + ", as the base is");
    // Cell names join factor names with "--": one inside a name would make two cells' names alike.
    if (f.variant.name.find("--") != std::string::npos)
      refuse(f.file + "'s name " + f.variant.name + " holds \"--\", which joins the factors in a cell's name");
    for (std::size_t j = 0; j < i; ++j)
      if (factors[j].variant.name == f.variant.name)
        refuse(factors[j].file + " and " + f.file + " are both named " + f.variant.name);
  }
}

// Two factors that change one setting would make a cell whose value there depends on their order.
void check_no_shared_setting(const std::vector<FactorialFactor>& factors) {
  std::map<const RuleKey*, const FactorialFactor*> changed_by;
  for (const FactorialFactor& factor : factors)
    for (const RuleDifference& d : factor.differences) {
      const auto [at, fresh] = changed_by.emplace(d.key, &factor);
      if (!fresh) refuse(at->second->file + " and " + factor.file + " both change " + d.name());
    }
}

// The cell's rules as its variant file reads them back: the loader's checks (the start position
// against the combined rules above all) are the one definition of a valid variant.
void check_reads_back(const Variant& cell, const std::vector<std::string>& files) {
  try {
    const Variant read = load_variant_text(variant_to_toml(cell), cell.name + ".toml");
    if (!rule_differences(read, cell).empty() || read.name != cell.name)
      refuse("the cell " + cell.name + " (" + join(files, " + ") + ") does not read back as it was written");
  } catch (const VariantError& e) {
    refuse("the cell " + cell.name + " (" + join(files, " + ") + ") is not a valid variant: " + e.message);
  }
}

}  // namespace

std::string cell_variant_name(const std::string& base_name, const std::vector<std::string>& factors_on) {
  return factors_on.empty() ? base_name : join(factors_on, "--");
}

void name_combinations(stats::FactorialAnalysis& analysis, const std::string& base_name) {
  for (stats::FigureEffects& figure : analysis.figures)
    for (stats::FactorialCellFigure& c : figure.combinations) c.cell.name = cell_variant_name(base_name, c.cell.factors_on);
  analysis.balanced.cell.name = cell_variant_name(base_name, analysis.balanced.cell.factors_on);
}

FactorialCells factorial_cells(const Variant& base, const std::vector<FactorFile>& factors, bool full) {
  check_names(base, factors);
  FactorialCells out;
  std::vector<std::string> names;
  for (const FactorFile& f : factors) {
    out.factors.push_back({f.variant.name, f.file, rule_differences(base, f.variant)});
    names.push_back(f.variant.name);
    const std::vector<RuleDifference>& differences = out.factors.back().differences;
    if (differences.empty())
      out.notes.push_back("factor " + f.variant.name + " (" + f.file + ") has the rules of " + base.name +
                          ": it changes nothing, so this design finds no effect of it");
    else if (plays_alike(f.variant, base))
      out.notes.push_back("factor " + f.variant.name + " (" + f.file + ") changes only rules that are moot in " +
                          base.name + " (" + join(names_of(differences), ", ") +
                          "): alone it plays as " + base.name + ", and has an effect only with other factors");
  }
  check_no_shared_setting(out.factors);
  try {
    out.design = stats::make_factorial_design(names, full);
  } catch (const std::invalid_argument& e) {
    refuse(e.what());
  }

  for (stats::FactorialCell& cell : out.design.cells) {
    FactorialCellRules rules{base, {}, out.cells.size()};
    Variant& v = rules.variant;
    for (std::size_t j = 0; j < out.factors.size(); ++j) {
      if (cell.level(j) < 0) continue;
      for (const RuleDifference& d : out.factors[j].differences) apply(v, d);
      rules.files.push_back(out.factors[j].file);
    }
    cell.name = cell_variant_name(base.name, cell.factors_on);
    if (!cell.factors_on.empty()) {  // the cell with none is the base itself, identity and all
      v.conclude();
      v.name = cell.name;
      v.description = base.name + " with the rules of " + join(cell.factors_on, ", ") + " (a factorial cell)";
      v.extends.clear();
      v.source.clear();
    }
    for (const FactorialCellRules& earlier : out.cells)
      if (earlier.variant.name == v.name) refuse("two cells are named " + v.name + ": rename the base");
    check_reads_back(v, rules.files);
    for (std::size_t i = 0; i < out.cells.size(); ++i)
      if (plays_alike(out.cells[i].variant, v)) {
        rules.plays_as = i;
        break;
      }
    out.cells.push_back(std::move(rules));
  }
  return out;
}

}  // namespace jungle::research
