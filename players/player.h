// Players: each is named by a spec string and, given the same seed, plays the same moves.
//   random                     a random legal move
//   greedy                     a winning move if any, else the capture of the highest rank, else random
//   alphabeta:depth=N          iterative deepening alpha-beta to depth N
//   alphabeta:nodes=N          ... until N nodes have been searched
//     ...,contempt=C           a foreseen draw scores -C for the mover (default 10, see AlphaBeta)
//     ...,tablebases=DIR|auto  probes the endgame tables on disk in DIR (auto: the default cache
//                              folder, tablebase.h); never builds one (see AlphaBeta)
//   mcts:playouts=N[,rollout=random|greedy]   UCT with N playouts
//   alphabeta and mcts take weights=FILE|untuned: the evaluation's weights (weights_file.h);
//   without it, the default weights it was made with (make_player), else the tuned weights
//   beside the variant's rules file, if any, else untuned
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "engine/game.h"
#include "search/eval_weights.h"

namespace jungle {

// The nodes a player's searches have visited and the moves it chose by searching: what a
// tournament sums to say how much a player searches a move (compare --levels' strength of a level).
struct SearchTally {
  std::uint64_t nodes = 0, moves = 0;
};

class Player {
 public:
  virtual ~Player() = default;
  // A legal move of the side to move; the game has not ended.
  virtual Move choose(const Game& game) = 0;
  // The spec this player was made from, normalised (for records).
  virtual std::string spec() const = 0;
  // Since it was made: an alpha-beta player's searches; nothing for the others.
  virtual SearchTally searched() const { return {}; }
};

class PlayerContext;

// A spec that names no player, or a bad parameter; what() lists the valid specs.
struct PlayerSpecError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// `context` is where the player finds its weights files and endgame tables (player_context.h):
// the run's that makes it, shared by all its players; null: the player keeps its own.
// `default_weights`, when not null, is what an alphabeta or mcts player without weights= evaluates
// with, in place of the file beside the variant's rules: a tournament's weights for the variant
// of the game the player is made for (compare's fitted ones, say).
std::unique_ptr<Player> make_player(const std::string& spec, std::uint64_t seed,
                                    std::shared_ptr<PlayerContext> context = nullptr,
                                    std::shared_ptr<const EvalWeights> default_weights = nullptr);

// Throws PlayerSpecError if the spec is bad, without building a player.
void validate_player_spec(const std::string& spec);
// ... or if its weights cannot be used in `variant` (a weights file tuned for other rules, or a
// bad file beside the variant's rules). With a context, the weights are read into it, for the
// players the run will make.
void validate_player_spec(const std::string& spec, const Variant& variant, PlayerContext* context = nullptr);

// The weights= of a spec whose player evaluates positions (alphabeta, mcts): "" when not given
// (the file beside the variant's rules, else untuned), "untuned" or a file; nullopt for random
// and greedy, which do not evaluate. Throws PlayerSpecError if the spec is bad.
std::optional<std::string> evaluation_weights(const std::string& spec);

}  // namespace jungle
