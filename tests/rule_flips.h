// Rule flips: one named mutation of mailbox::Rules each, to make a deliberately wrong move
// generator. Together they cover every rule of the rules schema that move generation reads
// (docs/variants.md), named after its keys, plus a few classic generator bugs outside the
// schema. The rules suites (data/reference/perft/rules/) are built and tested against them.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tests/mailbox.h"

namespace mailbox {

struct RuleFlip {
  std::string name;         // "jumps.lion.vertical", "blocked_by=none", "own_den"
  std::string description;  // one line
  std::function<void(Rules&)> apply;
};

// Every flip of `rules`, in a fixed order: ranks, captures, water, jumps, traps, den, then the
// bugs outside the schema. The `blocked_by=` flips depend on the rules' own value.
std::vector<RuleFlip> rule_flips(const Rules& rules);

// The flip of that name, if `rules` has it.
std::optional<RuleFlip> find_rule_flip(const Rules& rules, const std::string& name);

// `rules` with one flip applied.
Rules flipped(const Rules& rules, const RuleFlip& flip);

}  // namespace mailbox
