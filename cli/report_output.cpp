#include "cli/report_output.h"

#include <iostream>
#include <stdexcept>
#include <vector>

#include "cli/command.h"

namespace jungle::cli {

namespace {

std::vector<std::string> written(const std::filesystem::path& dir, const report::ReportFiles& files) {
  try {
    return report::write_report_folder(dir, files);
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string("--out: ") + e.what());
  }
}

}  // namespace

void write_report_files(const std::filesystem::path& dir, const report::ReportFiles& files) {
  for (const std::string& problem : written(dir, files)) std::cerr << "warning: " << problem << "\n";
  std::cout << "\nReport: " << (dir / files.opened).string() << " (" << files.beside << ")\n";
}

void write_report_part(const std::filesystem::path& dir, const report::ReportFiles& files) {
  for (const std::string& problem : written(dir, files))
    std::cerr << "warning: " << dir.string() << ": " << problem << "\n";
}

void write_report(const std::filesystem::path& dir, const report::Summary& summary, const std::string& title) {
  write_report_files(dir, report::summary_files(summary, title));
}

}  // namespace jungle::cli
