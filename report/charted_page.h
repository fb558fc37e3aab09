// The page of a report whose charts all stand under one of its sections (`jungle ladder`'s,
// `compare --levels`'): the sections as tables in the report's style, the charts under that
// section's heading after a line on what they show; when gnuplot cannot draw them, a note there
// says so and the tables stand alone; and such a report's files, its Markdown, JSON and page.
// Internal to the report writers.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "report/report_folder.h"
#include "report/report_tables.h"

namespace jungle::report::detail {

struct SectionCharts {
  std::string section;  // the id of the section they stand under
  // Draws them (gnuplot SVGs); throws charts::ChartError when it cannot.
  std::function<std::vector<std::string>()> draw;
  std::string explanation;  // what they show: the section's first explanation once drawn
  std::string missing;      // "Charts are missing": the section's note, with why, when not
};

// Writes the page: the title, the overview line and the version of jungle that wrote it, then the
// sections. Returns the charts' problems, one line each, for standard error.
std::vector<std::string> write_charted_page(std::ostream& out, const std::string& title, const std::string& overview,
                                            std::vector<Section> sections, const SectionCharts& charted);

// Such a report's files, for write_report_folder: STEM.md, STEM.json and the page STEM.html,
// "numbers in STEM.json and STEM.md beside it; " and then `more`. They write `data`, which must
// outlive them.
template <class Data>
ReportFiles charted_report_files(const std::string& stem, const Data& data, const std::string& title,
                                 void (*markdown)(std::ostream&, const Data&), void (*json)(std::ostream&, const Data&),
                                 std::vector<std::string> (*page)(std::ostream&, const Data&, const std::string&),
                                 const std::string& more) {
  return {{quiet_file(stem + ".md", markdown, data),
           quiet_file(stem + ".json", json, data),
           {stem + ".html", [&data, title, page](std::ostream& out) { return page(out, data, title); }}},
          stem + ".html",
          "numbers in " + stem + ".json and " + stem + ".md beside it; " + more};
}

}  // namespace jungle::report::detail
