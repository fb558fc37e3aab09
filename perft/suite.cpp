#include "perft/suite.h"

#include <climits>
#include <cstdint>
#include <fstream>

#include "engine/variant_loader.h"
#include "support/excerpt.h"
#include "support/numbers.h"
#include "support/text.h"

namespace jungle {

namespace {

// A suite line is a FEN and a few counts; a file without line ends (say /dev/zero) would
// otherwise be read into memory until it runs out.
constexpr std::size_t MAX_LINE = 4096;

// The next line into `line`; false at the end of the file. A line of MAX_LINE bytes or more
// sets `too_long`.
bool read_line(std::istream& in, std::string& line, bool& too_long) {
  char buffer[MAX_LINE];
  in.getline(buffer, sizeof buffer);
  line.assign(buffer, std::size_t(in.gcount()) - (in.eof() || in.fail() ? 0 : 1));
  too_long = in.fail() && !in.eof() && std::size_t(in.gcount()) == MAX_LINE - 1;
  return in.gcount() > 0 || (!in.eof() && !in.fail());
}

// The value of a rules line ("# rules: R"), or nullopt for any other line.
std::optional<std::string> rules_value(const std::string& line) {
  if (line.empty() || line[0] != '#') return std::nullopt;
  std::string_view rest = trim(std::string_view(line).substr(1));
  if (!rest.starts_with("rules:")) return std::nullopt;
  return std::string(trim(rest.substr(6)));
}

}  // namespace

std::optional<Variant> read_suite_rules(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw SuiteError(file.string() + ":1: cannot read file");
  std::string raw, rules;
  bool too_long = false;
  int rules_line = 0;
  for (int line_no = 1; read_line(in, raw, too_long); ++line_no) {
    const std::string where = file.string() + ":" + std::to_string(line_no) + ": ";
    if (too_long) throw SuiteError(where + "line longer than " + std::to_string(MAX_LINE - 1) + " characters");
    const std::optional<std::string> value = rules_value(std::string(trim(raw)));
    if (!value) continue;
    if (value->empty())
      throw SuiteError(where + "\"# rules:\" names no rules; expected a bundled variant or a .toml file");
    if (rules_line)
      throw SuiteError(where + "a second rules line; line " + std::to_string(rules_line) + " named the rules already");
    rules = *value;
    rules_line = line_no;
  }
  if (!rules_line) return std::nullopt;
  // As --variant reads it, but a file's path from the suite's folder.
  const bool is_path = rules.find('/') != std::string::npos || rules.ends_with(".toml");
  const std::filesystem::path rules_file = file.parent_path() / rules;
  try {
    return is_path ? load_variant_file(rules_file) : load_variant(rules);
  } catch (const VariantError& e) {
    throw SuiteError(file.string() + ":" + std::to_string(rules_line) + ": rules " + quoted_excerpt(rules) + ": " +
                     e.what());
  }
}

bool same_moves(const Variant& a, const Variant& b) {
  return static_cast<const ConcludedRules&>(a) == static_cast<const ConcludedRules&>(b);
}

std::string rules_name(const Variant& v, const Variant& other) {
  const std::string name = "'" + v.name + "'";
  if (v.name != other.name) return name;
  return name + " (" + (v.source.empty() ? std::string("built in") : v.source) + ")";
}

std::vector<SuiteEntry> read_suite(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw SuiteError(file.string() + ":1: cannot read file");
  std::vector<SuiteEntry> entries;
  std::string raw;
  bool too_long = false;
  for (int line_no = 1; read_line(in, raw, too_long); ++line_no) {
    auto fail = [&](const std::string& what) {
      throw SuiteError(file.string() + ":" + std::to_string(line_no) + ": " + what);
    };
    if (too_long) fail("line longer than " + std::to_string(MAX_LINE - 1) + " characters");
    std::string line(trim(raw));
    if (line.empty() || line[0] == '#') continue;
    SuiteEntry entry{std::string(trim(line.substr(0, line.find(';')))), {}, line_no};
    if (entry.fen.empty()) fail("missing position before ';'");
    for (std::size_t pos = line.find(';'); pos != std::string::npos;) {
      std::size_t next = line.find(';', pos + 1);
      std::string field(trim(line.substr(pos + 1, next == std::string::npos ? next : next - pos - 1)));
      pos = next;
      std::size_t space = field.find(' ');
      const auto depth = field.size() >= 2 && field[0] == 'D' && space != std::string::npos
                             ? parse_whole_number(std::string_view(field).substr(1, space - 1), 1, INT_MAX)
                             : std::nullopt;
      const auto nodes = depth ? parse_whole_number<std::uint64_t>(trim(field.substr(space + 1)), 0, UINT64_MAX)
                               : std::nullopt;
      if (!depth || !nodes) fail("expected \"D<depth> <nodes>\", got \"" + excerpt(field) + "\"");
      entry.expected.push_back({*depth, *nodes});
    }
    if (entry.expected.empty()) fail("no \";D<depth> <nodes>\" expectations");
    entries.push_back(std::move(entry));
  }
  return entries;
}

}  // namespace jungle
