// The report as Markdown, with columns padded so that it also reads well as plain text.
#include <algorithm>

#include "report/report_tables.h"

namespace jungle::report {

namespace {

std::string padded(const std::string& text, std::size_t width, bool right) {
  const std::string fill(width - std::min(width, detail::display_width(text)), ' ');
  return right ? fill + text : text + fill;
}

void write_table(std::ostream& out, const detail::Table& t) {
  std::vector<std::size_t> width(t.header.size(), 3);
  for (std::size_t c = 0; c < t.header.size(); ++c) {
    width[c] = std::max(width[c], detail::display_width(t.header[c]));
    for (const auto& row : t.rows) width[c] = std::max(width[c], detail::display_width(row[c]));
  }
  out << "|";
  for (std::size_t c = 0; c < t.header.size(); ++c) out << " " << padded(t.header[c], width[c], t.numeric[c]) << " |";
  out << "\n|";
  for (std::size_t c = 0; c < t.header.size(); ++c)
    out << (t.numeric[c] ? "" : ":") << std::string(width[c] + 1, '-') << (t.numeric[c] ? ":" : "") << "|";
  out << "\n";
  for (const auto& row : t.rows) {
    out << "|";
    for (std::size_t c = 0; c < row.size(); ++c) out << " " << padded(row[c], width[c], t.numeric[c]) << " |";
    out << "\n";
  }
}

}  // namespace

void write_markdown(std::ostream& out, const Summary& summary) {
  out << "# Jungle results\n\n" << detail::overview(summary) << "\n";
  detail::write_sections_markdown(out, detail::sections(summary));
}

void detail::write_sections_markdown(std::ostream& out, const std::vector<Section>& sections) {
  for (const detail::Section& s : sections) {
    out << "\n## " << s.heading << "\n";
    if (!s.explanations.empty()) out << "\n";
    for (const std::string& text : s.explanations) out << text << "\n";
    if (!s.table.header.empty()) {
      out << "\n";
      write_table(out, s.table);
    }
    if (!s.notes.empty()) out << "\n";
    for (const std::string& note : s.notes) out << "- Note: " << note << "\n";
  }
}

}  // namespace jungle::report
