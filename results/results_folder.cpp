#include "results/results_folder.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "support/append_file.h"
#include "support/files.h"

namespace jungle {

namespace fs = std::filesystem;

ResultsFolder::ResultsFolder(fs::path dir) : dir_(std::move(dir)), games_file_(dir_ / "games.jsonl") {
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (ec) throw ResultsFolderError("cannot create --out " + dir_.string() + ": " + ec.message());
  fd_ = ::open(games_file_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) throw ResultsFolderError("cannot write " + games_file_.string() + ": " + std::strerror(errno));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd_);
    throw ResultsFolderError("--out " + dir_.string() + " is in use by another tournament");
  }
}

ResultsFolder::~ResultsFolder() { ::close(fd_); }

RunRecord ResultsFolder::claim(RunRecord wanted, const RunStart& start) const {
  if (std::optional<RunRecord> there = read_run_file(dir_)) {
    if (const std::string diff = run_difference(*there, wanted); !diff.empty())
      throw ResultsFolderError("--out " + dir_.string() + " holds another tournament, made with " + diff);
    // A larger --games extends the tournament: its list of games begins with this one's.
    if (wanted.settings.games_per_pair < there->settings.games_per_pair)
      throw ResultsFolderError("--out " + dir_.string() + " holds " + std::to_string(there->settings.games_per_pair) +
                               " games per pair; --games may grow but not shrink (" +
                               std::to_string(wanted.settings.games_per_pair) + ")");
    there->settings.games_per_pair = wanted.settings.games_per_pair;
    there->runs.push_back(start);
    // The games of a variant's default weights and games of others would be two players' under
    // one name: a player without weights= plays the weights the folder's games were played with.
    for (std::size_t i = 0; i < there->variants.size(); ++i) {
      const RecordedVariant &was = there->variants[i], &now = wanted.variants[i];
      if (!was.default_weights_digest.empty() && !now.default_weights_digest.empty() &&
          was.default_weights_digest != now.default_weights_digest)
        throw ResultsFolderError("--out " + dir_.string() + " holds games played with other default weights for " +
                                 now.name + " (" + fs::path(was.default_weights).filename().string() + " with digest " +
                                 was.default_weights_digest + "; now " + fs::path(now.default_weights).filename().string() +
                                 " with digest " + now.default_weights_digest +
                                 "): give another --out, or the weights it was played with");
    }
    // A folder from before default weights were recorded learns them now; one from before their
    // digest, the digest.
    for (std::size_t i = 0; i < there->variants.size(); ++i) {
      if (there->variants[i].default_weights_digest.empty())
        there->variants[i].default_weights_digest = wanted.variants[i].default_weights_digest;
      if (there->variants[i].default_weights.empty()) {
        there->variants[i].default_weights = wanted.variants[i].default_weights;
        there->variants[i].default_weights_fitted_by = wanted.variants[i].default_weights_fitted_by;
        there->variants[i].default_weights_evaluator = wanted.variants[i].default_weights_evaluator;
        there->variants[i].default_weights_recipe = wanted.variants[i].default_weights_recipe;
      }
    }
    return *there;
  }
  std::error_code ec;
  if (fs::exists(games_file_, ec) && fs::file_size(games_file_, ec) != 0)
    throw ResultsFolderError(games_file_.string() + " has no run.json beside it; not adding to it");
  wanted.runs = {start};
  return wanted;
}

std::vector<StoredGame> ResultsFolder::stored_games() const { return read_results(games_file_); }

void ResultsFolder::open(const RunRecord& record) {
  try {
    write_run_file(dir_, record);
  } catch (const FileWriteError& e) {
    throw ResultsFolderError(e.what());
  }
  // The bytes up to the last '\n' and the line after it, read a bounded line at a time.
  std::size_t keep = 0;
  std::string tail;
  try {
    LineReader lines(games_file_);
    for (std::string line; lines.next(line);) {
      if (lines.had_newline()) keep += line.size() + 1;
      else tail = std::move(line);
    }
  } catch (const FileReadError& e) {
    throw ResultsFolderError(e.what());
  }
  if (tail.empty()) return;
  bool whole_record = true;
  try {
    parse_results_line(tail);
  } catch (const std::invalid_argument&) {
    whole_record = false;
  }
  if (whole_record ? !append("\n").empty() : ::ftruncate(fd_, off_t(keep)) != 0)
    throw ResultsFolderError("cannot repair the last line of " + games_file_.string() + ": " + std::strerror(errno));
}

std::string ResultsFolder::append(const std::string& line) { return write_all(fd_, line, games_file_); }

}  // namespace jungle
