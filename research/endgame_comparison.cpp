#include "research/endgame_comparison.h"

#include <memory>

namespace jungle::research {

tablebase::EndgameComparison compare_endgames(const std::vector<Variant>& variants, int pieces,
                                              const std::filesystem::path& root, int threads) {
  tablebase::EndgameComparison out;
  out.pieces = pieces;
  for (const Variant& v : variants) out.variants.push_back(v.name);
  try {
    std::vector<std::unique_ptr<tablebase::Tablebase>> owned;
    std::vector<tablebase::Tablebase*> tables;
    for (const Variant& v : variants) {
      owned.push_back(std::make_unique<tablebase::Tablebase>(v, root, threads));
      tables.push_back(owned.back().get());
    }
    out.rows = tablebase::compare_tables(tables, pieces);
  } catch (const tablebase::TablebaseError& e) {
    out.left_out = e.what();
  } catch (const std::filesystem::filesystem_error& e) {
    out.left_out = e.what();
  }
  return out;
}

}  // namespace jungle::research
