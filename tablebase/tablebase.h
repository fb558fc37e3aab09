// The tables of one variant, kept on disk: built when first asked for (with the smaller tables
// their captures lead to), then read back.
//
// Folder: --dir, else $XDG_CACHE_HOME/jungle/tablebases, else ~/.cache/jungle/tablebases; in it
// one subfolder per rules hash (rules_hash.h), so a changed rules file never reads a table of
// other rules, and one file per signature ("LT_e.jtb": '/' written '_'). A file starts with a
// header (format, rules hash, signature, number of entries, bytes per entry, a CRC-32C of the
// whole file) checked when read: a damaged file or one of another format is refused, not misread.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "engine/variant.h"
#include "tablebase/table.h"

namespace jungle::tablebase {

// $XDG_CACHE_HOME/jungle/tablebases, or ~/.cache/jungle/tablebases; throws TablebaseError when
// neither variable is set.
std::filesystem::path default_folder();

class Tablebase {
 public:
  // The variant must outlive this. Throws TablebaseError for rules the tables cannot hold
  // (check_rules). threads: for building, 0 for OpenMP's default.
  Tablebase(const Variant& variant, std::filesystem::path root, int threads = 0);

  // The folder of this variant's tables: root/rules hash.
  const std::filesystem::path& folder() const { return folder_; }

  // The table of material: kept in memory once read or built. Builds it (and the tables it
  // needs) when its file is missing; throws TablebaseError for a file that is unreadable or of
  // other rules or material.
  const Table& table(const Material& material);

  // Drops the table from memory (its file stays): building many large tables one by one.
  void forget(const Material& material);

  // The value of a position for the side to move; std::nullopt for a position no table holds
  // (more than MAX_TABLE_PIECES pieces, two of a kind, a side without pieces).
  std::optional<Value> probe(const Position& pos);

  // Told of each table built, with the seconds it took.
  std::function<void(const Material&, double seconds)> on_built;

  std::filesystem::path file_of(const Material& material) const;

 private:
  const Variant& variant_;
  std::string rules_;
  std::filesystem::path folder_;
  int threads_;
  std::map<std::string, std::unique_ptr<Table>> tables_;
};

// The file format, for tests: writes (whole or not at all) and reads one table; read throws
// TablebaseError naming the file when it is damaged (checksum), of another format version, or
// not a table of these rules and this material.
void write_table(const std::filesystem::path& file, const Table& table, const std::string& rules_hash);
std::unique_ptr<Table> read_table(const std::filesystem::path& file, const Material& material,
                                  const std::string& rules_hash);

}  // namespace jungle::tablebase
