#include "match/game_collector.h"

#include "support/child_reaper.h"

namespace jungle {

GameCollector::GameCollector(ResultsFolder& folder, TournamentRun& run, std::optional<SequentialTest>& test,
                             GamesProgress& progress, int games_in_schedule, PgnOut* pgn_out,
                             int rating_interval)
    : folder_(folder),
      run_(run),
      test_(test),
      progress_(progress),
      pgn_out_(pgn_out),
      score_(run.players),
      rating_interval_(rating_interval) {
  for (const StoredGame& g : run_.games) score_.add(g);
  if (!test_) return;
  std::vector<bool> stored(std::size_t(games_in_schedule), false);
  for (const StoredGame& g : run_.games) stored[std::size_t(g.index)] = true;
  while (next_to_write_ < games_in_schedule && stored[std::size_t(next_to_write_)]) ++next_to_write_;
}

void GameCollector::keep(StoredGame&& game, const std::string& line, std::string& problem) {
  if (!failed_) problem = folder_.append(line);
  if (!problem.empty()) return;
  try {
    if (test_) test_->add(game);
  } catch (const std::exception& e) {
    // Nothing may leave here (a thread, the dealer): the game is kept, the run stops with this.
    problem = std::string("--sprt: ") + e.what();
  }
  // After games.jsonl, which a resumed run reads: a kill between the two writes leaves the game
  // out of the PGN file, never in it twice.
  if (pgn_out_ && !failed_ && problem.empty()) problem = pgn_out_->append(game);
  run_.games.push_back(std::move(game));
  ++run_.played;
  progress_.game_done();
  score_.add(run_.games.back());
  if (rating_interval_ > 0 && score_.games() % rating_interval_ == 0) {
    progress_.note(score_.lines(test_ ? &*test_ : nullptr));
    shown_at_ = score_.games();
  }
}

void GameCollector::show_final_score() {
  std::lock_guard lock(mutex_);
  if (rating_interval_ > 0 && score_.games() > 0 && shown_at_ != score_.games())
    progress_.note(score_.lines(test_ ? &*test_ : nullptr));
}

bool GameCollector::add(StoredGame&& game, std::string&& line, std::string&& problem) {
  // A game that ends as a signal ends us may have lost its engine to the ending: not a result.
  wait_here_if_ending();
  std::lock_guard lock(mutex_);
  bool go_on = true;
  if (problem.empty() && !test_) {
    keep(std::move(game), line, problem);
  } else if (problem.empty()) {
    const int index = game.index;
    held_.emplace(index, std::pair{std::move(game), std::move(line)});
    for (auto it = held_.find(next_to_write_); it != held_.end() && problem.empty() && !test_->decided();
         it = held_.find(next_to_write_)) {
      keep(std::move(it->second.first), it->second.second, problem);
      held_.erase(it);
      ++next_to_write_;
    }
    if (test_->decided()) {
      held_.clear();  // games past the verdict are not part of the test
      go_on = false;
    }
  }
  if (!problem.empty()) {
    if (error_.empty()) error_ = problem;
    failed_ = true;
    go_on = false;
  }
  return go_on;
}

std::string GameCollector::error() const {
  std::lock_guard lock(mutex_);
  return error_;
}

}  // namespace jungle
