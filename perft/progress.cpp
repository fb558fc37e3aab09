#include "perft/progress.h"

#include <string>

#include "support/text.h"

namespace jungle {

CountProgress::CountProgress(std::FILE* out, double quiet_seconds, double every_seconds)
    : line_(out),
      quiet_(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(quiet_seconds))),
      every_(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(every_seconds))),
      start_(Clock::now()) {}

PerftOptions CountProgress::hooked(PerftOptions options) {
  options.on_root_move = [this](const PerftProgress& p) { (*this)(p); };
  return options;
}

void CountProgress::operator()(const PerftProgress& p) {
  const Clock::time_point now = Clock::now();
  if (now - start_ < quiet_ || (!line_.on_terminal() && shown_ && now - last_ < every_)) return;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  char text[160];
  std::snprintf(text, sizeof text, "perft: %d/%d root moves, %s nodes, %.1f s", p.root_moves_done, p.root_moves,
                with_commas(p.nodes).c_str(), seconds);
  line_.show(text);
  shown_ = true;
  last_ = now;
}

}  // namespace jungle
