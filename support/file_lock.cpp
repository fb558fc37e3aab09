#include "support/file_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>

#include "support/files.h"
#include "support/numbers.h"

namespace jungle {

namespace {

[[noreturn]] void refuse(const std::filesystem::path& file, int error) {
  throw FileWriteError("cannot lock (" + std::string(std::strerror(error)) + ") " + file.string());
}

// The pid the holder wrote, a line of its own; 0 if it has not yet (it writes just after taking
// the lock).
long holder_of(int fd) {
  char text[32] = {};
  const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
  if (n <= 0) return 0;
  const std::string_view written(text, std::size_t(n));
  return parse_whole_number<long>(written.substr(0, written.find('\n')), 0, std::numeric_limits<long>::max())
      .value_or(0);
}

}  // namespace

FileLock::FileLock(const std::filesystem::path& file, const std::function<void(long holder)>& on_wait) {
  fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) refuse(file, errno);
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK) {
      const int error = errno;
      ::close(fd_);
      refuse(file, error);
    }
    if (on_wait) on_wait(holder_of(fd_));
    while (::flock(fd_, LOCK_EX) != 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      ::close(fd_);
      refuse(file, error);
    }
  }
  // Who holds it now, for the next process that waits; a failure here only loses that.
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd_, 0) == 0) [[maybe_unused]] const ssize_t written = ::pwrite(fd_, pid.data(), pid.size(), 0);
}

FileLock::~FileLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace jungle
