// Random positions for a variant, the candidates a rules suite is picked from (perft/rules_suite.h)
// and the tests' random positions. Everything is drawn from the caller's std::mt19937_64, so that a
// seed reproduces the positions (with the same standard library: its distributions are its own).
#pragma once

#include <random>
#include <string>

#include "engine/variant.h"

namespace jungle {

// A random legal position text for the variant: random pieces of each side (now and then a few
// duplicates of a kind) on squares their terrain allows, biased towards swimmers in water, pieces
// on traps and on river banks, sometimes a finished game (a piece on the enemy den), and a random
// side to move.
std::string random_fen(const Variant& v, std::mt19937_64& rng);

// A small placement aimed at one rule: a piece of the side to move by the water, a trap or a den
// (now and then anywhere), an enemy (or nothing) on a square it may reach by a step or across the
// water, now and then a piece in the water of that lane, and a few other pieces, one now and then
// on a den. At most one piece of each kind a side. Empty when the draw found no square for its
// first piece. The position may still break the terrain (a piece on its own den is never placed,
// but the caller checks it with Position as for any text).
std::string targeted_fen(const Variant& v, std::mt19937_64& rng);

}  // namespace jungle
