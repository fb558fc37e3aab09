// What the players of one run share: the weights files they evaluate with and the endgame tables
// they probe, each read once for the run and handed to every player it makes (make_player), not
// once for every game's players nor kept for the whole process. The run that makes the players
// owns it (a tournament's setup, `jungle engine`), so that two runs in one process (compare's
// rounds, the tests) read what is on disk each for itself. A player made without one keeps its own.
// Thread-safe: a tournament's threads make their players at once.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "engine/variant.h"
#include "search/weights_file.h"
#include "tablebase/disk_tables.h"

namespace jungle {

class PlayerContext {
 public:
  // read_weights_file(file), read once (WeightsError).
  std::shared_ptr<const WeightsFile> weights_file(const std::filesystem::path& file);
  // resolve_weights(variant, choice), each file read once (WeightsError).
  ResolvedWeights weights(const Variant& variant, const std::string& choice);
  // DiskTables::open(variant, root), opened once a folder and rules, so that each table is read
  // once; at every later call the folder is listed again, to see tables built since.
  // Throws TablebaseError for rules the tables cannot hold.
  std::shared_ptr<tablebase::DiskTables> tables(const Variant& variant, const std::filesystem::path& root);
  // `text` as a note on standard error, once: a tournament makes players for every game, and one
  // line says it.
  void note_once(const std::string& text);

 private:
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const WeightsFile>> weights_files_;  // by the file as named
  std::map<std::string, std::shared_ptr<tablebase::DiskTables>> tables_;  // by folder (DiskTables::folder_of)
  std::set<std::string> notes_;
};

}  // namespace jungle
