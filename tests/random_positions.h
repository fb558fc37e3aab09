// Deterministic random rule settings and random legal positions for the tests.
// Everything is driven by a caller's std::mt19937_64, so a seed reproduces a run.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "engine/rule_settings.h"
#include "engine/variant.h"

namespace randpos {

// The variants to test against: every bundled variant, plus the reference rule files in
// data/reference/rules that have a name not bundled. Throws if any of them fails to load.
std::vector<jungle::Variant> base_variants();

// The seven reference rule sets built in code, without the loader (standard, any-trap,
// elephant-takes-rat, jumpers, one-river, swimmers, water-edge).
std::vector<jungle::Variant> builtin_reference_variants();

// Random rules starting from `base`: every setting the move generator reads
// (RuleSpec::affects_moves) drawn from its grammar, so that a setting added to the table is drawn
// too; then, with biases that reach the rules' corners, ranks (with ties and dog/wolf swaps),
// swimmers, the water's edge, jump axes for any kinds, den entry and now and then a changed
// terrain (water on the edge, extra traps by the river). The start position is the base's. The
// result is concluded.
jungle::Variant random_rules(const jungle::Variant& base, std::mt19937_64& rng);

// `v` with the one key changed to another value its grammar allows, concluded: a boolean flipped,
// an integer one higher, the next choice, the dog added to or taken from a set of kinds, the
// vertical axis to or from a jumper's, square a5 from land to water or back, the other side to
// move in the start position. For the tests that go through every key (rule_keys()).
jungle::Variant with_another_value(const jungle::Variant& v, const jungle::RuleKey& key);

// A random legal position text for the variant: jungle::random_fen (perft/random_positions.h), which
// the rules suites draw their candidates from too.
std::string random_fen(const jungle::Variant& v, std::mt19937_64& rng);

}  // namespace randpos
