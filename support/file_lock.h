// A lock between processes on one job (fitting one variant's weights, say): an advisory lock
// (flock) on a file of its own, held for the life of the object. The holder's pid is written in
// the file, so that a process that has to wait can say whom it waits for.
#pragma once

#include <filesystem>
#include <functional>

namespace jungle {

class FileLock {
 public:
  // Takes the lock on `file` (made if missing, never removed: removing a lock file races with
  // the next taker), waiting as long as another process holds it. Before waiting, calls
  // `on_wait` with the holder's pid (0 when unknown). Throws FileWriteError naming the file when
  // it cannot be opened or locked.
  FileLock(const std::filesystem::path& file, const std::function<void(long holder)>& on_wait);
  ~FileLock();  // releases it
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace jungle
