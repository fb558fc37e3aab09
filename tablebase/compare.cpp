#include "tablebase/compare.h"

#include <algorithm>
#include <array>
#include <map>

namespace jungle::tablebase {

Shares shares_of(const SideStats& side) {
  Shares s;
  s.positions = side.wins + side.draws + side.losses;
  s.longest_win = side.longest_win;
  if (s.positions) {
    const double n = double(s.positions);
    s.win = double(side.wins) / n, s.draw = double(side.draws) / n, s.loss = double(side.losses) / n;
  }
  return s;
}

Material mirrored(const Material& material) {
  Material out;
  out.kinds[WHITE] = material.kinds[BLACK];
  out.kinds[BLACK] = material.kinds[WHITE];
  return out;
}

std::vector<CompareRow> compare_tables(const std::vector<Tablebase*>& variants, int max_pieces) {
  using BothSides = std::array<std::vector<Shares>, COLOR_NB>;  // by side to move, then variant
  std::vector<Material> materials = all_materials(max_pieces);
  std::map<std::string, BothSides> shares;
  for (const Material& m : materials) {
    BothSides& both = shares[m.name()];
    for (Tablebase* tables : variants) {
      const std::array<SideStats, COLOR_NB> sides = tables->table(m).stats();
      for (Color c : {WHITE, BLACK}) both[c].push_back(shares_of(sides[c]));
      if (m.size() == max_pieces) tables->forget(m);  // no larger table needs it
    }
  }
  std::vector<std::vector<CompareRow>> signatures;
  for (const Material& m : materials) {
    const BothSides& both = shares.at(m.name());
    const std::string mirror = mirrored(m).name();
    if (mirror < m.name()) {
      const BothSides& other = shares.at(mirror);
      if (both[WHITE] == other[BLACK] && both[BLACK] == other[WHITE]) continue;  // listed as the mirror
    }
    std::vector<CompareRow> rows;
    double spread = 0;
    for (Color c : {WHITE, BLACK}) {
      rows.push_back({m, c, both[c], 0});
      for (const Shares& a : both[c])
        for (const Shares& b : both[c]) spread = std::max({spread, a.win - b.win, a.draw - b.draw, a.loss - b.loss});
    }
    for (CompareRow& row : rows) row.spread = spread;
    signatures.push_back(std::move(rows));
  }
  std::stable_sort(signatures.begin(), signatures.end(),
                   [](const auto& a, const auto& b) { return a.front().spread > b.front().spread; });
  std::vector<CompareRow> out;
  for (auto& rows : signatures)
    for (CompareRow& row : rows) out.push_back(std::move(row));
  return out;
}

}  // namespace jungle::tablebase
