#include "support/progress_line.h"

#include <unistd.h>

namespace jungle {

ProgressLine::ProgressLine(std::FILE* out) : out_(out), terminal_(::isatty(::fileno(out)) == 1) {}

ProgressLine::~ProgressLine() {
  if (open_) std::fputs("\r\033[K", out_);
  std::fflush(out_);
}

void ProgressLine::show(const std::string& text, bool last) {
  // On a terminal the line is rewritten; \033[K clears whatever a longer line left behind.
  if (terminal_) std::fprintf(out_, "\r%s\033[K%s", text.c_str(), last ? "\n" : "");
  else std::fprintf(out_, "%s\n", text.c_str());
  std::fflush(out_);
  open_ = terminal_ && !last;
}

}  // namespace jungle
