// Walks the text as TOML's grammar splits it (comments, strings, table headers, values) just far
// enough to know where TOML++ would ask its whitespace table about a character and where a table
// header begins. It is not a parser: everything else, valid or not, is left to TOML++. What it must
// never do is take for a string what TOML++ reads otherwise: TOML++ reads a bare word (a number, a
// date, true) up to whitespace or a delimiter, asking the table about each character on the way,
// quotes and brackets included. So a quote opens a string here only where a key or value begins.
#include "engine/toml_guard.h"

#include <cstdint>
#include <cstdio>
#include <string>

namespace jungle {

namespace {

constexpr char32_t END = 0xFFFFFFFF;  // past the last character

bool is_bare_key_char(char32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

bool is_blank(char32_t c) { return c == ' ' || c == '\t'; }

bool is_digit(char32_t c) { return c >= '0' && c <= '9'; }

// What ends a bare value for TOML++ (but its non-ASCII whitespace).
bool ends_value(char32_t c) {
  return is_blank(c) || (c >= '\n' && c <= '\r') || c == ']' || c == '}' || c == ',' || c == '#';
}

std::string hex(char32_t c, int digits) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%0*X", digits, unsigned(c));
  return buffer;
}

std::string describe(char32_t c) {
  if (c == '\n') return "the end of the line";
  if (c >= 0x21 && c < 0x7F) return std::string("'") + char(c) + "'";
  return "U+" + hex(c, 4);
}

// The same character as a TOML escape, which a basic string may hold anywhere.
std::string as_escape(char32_t c) { return c <= 0xFFFF ? "\\u" + hex(c, 4) : "\\U" + hex(c, 8); }

// Leaves the scanner from any depth with the first hazard.
struct Found {
  TomlHazard hazard;
};

class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {
    // TOML++ skips a byte order mark and starts counting columns after it.
    if (text_.starts_with("\xEF\xBB\xBF")) pos_ = 3;
  }

  void document();

 private:
  char32_t peek();  // the current character, END past the last; throws Found if it is not UTF-8
  void advance();
  [[noreturn]] void fail(const std::string& message) const { throw Found{{line_, column_, message}}; }

  void comment();
  void string();
  void escape(bool multi_line);
  void table_header();
  void date_and_digit();

  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t width_ = 0;  // bytes of the character peek() decoded last
  int line_ = 1, column_ = 1;
};

char32_t Scanner::peek() {
  width_ = 0;
  if (pos_ >= text_.size()) return END;
  auto byte = [&](std::size_t i) { return pos_ + i < text_.size() ? std::uint8_t(text_[pos_ + i]) : std::uint8_t(0); };
  const std::uint8_t first = byte(0);
  if (first < 0x80) {
    width_ = 1;
    return first;
  }
  std::size_t width = 0;
  char32_t c = 0, least = 0;  // least: below it the sequence is an overlong encoding
  if (first >= 0xC2 && first <= 0xDF) {
    width = 2, c = first & 0x1F, least = 0x80;
  } else if (first >= 0xE0 && first <= 0xEF) {
    width = 3, c = first & 0x0F, least = 0x800;
  } else if (first >= 0xF0 && first <= 0xF4) {
    width = 4, c = first & 0x07, least = 0x10000;
  }
  bool valid = width != 0;
  for (std::size_t i = 1; valid && i < width; ++i) {
    valid = (byte(i) & 0xC0) == 0x80;  // a continuation byte (a missing one reads as 0)
    c = (c << 6) | (byte(i) & 0x3F);
  }
  if (!valid || c < least || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
    fail("invalid UTF-8: the sequence starting with byte 0x" + hex(first, 2) + " is not a character");
  width_ = width;
  return c;
}

void Scanner::advance() {
  if (peek() == '\n') {
    ++line_;
    column_ = 1;
  } else {
    ++column_;
  }
  pos_ += width_;
}

void Scanner::document() {
  // Where TOML++ stands: at a statement's start (where a table header may begin), where a key or
  // value begins, in a key (whose parts '.' separates) or a value, and in which of the arrays '['
  // and inline tables '{' that are open.
  bool statement_start = true, token_start = true, in_key = true;
  std::string open;
  for (char32_t c = peek(); c != END; c = peek()) {
    if (c == '#') {
      comment();
      continue;
    }
    if ((c == '"' || c == '\'') && token_start) {
      string();
      statement_start = token_start = false;
      continue;
    }
    if (c >= 0x80) fail("non-ASCII character " + describe(c) + " outside a string or comment, where TOML allows none");
    if (c == '[' && statement_start) {
      table_header();
      statement_start = false, token_start = in_key = true;
      continue;
    }
    if (c == '\n' && open.empty()) {
      statement_start = token_start = in_key = true;
    } else if (c != '\n' && c != '\r' && !is_blank(c)) {
      if (is_digit(c) && token_start && !in_key) date_and_digit();
      // TOML++'s value parser assumes it does not start on a delimiter, and its array hands it one.
      if (c == '}' && token_start && !open.empty() && open.back() == '[')
        fail("expected a value or ']' in the array, saw '}'");
      // '[' and '{' open only where a value begins, '=' assigns only after a key: elsewhere they
      // are part of a bare word, as TOML++ reads it.
      const bool opens = (c == '[' || c == '{') && token_start && !in_key;
      const bool assigns = c == '=' && in_key;
      if (opens) open.push_back(char(c)), in_key = c == '{';
      if ((c == ']' || c == '}') && !open.empty()) open.pop_back();
      if (assigns) in_key = false;
      if (c == ',') in_key = !open.empty() && open.back() == '{';
      token_start = opens || assigns || c == ',' || (c == '.' && in_key);
      statement_start = false;
    }
    advance();
  }
}

void Scanner::comment() {
  while (peek() != END && peek() != '\n') advance();
}

void Scanner::string() {
  const char32_t quote = peek();
  advance();
  bool multi_line = false;
  if (peek() == quote) {
    advance();
    if (peek() != quote) return;  // an empty string
    advance();
    multi_line = true;
  }
  for (char32_t c = peek(); c != END; c = peek()) {
    if (c == quote) {
      // Like TOML++, a multi-line string's closing quotes may come with up to two more.
      int run = 0;
      while (peek() == quote && run < (multi_line ? 5 : 1)) advance(), ++run;
      if (!multi_line || run >= 3) return;
    } else if (c == '\n' && !multi_line) {
      return;  // TOML++ rejects the line break
    } else if (c == '\\' && quote == '"') {
      escape(multi_line);
    } else {
      advance();
    }
  }
}

// At a backslash in a basic string. In a multi-line one TOML++ asks its whitespace table about
// the character after it, and after a line-ending backslash about each character up to the first
// that is not whitespace.
void Scanner::escape(bool multi_line) {
  advance();
  char32_t c = peek();
  if (c == END) return;
  if (c >= 0x80) fail("a backslash must be followed by an escape or the end of the line, not " + describe(c));
  if (!multi_line || !(is_blank(c) || c == '\n' || c == '\r')) {
    advance();
    return;
  }
  while (is_blank(peek())) advance();
  c = peek();
  if (c != END && c >= 0x80) fail("only spaces may follow a line-ending backslash, not " + describe(c));
  if (c != '\n' && c != '\r') return;  // TOML++ rejects the backslash
  while (is_blank(peek()) || peek() == '\n' || peek() == '\r') advance();
  c = peek();
  if (c != END && c >= 0x80)
    fail("non-ASCII character " + describe(c) + " first after a line-ending backslash, which TOML++ 3.3.0 misreads; write it as " +
         as_escape(c));
}

// At a value that begins with a digit. TOML++ reads "1979-05-27 07:32:00" as one date-time: after
// a word of 10 characters with '-' 5th and 8th (underscores, which it skips, aside) and a space,
// it reads on if a digit follows, and assumes (asserts) that more than that one digit does.
void Scanner::date_and_digit() {
  const std::size_t pos = pos_;
  const int line = line_, column = column_;
  std::string word;
  for (char32_t c = peek(); c != END && c < 0x80 && !ends_value(c); c = peek()) {
    if (c != '_') word += char(c);
    advance();
  }
  bool one_digit = false;
  if (word.size() == 10 && word[4] == '-' && word[7] == '-' && peek() == ' ') {
    advance();
    if (is_digit(peek())) {
      advance();
      one_digit = peek() != END && ends_value(peek());
      --column_;  // blamed on the digit
    }
  }
  if (one_digit) fail("a date and a space must be followed by a time (HH:MM:SS), not by one digit");
  pos_ = pos, line_ = line, column_ = column;
}

// At the '[' of a table header. TOML++ hands what follows "[" or "[[" and any blanks to its key
// parser, which assumes a key character or a quote.
void Scanner::table_header() {
  advance();
  while (is_blank(peek())) advance();
  if (peek() == '[') advance();
  while (is_blank(peek())) advance();
  char32_t c = peek();
  // Non-ASCII is left to document(), which names it.
  if (c == END || c >= 0x80 || is_bare_key_char(c) || c == '"' || c == '\'' || c == ']') return;
  fail("expected a table name after '[', saw " + describe(c));
}

}  // namespace

std::optional<TomlHazard> find_toml_hazard(std::string_view text) {
  try {
    Scanner(text).document();
  } catch (const Found& found) {
    return found.hazard;
  }
  return std::nullopt;
}

}  // namespace jungle
