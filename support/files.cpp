#include "support/files.h"

#include <cerrno>
#include <cstring>
#include <fstream>

namespace jungle {

namespace {

// The path last, so that the message ends with the file the user must look at.
[[noreturn]] void refuse(const std::filesystem::path& path, const std::filesystem::path& temp, const std::string& why) {
  std::error_code ignored;
  std::filesystem::remove(temp, ignored);
  throw FileWriteError("cannot write (" + why + ") " + path.string());
}

}  // namespace

void write_file_atomically(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write) {
  const std::filesystem::path temp = path.string() + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (out) write(out);
    out.flush();
    if (!out) refuse(path, temp, std::strerror(errno));
  }
  std::error_code ec;
  std::filesystem::rename(temp, path, ec);
  if (ec) refuse(path, temp, ec.message());
}

void write_file_atomically(const std::filesystem::path& path, const std::string& text) {
  write_file_atomically(path, [&](std::ostream& out) { out << text; });
}

}  // namespace jungle
