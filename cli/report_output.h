// Every command's report files, written and announced one way: `jungle stats --out`, `tournament`,
// `study`, `compare` (and each level of --levels), `ladder` (and each of its runs).
#pragma once

#include <filesystem>
#include <string>

#include "report/report.h"
#include "report/report_folder.h"

namespace jungle::cli {

// Writes the report's files in dir (report::write_report_folder), each problem (a chart gnuplot
// could not draw) as "warning: PROBLEM" on standard error, then "Report: DIR/PAGE (BESIDE)" on
// standard output. A file that cannot be written is a UsageError on --out.
void write_report_files(const std::filesystem::path& dir, const report::ReportFiles& files);

// The same for a part of a larger report (a ladder's run): its warnings name its folder, "warning:
// DIR: PROBLEM", and the larger report's line alone names a page.
void write_report_part(const std::filesystem::path& dir, const report::ReportFiles& files);

// A summary's report (report::summary_files) by write_report_files.
void write_report(const std::filesystem::path& dir, const report::Summary& summary, const std::string& title);

}  // namespace jungle::cli
