#include "tablebase/material.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "support/excerpt.h"

namespace jungle::tablebase {

namespace {

[[noreturn]] void fail(std::string_view text, const std::string& what) {
  std::string message = "bad material \"";
  message += excerpt(text, 40);
  message += "\": ";
  message += what;
  message += " (write it like E/r or LT/e: the first player's kinds in upper case, a slash, the second's in lower case)";
  throw TablebaseError(message);
}

void canonical_order(std::vector<Kind>& kinds) { std::sort(kinds.begin(), kinds.end(), std::greater<>()); }

void check_size(const Material& m, std::string_view text) {
  if (m.kinds[WHITE].empty() || m.kinds[BLACK].empty()) fail(text, "each side needs at least one piece");
  if (m.size() > MAX_TABLE_PIECES)
    fail(text, std::to_string(m.size()) + " pieces; tables hold at most " + std::to_string(MAX_TABLE_PIECES));
}

}  // namespace

Material Material::parse(std::string_view text) {
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos) fail(text, "no '/' between the two sides");
  Material m;
  for (Color c : {WHITE, BLACK}) {
    const std::string_view side = c == WHITE ? text.substr(0, slash) : text.substr(slash + 1);
    for (char letter : side) {
      const char lower = char(std::tolower(static_cast<unsigned char>(letter)));
      const char* found = std::strchr(KIND_LETTERS, lower);
      if (!found || !*found || letter == '/') fail(text, std::string("unknown piece letter '") + letter + "'");
      if ((c == WHITE) != bool(std::isupper(static_cast<unsigned char>(letter))))
        fail(text, std::string("'") + letter + "' is on the wrong side of the slash for its case");
      const Kind k = Kind(found - KIND_LETTERS);
      if (std::find(m.kinds[c].begin(), m.kinds[c].end(), k) != m.kinds[c].end())
        fail(text, std::string("two pieces of one kind ('") + letter + "'); tables hold at most one a side");
      m.kinds[c].push_back(k);
    }
    canonical_order(m.kinds[c]);
  }
  check_size(m, text);
  return m;
}

Material Material::of(const Position& pos) {
  Material m;
  for (Color c : {WHITE, BLACK})
    for (int k = KIND_NB - 1; k >= 0; --k) {
      const int n = popcount(pos.pieces(c, Kind(k)));
      if (n > 1) throw TablebaseError("the position has two pieces of one kind on one side; tables hold one at most");
      if (n) m.kinds[c].push_back(Kind(k));
    }
  if (m.kinds[WHITE].empty() || m.kinds[BLACK].empty())
    throw TablebaseError("a side has no pieces; tables hold positions with a piece on each side");
  if (m.size() > MAX_TABLE_PIECES)
    throw TablebaseError("the position has " + std::to_string(m.size()) + " pieces; tables hold at most " +
                         std::to_string(MAX_TABLE_PIECES));
  return m;
}

std::string Material::name() const {
  std::string out;
  for (Kind k : kinds[WHITE]) out += char(std::toupper(static_cast<unsigned char>(KIND_LETTERS[k])));
  out += '/';
  for (Kind k : kinds[BLACK]) out += KIND_LETTERS[k];
  return out;
}

std::vector<Piece> Material::pieces() const {
  std::vector<Piece> out;
  for (Color c : {WHITE, BLACK})
    for (Kind k : kinds[c]) out.push_back(make_piece(c, k));
  return out;
}

Material Material::without(Piece captured) const {
  Material m = *this;
  auto& side = m.kinds[color_of(captured)];
  side.erase(std::find(side.begin(), side.end(), kind_of(captured)));
  return m;
}

std::vector<Material> all_materials(int max_pieces) {
  std::vector<Material> out;
  // Every pair of non-empty kind sets, by bit masks; kept when small enough.
  for (unsigned w = 1; w < 256; ++w)
    for (unsigned b = 1; b < 256; ++b) {
      const int n = std::popcount(w) + std::popcount(b);
      if (n > max_pieces) continue;
      Material m;
      for (int k = KIND_NB - 1; k >= 0; --k) {
        if (w >> k & 1) m.kinds[WHITE].push_back(Kind(k));
        if (b >> k & 1) m.kinds[BLACK].push_back(Kind(k));
      }
      out.push_back(std::move(m));
    }
  std::sort(out.begin(), out.end(), [](const Material& a, const Material& b) {
    return a.size() != b.size() ? a.size() < b.size() : a.name() < b.name();
  });
  return out;
}

}  // namespace jungle::tablebase
