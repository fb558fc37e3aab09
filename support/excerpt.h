// Quoting a user's text in an error message without echoing megabytes or control bytes.
#pragma once

#include <string>
#include <string_view>

namespace jungle {

// At most `limit` characters of text as it would read in a one-line message: printable ASCII
// as it is, every other byte as \xNN; a longer text is cut and ends with "... (N bytes)".
inline std::string excerpt(std::string_view text, std::size_t limit = 40) {
  static const char* HEX = "0123456789abcdef";
  std::string out;
  std::size_t used = 0;
  for (; used < text.size() && out.size() < limit; ++used) {
    const unsigned char c = static_cast<unsigned char>(text[used]);
    if (c >= 0x20 && c < 0x7f) {
      out += char(c);
    } else {
      out += "\\x";
      out += HEX[c >> 4];
      out += HEX[c & 15];
    }
  }
  if (used < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

// The excerpt in double quotes. Built by appending: GCC 12 warns falsely (-Wrestrict) on
// "\"" + excerpt(text).
inline std::string quoted_excerpt(std::string_view text, std::size_t limit = 40) {
  std::string out(1, '"');
  out += excerpt(text, limit);
  out += '"';
  return out;
}

}  // namespace jungle
