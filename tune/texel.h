// Texel's method: fit the evaluation's weights to the results of games. Each sampled position
// has the result of its game from its side to move's view, r (1, 1/2, 0); the tuner minimises
// the mean of (r - sigmoid(k * evaluate(position)))^2 over them, first fitting k to the
// starting weights (so the weights keep the scale of their units), then the weights by
// coordinate descent with shrinking steps. Every step is deterministic: the same positions
// and options give the same weights for any number of threads.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/position.h"
#include "search/eval_weights.h"
#include "search/evaluate.h"

namespace jungle {

struct TexelPosition {
  Position position;
  float result;  // for the side to move: 1 win, 0.5 draw, 0 loss
};

struct SampleOptions {
  int skip_plies = 8;             // after the opening, before the first position taken
  std::size_t max_positions = 0;  // 0: all; else that many, drawn at random (seed)
  std::uint64_t seed = 1;
  // Set: every position of the games is replaced by the leaf of its quiescence search's
  // principal variation under these weights (quiescence_leaf), as Texel's method originally
  // did, instead of the quiet positions alone being kept.
  std::optional<EvalWeights> quiescence_leaves;
};

// The positions of the games, each labelled with its game's result. Without quiescence_leaves,
// the quiet ones: neither finished nor with a capture or a winning move for the side to move,
// since the static evaluation cannot judge an exchange in progress. With it, the quiescence
// leaf of every unfinished position whose leaf is not decided by the rules. Games lost by
// forfeit (illegal move, time, disconnect) are left out, their results say nothing of the
// board. Every record must be of `variant` (the caller checks the names); an illegal move throws
// ReplayError. The positions refer to `variant`, which must outlive them.
std::vector<TexelPosition> sample_positions(const Variant& variant, const std::vector<GameRecord>& games,
                                            const SampleOptions& options);

// Where the exchanges that start in `pos` end: the last position of the principal variation of a
// quiescence search over captures (every move while the opponent threatens to enter our den, as
// the alpha-beta searcher does) with standing pat, scored by `eval`, at most 16 plies deep.
// Empty when that line ends the game or finds a win at once for either side: the rules, not the
// evaluation, judge such a position. A quiet position is its own leaf.
std::optional<Position> quiescence_leaf(const Position& pos, const Evaluator& eval);

// The mean squared error of the weights' predictions at scale k.
double texel_error(const Variant& variant, const std::vector<TexelPosition>& positions, const EvalWeights& weights,
                   double k, int threads = 0);

// The k in (0, 1) that minimises texel_error for these weights.
double fit_scale(const Variant& variant, const std::vector<TexelPosition>& positions, const EvalWeights& weights,
                 int threads = 0);

struct TuneOptions {
  double k = 0;              // 0: fit_scale on the starting weights
  std::vector<int> weights;  // the numbers (eval_weights.h) to tune; empty: all
  int first_step = 16;       // the first step of every weight; halved until 1
  int max_sweeps = 200;      // over all weights, in all
  // A ridge prior towards the starting weights: ridge * sum(((w - start) / 100)^2) is added to
  // the error, so that a few thousand games, whose results the evaluation explains only in part,
  // do not drive weights to their bounds on noise. 0: plain Texel.
  double ridge = 0;
  int threads = 0;           // 0: every core
  std::function<void(const std::string&)> progress;  // a line after each step size
};

struct TuneResult {
  EvalWeights weights;
  double k = 0;
  double error_before = 0, error_after = 0;  // the mean squared errors, without the ridge term
  int sweeps = 0;
};

TuneResult tune_weights(const Variant& variant, const std::vector<TexelPosition>& positions, const EvalWeights& start,
                        const TuneOptions& options);

}  // namespace jungle
