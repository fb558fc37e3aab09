#include "perft/progress.h"

#include "support/text.h"

#include <unistd.h>

#include <string>

namespace jungle {

CountProgress::CountProgress(std::FILE* out, double quiet_seconds, double every_seconds)
    : out_(out),
      terminal_(isatty(fileno(out)) == 1),
      quiet_(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(quiet_seconds))),
      every_(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(every_seconds))),
      start_(Clock::now()) {}

CountProgress::~CountProgress() {
  if (terminal_ && shown_) std::fprintf(out_, "\r\033[K");
  std::fflush(out_);
}

PerftOptions CountProgress::hooked(PerftOptions options) {
  options.on_root_move = [this](const PerftProgress& p) { (*this)(p); };
  return options;
}

void CountProgress::operator()(const PerftProgress& p) {
  const Clock::time_point now = Clock::now();
  if (now - start_ < quiet_ || (!terminal_ && shown_ && now - last_ < every_)) return;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  // On a terminal the line is rewritten; \033[K clears whatever a longer line left behind.
  std::fprintf(out_, "%sperft: %d/%d root moves, %s nodes, %.1f s%s", terminal_ ? "\r" : "", p.root_moves_done,
               p.root_moves, with_commas(p.nodes).c_str(), seconds, terminal_ ? "\033[K" : "\n");
  std::fflush(out_);
  shown_ = true;
  last_ = now;
}

}  // namespace jungle
