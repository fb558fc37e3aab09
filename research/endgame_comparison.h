// The endgames of a comparison of rule variants for `jungle compare`'s report: the two-piece
// tablebases of every variant, built or read, side by side (tablebase/compare.h).
#pragma once

#include <filesystem>
#include <vector>

#include "engine/variant.h"
#include "tablebase/compare.h"

namespace jungle::research {

// The tables of every variant, of 2 to `pieces` pieces, compared; built in (or read from) each
// variant's tablebase folder under `root` (tablebase/tablebase.h). Variants whose rules the tables
// cannot hold, or a folder that cannot be written, leave `rows` empty and say why in `left_out`.
tablebase::EndgameComparison compare_endgames(const std::vector<Variant>& variants, int pieces,
                                              const std::filesystem::path& root, int threads = 0);

}  // namespace jungle::research
