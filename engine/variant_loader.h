// Loading rule variants from TOML files: `extends` inheritance and strict validation.
// Every mistake is reported as one line "FILE:LINE:COLUMN: message".
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "variant.h"

namespace jungle {

struct VariantError : std::runtime_error {
  VariantError(std::string file, int line, int column, const std::string& message);
  std::string file;
  int line;
  int column;
  std::string message;  // without the location
};

// The folder of bundled variants: $JUNGLE_VARIANTS if set, else the source tree's variants/.
std::filesystem::path bundled_variants_dir();

// Loads one file, resolving `extends` in the file's folder, then among the bundled variants.
Variant load_variant_file(const std::filesystem::path& file);

// A variant file's text, as variant_to_toml writes it or a results folder keeps it; errors name
// `origin` as their file. `extends` may name a bundled variant only.
Variant load_variant_text(const std::string& text, const std::string& origin);

// A bundled variant's name, or a path to a TOML file (anything with a '/' or ending ".toml").
Variant load_variant(const std::string& name_or_path);

// Every bundled variant, sorted by name.
std::vector<Variant> bundled_variants();

}  // namespace jungle
