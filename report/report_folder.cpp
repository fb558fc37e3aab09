#include "report/report_folder.h"

#include <stdexcept>
#include <system_error>

#include "support/files.h"

namespace jungle::report {

std::vector<std::string> write_report_folder(const std::filesystem::path& dir, const ReportFiles& report) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw std::runtime_error("cannot create " + dir.string() + ": " + ec.message());
  std::vector<std::string> problems;
  for (const ReportFile& file : report.files)
    write_file_atomically(dir / file.name, [&](std::ostream& out) {
      for (std::string& problem : file.write(out)) problems.push_back(std::move(problem));
    });
  return problems;
}

}  // namespace jungle::report
