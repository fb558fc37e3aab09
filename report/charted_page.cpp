#include "report/charted_page.h"

#include <algorithm>

#include "report/charts.h"
#include "support/version.h"

namespace jungle::report::detail {

std::vector<std::string> write_charted_page(std::ostream& out, const std::string& title, const std::string& overview,
                                            std::vector<Section> sections, const SectionCharts& charted) {
  std::vector<std::string> problems, drawn;
  const auto section = std::find_if(sections.begin(), sections.end(),
                                     [&](const Section& s) { return s.id == charted.section; });
  try {
    drawn = charted.draw();
    if (section != sections.end()) section->explanations.insert(section->explanations.begin(), charted.explanation);
  } catch (const charts::ChartError& e) {
    problems.push_back(std::string("charts: ") + e.what());
    if (section != sections.end()) section->notes = {charted.missing + ": " + e.what() + ". The tables are complete."};
  }
  write_tables_html(out, title, overview + " Written by jungle " + program_version() + ".", sections,
                    {{charted.section, drawn}});
  return problems;
}

}  // namespace jungle::report::detail
