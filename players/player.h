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
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "engine/game.h"
#include "players/mcts.h"
#include "search/eval_weights.h"
#include "search/search.h"

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

enum class PlayerKind { Random, Greedy, AlphaBeta, Mcts };

// A player spec read: what a player is made from. A tournament reads each of its specs once
// (parse_player_spec) and makes every game's players from it, without reading the text again.
struct PlayerSpec {
  PlayerKind kind = PlayerKind::Random;
  SearchLimits limits;  // alphabeta: depth or nodes
  int contempt = AlphaBeta::DEFAULT_CONTEMPT;
  std::string tablebases;                // alphabeta, as written: a folder or "auto"; empty: none
  std::filesystem::path tablebase_root;  // the folder it names
  MctsOptions mcts;                      // mcts: playouts and rollout
  std::string weights;                   // alphabeta and mcts: "", "untuned" or a file (weights_file.h)

  // The normalised spec, which parse_player_spec reads back to the same player: defaults left
  // out ("alphabeta:depth=3", not ",contempt=10"). What run.json and games.jsonl record.
  std::string text() const;
  // Whether it evaluates positions, and so has weights (alphabeta, mcts).
  bool evaluates() const { return kind == PlayerKind::AlphaBeta || kind == PlayerKind::Mcts; }
};

// The one reader of player specs; throws PlayerSpecError. A weights= file is read now, into
// `context` when given (for the players the run will make), so that a bad one stops a tournament
// before its games; tablebases= must name a folder that exists, or auto.
PlayerSpec parse_player_spec(const std::string& text, PlayerContext* context = nullptr);

// `context` is where the player finds its weights files and endgame tables (player_context.h):
// the run's that makes it, shared by all its players; null: the player keeps its own.
// `default_weights`, when not null, is what an alphabeta or mcts player without weights= evaluates
// with, in place of the file beside the variant's rules: a tournament's weights for the variant
// of the game the player is made for (compare's fitted ones, say).
std::unique_ptr<Player> make_player(const PlayerSpec& spec, std::uint64_t seed,
                                    std::shared_ptr<PlayerContext> context = nullptr,
                                    std::shared_ptr<const EvalWeights> default_weights = nullptr);
// The same from a spec's text, read for this one player.
std::unique_ptr<Player> make_player(const std::string& spec, std::uint64_t seed,
                                    std::shared_ptr<PlayerContext> context = nullptr,
                                    std::shared_ptr<const EvalWeights> default_weights = nullptr);

// Throws PlayerSpecError if the spec is bad, without building a player.
void validate_player_spec(const std::string& spec);
// ... or if its weights cannot be used in `variant` (a weights file tuned for other rules, or a
// bad file beside the variant's rules). With a context, the weights are read into it, for the
// players the run will make.
void validate_player_spec(const std::string& spec, const Variant& variant, PlayerContext* context = nullptr);
// The same for a spec read: whether its weights can be used in `variant` (PlayerSpecError naming
// the spec as `written`, if not).
void check_player_weights(const PlayerSpec& spec, const std::string& written, const Variant& variant,
                          PlayerContext& context);

// The weights= of a spec whose player evaluates positions (alphabeta, mcts): "" when not given
// (the file beside the variant's rules, else untuned), "untuned" or a file; nullopt for random
// and greedy, which do not evaluate. Throws PlayerSpecError if the spec is bad.
std::optional<std::string> evaluation_weights(const std::string& spec);

}  // namespace jungle
