// Deterministic random rule settings and random legal positions for the tests.
// Everything is driven by a caller's std::mt19937_64, so a seed reproduces a run.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "engine/variant.h"

namespace randpos {

// The variants to test against: every bundled variant, plus the reference rule files in
// data/reference/rules that have a name not bundled. Throws if any of them fails to load.
std::vector<jungle::Variant> base_variants();

// The seven reference rule sets built in code, without the loader (standard, any-trap,
// elephant-takes-rat, jumpers, one-river, swimmers, water-edge).
std::vector<jungle::Variant> builtin_reference_variants();

// Random rules starting from `base`: ranks (with ties and dog/wolf swaps), both capture
// exceptions, swimmers, the water's edge, jump axes for any kinds, blockers, traps, den
// entry and now and then a changed terrain (water on the edge, extra traps by the river).
// The result is concluded.
jungle::Variant random_rules(const jungle::Variant& base, std::mt19937_64& rng);

// A random legal position text for the variant: random pieces of each side (now and then
// a few duplicates of a kind) on squares their terrain allows, biased towards swimmers in
// water, pieces on traps and on river banks, sometimes a finished game (a piece on the
// enemy den), and a random side to move.
std::string random_fen(const jungle::Variant& v, std::mt19937_64& rng);

}  // namespace randpos
