// Files written whole (a reader sees the old file or the new one, never half of either), and
// files read with bounds (a file without line ends, such as /dev/zero, is refused by name
// rather than read until memory runs out).
#pragma once

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <functional>
#include <ostream>
#include <stdexcept>
#include <string>

namespace jungle {

// The file cannot be written; what() names it and says why, in one line.
struct FileWriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Writes `write`'s output to a temporary file beside `path` (PATH.tmpPID.N, unique to this
// process and call), flushes it to the disk (fsync), then renames it over `path`. The folders
// of `path` are made if missing. On any failure
// (a full disk, an exception from `write`) the temporary file is removed and `path` is left as
// it was; the failure is thrown as FileWriteError, or `write`'s own exception is rethrown. A
// link is followed (the file it names is replaced); a device or pipe (/dev/stdout) is written
// in place, as nothing can be renamed over it.
void write_file_atomically(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write);
void write_file_atomically(const std::filesystem::path& path, const std::string& text);

// Throws FileWriteError naming `path` unless write_file_atomically could write it now: `path`
// is not a folder, and its folder takes a new file (tried by making and removing a temporary
// one), or, when its folder is missing, the nearest folder above that exists is a folder and
// takes one. Makes nothing. For checking an output before the work that fills it.
void check_writable(const std::filesystem::path& path);

// The same for an output folder: made if missing (with its parents), then checked to take a new
// file. Throws FileWriteError naming the folder.
void check_writable_folder(const std::filesystem::path& dir);

// The file cannot be read, or holds more than a reader takes; what() is one line,
// "FILE: message" or "FILE:LINE: message", as the readers of each kind of file word theirs.
struct FileReadError : std::runtime_error {
  FileReadError(std::string file, int line, const std::string& message);
  std::string file;
  int line;  // 1-based; 0 when the whole file is at fault
  std::string message;
};

// The longest line a line reader takes (a game of results files is a few kB; a line of 1 MiB
// is no file of ours), and the largest file read whole (rules, weights, run.json: a few kB).
constexpr std::size_t MAX_LINE = std::size_t(1) << 20;
constexpr std::size_t MAX_WHOLE_FILE = std::size_t(16) << 20;

// The file's bytes; throws FileReadError "FILE: cannot be read (why)" or "FILE: larger than
// 16 MiB, ..." once more than `limit` bytes have been read (a size is not asked of the file
// first: /dev/zero and pipes have none).
std::string read_file_bounded(const std::filesystem::path& file, std::size_t limit = MAX_WHOLE_FILE);

// A file's lines, one at a time, none longer than a limit.
class LineReader {
 public:
  // Throws FileReadError "FILE: cannot be read (why)".
  explicit LineReader(const std::filesystem::path& file, std::size_t max_line = MAX_LINE);

  // The next line into `line`, without its '\n' (a '\r' before it is kept); false at the end.
  // Throws FileReadError "FILE:LINE: line longer than 1 MiB" for a longer line.
  bool next(std::string& line);
  // The 1-based number of the line next() returned last.
  int line_number() const { return line_number_; }
  // Whether that line ended with '\n' (the last line of a file may not).
  bool had_newline() const { return had_newline_; }

 private:
  std::string file_;
  std::ifstream in_;
  std::size_t max_line_;
  int line_number_ = 0;
  bool had_newline_ = false;
};

}  // namespace jungle
