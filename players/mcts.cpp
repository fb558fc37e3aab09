#include "players/mcts.h"

#include <cmath>
#include <cstdlib>
#include <optional>
#include <utility>
#include <vector>

#include "search/evaluate.h"

namespace jungle {

namespace {

// Rewards are for the first player (WHITE): 1 a win, 0.5 a draw, 0 a loss.
constexpr double WHITE_WINS = 1.0, DRAWN = 0.5, BLACK_WINS = 0.0;

double reward_for_white(Outcome outcome, Color to_move) {
  switch (outcome) {
    case Outcome::Win: return to_move == WHITE ? WHITE_WINS : BLACK_WINS;
    case Outcome::Loss: return to_move == WHITE ? BLACK_WINS : WHITE_WINS;
    case Outcome::Draw: return DRAWN;
  }
  return DRAWN;
}

struct Node {
  Move move = MOVE_NONE;  // the move that led here from the parent
  int parent = -1;
  int first_child = -1;   // children are contiguous; -1 until expanded
  int child_count = 0;
  Color mover = WHITE;    // who played `move`; rewards are kept from its point of view
  bool terminal = false;
  double terminal_reward = DRAWN;  // for white, when terminal
  std::uint64_t visits = 0;
  double reward = 0;  // summed over visits, for `mover`
};

class Tree {
 public:
  Tree(const Game& game, const MctsOptions& options, Rng& rng)
      : root_(game.position()),
        options_(options),
        rng_(rng),
        eval_(options.weights ? Evaluator(game.position().variant(), *options.weights)
                              : Evaluator(game.position().variant())),
        root_plies_(game.plies()),
        root_moves_(game.legal()),
        root_plies_without_capture_(game.plies_without_capture()) {
    nodes_.push_back(Node{});
    nodes_[0].mover = ~root_.side_to_move();
  }

  MctsResult run();

 private:
  double playout();
  std::optional<double> decided(const Position& pos, const MoveList& moves, int ply, int quiet, bool root) const;
  void expand(int node, const Position& pos, MoveList moves);
  int select(int node) const;
  double rollout(Position& pos, int ply, int quiet);
  std::optional<double> ended(const Position& pos, const MoveList& moves, int ply, int quiet) const;

  const Position root_;
  const MctsOptions& options_;
  Rng& rng_;
  Evaluator eval_;
  int root_plies_;  // the game's plies before the root
  const MoveList root_moves_;  // the game's, which leaves out forbidden repetitions
  int root_plies_without_capture_;
  std::vector<Node> nodes_;
  std::uint64_t rollout_plies_ = 0;
};

// The reward for white if the rules end the game here (ply plies below the root, quiet plies
// since the last capture), else none. The tree keeps no path, so it leaves repetition out: a
// playout that repeats goes on to the ply limit.
std::optional<double> Tree::ended(const Position& pos, const MoveList& moves, int ply, int quiet) const {
  const std::optional<RulesEnd> end = rules_end(pos, {moves.size, 1, root_plies_ + ply, quiet});
  if (!end) return std::nullopt;
  return reward_for_white(end->outcome, pos.side_to_move());
}

// The reward for white if the rules decide the node: the game is over, or the side to move can
// win at once (then it will: no playout is needed to find that out). Not at the root, which
// must still choose its move.
std::optional<double> Tree::decided(const Position& pos, const MoveList& moves, int ply, int quiet,
                                    bool root) const {
  if (auto reward = ended(pos, moves, ply, quiet)) return reward;
  if (!root && can_win_at_once(pos)) return reward_for_white(Outcome::Win, pos.side_to_move());
  return std::nullopt;
}

// Adds a child for every legal move, in random order so that unvisited children are tried in
// an order the seed decides.
void Tree::expand(int node, const Position& pos, MoveList moves) {
  for (int i = moves.size - 1; i > 0; --i) std::swap(moves.moves[i], moves.moves[rng_.below(std::uint64_t(i) + 1)]);
  nodes_[node].first_child = int(nodes_.size());
  nodes_[node].child_count = moves.size;
  for (Move m : moves) {
    Node child;
    child.move = m;
    child.parent = node;
    child.mover = pos.side_to_move();
    nodes_.push_back(child);
  }
}

// UCB1: an unvisited child first, else the best mean reward plus the exploration term.
int Tree::select(int node) const {
  const Node& parent = nodes_[node];
  const double log_visits = std::log(double(parent.visits));
  int best = parent.first_child;
  double best_value = -1;
  for (int c = parent.first_child; c < parent.first_child + parent.child_count; ++c) {
    const Node& child = nodes_[c];
    if (child.visits == 0) return c;
    const double value = child.reward / double(child.visits) +
                         options_.exploration * std::sqrt(log_visits / double(child.visits));
    if (value > best_value) best_value = value, best = c;
  }
  return best;
}

// Plays the game out from pos; the reward for white.
double Tree::rollout(Position& pos, int ply, int quiet) {
  for (int steps = 0;; ++steps, ++ply) {
    const MoveList moves = legal_moves(pos);
    if (auto reward = ended(pos, moves, ply, quiet)) return *reward;
    if (steps >= options_.rollout_plies) {
      const int score = eval_.evaluate(pos);
      if (std::abs(score) <= options_.cutoff_margin) return DRAWN;
      return (score > 0) == (pos.side_to_move() == WHITE) ? WHITE_WINS : BLACK_WINS;
    }
    const Move m = options_.rollout == Rollout::Greedy ? greedy_move(pos, rng_)
                                                       : moves.moves[rng_.below(std::uint64_t(moves.size))];
    Undo undo;
    pos.do_move(m, undo);
    quiet = undo.captured == NO_PIECE ? quiet + 1 : 0;
    ++rollout_plies_;
  }
}

// Down the tree to a node not yet simulated (or a terminal one), a rollout, and back up.
double Tree::playout() {
  Position pos = root_;
  int node = 0, ply = 0, quiet = root_plies_without_capture_;
  double white_reward;
  for (;;) {
    // A node is judged by the rules on its first visit, simulated by a rollout if they do not
    // decide it, and given children on its second.
    if (nodes_[node].first_child < 0 && !nodes_[node].terminal) {
      const MoveList moves = node == 0 ? root_moves_ : legal_moves(pos);
      if (auto reward = decided(pos, moves, ply, quiet, node == 0)) {
        nodes_[node].terminal = true;
        nodes_[node].terminal_reward = *reward;
      } else if (node != 0 && nodes_[node].visits == 0) {
        white_reward = rollout(pos, ply, quiet);
        break;
      } else {
        expand(node, pos, moves);
      }
    }
    if (nodes_[node].terminal) {
      white_reward = nodes_[node].terminal_reward;
      break;
    }
    node = select(node);
    Undo undo;
    pos.do_move(nodes_[node].move, undo);
    quiet = undo.captured == NO_PIECE ? quiet + 1 : 0;
    ++ply;
  }
  for (; node >= 0; node = nodes_[node].parent) {
    Node& n = nodes_[node];
    ++n.visits;
    n.reward += n.mover == WHITE ? white_reward : 1 - white_reward;
  }
  return white_reward;
}

MctsResult Tree::run() {
  MctsResult result;
  const MoveList& root_moves = root_moves_;
  for (Move m : root_moves)
    if (wins_at_once(root_, m)) {
      result.best = m;
      return result;
    }
  for (; result.playouts < options_.playouts; ++result.playouts) playout();
  if (nodes_[0].first_child < 0 && !nodes_[0].terminal) expand(0, root_, root_moves);  // no playouts asked for
  const Node& root = nodes_[0];
  if (root.child_count == 0) return result;  // the game is over: nothing to choose
  // The most visited move is the one the search trusts most; ties go to the better mean.
  int best = root.first_child;
  for (int c = root.first_child + 1; c < root.first_child + root.child_count; ++c) {
    const Node &a = nodes_[c], &b = nodes_[best];
    if (a.visits > b.visits || (a.visits == b.visits && a.visits > 0 &&
                                a.reward / double(a.visits) > b.reward / double(b.visits)))
      best = c;
  }
  result.best = nodes_[best].move;
  result.rollout_plies = rollout_plies_;
  result.tree_nodes = nodes_.size();
  return result;
}

}  // namespace

MctsResult mcts_search(const Game& game, const MctsOptions& options, Rng& rng) {
  Tree tree(game, options, rng);
  return tree.run();
}

}  // namespace jungle
