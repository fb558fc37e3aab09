// Perft suites in the EPD style of chess perft suites: one position a line,
//   FEN ;D1 n ;D2 n ...
// with '#' starting a comment line. One comment line may name the rules the counts are for,
//   # rules: R
// R as --variant takes it: a bundled variant's name, or a variant file's path (anything with a '/'
// or ending ".toml"), relative to the suite's folder. Other readers take it for a comment.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/variant.h"

namespace jungle {

struct SuiteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct SuiteExpectation {
  int depth;
  std::uint64_t nodes;
};

struct SuiteEntry {
  std::string fen;
  std::vector<SuiteExpectation> expected;  // in the order written
  int line;                                // 1-based line in the file
};

// Reads a suite; a malformed line throws SuiteError "FILE:LINE: message".
std::vector<SuiteEntry> read_suite(const std::filesystem::path& file);

// The rules the suite's "# rules:" line names, loaded and concluded; none when it has no such line.
// Throws SuiteError "FILE:LINE: ..." for an empty or second rules line, or rules that do not load.
std::optional<Variant> read_suite_rules(const std::filesystem::path& file);

// Whether perft counts the same under both, from any position: the same tables for the move
// generator, whatever the names, start positions and end rules.
bool same_moves(const Variant& a, const Variant& b);

// How a message names a variant beside another: its name, quoted, and its file too when both
// have the same name ("'standard' (variants/standard.toml)").
std::string rules_name(const Variant& v, const Variant& other);

}  // namespace jungle
