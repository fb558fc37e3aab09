// Writing a file whole: a reader sees the old file or the new one, never half of either.
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>
#include <stdexcept>
#include <string>

namespace jungle {

// The file cannot be written; what() names it and says why, in one line.
struct FileWriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Writes `write`'s output to PATH.tmp, then renames it over `path`.
void write_file_atomically(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write);
void write_file_atomically(const std::filesystem::path& path, const std::string& text);

}  // namespace jungle
