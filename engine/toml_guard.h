// A check of a TOML text before TOML++ 3.3.0 (Debian's libtomlplusplus-dev) parses it.
//
// That version has two kinds of fault on hostile input:
// - Its table of non-ASCII whitespace (is_non_ascii_horizontal_whitespace) ends in
//   __builtin_unreachable() for most code points in U+00A1-U+0499, U+2C6E-U+3067 and
//   U+FB06-U+FEFE. The parser asks that table about characters outside strings (those of a bare
//   word such as a number too, quotes included) and, in a multi-line basic string, after a backslash.
// - Its parsing functions assume (assert; with NDEBUG, clang's __builtin_assume) what their callers
//   do not check: parse_key() a key character after "[" ("[(", "[#", "[" ending a line);
//   parse_value() no delimiter, which an array hands it ("[}"); and its date-time scan more than
//   one digit after a date and a space ("1979-05-27 0" and a space or line break).
// Debian's GCC-built shared library happens to compute the right answers, but the same headers
// built by clang, or header-only, abort or have undefined behaviour. The check rejects those
// inputs first. TOML allows non-ASCII only inside strings and comments and the shapes above are
// not TOML, so it loses no valid file but one with a non-ASCII character first on a line continued
// by a line-ending backslash, which can be written as a \uXXXX escape instead.
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
