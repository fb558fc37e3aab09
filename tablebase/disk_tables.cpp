#include "tablebase/disk_tables.h"

#include <algorithm>
#include <bit>

#include "engine/rules_hash.h"
#include "tablebase/generate.h"
#include "tablebase/tablebase.h"

namespace jungle::tablebase {

namespace fs = std::filesystem;

std::uint16_t material_key(const Material& material) {
  std::uint16_t key = 0;
  for (Color c : {WHITE, BLACK})
    for (Kind k : material.kinds[c]) key |= std::uint16_t(1u << (k + 8 * c));
  return key;
}

std::optional<Value> ProbeSet::probe(const Position& pos) const {
  const int pieces = popcount(pos.occupied());
  if (pieces > max_pieces_) return std::nullopt;
  std::uint16_t key = 0;
  for (Color c : {WHITE, BLACK})
    for (int k = 0; k < KIND_NB; ++k)
      if (pos.pieces(c, Kind(k))) key |= std::uint16_t(1u << (k + 8 * c));
  if (std::popcount(key) != pieces) return std::nullopt;  // two of a kind
  for (const auto& [table_key, table] : tables_)
    if (table_key == key) return table->probe(pos);
  return std::nullopt;
}

DiskTables::DiskTables(fs::path folder, std::string rules_hash)
    : folder_(std::move(folder)), rules_(std::move(rules_hash)) {}

fs::path DiskTables::folder_of(const Variant& variant, const fs::path& root) {
  std::error_code ec;
  fs::path absolute = fs::absolute(root, ec);
  if (ec) absolute = root;
  return absolute.lexically_normal() / jungle::rules_hash(variant);
}

std::shared_ptr<DiskTables> DiskTables::open(const Variant& variant, const fs::path& root) {
  check_rules(variant);
  const fs::path folder = folder_of(variant, root);
  auto tables = std::make_shared<DiskTables>(folder, folder.filename().string());
  tables->look_again();
  return tables;
}

void DiskTables::look_again() {
  std::set<std::string> found;
  std::error_code ec;
  for (fs::directory_iterator it(folder_, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& file = it->path();
    if (file.extension() != ".jtb") continue;
    std::string name = file.stem().string();
    std::replace(name.begin(), name.end(), '_', '/');
    try {
      found.insert(Material::parse(name).name());
    } catch (const TablebaseError&) {
      // Not a table's name (a file of someone else's): not ours to read.
    }
  }
  std::lock_guard lock(mutex_);
  on_disk_.insert(found.begin(), found.end());
}

std::vector<std::string> DiskTables::on_disk() const {
  std::lock_guard lock(mutex_);
  return {on_disk_.begin(), on_disk_.end()};
}

void DiskTables::load_near(const Position& pos, int captures) {
  // The root's pieces; a side with two of a kind (a variant's own start) has no tables here.
  std::vector<Piece> pieces;
  for (Color c : {WHITE, BLACK})
    for (int k = KIND_NB - 1; k >= 0; --k) {
      const int n = popcount(pos.pieces(c, Kind(k)));
      if (n > 1) return;
      if (n) pieces.push_back(make_piece(c, Kind(k)));
    }
  const int n = int(pieces.size());
  if (n - captures > MAX_TABLE_PIECES || n > 32) return;
  // Every subset of at least n - captures pieces, as a bit mask over `pieces`.
  std::vector<Material> wanted;
  for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
    const int size = std::popcount(mask);
    if (size > MAX_TABLE_PIECES || size < n - captures) continue;
    Material m;
    for (int i = 0; i < n; ++i)
      if (mask >> i & 1) m.kinds[color_of(pieces[i])].push_back(kind_of(pieces[i]));
    if (m.kinds[WHITE].empty() || m.kinds[BLACK].empty()) continue;
    wanted.push_back(std::move(m));
  }
  std::lock_guard lock(mutex_);
  for (const Material& m : wanted) {
    const std::string name = m.name();
    if (loaded_.count(name) || !on_disk_.count(name)) continue;
    std::string file = name;
    std::replace(file.begin(), file.end(), '/', '_');
    loaded_.emplace(name, read_table(folder_ / (file + ".jtb"), m, rules_));
  }
}

ProbeSet DiskTables::snapshot() const {
  ProbeSet set;
  std::lock_guard lock(mutex_);
  for (const auto& [name, table] : loaded_) {
    set.tables_.emplace_back(material_key(table->material()), table.get());
    set.max_pieces_ = std::max(set.max_pieces_, table->material().size());
  }
  return set;
}

}  // namespace jungle::tablebase
