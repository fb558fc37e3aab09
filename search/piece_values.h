// Each variant's piece values as players evaluate it: the tuned ones of its weights file, when
// it has one, beside the untuned ones its rules give (EvalWeights::from_rules). What the study's
// report and `jungle tune --table` show side by side.
#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <string>

#include "engine/types.h"
#include "engine/variant.h"

namespace jungle {

struct PieceValues {
  std::string variant;
  std::array<int, KIND_NB> untuned{};             // from the rules
  std::optional<std::array<int, KIND_NB>> tuned;  // from the weights file, when there is one
  std::string weights_file;                       // that file; empty without
};

// weights_dir empty: the file beside the variant's rules, as players find it by default
// (weights_path_beside); otherwise weights_dir/NAME.weights.toml. Throws WeightsError for a
// file that is there but cannot be read or was tuned for other rules.
PieceValues piece_values(const Variant& variant, const std::filesystem::path& weights_dir = {});

}  // namespace jungle
