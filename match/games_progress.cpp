#include "match/games_progress.h"

#include <algorithm>
#include <cstdio>

namespace jungle {

GamesProgress::GamesProgress(bool enabled, int total, int done)
    : enabled_(enabled && total > done),
      total_(total),
      done_(done),
      start_done_(done),
      every_(std::max(1, (total - done) / 10)) {}

void GamesProgress::game_done() {
  ++done_;
  if (!enabled_) return;
  const auto now = Clock::now();
  const bool last = done_ == total_;
  const bool tenth = (done_ - start_done_) % every_ == 0;
  if (!last && (line_.on_terminal() ? now - printed_ < std::chrono::milliseconds(200)
                                    : !tenth && now - printed_ < std::chrono::seconds(2)))
    return;
  printed_ = now;
  const double secs = std::chrono::duration<double>(now - start_).count();
  const double rate = secs > 0 ? (done_ - start_done_) / secs : 0;
  const long eta = rate > 0 ? long((total_ - done_) / rate + 0.5) : 0;
  char text[120];
  std::snprintf(text, sizeof text, "games %d/%d, %.1f games/s, ETA %ld:%02ld:%02ld", done_, total_, rate, eta / 3600,
                eta / 60 % 60, eta % 60);
  line_.show(text, last);
}

void GamesProgress::note(const std::vector<std::string>& lines) {
  for (const std::string& line : lines) line_.show(line, true);
}

}  // namespace jungle
