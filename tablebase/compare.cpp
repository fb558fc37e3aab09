#include "tablebase/compare.h"

#include <algorithm>

namespace jungle::tablebase {

Shares shares_of(const Table& table) {
  Shares s;
  std::uint64_t wins = 0, draws = 0, losses = 0;
  for (const SideStats& side : table.stats()) {
    wins += side.wins, draws += side.draws, losses += side.losses;
    s.longest_win = std::max(s.longest_win, side.longest_win);
  }
  s.positions = wins + draws + losses;
  if (s.positions) {
    const double n = double(s.positions);
    s.win = double(wins) / n, s.draw = double(draws) / n, s.loss = double(losses) / n;
  }
  return s;
}

std::vector<CompareRow> compare_tables(const std::vector<Tablebase*>& variants, int max_pieces) {
  std::vector<CompareRow> rows;
  for (const Material& m : all_materials(max_pieces)) {
    CompareRow row{m, {}, 0};
    for (Tablebase* tables : variants) {
      row.variants.push_back(shares_of(tables->table(m)));
      if (m.size() == max_pieces) tables->forget(m);  // no larger table needs it
    }
    for (const Shares& a : row.variants)
      for (const Shares& b : row.variants)
        row.spread = std::max({row.spread, a.win - b.win, a.draw - b.draw, a.loss - b.loss});
    rows.push_back(std::move(row));
  }
  std::stable_sort(rows.begin(), rows.end(), [](const CompareRow& a, const CompareRow& b) { return a.spread > b.spread; });
  return rows;
}

}  // namespace jungle::tablebase
