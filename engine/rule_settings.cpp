#include "engine/rule_settings.h"

#include <array>

namespace jungle {

namespace {

// --- Grammars -------------------------------------------------------------------------

RuleGrammar boolean() { return {RuleGrammar::Boolean}; }
RuleGrammar integer(int min) { return {RuleGrammar::Integer, min}; }
RuleGrammar kinds() { return {RuleGrammar::Kinds}; }
RuleGrammar kinds_or_all() { return {RuleGrammar::KindsOrAll}; }
RuleGrammar axes() { return {RuleGrammar::Axes}; }
RuleGrammar terrain() { return {RuleGrammar::Terrain}; }
RuleGrammar position() { return {RuleGrammar::Position}; }

// One of the names of variant.h's tables (JUMP_BLOCKER_NAMES, ...).
template <typename Enum, std::size_t N>
RuleGrammar choice(const RuleName<Enum> (&names)[N]) {
  RuleGrammar grammar{RuleGrammar::Choice};
  for (const auto& [name, value] : names) grammar.choices.emplace_back(name, int(value));
  return grammar;
}

// --- Where a value lives in Variant ----------------------------------------------------

// A field holding a number: a bool, an int, an enum or a set of kinds.
template <typename T>
RuleAccess field(T Variant::*member) {
  return {[member](const Variant& v, Kind) { return RuleValue(int(v.*member)); },
          [member](Variant& v, Kind, const RuleValue& x) { v.*member = T(std::get<int>(x)); }};
}

// A field of the end rules (Variant::end) holding a number.
template <typename T>
RuleAccess end_field(T EndRules::*member) {
  return {[member](const Variant& v, Kind) { return RuleValue(int(v.end.*member)); },
          [member](Variant& v, Kind, const RuleValue& x) { v.end.*member = T(std::get<int>(x)); }};
}

// A field holding a number for each kind.
template <typename T>
RuleAccess per_kind_field(std::array<T, KIND_NB> Variant::*member) {
  return {[member](const Variant& v, Kind k) { return RuleValue(int((v.*member)[k])); },
          [member](Variant& v, Kind k, const RuleValue& x) { (v.*member)[k] = T(std::get<int>(x)); }};
}

RuleAccess start_field() {
  return {[](const Variant& v, Kind) { return RuleValue(v.start); },
          [](Variant& v, Kind, const RuleValue& x) { v.start = std::get<std::string>(x); }};
}

// The terrain as one character a square, a1 first: rank by rank, as the rules hash has it.
RuleAccess terrain_field() {
  return {[](const Variant& v, Kind) {
            std::string text;
            for (Terrain t : v.terrain) text += terrain_char(t);
            return RuleValue(text);
          },
          [](Variant& v, Kind, const RuleValue& x) {
            const std::string& text = std::get<std::string>(x);
            for (int rank = 0; rank < RANK_NB; ++rank)
              parse_terrain_row(text.substr(std::size_t(rank * FILE_NB), FILE_NB), rank, v.terrain);
          }};
}

}  // namespace

// Each entry: the TOML table and key ("" for a key per kind), the grammar of its value, the field
// of Variant it sets, the prefix of its text in the rules hash, its line of documentation, and
// HashWhen::UnlessStandard for a setting the hash only sees away from the standard rules.
//
// The rules hash is the settings' hashed texts run together, in this order (HashWhen::Always
// first, then HashWhen::UnlessStandard): it must stay the text the hash has always been made of,
// so a setting that always enters keeps its place and its prefix, and a new setting enters
// UnlessStandard with a prefix of its own. (The terrain's text came first, bare; the repetition
// rule's two keys hash as "|repetition=3,0".)
const std::vector<RuleSpec>& rule_table() {
  static const std::vector<RuleSpec> table = {
      {"board", "terrain", terrain(), terrain_field(), "",
       "the board, rank 9 first: `.` land, `~` water, `T`/`t` a trap guarding the first/second player's den, "
       "`D`/`d` the first/second player's den"},
      {"board", "start", position(), start_field(), "|start=",
       "the start position ([notation](index.md#positions-and-moves))"},
      {"ranks", "", integer(1), per_kind_field(&Variant::rank), "|rank=",
       "a kind's rank: a piece takes an enemy of equal or lower rank"},
      {"captures", "rat_captures_elephant", boolean(), field(&Variant::rat_captures_elephant), "|rce=",
       "the rat takes the elephant, whatever their ranks"},
      {"captures", "elephant_captures_rat", boolean(), field(&Variant::elephant_captures_rat), "|ecr=",
       "the elephant takes the rat; when `false`, not even by rank"},
      {"captures", "exceptions_outrank_traps", boolean(), field(&Variant::exceptions_outrank_traps),
       "|exceptions_outrank_traps=",
       "the two exceptions are checked before the traps: with `elephant_captures_rat = false` an elephant never "
       "takes a rat, not even on a trap", HashWhen::UnlessStandard},
      {"water", "swimmers", kinds(), field(&Variant::swimmers), "|swim=", "the kinds that may enter the water"},
      {"water", "water_to_land", kinds(), field(&Variant::water_to_land), "|w2l=",
       "the kinds of enemy on land that a piece in the water may take"},
      {"water", "land_to_water", boolean(), field(&Variant::land_to_water), "|l2w=",
       "a piece on land may take one in the water"},
      {"jumps", "", axes(), per_kind_field(&Variant::jump_axes), "|jumps=",
       "the axes along which a kind jumps over the water, landing on the first square beyond it"},
      {"jumps", "blocked_by", choice(JUMP_BLOCKER_NAMES), field(&Variant::jump_blocked_by), "|blocked=",
       "which pieces in the water stop a jump: `any`, an `enemy` one, or `none`"},
      {"traps", "weakens", choice(TRAP_WEAKENS_NAMES), field(&Variant::trap_weakens), "|weakens=",
       "whom a trap weakens (any piece takes a weakened piece): the `enemies` of the den it guards, or "
       "`everyone`"},
      {"traps", "weakened_attacker", choice(WEAKENED_ATTACKER_NAMES), field(&Variant::weakened_attacker),
       "|attacker=",
       "a weakened piece attacks with its rank (`keeps-rank`), or takes only weakened pieces (`rank-zero`)"},
      {"den", "enterable_by", kinds_or_all(), field(&Variant::den_enterable), "|den=",
       "the kinds that may enter the enemy den"},
      {"end", "capture_all", choice(CAPTURE_ALL_NAMES), end_field(&EndRules::capture_all), "|capture_all=",
       "taking the last enemy piece `win`s, or does nothing (`none`)"},
      {"end", "no_moves", choice(NO_MOVES_NAMES), end_field(&EndRules::no_moves), "|no_moves=",
       "a side without a legal move has a `loss` or a `draw`"},
      {"end", "max_plies", integer(0), end_field(&EndRules::max_plies), "|max_plies=",
       "a draw after this many plies (0: no limit)"},
      {"end", "no_capture_plies", integer(0), end_field(&EndRules::no_capture_plies), "|no_capture_plies=",
       "a draw after this many plies in a row without a capture (0: off)", HashWhen::UnlessStandard},
      {"end.repetition", "count", integer(2), end_field(&EndRules::repetition_count), "|repetition=",
       "N: the Nth occurrence of a position (pieces and side to move) ends the game as `result` says"},
      {"end.repetition", "result", choice(REPETITION_RESULT_NAMES), end_field(&EndRules::repetition_result), ",",
       "the Nth occurrence is a `draw`, a `loss` for the side whose move completes it, ends nothing (`none`), or "
       "is `forbidden`: a move that would complete it is illegal, and a side left with only such moves has no "
       "moves (`no_moves` decides)"},
  };
  return table;
}

std::string_view RuleSpec::choice_name(int value) const {
  for (const auto& [name, v] : grammar.choices)
    if (v == value) return name;
  return "?";
}

const std::vector<RuleKey>& rule_keys() {
  static const std::vector<RuleKey> keys = [] {
    std::vector<RuleKey> out;
    for (const RuleSpec& spec : rule_table()) {
      if (!spec.per_kind()) {
        out.push_back({&spec, RAT, std::string(spec.table), std::string(spec.key)});
        continue;
      }
      for (int k = 0; k < KIND_NB; ++k) out.push_back({&spec, Kind(k), std::string(spec.table), KIND_NAMES[k]});
    }
    return out;
  }();
  return keys;
}

std::string integer_requirement(int min) {
  if (min == 0) return "a non-negative integer";
  if (min == 1) return "a positive integer";
  return "an integer of at least " + std::to_string(min);
}

}  // namespace jungle
