// A check of a TOML text before TOML++ 3.3.0 (Debian's libtomlplusplus-dev) parses it.
//
// That version has two kinds of fault on hostile input:
// - Its table of non-ASCII whitespace (is_non_ascii_horizontal_whitespace) ends in
//   __builtin_unreachable() for most code points in U+00A1-U+0499, U+2C6E-U+3067 and
//   U+FB06-U+FEFE. The parser asks that table about any character where whitespace may
//   follow: outside strings, and inside a multi-line basic string after a backslash.
// - parse_key() asserts (assumes, with NDEBUG) that it starts on a key character, but a table
//   header hands it whatever follows '[' or "[[": "[(", "[#", "[" at the end of a line.
// Debian's GCC-built shared library happens to compute the right answers, but the same headers
// built by clang, or header-only, abort or have undefined behaviour. The check rejects those
// inputs first. TOML allows non-ASCII only inside strings and comments, so it loses no valid
// file but one with a non-ASCII character first on a line continued by a line-ending backslash,
// which can be written as a \uXXXX escape instead.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace jungle {

struct TomlHazard {
  int line;    // 1-based
  int column;  // 1-based, in code points, as TOML++ counts them (a leading byte order mark not counted)
  std::string message;
};

// The first place where the text is not UTF-8 or could trip TOML++ as above; nothing if none.
std::optional<TomlHazard> find_toml_hazard(std::string_view text);

}  // namespace jungle
