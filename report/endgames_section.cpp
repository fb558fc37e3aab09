// The endgames compared (tablebase/compare.h) as a section of the report: every signature and
// side to move, each variant's shares of wins, draws and losses, and the spread between them.
#include "report/report_tables.h"
#include "support/text.h"

namespace jungle::report::detail {

namespace {

std::string percent(double share) { return fixed(100 * share, 1); }

// "E/r, E to move": the pieces of the side to move are its letters of the signature.
std::string side_to_move(const tablebase::CompareRow& row) {
  const std::string name = row.material.name();
  const std::size_t slash = name.find('/');
  const std::string letters = row.to_move == WHITE ? name.substr(0, slash) : name.substr(slash + 1);
  return (row.to_move == WHITE ? "first player (" : "second player (") + letters + ")";
}

}  // namespace

Section endgames_section(const tablebase::EndgameComparison& e, bool differing_only) {
  Section sec;
  sec.id = "endgames";
  sec.heading = "Endgames of up to " + std::to_string(e.pieces) + " pieces";
  if (!e.left_out.empty()) {
    sec.notes.push_back("no tablebases: " + e.left_out);
    return sec;
  }
  sec.explanations.push_back(
      "Solved by retrograde analysis: per signature (upper case the first player's pieces) and side to move, each "
      "variant's share of the positions won, drawn and lost by the side to move, in %, and its longest win in plies. "
      "A signature stands for its mirror image too (\"E/r\" for \"R/e\", colours swapped) where every variant's "
      "rules treat them alike. Spread: the largest gap between two variants in the share of one outcome, over both "
      "sides to move, in percentage points; the largest first.");
  sec.table.header = {"signature", "to move"};
  for (const std::string& v : e.variants) {
    sec.table.header.push_back(v + ": won / drawn / lost");
    sec.table.header.push_back(v + ": longest win");
  }
  sec.table.header.push_back("spread");
  sec.table.numeric.assign(sec.table.header.size(), true);
  sec.table.numeric[0] = sec.table.numeric[1] = false;
  std::size_t same = 0;
  for (const tablebase::CompareRow& row : e.rows) {
    if (differing_only && row.spread == 0) {
      same += row.to_move == WHITE;
      continue;
    }
    std::vector<std::string> cells = {row.material.name(), side_to_move(row)};
    for (const tablebase::Shares& s : row.variants) {
      cells.push_back(percent(s.win) + " / " + percent(s.draw) + " / " + percent(s.loss));
      cells.push_back(std::to_string(s.longest_win));
    }
    cells.push_back(percent(row.spread));
    sec.table.rows.push_back(std::move(cells));
  }
  if (same > 0)
    sec.notes.push_back(std::to_string(same) + " other signature" + (same == 1 ? " has" : "s have") +
                        " the same outcomes under every variant" +
                        (sec.table.rows.empty() ? ": the rules compared do not differ in these endgames" : ""));
  if (sec.table.rows.empty()) sec.table.header.clear();
  return sec;
}

}  // namespace jungle::report::detail
