#include "search/weights_file.h"

#include <toml++/toml.h>

#include <sstream>
#include <vector>

#include "engine/rules_hash.h"
#include "engine/toml_guard.h"
#include "support/excerpt.h"
#include "support/files.h"

namespace jungle {

namespace fs = std::filesystem;

namespace {

std::string located(const std::string& file, int line, int column, const std::string& message) {
  std::string out = file;
  if (line > 0) out.append(":").append(std::to_string(line)).append(":").append(std::to_string(column));
  return out.append(": ").append(message);
}

[[noreturn]] void fail(const std::string& file, const toml::source_region& at, const std::string& message) {
  // TOML++ leaves positions at zero when it has none; the document's start is the best there is.
  if (at.begin.line == 0) throw WeightsError(file, 1, 1, message);
  throw WeightsError(file, int(at.begin.line), int(at.begin.column), message);
}

// The tables of the file and, in each, its keys in the order of the weights' numbers;
// "advance.by_distance" is the one array.
struct TableKeys {
  std::string table;
  std::vector<std::string> keys;
};

std::vector<TableKeys> layout() {
  std::vector<TableKeys> tables;
  for (int i = 0; i < WEIGHT_NB; ++i) {
    const std::string name = weight_name(i);
    const std::size_t dot = name.find('.');
    const std::string table = name.substr(0, dot), key = name.substr(dot + 1, name.find('[') - dot - 1);
    if (tables.empty() || tables.back().table != table) tables.push_back({table, {}});
    if (tables.back().keys.empty() || tables.back().keys.back() != key) tables.back().keys.push_back(key);
  }
  return tables;
}

std::string list_of(const std::vector<std::string>& keys) {
  std::string out;
  for (const std::string& k : keys) out.append(out.empty() ? "" : ", ").append(k);
  return out;
}

int read_integer(const std::string& file, const toml::node& node, const std::string& name, int index) {
  const auto* value = node.as_integer();
  if (!value) fail(file, node.source(), name + " must be an integer");
  const std::int64_t n = value->get();
  if (n < weight_min(index) || n > weight_max(index))
    fail(file, node.source(),
         name + " must be from " + std::to_string(weight_min(index)) + " to " + std::to_string(weight_max(index)) +
             ", not " + std::to_string(n));
  return int(n);
}

std::string read_string(const std::string& file, const toml::node& node, const std::string& name) {
  const auto* value = node.as_string();
  if (!value) fail(file, node.source(), name + " must be a string");
  return value->get();
}

}  // namespace

WeightsError::WeightsError(std::string file_, int line_, int column_, const std::string& message_)
    : std::runtime_error(located(file_, line_, column_, message_)),
      file(std::move(file_)),
      line(line_),
      column(column_),
      message(message_) {}

WeightsFile read_weights_text(const std::string& text, const std::string& origin) {
  if (auto hazard = find_toml_hazard(text)) throw WeightsError(origin, hazard->line, hazard->column, hazard->message);
  toml::table document;
  try {
    document = toml::parse(std::string_view(text), std::string(origin));
  } catch (const toml::parse_error& e) {
    fail(origin, e.source(), std::string(e.description()));
  }
  WeightsFile out;
  const std::vector<TableKeys> tables = layout();
  std::vector<std::string> top_keys = {"variant", "rules_hash", "tuning"};
  for (const TableKeys& t : tables) top_keys.push_back(t.table);
  for (auto&& [key, node] : document) {
    const std::string k(key.str());
    bool known = false;
    for (const std::string& t : top_keys) known |= t == k;
    if (!known) fail(origin, key.source(), "unknown key \"" + excerpt(k) + "\" (a weights file has " + list_of(top_keys) + ")");
    if (k == "tuning" && !node.is_table()) fail(origin, node.source(), "tuning must be a table");
  }
  auto tuning_text = [&](const char* key) {
    const toml::node* node = document.at_path(std::string("tuning.") + key).node();
    return node && node->is_string() ? **node->as_string() : std::string();
  };
  out.provenance = {tuning_text("command"), tuning_text("evaluator"), tuning_text("recipe")};
  const toml::node* variant = document.get("variant");
  const toml::node* hash = document.get("rules_hash");
  if (!variant) fail(origin, document.source(), "missing key \"variant\"");
  if (!hash) fail(origin, document.source(), "missing key \"rules_hash\"");
  out.variant = read_string(origin, *variant, "variant");
  out.rules_hash = read_string(origin, *hash, "rules_hash");
  out.rules_hash_line = hash->source().begin.line ? int(hash->source().begin.line) : 1;
  if (out.rules_hash.size() != 16 || out.rules_hash.find_first_not_of("0123456789abcdef") != std::string::npos)
    fail(origin, hash->source(), "rules_hash must be 16 lower-case hex digits, as jungle tune writes it");

  for (const TableKeys& t : tables) {
    const toml::node* node = document.get(t.table);
    if (!node) fail(origin, document.source(), "missing table [" + t.table + "]");
    const toml::table* table = node->as_table();
    if (!table) fail(origin, node->source(), t.table + " must be a table");
    for (auto&& [key, value] : *table) {
      bool known = false;
      for (const std::string& k : t.keys) known |= k == key.str();
      if (!known)
        fail(origin, key.source(),
             "unknown key \"" + excerpt(std::string(key.str())) + "\" in [" + t.table + "] (it has " + list_of(t.keys) + ")");
    }
  }
  for (int i = 0; i < WEIGHT_NB;) {
    const std::string name = weight_name(i);
    const std::string table = name.substr(0, name.find('.'));
    const std::string key = name.substr(name.find('.') + 1, name.find('[') - name.find('.') - 1);
    const toml::table& parent = *document.get(table)->as_table();
    const toml::node* node = parent.get(key);
    if (!node) fail(origin, parent.source(), "missing key \"" + table + "." + key + "\"");
    if (name.find('[') == std::string::npos) {
      weight_at(out.weights, i) = read_integer(origin, *node, table + "." + key, i);
      ++i;
      continue;
    }
    const toml::array* array = node->as_array();
    if (!array || array->size() != std::size_t(ADVANCE_DISTANCES))
      fail(origin, node->source(),
           table + "." + key + " must be an array of " + std::to_string(ADVANCE_DISTANCES) + " integers, one for each distance from 1");
    for (int d = 0; d < ADVANCE_DISTANCES; ++d, ++i) weight_at(out.weights, i) = read_integer(origin, *array->get(std::size_t(d)), weight_name(i), i);
  }
  return out;
}

WeightsFile read_weights_file(const fs::path& file) {
  const std::string shown = file.string();
  std::error_code ec;
  if (!fs::exists(file, ec)) throw WeightsError(shown, 0, 0, "cannot read weights file: no such file");
  if (!fs::is_regular_file(file, ec)) throw WeightsError(shown, 0, 0, "cannot read weights file: not a regular file");
  std::string text;
  try {
    text = read_file_bounded(file);
  } catch (const FileReadError& e) {
    throw WeightsError(shown, 0, 0, "cannot read weights file: " + e.message);
  }
  return read_weights_text(text, shown);
}

std::string toml_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out += c;
  }
  return out += '"';
}

std::string weights_to_toml(const WeightsFile& w, const std::string& tuning) {
  std::ostringstream out;
  out << "# Evaluation weights for jungle (players/eval_weights.h, players/weights_file.h).\n"
      << "variant = \"" << w.variant << "\"\n"
      << "rules_hash = \"" << w.rules_hash << "\"\n";
  const char* comments[] = {
      "material, per piece",
      "for standing n moves from the enemy den (a jump counts one move): n = 1 .. 12, and further",
      "fine for a piece on a trap that weakens it, in 120ths of its value",
      "the best piece a side could take next move, in 120ths of its value: the side to move's, its opponent's",
      "a piece one move from the enemy den: the side to move's, its opponent's",
      "each piece standing in the water",
      "a piece next to an open entry of the enemy den (a square next to it with no defender on or next to it):"
      " the side to move's; its opponent's, times n^2 for n open entries",
      "each piece within three steps of the enemy den, off its traps, with no enemy piece that could take it"
      " within two steps: the side to move's less the opponent's",
  };
  int table_number = 0;
  std::string open_table;
  for (int i = 0; i < WEIGHT_NB; ++i) {
    const std::string name = weight_name(i);
    const std::string table = name.substr(0, name.find('.'));
    if (table != open_table) {
      out << "\n[" << table << "]  # " << comments[table_number++] << "\n";
      open_table = table;
    }
    if (name.find('[') != std::string::npos) {
      out << "by_distance = [";
      for (int d = 0; d < ADVANCE_DISTANCES; ++d) out << (d ? ", " : "") << weight_at(w.weights, i + d);
      out << "]\n";
      i += ADVANCE_DISTANCES - 1;
      continue;
    }
    out << name.substr(name.find('.') + 1) << " = " << weight_at(w.weights, i) << "\n";
  }
  // The provenance first, as read_weights_text reads it back, then the caller's other lines.
  const WeightsProvenance& p = w.provenance;
  if (tuning.empty() && p == WeightsProvenance{}) return out.str();
  out << "\n[tuning]  # how these were found\n" << tuning;
  for (const auto& [key, value] : {std::pair{"command", p.fitted_by}, {"evaluator", p.evaluator}, {"recipe", p.recipe}})
    if (!value.empty()) out << key << " = " << toml_string(value) << "\n";
  return out.str();
}

void check_weights_match(const WeightsFile& weights, const std::string& file, const Variant& variant) {
  const std::string hash = rules_hash(variant);
  if (weights.rules_hash == hash) return;
  std::string message = "the weights were tuned for the rules of " + excerpt(weights.variant) + " (rules hash " +
                        weights.rules_hash + "), not for those of " + variant.name + " (rules hash ";
  message.append(hash).append("); tune them for these rules with jungle tune");
  throw WeightsError(file, weights.rules_hash_line, 1, message);
}

fs::path weights_path_beside(const Variant& variant) {
  if (variant.source.empty()) return {};
  fs::path path(variant.source);
  if (path.extension() != ".toml") return {};
  return path.replace_extension(".weights.toml");
}

ResolvedWeights resolve_weights(const Variant& variant, const std::string& choice, const WeightsReader& read) {
  if (choice == UNTUNED_WEIGHTS) return {std::make_shared<const EvalWeights>(EvalWeights::from_rules(variant)), UNTUNED_WEIGHTS, {}};
  fs::path file = choice;
  if (choice.empty()) {
    file = weights_path_beside(variant);
    std::error_code ec;
    if (file.empty() || !fs::exists(file, ec))
      return {std::make_shared<const EvalWeights>(EvalWeights::from_rules(variant)), UNTUNED_WEIGHTS, {}};
  }
  const std::shared_ptr<const WeightsFile> loaded =
      read ? read(file) : std::make_shared<const WeightsFile>(read_weights_file(file));
  check_weights_match(*loaded, file.string(), variant);
  return {std::shared_ptr<const EvalWeights>(loaded, &loaded->weights), file.string(), loaded->provenance};
}

}  // namespace jungle
