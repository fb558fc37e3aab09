#include "engine/variant_toml.h"

#include <sstream>

#include <toml++/toml.h>

#include "engine/rule_settings.h"

namespace jungle {

namespace {

toml::array kind_names(KindSet kinds) {
  toml::array out;
  for (int k = 0; k < KIND_NB; ++k)
    if (kinds & kind_bit(Kind(k))) out.push_back(KIND_NAMES[k]);
  return out;
}

toml::array axis_names(int axes) {
  toml::array out;
  for (std::size_t bit = 0; bit < std::size(AXIS_NAMES); ++bit)
    if (axes & (1u << bit)) out.push_back(AXIS_NAMES[bit]);
  return out;
}

// The rows of a terrain held one character a square, a1 first, rank 9 first as a file writes them.
toml::array terrain_rows(const std::string& squares) {
  toml::array rows;
  for (int rank = RANK_NB - 1; rank >= 0; --rank) rows.push_back(squares.substr(std::size_t(rank * FILE_NB), FILE_NB));
  return rows;
}

// The table of a dotted name ("end.repetition") in `document`, made if missing.
toml::table& table_at(toml::table& document, const std::string& dotted) {
  toml::table* table = &document;
  for (std::size_t begin = 0; begin <= dotted.size();) {
    std::size_t end = dotted.find('.', begin);
    if (end == std::string::npos) end = dotted.size();
    table = table->insert(dotted.substr(begin, end - begin), toml::table{}).first->second.as_table();
    begin = end + 1;
  }
  return *table;
}

void write_value(toml::table& table, const std::string& key, const RuleSpec& spec, const RuleValue& value) {
  const int number = std::holds_alternative<int>(value) ? std::get<int>(value) : 0;
  switch (spec.grammar.form) {
    case RuleGrammar::Boolean: table.insert(key, number != 0); return;
    case RuleGrammar::Integer: table.insert(key, number); return;
    case RuleGrammar::Choice: table.insert(key, spec.choice_name(number)); return;
    case RuleGrammar::Kinds: table.insert(key, kind_names(KindSet(number))); return;
    case RuleGrammar::KindsOrAll:
      if (number == ALL_KINDS) table.insert(key, "all");
      else table.insert(key, kind_names(KindSet(number)));
      return;
    case RuleGrammar::Axes: table.insert(key, axis_names(number)); return;
    case RuleGrammar::Terrain: table.insert(key, terrain_rows(std::get<std::string>(value))); return;
    case RuleGrammar::Position: table.insert(key, std::get<std::string>(value)); return;
  }
}

}  // namespace

std::string variant_to_toml(const Variant& v) {
  toml::table document{{"name", v.name}, {"description", v.description}};
  // Every key, `[]` for a kind that does not jump: a key left out would read as the same rules,
  // but a diff or a report would meet it on one side only.
  for (const RuleKey& key : rule_keys()) write_value(table_at(document, key.table), key.key, *key.spec, key.get(v));
  std::ostringstream out;
  out << document << "\n";
  return out.str();
}

std::vector<RuleSetting> rule_settings(const Variant& variant) {
  const toml::table document = toml::parse(variant_to_toml(variant));
  std::vector<RuleSetting> out;
  // Nested tables ([end.repetition]) as dotted table names, values as TOML prints them.
  auto walk = [&](auto&& self, const toml::table& table, const std::string& prefix) -> void {
    for (const auto& [key, node] : table) {
      const std::string name(key.str());
      if (prefix.empty() && (name == "name" || name == "description")) continue;
      if (const toml::table* inner = node.as_table()) {
        self(self, *inner, prefix.empty() ? name : prefix + "." + name);
        continue;
      }
      std::ostringstream value;
      node.visit([&value](const auto& v) { value << v; });
      out.push_back({prefix, name, value.str()});
    }
  };
  walk(walk, document, "");
  return out;
}

}  // namespace jungle
