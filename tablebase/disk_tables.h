// Tables for players and tournaments: only those already on disk (`jungle tablebase build` makes
// them; nothing here builds one, since a 4-piece table takes seconds to minutes), read into
// memory when first needed and kept for the life of the DiskTables, which a run shares among its
// players and threads (players/player_context.h keeps one a folder and rules).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/variant.h"
#include "tablebase/table.h"

namespace jungle::tablebase {

// The tables in memory at one moment, probed without locks and without reading the disk: what a
// search holds while it runs. It must not outlive the DiskTables it came from.
class ProbeSet {
 public:
  // The position's value when its table is in memory; std::nullopt otherwise (more pieces than
  // any table here, two of a kind, a side without pieces, a table not loaded).
  std::optional<Value> probe(const Position& pos) const;
  // The most pieces of a table here; 0 when there is none.
  int max_pieces() const { return max_pieces_; }
  bool empty() const { return tables_.empty(); }

 private:
  friend class DiskTables;
  // By material key (material_key): few enough to search in a line.
  std::vector<std::pair<std::uint16_t, const Table*>> tables_;
  int max_pieces_ = 0;
};

class DiskTables {
 public:
  // How many captures away from a search's root a table is loaded (load_near): enough for what
  // a search at tournament speeds sees, few enough that a 6-piece root reads at most fifteen
  // 4-piece tables (63 MB each in memory).
  static constexpr int CAPTURES_AHEAD = 2;

  // The tables of the variant's rules in root (in its subfolder folder_of(variant, root)), its
  // folder listed and none read yet: a new set at each call. Throws TablebaseError for rules the
  // tables cannot hold (check_rules).
  static std::shared_ptr<DiskTables> open(const Variant& variant, const std::filesystem::path& root);
  // The folder open() lists: root made absolute, then the variant's rules hash.
  static std::filesystem::path folder_of(const Variant& variant, const std::filesystem::path& root);

  // Lists the folder again, to see tables built since. Thread-safe.
  void look_again();

  const std::filesystem::path& folder() const { return folder_; }
  const std::string& rules_hash() const { return rules_; }
  // The signatures with a file in the folder, by name ("E/r"), sorted.
  std::vector<std::string> on_disk() const;

  // Reads into memory the tables on disk of pos's material and of every material that at most
  // `captures` captures leave of it. Each file is read once for this set; a file that cannot be
  // read throws TablebaseError naming it. Thread-safe.
  void load_near(const Position& pos, int captures = CAPTURES_AHEAD);

  // The tables in memory now.
  ProbeSet snapshot() const;

  DiskTables(std::filesystem::path folder, std::string rules_hash);  // for open()

 private:
  const std::filesystem::path folder_;
  const std::string rules_;
  mutable std::mutex mutex_;
  std::set<std::string> on_disk_;
  std::map<std::string, std::unique_ptr<const Table>> loaded_;  // never erased: ProbeSets point in
};

// Kinds present per side as one number (white's in the low byte): the key of ProbeSet.
std::uint16_t material_key(const Material& material);

}  // namespace jungle::tablebase
