#include "support/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <streambuf>

#include "support/text.h"

namespace jungle {

namespace fs = std::filesystem;

namespace {

// The path last, so that the message ends with the file the user must look at.
[[noreturn]] void refuse(const fs::path& path, const std::string& why) {
  throw FileWriteError("cannot write (" + why + ") " + path.string());
}

// A name beside `path` that no other process, and no other call of this one, uses.
fs::path temporary_beside(const fs::path& path) {
  static std::atomic<unsigned> counter{0};
  std::string name = path.string();
  name += ".tmp";
  name += std::to_string(::getpid());
  name += '.';
  name += std::to_string(counter++);
  return name;
}

// An output stream's bytes written to a file descriptor, keeping the first write's errno: a
// std::ofstream cannot be fsync'ed, and loses why it failed.
class DescriptorBuffer : public std::streambuf {
 public:
  explicit DescriptorBuffer(int fd) : fd_(fd) { setp(buffer_, buffer_ + sizeof buffer_); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    for (char* p = pbase(); p < pptr();) {
      const ssize_t n = ::write(fd_, p, std::size_t(pptr() - p));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        error_ = n < 0 ? errno : EIO;
        return false;
      }
      p += n;
    }
    setp(buffer_, buffer_ + sizeof buffer_);
    return error_ == 0;
  }

  int fd_;
  int error_ = 0;
  char buffer_[1 << 16];
};

// A new temporary file beside `beside`'s name, open for writing, removed unless renamed into
// place; a failure to make it is refused naming `target`, the file the caller writes or checks.
struct Temporary {
  Temporary(const fs::path& beside, const fs::path& target) : path(temporary_beside(beside)) {
    fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) refuse(target, std::strerror(errno));
  }
  ~Temporary() {
    if (fd >= 0) ::close(fd);
    if (!keep) ::unlink(path.c_str());
  }
  Temporary(const Temporary&) = delete;
  Temporary& operator=(const Temporary&) = delete;

  fs::path path;
  int fd = -1;
  bool keep = false;
};

// So that the rename itself survives a crash; a folder that cannot be synced loses nothing now.
void sync_folder(const fs::path& folder) {
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// Whether `path` names something that is not a regular file nor a folder (/dev/stdout, a pipe):
// written in place, since renaming over it would replace the device rather than write to it.
bool is_special(const fs::path& path) {
  struct stat st{};
  return ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

void write_through(int fd, const fs::path& path, const std::function<void(std::ostream&)>& write) {
  DescriptorBuffer buffer(fd);
  std::ostream out(&buffer);
  write(out);
  out.flush();
  if (!out) refuse(path, std::strerror(buffer.error() ? buffer.error() : EIO));
}

}  // namespace

void write_file_atomically(const fs::path& given, const std::function<void(std::ostream&)>& write) {
  if (is_special(given)) {
    const int fd = ::open(given.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) refuse(given, std::strerror(errno));
    try {
      write_through(fd, given, write);
    } catch (...) {
      ::close(fd);
      throw;
    }
    ::close(fd);
    return;
  }
  // A link is followed, so that the file it names is replaced and the link kept.
  std::error_code ec;
  const fs::path path = fs::is_symlink(given, ec) && fs::exists(given, ec) ? fs::canonical(given, ec) : given;
  if (!path.parent_path().empty() && !fs::is_directory(path.parent_path(), ec)) {
    fs::create_directories(path.parent_path(), ec);
    if (ec) refuse(given, ec.message());
  }
  Temporary temp(path, given);
  write_through(temp.fd, given, write);
  if (::fsync(temp.fd) != 0) refuse(given, std::strerror(errno));
  const int fd = temp.fd;
  temp.fd = -1;
  if (::close(fd) != 0) refuse(given, std::strerror(errno));
  if (::rename(temp.path.c_str(), path.c_str()) != 0) refuse(given, std::strerror(errno));
  temp.keep = true;
  sync_folder(path.parent_path());
}

void write_file_atomically(const fs::path& path, const std::string& text) {
  write_file_atomically(path, [&](std::ostream& out) { out << text; });
}

void check_writable(const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) refuse(path, "it is a folder");
  if (is_special(path)) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) refuse(path, std::strerror(errno));
    ::close(fd);
    return;
  }
  // The folder that would hold the file, or the nearest one above it that exists: the folders
  // between are made by the write.
  fs::path folder = path.parent_path();
  while (!folder.empty() && !fs::exists(folder, ec) && folder.has_relative_path()) folder = folder.parent_path();
  if (!folder.empty() && fs::exists(folder, ec) && !fs::is_directory(folder, ec))
    refuse(path, std::strerror(ENOTDIR));
  const Temporary probe((folder.empty() ? fs::path(".") : folder) / path.filename(), path);
}

void check_writable_folder(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) refuse(dir, ec.message());
  if (!fs::is_directory(dir, ec)) refuse(dir, "it is not a folder");
  const Temporary probe(dir / "check", dir);
}

namespace {

std::string located(const std::string& file, int line, const std::string& message) {
  std::string out = file;
  if (line > 0) out.append(":").append(std::to_string(line));
  return out.append(": ").append(message);
}

// A folder opens as a stream that reads nothing: refused by name, as an unreadable file is.
void open_for_reading(const fs::path& file, std::ifstream& in) {
  std::error_code ec;
  if (fs::is_directory(file, ec)) throw FileReadError(file.string(), 0, "cannot be read (it is a folder)");
  in.open(file, std::ios::binary);
  if (!in) throw FileReadError(file.string(), 0, std::string("cannot be read (") + std::strerror(errno) + ")");
}

}  // namespace

FileReadError::FileReadError(std::string file_, int line_, const std::string& message_)
    : std::runtime_error(located(file_, line_, message_)), file(std::move(file_)), line(line_), message(message_) {}

std::string read_file_bounded(const fs::path& file, std::size_t limit) {
  const std::string name = file.string();
  std::ifstream in;
  open_for_reading(file, in);
  std::string text;
  char chunk[1 << 16];
  while (in) {
    in.read(chunk, sizeof chunk);
    text.append(chunk, std::size_t(in.gcount()));
    if (text.size() > limit)
      throw FileReadError(name, 0, "larger than " + byte_size_text(limit) + ", more than any file of this kind holds");
  }
  if (in.bad()) throw FileReadError(name, 0, std::string("cannot be read (") + std::strerror(errno) + ")");
  return text;
}

LineReader::LineReader(const fs::path& file, std::size_t max_line)
    : file_(file.string()), max_line_(max_line) {
  open_for_reading(file, in_);
}

bool LineReader::next(std::string& line) {
  line.clear();
  had_newline_ = false;
  if (!in_) return false;
  ++line_number_;
  std::streambuf& buffer = *in_.rdbuf();
  for (;;) {
    const int c = buffer.sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in_.setstate(std::ios::eofbit);
      if (line.empty()) --line_number_;
      return !line.empty();
    }
    if (c == '\n') {
      had_newline_ = true;
      return true;
    }
    if (line.size() == max_line_) {
      in_.setstate(std::ios::failbit);
      throw FileReadError(file_, line_number_, "line longer than " + byte_size_text(max_line_));
    }
    line.push_back(char(c));
  }
}

}  // namespace jungle
