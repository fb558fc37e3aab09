#include "engine/variant_toml.h"

#include <sstream>

#include <toml++/toml.h>

namespace jungle {

namespace {

toml::array kind_names(KindSet kinds) {
  toml::array out;
  for (int k = 0; k < KIND_NB; ++k)
    if (kinds & kind_bit(Kind(k))) out.push_back(KIND_NAMES[k]);
  return out;
}

toml::array axis_names(std::uint8_t axes) {
  toml::array out;
  for (std::size_t bit = 0; bit < std::size(AXIS_NAMES); ++bit)
    if (axes & (1u << bit)) out.push_back(AXIS_NAMES[bit]);
  return out;
}

toml::array terrain_rows(const Variant& v) {
  toml::array rows;
  for (int rank = RANK_NB - 1; rank >= 0; --rank) {
    std::string row;
    for (int file = 0; file < FILE_NB; ++file) row += terrain_char(v.terrain[make_square(file, rank)]);
    rows.push_back(row);
  }
  return rows;
}

}  // namespace

std::string variant_to_toml(const Variant& v) {
  toml::table ranks, jumps;
  for (int k = 0; k < KIND_NB; ++k) {
    ranks.insert(KIND_NAMES[k], v.rank[k]);
    // Every kind, `[]` for one that does not jump: a kind left out would read as the same
    // rules, but a diff or a report would meet a key on one side only.
    jumps.insert(KIND_NAMES[k], axis_names(v.jump_axes[k]));
  }
  jumps.insert("blocked_by", rule_name(JUMP_BLOCKER_NAMES, v.jump_blocked_by));
  const toml::table den =
      v.den_enterable == ALL_KINDS ? toml::table{{"enterable_by", "all"}} : toml::table{{"enterable_by", kind_names(v.den_enterable)}};

  const toml::table document{
      {"name", v.name},
      {"description", v.description},
      {"board", toml::table{{"terrain", terrain_rows(v)}, {"start", v.start}}},
      {"ranks", ranks},
      {"captures",
       toml::table{{"rat_captures_elephant", v.rat_captures_elephant}, {"elephant_captures_rat", v.elephant_captures_rat}}},
      {"water", toml::table{{"swimmers", kind_names(v.swimmers)},
                            {"water_to_land", kind_names(v.water_to_land)},
                            {"land_to_water", v.land_to_water}}},
      {"jumps", jumps},
      {"traps", toml::table{{"weakens", rule_name(TRAP_WEAKENS_NAMES, v.trap_weakens)},
                            {"weakened_attacker", rule_name(WEAKENED_ATTACKER_NAMES, v.weakened_attacker)}}},
      {"den", den},
      {"end", toml::table{{"capture_all", rule_name(CAPTURE_ALL_NAMES, v.end.capture_all)},
                          {"no_moves", rule_name(NO_MOVES_NAMES, v.end.no_moves)},
                          {"max_plies", v.end.max_plies},
                          {"no_capture_plies", v.end.no_capture_plies},
                          {"repetition", toml::table{{"count", v.end.repetition_count},
                                                     {"result", rule_name(REPETITION_RESULT_NAMES,
                                                                          v.end.repetition_result)}}}}},
  };
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
