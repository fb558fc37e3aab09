#include "tablebase/tablebase.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include "engine/rules_hash.h"
#include "support/checksum.h"
#include "support/files.h"
#include "tablebase/generate.h"

namespace jungle::tablebase {

namespace fs = std::filesystem;

namespace {

constexpr char MAGIC[8] = {'J', 'U', 'N', 'G', 'L', 'E', 'T', 'B'};
// 2: the header holds a checksum. Files of version 1 have none and are refused, to be rebuilt.
constexpr std::uint32_t FORMAT_VERSION = 2;

// The header, little-endian fixed fields: so that a file is read only by the rules and the
// material it was built for.
struct Header {
  char magic[8];
  std::uint32_t version;
  char rules[16];
  char material[12];   // the signature, NUL-padded
  std::uint64_t entries;
  std::uint8_t width;  // bytes per entry: 1 while every distance fits, else 2
  std::uint8_t padding[3];
  // CRC-32C of the header (this field 0) and then the entries as stored: a flipped bit anywhere
  // is found when the file is read, rather than read as another value.
  std::uint32_t checksum;
};
static_assert(sizeof(Header) == 56);

// One byte: 0 none, 1 draw, then wins and losses by distance (wins odd, losses even, as a win is
// a move more than a loss for the other side). Two bytes: Table::Entry as it is.
constexpr int ONE_BYTE_LIMIT = 253;

std::uint8_t to_byte(Table::Entry e) {
  if (e == Table::NONE) return 0;
  const Value v = Table::decode(e);
  return v.outcome == Outcome::Draw ? 1 : std::uint8_t(2 + v.distance);
}

Table::Entry from_byte(std::uint8_t b) {
  if (b == 0) return Table::NONE;
  if (b == 1) return Table::DRAW;
  const int d = b - 2;
  return Table::encode({d % 2 ? Outcome::Win : Outcome::Loss, d});
}

[[noreturn]] void fail(const fs::path& file, const std::string& what) {
  std::string message = file.string();
  message += ": ";
  message += what;
  throw TablebaseError(message);
}

// The CRC-32C of the header (its checksum field zero) followed by the entries.
std::uint32_t checksum_of(const Header& header, const char* body, std::size_t body_size) {
  Crc32c crc;
  crc.process_bytes(&header, sizeof header);
  crc.process_bytes(body, body_size);
  return crc.checksum();
}

}  // namespace

fs::path default_folder() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return fs::path(xdg) / "jungle" / "tablebases";
  if (const char* home = std::getenv("HOME"); home && *home) return fs::path(home) / ".cache" / "jungle" / "tablebases";
  throw TablebaseError("neither XDG_CACHE_HOME nor HOME is set; give the tables' folder with --dir");
}

void write_table(const fs::path& file, const Table& table, const std::string& rules_hash) {
  const std::vector<Table::Entry>& entries = table.entries();
  bool narrow = true;
  for (Table::Entry e : entries) {
    const Value v = Table::decode(e);
    if (e != Table::NONE && v.outcome != Outcome::Draw && v.distance > ONE_BYTE_LIMIT) narrow = false;
    // The parity reading of the one-byte form holds by construction; a table that broke it
    // keeps both bytes rather than change on disk.
    if (e != Table::NONE && v.outcome != Outcome::Draw && (v.distance % 2 == 1) != (v.outcome == Outcome::Win))
      narrow = false;
  }
  Header h{};
  std::memcpy(h.magic, MAGIC, sizeof MAGIC);
  h.version = FORMAT_VERSION;
  std::memcpy(h.rules, rules_hash.data(), std::min(rules_hash.size(), sizeof h.rules));
  const std::string name = table.material().name();
  std::memcpy(h.material, name.data(), std::min(name.size(), sizeof h.material));
  h.entries = entries.size();
  h.width = narrow ? 1 : 2;

  std::vector<std::uint8_t> narrow_bytes;
  const char* body = reinterpret_cast<const char*>(entries.data());
  std::size_t body_size = entries.size() * sizeof(Table::Entry);
  if (narrow) {
    narrow_bytes.resize(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) narrow_bytes[i] = to_byte(entries[i]);
    body = reinterpret_cast<const char*>(narrow_bytes.data());
    body_size = narrow_bytes.size();
  }
  h.checksum = checksum_of(h, body, body_size);

  // Whole or not at all (a temporary file renamed over it), so that a reader never sees half a
  // table and a failed write (a full disk) leaves nothing behind.
  std::error_code ec;
  fs::create_directories(file.parent_path(), ec);
  if (ec) fail(file.parent_path(), "cannot be made (" + ec.message() + ")");
  try {
    write_file_atomically(file, [&](std::ostream& out) {
      out.write(reinterpret_cast<const char*>(&h), sizeof h);
      out.write(body, std::streamsize(body_size));
    });
  } catch (const FileWriteError& e) {
    throw TablebaseError(e.what());
  }
}

std::unique_ptr<Table> read_table(const fs::path& file, const Material& material, const std::string& rules_hash) {
  std::ifstream in(file, std::ios::binary);
  if (!in) fail(file, "cannot be read");
  Header h{};
  in.read(reinterpret_cast<char*>(&h), sizeof h);
  if (!in || std::memcmp(h.magic, MAGIC, sizeof MAGIC) != 0) fail(file, "not a jungle tablebase file");
  if (h.version != FORMAT_VERSION)
    fail(file, "format version " + std::to_string(h.version) + ", expected " + std::to_string(FORMAT_VERSION) +
                   " (written by another version of jungle); delete the file to rebuild it");
  auto table = std::make_unique<Table>(material);
  std::vector<Table::Entry>& entries = table->entries();
  // The checksum before any other field is believed: a flipped bit in the entry count or the
  // width must not be read as what it now says. Two-byte entries are read in place: a 4-piece
  // table is 63 MB.
  std::vector<std::uint8_t> narrow_bytes(h.width == 1 ? entries.size() : 0);
  char* body = h.width == 1 ? reinterpret_cast<char*>(narrow_bytes.data()) : reinterpret_cast<char*>(entries.data());
  const std::size_t body_size = h.width == 1 ? narrow_bytes.size() : entries.size() * sizeof(Table::Entry);
  in.read(body, std::streamsize(body_size));
  const bool short_read = !in;
  const bool trailing = !short_read && in.peek() != std::char_traits<char>::eof();
  Header unsummed = h;
  unsummed.checksum = 0;
  if (short_read || trailing || checksum_of(unsummed, body, body_size) != h.checksum)
    fail(file, "damaged (its checksum does not match its contents); delete the file to rebuild it");
  if (std::string(h.rules, strnlen(h.rules, sizeof h.rules)) != rules_hash)
    fail(file, "built for other rules (" + std::string(h.rules, strnlen(h.rules, sizeof h.rules)) + ", expected " +
                   rules_hash + ")");
  const std::string name(h.material, strnlen(h.material, sizeof h.material));
  if (name != material.name()) fail(file, "holds material " + name + ", expected " + material.name());
  if (h.entries != entries.size() || (h.width != 1 && h.width != 2))
    fail(file, "has " + std::to_string(h.entries) + " entries, expected " + std::to_string(entries.size()));
  if (h.width == 1)
    for (std::size_t i = 0; i < entries.size(); ++i) entries[i] = from_byte(narrow_bytes[i]);
  return table;
}

namespace {

// A file of an older format holds nothing a build cannot make again: one that builds tables
// replaces it rather than stop. A damaged current one is still refused, as it may mean a failing
// disk the user should hear of.
bool of_an_older_format(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  Header h{};
  in.read(reinterpret_cast<char*>(&h), sizeof h);
  return in && std::memcmp(h.magic, MAGIC, sizeof MAGIC) == 0 && h.version < FORMAT_VERSION;
}

}  // namespace

Tablebase::Tablebase(const Variant& variant, fs::path root, int threads)
    : variant_(variant), rules_(rules_hash(variant)), folder_(std::move(root) / rules_), threads_(threads) {
  check_rules(variant);
}

fs::path Tablebase::file_of(const Material& material) const {
  std::string name = material.name();
  std::replace(name.begin(), name.end(), '/', '_');
  return folder_ / (name + ".jtb");
}

const Table& Tablebase::table(const Material& material) {
  const std::string name = material.name();
  if (auto it = tables_.find(name); it != tables_.end()) return *it->second;
  const fs::path file = file_of(material);
  std::unique_ptr<Table> table;
  if (fs::exists(file) && !of_an_older_format(file)) {
    table = read_table(file, material, rules_);
  } else {
    // Captures lead to the smaller tables: built first if need be (recursively), so that the
    // time below is this table's own.
    for (Piece p : material.pieces())
      if (material.kinds[color_of(p)].size() > 1) this->table(material.without(p));
    const auto start = std::chrono::steady_clock::now();
    table = std::make_unique<Table>(generate_table(
        variant_, material, [this](const Material& m) -> const Table& { return this->table(m); }, threads_));
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    write_table(file, *table, rules_);
    if (on_built) on_built(material, seconds);
  }
  return *tables_.emplace(name, std::move(table)).first->second;
}

void Tablebase::forget(const Material& material) { tables_.erase(material.name()); }

std::optional<Value> Tablebase::probe(const Position& pos) {
  Material material;
  try {
    material = Material::of(pos);
  } catch (const TablebaseError&) {
    return std::nullopt;
  }
  return table(material).probe(pos);
}

}  // namespace jungle::tablebase
