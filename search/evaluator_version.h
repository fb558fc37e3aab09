// The evaluator's version: a fingerprint of what its terms compute. Weights are fitted to one
// evaluation; under another (a term added, changed or dropped) they are another player's
// weights, so a weights file records the version that fitted it (weights_file.h) and a
// comparison plays weights of one version only (research/equal_players.h).
//
// It is computed, not written by hand, so that it cannot be forgotten: the untuned weights and
// the evaluations of a fixed set of positions, under a few rule sets and weight vectors that set
// every weight, hashed. Any change to what evaluate() or EvalWeights::from_rules() gives changes it;
// a change to the speed alone does not, nor a change to the search, although the search plays the
// self-play that weights are fitted to: such a change is not caught here, and whoever makes it
// decides whether the bundled weights are refitted.
#pragma once

#include <functional>
#include <string>

#include "engine/position.h"
#include "search/evaluate.h"

namespace jungle {

// "ev-" and 12 hexadecimal digits; the same on every machine and build of the same evaluator.
const std::string& evaluator_version();

// The version an evaluation would have: evaluator_version() is this of Evaluator::evaluate. A
// test hands in a changed evaluation to see the version change.
std::string evaluation_fingerprint(const std::function<int(const Evaluator&, const Position&)>& evaluate);

}  // namespace jungle
