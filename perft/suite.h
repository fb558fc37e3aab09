// Perft suites in the EPD style of chess perft suites: one position a line,
//   FEN ;D1 n ;D2 n ...
// with '#' starting a comment line.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

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

}  // namespace jungle
