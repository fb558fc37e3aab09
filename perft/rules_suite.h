// Rules suites: a few positions from which every rule flip (perft/rule_flips.h) that a variant can
// show changes the perft divide within 3 plies, so that `perft-diff --suite` from them tells this
// harness's move generator from one that gets any one rule wrong. `jungle perft-suite` writes them.
//
// Candidates are drawn from a seed, half random positions and half small placements aimed at one
// rule (perft/random_positions.h), at most one piece of each kind a side. A candidate shows a
// flip when its divide at depth 3 under the flipped rules differs from ours; a small covering set
// is picked greedily: the candidate that shows most flips not yet shown, the cheaper at depth 3 on
// a tie. The counts are our own generator's.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/variant.h"

namespace jungle {

constexpr int RULES_SUITE_DEPTH = 3;

struct RulesSuiteOptions {
  std::uint64_t seed = 1;
  int candidates = 20000;
};

struct RulesSuitePosition {
  std::string fen;
  std::vector<std::string> shows;     // the flips whose divide at RULES_SUITE_DEPTH differs here
  std::vector<std::uint64_t> counts;  // perft at depths 1 to RULES_SUITE_DEPTH
};

struct RulesSuite {
  std::vector<RulesSuitePosition> positions;
  int flips = 0;                    // how many the variant's rules have
  std::vector<std::string> moot;    // flips after which the rules derive the same move tables
  std::vector<std::string> unseen;  // the other flips no candidate showed within RULES_SUITE_DEPTH
  int candidates = 0;               // drawn (fewer than asked only if distinct ones ran out)
};

// The suite of a concluded variant. Deterministic for a seed with a given standard library.
RulesSuite make_rules_suite(const Variant& v, const RulesSuiteOptions& options);

// The suite as a file: "# rules: RULES" first (perft/suite.h), a header saying what it shows and
// what it cannot, the counts' source and `made_by` (the command that wrote it), then each position
// under a comment naming the flips it shows, "FEN ;D1 n ;D2 n ;D3 n".
std::string format_rules_suite(const RulesSuite& suite, const std::string& variant_name, const std::string& rules,
                               const std::string& made_by, const RulesSuiteOptions& options);

}  // namespace jungle
