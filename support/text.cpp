#include "support/text.h"

#include <algorithm>
#include <locale>
#include <sstream>

namespace jungle {

namespace {

// The classic locale with ',' every three digits, for fmt's "{:L}".
struct ThousandsWithCommas : std::numpunct<char> {
  char do_thousands_sep() const override { return ','; }
  std::string do_grouping() const override { return "\3"; }
};

}  // namespace

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

std::vector<std::string> words(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string_view trim(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

std::string with_commas(std::uint64_t n) {
  static const std::locale commas(std::locale::classic(), new ThousandsWithCommas);
  return fmt::format(commas, "{:L}", n);
}

std::string duration_text(double seconds) {
  if (seconds < 1) return "under a second";
  if (seconds < 1.5) return "1 second";
  if (seconds < 90) return fmt::format("{:.0f} seconds", seconds);
  if (seconds < 90 * 60) return fmt::format("{:.0f} minutes", seconds / 60);
  if (seconds < 48 * 3600) return fmt::format("{:.1f} hours", seconds / 3600);
  return fmt::format("{:.1f} days", seconds / 86400);
}

std::string byte_size_text(std::size_t bytes) {
  constexpr std::size_t MiB = std::size_t(1) << 20;
  return bytes % MiB == 0 ? std::to_string(bytes / MiB) + " MiB" : std::to_string(bytes) + " bytes";
}

std::string alternatives(const std::vector<std::string>& choices) {
  if (choices.size() < 2) return choices.empty() ? "" : choices.front();
  return join(std::vector<std::string>(choices.begin(), choices.end() - 1)) + " or " + choices.back();
}

std::size_t display_width(std::string_view text) {
  std::size_t width = 0;
  for (unsigned char c : text) width += (c & 0xC0) != 0x80;
  return width;
}

}  // namespace jungle
