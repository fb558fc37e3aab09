// Writes example reports of `jungle compare --factorial` from simulated games, for a person or a
// browser test (tests/check_factorial_page.cmake) to look at: OUT/full, a 2^3 design sized by
// precision over three rounds, and OUT/fraction, the 2^(5-1) fraction of all five disputes of
// data/examples/disputes with an equivalence margin. Their factors' rule differences are the real
// ones (research::factorial_cells); their games follow a model with known effects
// (tests/factorial_example.h). And OUT/eight, the largest design, the 2^(8-2) fraction (64 cells
// of 256 combinations, 36 terms a figure), of made-up factors. Each folder has the report's files
// and report.md, what compare prints. Usage: factorial_report OUT
#include <filesystem>
#include <fstream>
#include <iostream>

#include "engine/variant_loader.h"
#include "engine/variant_toml.h"
#include "report/report.h"
#include "research/factorial_cells.h"
#include "support/text.h"
#include "tests/factorial_example.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

// A setting's value as `jungle rules` prints it; "" when the variant has no such key.
std::string value_text(const Variant& variant, const std::string& path) {
  for (const RuleSetting& r : rule_settings(variant))
    if ((r.table.empty() ? r.key : r.table + "." + r.key) == path) return r.value;
  return "";
}

// The factors of the dispute files named, with their differences from standard, and the notes.
simulation::SimulatedFactorial disputes(const std::vector<std::string>& names) {
  const Variant base = load_variant("standard");
  std::vector<research::FactorFile> files;
  for (const std::string& name : names) {
    const std::string file = "data/examples/disputes/" + name + ".toml";
    files.push_back({load_variant_file(fs::path(JUNGLE_SOURCE_DIR) / file), file});
  }
  const research::FactorialCells cells = research::factorial_cells(base, files);
  simulation::SimulatedFactorial spec;
  spec.base = base.name;
  for (std::size_t j = 0; j < cells.factors.size(); ++j) {
    const research::FactorialFactor& f = cells.factors[j];
    std::vector<std::string> differences;
    for (const RuleDifference& d : f.differences)
      differences.push_back(d.name() + ": " + value_text(base, d.name()) + " → " +
                            value_text(files[j].variant, d.name()));
    spec.factors.push_back({f.name, f.file, differences});
  }
  spec.notes = cells.notes;
  for (const research::FactorialCellRules& cell : cells.cells) spec.rules.push_back(cell.variant);
  return spec;
}

double on(const stats::FactorialCell& c, std::size_t j) { return c.level(j) > 0 ? 1 : 0; }

void write(const fs::path& dir, const simulation::SimulatedFactorial& spec) {
  const simulation::SimulatedReport r = simulation::simulate_factorial(spec);
  std::vector<std::string> names;
  for (const auto& f : spec.factors) names.push_back(f.name);
  const std::string title = "Jungle factorial: " + join(names, ", ") + " on " + spec.base;
  for (const std::string& problem : report::write_report_folder(dir, report::summary_files(r.summary, title)))
    std::cerr << "warning: " << problem << "\n";
  std::ofstream markdown(dir / "report.md");  // what compare prints on the terminal
  report::write_markdown(markdown, r.summary);
  std::cout << (dir / "report.html").string() << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: factorial_report OUT\n";
    return 2;
  }
  const fs::path out = argv[1];

  // 2^3: the dog above the wolf helps the first player, more so where only the den wins; the
  // elephant taking the rat hinders it a little.
  simulation::SimulatedFactorial full = disputes({"dog-above-wolf", "elephant-takes-rat", "den-only-wins"});
  full.win = [](const stats::FactorialCell& c) {
    return 0.40 + 0.08 * on(c, 0) - 0.05 * on(c, 1) - 0.03 * on(c, 2) + 0.07 * on(c, 0) * on(c, 2);
  };
  full.openings = 300;
  full.seed = 3;
  full.rounds = {{60, 0.071}, {150, 0.045}, {300, 0.029}};
  full.stopped_by = "precision";
  full.games_per_second = 120;
  write(out / "full", full);

  // 2^(5-1): all five disputes; only the den rule draws more, and it and no-moves-draw interact.
  simulation::SimulatedFactorial fraction = disputes(
      {"dog-above-wolf", "rat-takes-rat-ashore", "elephant-takes-rat", "den-only-wins", "no-moves-draw"});
  fraction.win = [](const stats::FactorialCell& c) {
    return 0.42 + 0.06 * on(c, 0) - 0.04 * on(c, 2) - 0.05 * on(c, 3) + 0.08 * on(c, 3) * on(c, 4);
  };
  fraction.draw = [](const stats::FactorialCell& c) { return 0.18 + 0.1 * on(c, 3); };
  fraction.openings = 200;
  fraction.seed = 5;
  fraction.plan.margin = 0.03;
  write(out / "fraction", fraction);

  // 2^(8-2): eight made-up factors, two of which matter, one with an interaction.
  simulation::SimulatedFactorial eight;
  for (const char* name : {"alpha-rule", "beta-rule", "gamma-rule", "delta-rule", "epsilon-rule", "zeta-rule",
                           "eta-rule", "theta-rule"})
    eight.factors.push_back({name, std::string("factors/") + name + ".toml", {"x." + std::string(name) + ": 0 → 1"}});
  eight.win = [](const stats::FactorialCell& c) { return 0.40 + 0.06 * on(c, 1) + 0.08 * on(c, 5) * on(c, 6); };
  // Each game its own chance: with common random numbers every cell's figures would be a function of
  // the three factors that matter alone, and every other contrast 0 but for rounding errors.
  eight.common_random_numbers = false;
  eight.openings = 150;
  eight.seed = 8;
  write(out / "eight", eight);
  return 0;
}
