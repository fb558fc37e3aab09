// A report as the files of one folder: `jungle stats --out`'s, a tournament's, compare's and the
// ladder's. Each report says what its files are (summary_files in report.h, ladder_files,
// levels_files); this writes any of them the one way, every file whole.
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace jungle::report {

struct ReportFile {
  std::string name;  // in the report's folder
  // Writes the file's text; returns its problems (charts gnuplot could not draw), one line each.
  std::function<std::vector<std::string>(std::ostream&)> write;
};

struct ReportFiles {
  std::vector<ReportFile> files;  // written in this order
  std::string opened;             // the one a reader opens, the page
  std::string beside;             // what the others hold: "numbers in summary.json, ... beside it"
};

// A file whose writer tells nothing but the file's text, write(out, data). It refers to `data`,
// which must outlive it.
template <class Data>
ReportFile quiet_file(std::string name, void (*write)(std::ostream&, const Data&), const Data& data) {
  return {std::move(name), [write, &data](std::ostream& out) {
            write(out, data);
            return std::vector<std::string>{};
          }};
}

// Makes dir if it is missing, then writes each file whole (support/files.h), so that a reader
// never finds half a report. Returns the files' problems. Throws std::runtime_error naming a
// folder or file that cannot be written.
std::vector<std::string> write_report_folder(const std::filesystem::path& dir, const ReportFiles& report);

}  // namespace jungle::report
