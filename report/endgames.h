// The endgames of a comparison of rule variants: the two-piece tablebases of every variant side
// by side (tablebase/compare.h), for `jungle compare`'s report and `jungle tablebase compare`.
#pragma once

#include <string>
#include <vector>

#include "tablebase/compare.h"

namespace jungle::report {

struct EndgameComparison {
  std::vector<std::string> variants;         // names, in the order of every row's shares
  int pieces = 2;                             // the largest signatures compared
  std::vector<tablebase::CompareRow> rows;   // compare_tables'
  std::string left_out;                      // why there are no rows, when there are none
};

// The tables of every variant, of 2 to `pieces` pieces, compared; built in (or read from) each
// variant's tablebase folder under `root` (tablebase.h). Variants whose rules the tables cannot
// hold, or a folder that cannot be written, leave `rows` empty and say why in `left_out`.
EndgameComparison compare_endgames(const std::vector<Variant>& variants, int pieces, const std::filesystem::path& root,
                                   int threads = 0);

}  // namespace jungle::report
