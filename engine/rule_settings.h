// Every rule setting a variant file can write, in one table (rule_table() in rule_settings.cpp):
// where the file writes it, how its value is written, where it lives in Variant, how it enters
// the rules hash, and a line saying what it means. The loader's schema, the writer of `jungle
// rules`, the rules hash, the schema table of docs/variants.md and the tests' lists of settings
// are all derived from it, so that a new setting is one entry here beside its field in Variant.
//
// A setting's default is its value in the standard rules, Variant() (engine/variant.h): the
// table does not repeat it.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "engine/variant.h"

namespace jungle {

// A setting's value: a number for every grammar but Terrain and Position (a boolean as 0 or 1,
// a choice as its enum's value, a set of kinds or of axes as its bits), else a text (the
// terrain as one character a square, a1 first, as terrain_char writes it; the position text).
using RuleValue = std::variant<int, std::string>;

// How a value is written in a file: how the loader reads it and the writer writes it.
struct RuleGrammar {
  enum Form : std::uint8_t {
    Boolean,     // true or false
    Integer,     // an integer of at least `min`
    Choice,      // one of `choices`, by name
    Kinds,       // an array of kind names
    KindsOrAll,  // "all", or an array of kind names
    Axes,        // an array of AXIS_NAMES
    Terrain,     // RANK_NB strings of terrain characters, rank 9 first
    Position,    // a position text, which must fit the finished rules
  };
  Form form;
  int min = 0;                                            // Integer
  std::vector<std::pair<std::string_view, int>> choices = {};  // Choice: each name and its value
};

// Reading and writing a setting's value in a Variant. The kind is that of a setting per kind,
// ignored by the others.
struct RuleAccess {
  std::function<RuleValue(const Variant&, Kind)> get;
  std::function<void(Variant&, Kind, const RuleValue&)> set;
};

// When a setting enters the rules hash. Results folders, weights files and table caches on
// users' disks are keyed by the hash, so a setting added later must leave the hash of every
// existing variant alone: it enters only when it differs from the standard rules, after every
// setting that always enters.
enum class HashWhen : std::uint8_t { Always, UnlessStandard };

struct RuleSpec {
  std::string_view table;  // dotted: "captures", "end.repetition"
  std::string_view key;    // empty for a setting per kind: one key per kind, named by the kind
  RuleGrammar grammar;
  RuleAccess access;
  // The hashed text is this, then the value as a number or text; for a setting per kind, each
  // kind's value followed by ','.
  std::string_view hash_prefix;
  std::string_view doc;  // what it means: its line in docs/variants.md's table (Markdown)
  HashWhen hash_when = HashWhen::Always;

  bool per_kind() const { return key.empty(); }
  // The move generator (and perft) reads every setting but the start position and those of
  // [end], which end games.
  bool affects_moves() const {
    return grammar.form != RuleGrammar::Position && table != "end" && !table.starts_with("end.");
  }
  // The name a Choice's value is written with.
  std::string_view choice_name(int value) const;
};

// Every setting, in the order of the loader's lists of keys and of the rules hash.
const std::vector<RuleSpec>& rule_table();

// One key a file may write: a setting, or one kind's key of a setting per kind.
struct RuleKey {
  const RuleSpec* spec;
  Kind kind;  // a setting per kind's; RAT, and unused, for the others
  std::string table;
  std::string key;

  std::string path() const { return table + "." + key; }  // "end.repetition.count"
  RuleValue get(const Variant& v) const { return spec->access.get(v, kind); }
  void set(Variant& v, const RuleValue& value) const { spec->access.set(v, kind, value); }
};

// Every key, in the table's order (a setting per kind's keys in kind order).
const std::vector<RuleKey>& rule_keys();

// What an Integer setting must be: "a non-negative integer", "a positive integer", "an integer
// of at least N"; the loader's messages and the docs both say it.
std::string integer_requirement(int min);

}  // namespace jungle
