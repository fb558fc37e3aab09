// The report as Markdown, with columns padded and prose wrapped so that it also reads well as
// plain text.
#include <algorithm>

#include "report/report_tables.h"
#include "support/text.h"

namespace jungle::report {

namespace {

std::string padded(const std::string& text, std::size_t width, bool right) {
  const std::string fill(width - std::min(width, display_width(text)), ' ');
  return right ? fill + text : text + fill;
}

void write_table(std::ostream& out, const detail::Table& t) {
  std::vector<std::size_t> width(t.header.size(), 3);
  for (std::size_t c = 0; c < t.header.size(); ++c) {
    width[c] = std::max(width[c], display_width(t.header[c]));
    for (const auto& row : t.rows) width[c] = std::max(width[c], display_width(row[c]));
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

// Tables keep their rows (a row is read across); prose is wrapped to this many columns.
constexpr std::size_t PROSE_WIDTH = 100;

}  // namespace

void detail::write_prose(std::ostream& out, const std::string& text, const std::string& first,
                         const std::string& more) {
  std::string line = first;
  std::size_t width = display_width(first);
  bool empty = true;  // nothing but the prefix on the line yet
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    start = end + 1;
    if (word.empty()) continue;
    const std::size_t w = display_width(word);
    if (!empty && width + 1 + w > PROSE_WIDTH) {
      out << line << "\n";
      line = more;
      width = display_width(more);
      empty = true;
    }
    if (!empty) {
      line += ' ';
      ++width;
    }
    line += word;
    width += w;
    empty = false;
  }
  out << line << "\n";
}

void write_markdown(std::ostream& out, const Summary& summary) {
  out << "# Jungle results\n\n";
  detail::write_prose(out, detail::overview(summary));
  detail::write_sections_markdown(out, detail::sections(summary));
}

void detail::write_sections_markdown(std::ostream& out, const std::vector<Section>& sections) {
  for (const detail::Section& s : sections) {
    out << "\n## " << s.heading << "\n";
    // Each explanation a paragraph of its own, as the page shows it.
    for (const std::string& text : s.explanations) {
      out << "\n";
      write_prose(out, text);
    }
    if (!s.table.header.empty()) {
      out << "\n";
      write_table(out, s.table);
    }
    if (!s.notes.empty()) out << "\n";
    for (const std::string& note : s.notes) write_prose(out, note, "- Note: ", "  ");
  }
}

}  // namespace jungle::report
