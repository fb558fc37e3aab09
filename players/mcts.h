// Monte Carlo tree search (UCT): each playout walks down the tree by the UCB1 rule, adds one
// node, and finishes the game from there with random or greedy moves. The move played is the
// root's most visited. Where the side to move can win at once (den entry, last capture) the
// node counts as won without a playout, and at the root that move is played outright.
// Reproducible: every random draw comes from the caller's Rng.
#pragma once

#include <cstdint>
#include <memory>

#include "engine/game.h"
#include "search/search.h"

namespace jungle {

enum class Rollout : std::uint8_t { Random, Greedy };

struct MctsOptions {
  std::uint64_t playouts = 100;
  Rollout rollout = Rollout::Random;
  // A playout that has not ended after this many plies is scored by the sign of evaluate():
  // a win for the side it favours by more than cutoff_margin, otherwise a draw.
  int rollout_plies = 200;
  int cutoff_margin = 100;
  double exploration = 1.4;  // UCB1's C, for rewards in [0, 1]
  // The evaluation's weights for the cut playouts; none: the variant's untuned weights.
  std::shared_ptr<const EvalWeights> weights;
};

struct MctsResult {
  Move best = MOVE_NONE;
  std::uint64_t playouts = 0;
  std::uint64_t rollout_plies = 0;  // moves played in rollouts, over all playouts
  std::size_t tree_nodes = 0;
};

// The most visited root move after options.playouts playouts; the game must not have ended.
// Playouts follow the variant's den, capture-all, no-move, ply-limit and no-capture rules; the
// root chooses among the game's legal moves (so a forbidden repetition is never played), and
// repetition below the root is left to the Game.
MctsResult mcts_search(const Game& game, const MctsOptions& options, Rng& rng);

}  // namespace jungle
