#include "search/piece_values.h"

#include "search/eval_weights.h"
#include "search/weights_file.h"

namespace jungle {

PieceValues piece_values(const Variant& variant, const std::filesystem::path& weights_dir) {
  PieceValues out;
  out.variant = variant.name;
  out.untuned = EvalWeights::from_rules(variant).piece;
  // resolve_weights takes "" as the file beside the rules; a folder's file must exist to count.
  std::string choice;
  if (!weights_dir.empty()) {
    const std::filesystem::path file = weights_dir / (variant.name + ".weights.toml");
    std::error_code ec;
    choice = std::filesystem::exists(file, ec) ? file.string() : UNTUNED_WEIGHTS;
  }
  const ResolvedWeights resolved = resolve_weights(variant, choice);
  if (resolved.origin != UNTUNED_WEIGHTS) {
    out.tuned = resolved.weights->piece;
    out.weights_file = resolved.origin;
  }
  return out;
}

}  // namespace jungle
