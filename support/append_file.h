// A file appended to in whole pieces: each piece in write(2) calls straight to the file, with no
// buffer in this process, so that once append() returns a kill of the process cannot lose it.
#pragma once

#include <filesystem>
#include <string>

namespace jungle {

// Writes all of `text` to the open file `fd` in write(2) calls, again after an interruption.
// Returns an error message naming `path`, empty on success; never throws.
std::string write_all(int fd, const std::string& text, const std::filesystem::path& path);

class AppendFile {
 public:
  // Opens `path` for appending, made if missing (its folder must exist); throws FileWriteError
  // (support/files.h) naming it and why.
  explicit AppendFile(std::filesystem::path path);
  ~AppendFile();
  AppendFile(const AppendFile&) = delete;
  AppendFile& operator=(const AppendFile&) = delete;

  // Returns an error message naming the file, empty on success; never throws, so that it may be
  // called where nothing may leave.
  std::string append(const std::string& text);

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  int fd_ = -1;
};

}  // namespace jungle
