// A tournament's results folder, DIR, held for one run: DIR/games.jsonl (results_file.h) opened
// for appending and locked against a second tournament, and DIR/run.json (run_file.h) claimed
// for this tournament. Of two tournaments started at once on one DIR only one gets it.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "results/results_file.h"
#include "results/run_file.h"

namespace jungle {

// The folder cannot be made or locked, or holds another tournament; one line.
struct ResultsFolderError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ResultsFolder {
 public:
  // Makes DIR if need be and locks it; the lock is taken before anything in DIR is read.
  explicit ResultsFolder(std::filesystem::path dir);
  ~ResultsFolder();
  ResultsFolder(const ResultsFolder&) = delete;
  ResultsFolder& operator=(const ResultsFolder&) = delete;

  // The run.json to write for a run of the tournament `wanted` (its fingerprint and games, no
  // runs) started as `start`: `wanted` itself in an empty DIR, or the one there with `games`
  // grown to `wanted`'s and `start` added to its runs. Refuses another tournament, fewer games,
  // or games without a run.json. Writes nothing, so that a folder whose games turn out not to fit
  // is left as it was.
  RunRecord claim(RunRecord wanted, const RunStart& start) const;

  // Every game in games.jsonl, sorted by index (read_results; ResultsError on a bad file).
  std::vector<StoredGame> stored_games() const;

  // Once the stored games are known to fit: writes run.json, and ends games.jsonl's last line
  // with '\n' if it is a whole record, or cuts it off if a kill interrupted its write.
  void open(const RunRecord& record);

  // One complete line in one write(2): once it returns, a kill of this process cannot lose the
  // line (a power cut still could: no fsync, which would cost more than a random game). Returns
  // an error message, empty on success; never throws, so that it may be called where nothing
  // may leave.
  std::string append(const std::string& line);

  const std::filesystem::path& games_file() const { return games_file_; }

 private:
  std::filesystem::path dir_, games_file_;
  int fd_ = -1;
};

}  // namespace jungle
