// A line of progress for work that takes a while, on standard error so that results on
// standard output stay clean: rewritten in place on a terminal; elsewhere (a log file, CI) a
// line each time. How often to show it is the caller's to decide.
#pragma once

#include <cstdio>
#include <string>

namespace jungle {

class ProgressLine {
 public:
  explicit ProgressLine(std::FILE* out = stderr);
  // Wipes a line left on a terminal, so that what follows starts on a clean line.
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  bool on_terminal() const { return terminal_; }

  // Shows `text` in place of the line before. A `last` line stays, even on a terminal.
  void show(const std::string& text, bool last = false);

 private:
  std::FILE* out_;
  bool terminal_;
  bool open_ = false;  // a line on the terminal that a later one replaces
};

}  // namespace jungle
