// Reading variant files. Each file is first checked on its own against the schema and turned
// into a list of edits; loading then applies the edits of every ancestor, oldest first, onto
// the standard rules. Because each edit sets one field (or one kind's entry), a child
// overrides exactly the keys it writes and inherits every other one. The schema of the rule
// settings, and so every key's reader, is derived from the table of engine/rule_settings.h; this
// file knows only the grammars of values and the document's own keys (name, description,
// extends).
//
// Mistakes are collected rather than thrown at once, so that `jungle check` can list them all:
// a bad key or value is recorded and reading goes on with the next one (a bad element of an
// array or a bad terrain character with the next element). The checks of the resolved variant
// (the start position) run only when every file of the chain read cleanly, since a key that was
// skipped would make them report a mistake that is not there.
#include "engine/variant_loader.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string_view>
#include <utility>

#include <toml++/toml.h>

#include "engine/position.h"
#include "engine/rule_settings.h"
#include "engine/toml_guard.h"
#include "support/excerpt.h"
#include "support/files.h"
#include "support/nearest_names.h"
#include "support/text.h"

#ifndef JUNGLE_DEFAULT_VARIANTS_DIR
#define JUNGLE_DEFAULT_VARIANTS_DIR "variants"
#endif

namespace fs = std::filesystem;

namespace jungle {

namespace {

// The contract promises one line per error, whatever a message we pass on contains.
std::string one_line(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  std::replace(text.begin(), text.end(), '\r', ' ');
  return text;
}

}  // namespace

VariantError::VariantError(std::string file_, int line_, int column_, const std::string& message_)
    : std::runtime_error(file_ + ":" + std::to_string(line_) + ":" + std::to_string(column_) + ": " +
                         one_line(message_)),
      file(std::move(file_)),
      line(line_),
      column(column_),
      message(one_line(message_)) {}

VariantError::VariantError(std::string file_, const std::string& message_)
    : std::runtime_error(one_line(message_)), file(std::move(file_)), line(0), column(0), message(one_line(message_)) {}

namespace {

// ---------------------------------------------------------------------------------------
// Reporting
// ---------------------------------------------------------------------------------------

const toml::source_region NO_REGION{};

VariantError error_at(const std::string& file, const toml::source_region& at, const std::string& message) {
  // TOML++ leaves positions at zero when it has none; the document's start is the best we have.
  if (at.begin.line == 0) return VariantError(file, 1, 1, message);
  return VariantError(file, int(at.begin.line), int(at.begin.column), message);
}

[[noreturn]] void fail(const std::string& file, const toml::source_region& at, const std::string& message) {
  throw error_at(file, at, message);
}

// Thrown by a key's reader that has recorded its mistakes (one per bad element) itself: the key
// is skipped without a further message.
struct AlreadyReported {};

// A hostile file can hold millions of mistakes; like a compiler, the list stops after this many
// in one file (with a line saying so) rather than fill the memory and the terminal.
constexpr std::size_t MAX_MISTAKES = 100;
struct TooManyMistakes {};

void record(std::vector<VariantError>& errors, VariantError error) {
  errors.push_back(std::move(error));
  if (errors.size() == MAX_MISTAKES) throw TooManyMistakes{};
}

void sort_by_position(std::vector<VariantError>& errors) {
  std::stable_sort(errors.begin(), errors.end(), [](const VariantError& a, const VariantError& b) {
    return std::pair(a.line, a.column) < std::pair(b.line, b.column);
  });
}

// A user's value in an error message: short, so that a 10 MB key still gives one short line.
std::string in_quotes(std::string_view s) {
  // Appending, rather than "\"" + excerpt(s), sidesteps a false -Wrestrict in GCC 12.
  std::string out(1, '"');
  out.append(excerpt(s)).push_back('"');
  return out;
}

std::string type_name(toml::node_type type) {
  switch (type) {
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a floating-point number";
    case toml::node_type::boolean: return "a boolean";
    case toml::node_type::date: return "a date";
    case toml::node_type::time: return "a time";
    case toml::node_type::date_time: return "a date-time";
    case toml::node_type::none: break;
  }
  return "nothing";
}

// ---------------------------------------------------------------------------------------
// One file, checked on its own
// ---------------------------------------------------------------------------------------

using Edit = std::function<void(Variant&)>;

// What one file says, before its parent is known.
struct ParsedFile {
  std::string file;  // as shown in messages
  std::string name;
  std::string extends;
  toml::source_region extends_at;
  // Where each rule key that read cleanly is, by its dotted path: check_start blames a start
  // position that does not fit the rules on the start, the terrain or the swimmers.
  std::map<std::string, toml::source_region, std::less<>> rule_at;
  bool name_written = false;  // `name` is present, even if its value is bad
  std::vector<Edit> edits;
  std::vector<VariantError> errors;  // the bad keys and values, in the order they were read
};

// One key = value of the file, with what messages need to describe it.
struct Field {
  const std::string& file;
  std::string path;  // dotted, e.g. "water.swimmers"
  const toml::source_region& key_at;
  const toml::node& value;
  std::vector<VariantError>& errors;  // the file's, for readers that go on after a bad element

  [[noreturn]] void fail(const std::string& message) const { jungle::fail(file, value.source(), message); }
  // Records a mistake in a part of the value (an element, a character) and lets reading go on.
  void report(const toml::source_region& at, const std::string& message) const {
    record(errors, error_at(file, at, message));
  }
  [[noreturn]] void wrong_type(const std::string& expected) const {
    fail(path + " must be " + expected + ", not " + type_name(value.type()));
  }
};

// A value of a known key: reads and checks it, and records what it changes.
using KeyReader = std::function<void(const Field&, ParsedFile&)>;
struct KeySpec {
  std::string name;
  KeyReader read;
};
using Schema = std::vector<KeySpec>;

void add_edit(ParsedFile& out, Edit edit) { out.edits.push_back(std::move(edit)); }

// --- Scalars --------------------------------------------------------------------------

bool read_bool(const Field& f) {
  if (auto v = f.value.as_boolean()) return v->get();
  f.wrong_type("a boolean");
}

std::string read_string(const Field& f) {
  if (auto v = f.value.as_string()) return v->get();
  f.wrong_type("a string");
}

// An integer in [min, max]; `requirement` describes min for the message ("a positive integer").
int read_int(const Field& f, std::int64_t min, const std::string& requirement) {
  auto v = f.value.as_integer();
  if (!v) f.wrong_type(requirement);
  std::int64_t n = v->get();
  if (n < min) f.fail(f.path + " must be " + requirement + ", not " + std::to_string(n));
  if (n > INT_MAX) f.fail(f.path + " must be at most " + std::to_string(INT_MAX) + ", not " + std::to_string(n));
  return int(n);
}

int read_choice(const Field& f, const std::vector<std::pair<std::string_view, int>>& choices) {
  std::string text = read_string(f);
  std::vector<std::string_view> names;
  for (const auto& [name, value] : choices) {
    if (name == text) return value;
    names.push_back(name);
  }
  f.fail(f.path + ": unknown value " + in_quotes(text) + "; expected one of: " + join(names));
}

// --- Arrays of names -------------------------------------------------------------------

const toml::array& read_array(const Field& f, const std::string& expected) {
  if (auto a = f.value.as_array()) return *a;
  f.wrong_type(expected);
}

// The strings of an array, each checked against `names`; returns their indices as bits.
// A name written twice is a mistake rather than a no-op: it usually hides a typo.
unsigned read_name_set(const Field& f, const std::vector<std::string_view>& names, const char* what) {
  const toml::array& array = read_array(f, std::string("an array of ") + what + " names");
  unsigned bits = 0;
  bool bad = false;
  for (const toml::node& element : array) {
    auto s = element.as_string();
    if (!s) {
      f.report(element.source(), f.path + " must list " + what + " names as strings, not " + type_name(element.type()));
      bad = true;
      continue;
    }
    auto it = std::find(names.begin(), names.end(), s->get());
    if (it == names.end()) {
      f.report(element.source(), f.path + ": unknown " + what + " " + in_quotes(s->get()) + "; expected one of: " + join(names));
      bad = true;
      continue;
    }
    unsigned bit = 1u << (it - names.begin());
    if (bits & bit) {
      f.report(element.source(), f.path + ": " + in_quotes(s->get()) + " is listed twice");
      bad = true;
    }
    bits |= bit;
  }
  if (bad) throw AlreadyReported{};
  return bits;
}

const std::vector<std::string_view>& kind_names() {
  static const std::vector<std::string_view> names(std::begin(KIND_NAMES), std::end(KIND_NAMES));
  return names;
}

KindSet read_kinds(const Field& f) { return KindSet(read_name_set(f, kind_names(), "kind")); }

std::uint8_t read_axes(const Field& f) {
  static_assert(AXIS_VERTICAL == 1 && AXIS_HORIZONTAL == 2);
  return std::uint8_t(read_name_set(f, {std::begin(AXIS_NAMES), std::end(AXIS_NAMES)}, "axis"));
}

// --- Tables ----------------------------------------------------------------------------

std::vector<std::string_view> key_names(const Schema& schema) {
  std::vector<std::string_view> names;
  for (const KeySpec& spec : schema) names.push_back(spec.name);
  return names;
}

// Reads every key of `table` (whose dotted name is `path`, empty for the document) by the schema.
// A bad key or value is recorded in out.errors, and reading goes on with the next key.
void read_table(const std::string& file, ParsedFile& out, const toml::table& table, const std::string& path,
                const Schema& schema) {
  // In the file's order, not TOML++'s (by name), so that the mistakes are found in the order
  // they are listed and a list cut at MAX_MISTAKES holds the first ones.
  std::vector<std::pair<const toml::key*, const toml::node*>> entries;
  for (auto&& [key, value] : table) entries.emplace_back(&key, &value);
  std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    const toml::source_position &pa = a.first->source().begin, &pb = b.first->source().begin;
    return std::pair(pa.line, pa.column) < std::pair(pb.line, pb.column);
  });
  for (const auto& [key, value] : entries) {
    auto spec = std::find_if(schema.begin(), schema.end(), [key = key](const KeySpec& s) { return s.name == key->str(); });
    std::string key_path = path.empty() ? std::string(key->str()) : path + "." + std::string(key->str());
    if (spec == schema.end()) {
      std::string what = value->is_table() ? "unknown table [" + key_path + "]"
                         : path.empty()    ? "unknown key " + in_quotes(key->str())
                                           : "unknown key " + in_quotes(key->str()) + " in [" + path + "]";
      record(out.errors, error_at(file, key->source(), what + "; expected one of: " + join(key_names(schema))));
      continue;
    }
    try {
      spec->read(Field{file, key_path, key->source(), *value, out.errors}, out);
    } catch (const VariantError& e) {
      record(out.errors, e);
    } catch (const AlreadyReported&) {
    }
  }
}

// A value that must be a table, read by `schema`.
void read_subtable(const Field& f, ParsedFile& out, const Schema& schema) {
  auto table = f.value.as_table();
  if (!table) f.wrong_type("a table");
  read_table(f.file, out, *table, f.path, schema);
}

// --- The terrain -----------------------------------------------------------------------

// The column of character `index` of a string element, when the source writes it verbatim.
toml::source_region char_region(const toml::node& element, std::size_t index, std::size_t length) {
  toml::source_region at = element.source();
  bool verbatim = at.begin.line == at.end.line && at.end.column - at.begin.column == length + 2;
  if (verbatim) at.begin.column += toml::source_index(index + 1);
  return at;
}

// Reports every mistake of one row (each bad character); true if there was none.
bool check_terrain_row(const Field& f, const toml::node& element, int row) {
  const std::string where = f.path + " row " + std::to_string(row + 1) + " (rank " + std::to_string(RANK_NB - row) + ")";
  auto s = element.as_string();
  if (!s) {
    f.report(element.source(), where + " must be a string, not " + type_name(element.type()));
    return false;
  }
  const std::string& text = s->get();
  if (text.size() != FILE_NB) {
    f.report(element.source(),
             where + " must have " + std::to_string(FILE_NB) + " characters, not " + std::to_string(text.size()));
    return false;
  }
  static const std::string valid = {terrain_char(LAND),       terrain_char(WATER),     terrain_char(TRAP_WHITE),
                                    terrain_char(TRAP_BLACK), terrain_char(DEN_WHITE), terrain_char(DEN_BLACK)};
  bool good = true;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (valid.find(text[i]) == std::string::npos) {
      f.report(char_region(element, i, text.size()),
               where + ": bad character '" + text[i] + "' on file " + char('a' + i) +
                   "; expected one of: . (land) ~ (water) T t (traps) D d (dens)");
      good = false;
    }
  return good;
}

// The terrain, one character a square (a1 first), as RuleValue holds it.
std::string read_terrain(const Field& f) {
  const toml::array& rows = read_array(f, "an array of strings");
  if (rows.size() != RANK_NB)
    f.fail(f.path + " must have " + std::to_string(RANK_NB) + " rows (rank 9 first), not " + std::to_string(rows.size()));
  std::array<Terrain, SQUARE_NB> terrain{};
  bool rows_good = true;
  for (int row = 0; row < RANK_NB; ++row) {
    if (!check_terrain_row(f, rows[row], row)) {
      rows_good = false;
      continue;
    }
    parse_terrain_row(rows[row].as_string()->get(), RANK_NB - 1 - row, terrain);
  }
  // A mistyped den would also be a missing one: count the dens only on good rows.
  if (!rows_good) throw AlreadyReported{};
  bool dens_good = true;
  for (Terrain den : {DEN_WHITE, DEN_BLACK}) {
    auto count = std::count(terrain.begin(), terrain.end(), den);
    if (count != 1) {
      f.report(f.value.source(), f.path + " must have exactly one '" + terrain_char(den) + "' (the " +
                                     (den == DEN_WHITE ? "first" : "second") + " player's den), not " +
                                     std::to_string(count));
      dens_good = false;
    }
  }
  if (!dens_good) throw AlreadyReported{};
  std::string text;
  for (Terrain t : terrain) text += terrain_char(t);
  return text;
}

// --- The rule settings, by the table of engine/rule_settings.h -------------------------

KindSet read_kinds_or_all(const Field& f) {
  if (auto s = f.value.as_string()) {
    if (s->get() != "all") f.fail(f.path + " must be \"all\" or an array of kind names, not " + in_quotes(s->get()));
    return ALL_KINDS;
  }
  if (f.value.is_array()) return read_kinds(f);
  f.wrong_type("\"all\" or an array of kind names");
}

RuleValue read_value(const RuleGrammar& grammar, const Field& f) {
  switch (grammar.form) {
    case RuleGrammar::Boolean: return int(read_bool(f));
    case RuleGrammar::Integer: return read_int(f, grammar.min, integer_requirement(grammar.min));
    case RuleGrammar::Choice: return read_choice(f, grammar.choices);
    case RuleGrammar::Kinds: return int(read_kinds(f));
    case RuleGrammar::KindsOrAll: return int(read_kinds_or_all(f));
    case RuleGrammar::Axes: return int(read_axes(f));
    case RuleGrammar::Terrain: return read_terrain(f);
    // Checked once the whole variant is known: it must fit the final terrain and swimmers.
    case RuleGrammar::Position: return read_string(f);
  }
  f.fail(f.path + ": no reader for its grammar");
}

KeySpec rule_key_spec(const RuleKey& key) {
  return {key.key, [key](const Field& f, ParsedFile& out) {
            RuleValue value = read_value(key.spec->grammar, f);
            out.rule_at[f.path] = f.key_at;
            add_edit(out, [key, value](Variant& v) { key.set(v, value); });
          }};
}

const Schema& rule_schema(const std::string& table);

// A table of rule settings, as a key of the table above it: "end" of the document, "repetition"
// of [end]. Its schema is looked up when it is read, once every schema is built.
KeySpec rule_table_spec(const std::string& table) {
  const std::size_t dot = table.rfind('.');
  return {dot == std::string::npos ? table : table.substr(dot + 1),
          [table](const Field& f, ParsedFile& out) { read_subtable(f, out, rule_schema(table)); }};
}

// Adds `table`, and the tables above it, to `schemas`: each is a key of the table above it
// ("" for the document), placed where its first setting is in rule_table().
void open_table(std::map<std::string, Schema>& schemas, const std::string& table) {
  if (schemas.contains(table)) return;
  const std::size_t dot = table.rfind('.');
  const std::string parent = dot == std::string::npos ? "" : table.substr(0, dot);
  if (!parent.empty()) open_table(schemas, parent);
  schemas[table];
  schemas[parent].push_back(rule_table_spec(table));
}

// The keys of a table of rule settings by its dotted name, "" for the document's tables.
const Schema& rule_schema(const std::string& table) {
  static const std::map<std::string, Schema> schemas = [] {
    std::map<std::string, Schema> out;
    for (const RuleKey& key : rule_keys()) {
      open_table(out, key.table);
      out[key.table].push_back(rule_key_spec(key));
    }
    return out;
  }();
  return schemas.at(table);
}

// --- The document ----------------------------------------------------------------------

bool is_variant_name(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

std::string read_variant_name(const Field& f) {
  std::string name = read_string(f);
  if (!is_variant_name(name))
    f.fail(f.path + " " + in_quotes(name) + " is not a variant name: use only lower-case letters, digits and '-'");
  return name;
}

// The document's keys: the variant's identity, then the tables of rule settings.
Schema document_schema() {
  Schema schema = {
    {"name",
     [](const Field& f, ParsedFile& out) {
       out.name_written = true;
       out.name = read_variant_name(f);
       add_edit(out, [name = out.name](Variant& v) { v.name = name; });
     }},
    {"description",
     [](const Field& f, ParsedFile& out) {
       std::string text = read_string(f);
       add_edit(out, [text](Variant& v) { v.description = text; });
     }},
    {"extends",
     [](const Field& f, ParsedFile& out) {
       out.extends = read_variant_name(f);
       out.extends_at = f.key_at;
     }},
  };
  const Schema& rules = rule_schema("");
  schema.insert(schema.end(), rules.begin(), rules.end());
  return schema;
}
const Schema DOCUMENT = document_schema();

// Nothing of the file read yet, so no place in it to name: the errors name the file alone.
std::string read_text(const fs::path& path, const std::string& shown) {
  std::error_code ec;
  if (!fs::exists(path, ec)) throw VariantError(shown, "no such file: " + excerpt(shown, 200));
  if (fs::is_directory(path, ec)) throw VariantError(shown, excerpt(shown, 200) + " is a folder, not a variant file");
  if (!fs::is_regular_file(path, ec)) throw VariantError(shown, excerpt(shown, 200) + " is not a regular file");
  try {
    return read_file_bounded(path);
  } catch (const FileReadError& e) {
    throw VariantError(shown, "cannot read " + excerpt(shown, 200) + ": " + e.message);
  }
}

// `shown`: the name errors give the text, a file's path or where the text came from. A text
// that cannot be read as TOML throws its one error: the parser stops there. Otherwise every bad
// key and value is in the result's `errors`, by line and column.
ParsedFile parse_text(const std::string& text, const std::string& shown) {
  ParsedFile out;
  out.file = shown;
  if (auto hazard = find_toml_hazard(text)) throw VariantError(out.file, hazard->line, hazard->column, hazard->message);
  toml::table document;
  try {
    document = toml::parse(std::string_view(text), std::string(out.file));
  } catch (const toml::parse_error& e) {
    fail(out.file, e.source(), std::string(e.description()));
  }
  bool cut = false;
  try {
    read_table(out.file, out, document, "", DOCUMENT);
    if (!out.name_written) out.errors.push_back(error_at(out.file, document.source(), "missing key \"name\""));
  } catch (const TooManyMistakes&) {
    cut = true;
  }
  // Each table is read in the file's order, but a table reopened further down ([a] ... [b] ...
  // [a.c]) is read with its parent, and a missing name belongs at the top.
  sort_by_position(out.errors);
  if (cut) {
    const int line = out.errors.back().line, column = out.errors.back().column;
    out.errors.emplace_back(out.file, line, column, "too many mistakes: the list stops after " + std::to_string(MAX_MISTAKES));
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Inheritance
// ---------------------------------------------------------------------------------------

// A file being loaded, while its ancestors are: what cycle detection compares.
struct ChainLink {
  fs::path canonical;
  std::string name;
};

// One load of a file and its ancestors: the files open so far and every mistake found.
struct Loading {
  std::vector<ChainLink> chain;
  std::vector<VariantError> errors;
};

fs::path canonical_path(const fs::path& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(path, ec);
  return ec ? fs::absolute(path, ec).lexically_normal() : p;
}

fs::path find_parent(const ParsedFile& child) {
  const std::string file_name = child.extends + ".toml";
  const fs::path beside = fs::path(child.file).parent_path() / file_name;
  const fs::path bundled = bundled_variants_dir() / file_name;
  std::error_code ec;
  if (fs::exists(beside, ec)) return beside;
  if (fs::exists(bundled, ec)) return bundled;
  fail(child.file, child.extends_at,
       "parent variant " + in_quotes(child.extends) + " not found (looked for " + beside.string() + " and " +
           bundled.string() + ")");
}

// The start position is checked against the finished rules of each file, so a misfit is
// blamed on the file that caused it: at its `start` key, or else at the key it changed that
// makes the inherited start position fit no longer.
void check_start(const ParsedFile& file, const Variant& v) {
  try {
    Position position(v, v.start);
    (void)position;
  } catch (const PositionError& e) {
    auto written = [&file](std::string_view path) { return file.rule_at.find(path); };
    if (auto start = written("board.start"); start != file.rule_at.end())
      fail(file.file, start->second, std::string("bad start position: ") + e.what());
    auto terrain = written("board.terrain"), swimmers = written("water.swimmers");
    const toml::source_region& at = terrain != file.rule_at.end()    ? terrain->second
                                    : swimmers != file.rule_at.end() ? swimmers->second
                                                                     : NO_REGION;
    fail(file.file, at, std::string("the inherited start position does not fit these rules: ") + e.what());
  }
}

// The file's rules over its parent's, or nothing (and the mistake recorded) if they do not fit.
std::optional<Variant> apply(const ParsedFile& file, Variant v, Loading& loading) {
  for (const Edit& edit : file.edits) edit(v);
  v.extends = file.extends;
  v.source = file.file;
  v.conclude();
  try {
    check_start(file, v);
  } catch (const VariantError& e) {
    loading.errors.push_back(e);
    return std::nullopt;
  }
  return v;
}

// The file `file` extends, found beside it or among the bundled variants (only among these when
// `bundled_only`), and not one of the files whose parent is being loaded.
fs::path locate_parent(const ParsedFile& file, const Loading& loading, bool bundled_only) {
  if (loading.chain.size() >= std::size_t(MAX_EXTENDS_CHAIN))
    fail(file.file, file.extends_at,
         "extends chain longer than " + std::to_string(MAX_EXTENDS_CHAIN) + " files (from " + loading.chain.front().name +
             ")");
  fs::path parent;
  if (bundled_only) {
    parent = bundled_variants_dir() / (file.extends + ".toml");
    std::error_code ec;
    if (!fs::exists(parent, ec))
      fail(file.file, file.extends_at, "parent variant " + in_quotes(file.extends) + " is not a bundled variant");
  } else {
    parent = find_parent(file);
  }
  const fs::path parent_canonical = canonical_path(parent);
  auto loop = std::find_if(loading.chain.begin(), loading.chain.end(),
                           [&](const ChainLink& l) { return l.canonical == parent_canonical; });
  if (loop != loading.chain.end()) {
    std::string cycle;
    for (auto it = loop; it != loading.chain.end(); ++it) cycle += it->name + " -> ";
    fail(file.file, file.extends_at, "extends cycle: " + cycle + loop->name);
  }
  return parent;
}

std::optional<Variant> load_chain(const fs::path& path, Loading& loading);

// The file's rules over its ancestors', recording its own mistakes (by line and column) and
// then its ancestors'; nothing if there was any. `canonical`: the file's path, for the cycle
// check; empty for a text that is no file.
std::optional<Variant> resolve(ParsedFile file, const fs::path& canonical, Loading& loading, bool bundled_only) {
  std::optional<fs::path> parent_file;
  if (!file.extends.empty()) {
    loading.chain.push_back({canonical, file.name});
    try {
      parent_file = locate_parent(file, loading, bundled_only);
    } catch (const VariantError& e) {
      file.errors.push_back(e);
      sort_by_position(file.errors);
    }
  }
  const bool clean = file.errors.empty();
  loading.errors.insert(loading.errors.end(), file.errors.begin(), file.errors.end());
  std::optional<Variant> parent = Variant();  // the standard rules
  if (parent_file) parent = load_chain(*parent_file, loading);
  if (!file.extends.empty()) loading.chain.pop_back();
  if (!parent || !clean) return std::nullopt;
  return apply(file, std::move(*parent), loading);
}

std::optional<Variant> load_chain(const fs::path& path, Loading& loading) {
  ParsedFile file;
  try {
    file = parse_text(read_text(path, path.string()), path.string());
  } catch (const VariantError& e) {
    // The file cannot be read, or read as TOML.
    loading.errors.push_back(e);
    return std::nullopt;
  }
  return resolve(std::move(file), canonical_path(path), loading, false);
}

// The first mistake, as the one line every command but `jungle check` prints; `hint` says where
// to see the others.
[[noreturn]] void throw_first(const std::vector<VariantError>& errors, const std::string& hint) {
  const VariantError& first = errors.front();
  if (errors.size() == 1) throw first;
  std::string message = first.message;
  message.append(" (and ").append(std::to_string(errors.size() - 1)).append(" more").append(hint).append(")");
  throw VariantError(first.file, first.line, first.column, message);
}

std::vector<fs::path> bundled_files() {
  const fs::path dir = bundled_variants_dir();
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    // NAME.weights.toml beside a rules file holds its tuned evaluation (players/weights_file.h).
    if (it->path().extension() == ".toml" && !it->path().string().ends_with(".weights.toml")) files.push_back(it->path());
  if (ec) throw VariantError(dir.string(), "cannot list the variants folder " + dir.string() + ": " + ec.message());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Public interface
// ---------------------------------------------------------------------------------------

fs::path bundled_variants_dir() {
  const char* env = std::getenv("JUNGLE_VARIANTS");
  if (env && *env) return fs::path(env);
  return fs::path(JUNGLE_DEFAULT_VARIANTS_DIR);
}

std::vector<VariantError> check_variant_file(const fs::path& file) {
  Loading loading;
  load_chain(file, loading);
  return std::move(loading.errors);
}

Variant load_variant_file(const fs::path& file) {
  Loading loading;
  std::optional<Variant> v = load_chain(file, loading);
  if (!loading.errors.empty()) {
    std::string hint = "; run jungle check ";
    throw_first(loading.errors, hint.append(file.string()));
  }
  return std::move(*v);
}

Variant load_variant_text(const std::string& text, const std::string& origin) {
  Loading loading;
  std::optional<Variant> v = resolve(parse_text(text, origin), fs::path(), loading, true);
  if (!loading.errors.empty()) throw_first(loading.errors, "");
  v->source.clear();  // no file to point an engine or a reader to
  return std::move(*v);
}

Variant load_variant(const std::string& name_or_path) {
  bool is_path = name_or_path.find('/') != std::string::npos || name_or_path.ends_with(".toml");
  if (is_path) return load_variant_file(name_or_path);

  const fs::path file = bundled_variants_dir() / (name_or_path + ".toml");
  std::error_code ec;
  if (!fs::exists(file, ec)) {
    const std::vector<std::string> names = bundled_variant_names();
    const std::string suggestion = did_you_mean(name_or_path, names);
    throw VariantError(name_or_path, "unknown variant " + in_quotes(name_or_path) +
                                         (suggestion.empty() ? "" : ": " + suggestion) + " (bundled variants: " +
                                         (names.empty() ? "none" : join(names)) + ")");
  }
  return load_variant_file(file);
}

std::vector<std::string> bundled_variant_names() {
  std::vector<std::string> names;
  for (const fs::path& f : bundled_files()) names.push_back(f.stem().string());
  return names;
}

std::vector<Variant> bundled_variants() {
  std::vector<Variant> variants;
  for (const fs::path& file : bundled_files()) variants.push_back(load_variant_file(file));
  std::stable_sort(variants.begin(), variants.end(), [](const Variant& a, const Variant& b) { return a.name < b.name; });
  // Two files with one name would make a variant's name ambiguous wherever it is shown.
  for (std::size_t i = 1; i < variants.size(); ++i)
    if (variants[i].name == variants[i - 1].name)
      throw VariantError(variants[i].source, 1, 1,
                         "variant name " + in_quotes(variants[i].name) + " is also used by " + variants[i - 1].source);
  return variants;
}

}  // namespace jungle
