// Parts of a report page, as the report tests look into them.
#pragma once

#include <string>
#include <vector>

namespace jungle::test {

// The <section id="ID"> of a page, from its opening tag up to its "</section>"; "" when absent.
inline std::string section(const std::string& page, const std::string& id) {
  const std::size_t start = page.find("<section id=\"" + id + "\">");
  if (start == std::string::npos) return "";
  return page.substr(start, page.find("</section>", start) - start);
}

// The <svg>...</svg> elements of a page, each whole, in order.
inline std::vector<std::string> svgs(const std::string& page) {
  std::vector<std::string> out;
  for (std::size_t at = page.find("<svg"); at != std::string::npos; at = page.find("<svg", at + 1))
    out.push_back(page.substr(at, page.find("</svg>", at) + 6 - at));
  return out;
}

}  // namespace jungle::test
