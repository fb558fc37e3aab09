// Loading rule variants from TOML files: `extends` inheritance and strict validation.
// Every mistake in a file's text is reported as one line "FILE:LINE:COLUMN: message"; loading
// stops at the first, checking lists them all. A name or path that leads to no text (an unknown
// variant, a missing file, a folder) is a mistake of whoever gave it, without a place in a file.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/variant.h"

namespace jungle {

struct VariantError : std::runtime_error {
  // A mistake in the file's text: what() is "FILE:LINE:COLUMN: message".
  VariantError(std::string file, int line, int column, const std::string& message);
  // No text was read: `file` names an unknown variant, or a file that is missing, a folder or
  // unreadable; what() is the message alone, which names it ("no such file: x.toml"), for the
  // command to say which of its arguments gave it. line and column are 0.
  VariantError(std::string file, const std::string& message);
  bool located() const { return line > 0; }
  std::string file;
  int line;
  int column;
  std::string message;  // without the location
};

// The folder of bundled variants: $JUNGLE_VARIANTS if set, else the source tree's variants/.
std::filesystem::path bundled_variants_dir();

// The most files one chain of `extends` may hold, the file itself included: more is a mistake
// at the `extends` that goes past it (a generated chain gone wrong, never a real variant), and a
// bound keeps the recursive resolution far from the end of the stack.
constexpr int MAX_EXTENDS_CHAIN = 32;

// Loads one file, resolving `extends` in the file's folder, then among the bundled variants.
// Throws the first mistake check_variant_file would list; when there are more, its message ends
// "(and N more; run jungle check FILE)".
Variant load_variant_file(const std::filesystem::path& file);

// Every mistake in a file and its ancestors, empty if it loads: the file's own by line and
// column, then its parent's (naming the parent's file), and so on up the chain. Reading goes on
// after each bad key or value, but not after a TOML syntax error, which ends that file's list.
// The start position is checked against the resolved rules only when every file of the chain
// has no other mistake, so that a skipped key cannot cause a mistake of its own.
std::vector<VariantError> check_variant_file(const std::filesystem::path& file);

// A variant file's text, as variant_to_toml writes it or a results folder keeps it; errors name
// `origin` as their file. `extends` may name a bundled variant only. Throws the first mistake;
// when there are more, its message ends "(and N more)".
Variant load_variant_text(const std::string& text, const std::string& origin);

// A bundled variant's name, or a path to a TOML file (anything with a '/' or ending ".toml").
// An unknown name's error suggests the nearest bundled names and lists them all.
Variant load_variant(const std::string& name_or_path);

// The bundled variants' names, sorted, without reading their files.
std::vector<std::string> bundled_variant_names();

// Every bundled variant, sorted by name.
std::vector<Variant> bundled_variants();

}  // namespace jungle
