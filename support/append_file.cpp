#include "support/append_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "support/files.h"

namespace jungle {

AppendFile::AppendFile(std::filesystem::path path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) throw FileWriteError("cannot write (" + std::string(std::strerror(errno)) + ") " + path_.string());
}

AppendFile::~AppendFile() { ::close(fd_); }

std::string write_all(int fd, const std::string& text, const std::filesystem::path& path) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return "cannot write " + path.string() + ": " + std::strerror(errno);
    done += std::size_t(n);
  }
  return "";
}

std::string AppendFile::append(const std::string& text) { return write_all(fd_, text, path_); }

}  // namespace jungle
