// What a position is worth to the side to move, judged from the variant's rules. Shared by the
// search players: alpha-beta scores its leaves with it, MCTS cuts long playouts. (What the rules
// already say about a position is engine/end_rules.h's.)
#pragma once

#include <array>

#include "engine/end_rules.h"
#include "engine/position.h"
#include "engine/types.h"
#include "engine/variant.h"
#include "search/eval_weights.h"

namespace jungle {

// Scores in the units of evaluate(): about 100 for a weak piece.
constexpr int SCORE_MATE = 30000;     // a win now; a win n plies away scores SCORE_MATE - n
constexpr int SCORE_MATE_BOUND = 29000;  // scores above this are wins found by search

// Evaluations stay within this, well below SCORE_MATE_BOUND, whatever the weights.
constexpr int SCORE_EVAL_MAX = 20000;

// A static evaluation for one variant. Its tables are derived from the variant's rules and the
// weights once, at construction, so that evaluating a position is a handful of table look-ups
// per piece.
class Evaluator {
 public:
  // Untuned: the weights derived from the rules (EvalWeights::from_rules).
  explicit Evaluator(const Variant& variant);
  Evaluator(const Variant& variant, const EvalWeights& weights);

  // The position's worth for the side to move: positive is good for it.
  int evaluate(const Position& pos) const;

  const Variant& variant() const { return *variant_; }

  // A piece's material worth.
  int piece_value(Kind k) const { return value_[k]; }

  // The worth of the best enemy piece that `attacker` could take with one move, were it to move
  // (0 if none): the move generator's captures (capture_targets), so the two cannot disagree.
  int threatened_value(const Position& pos, Color attacker) const;

 private:
  int side_score(const Position& pos, Color us) const;
  int untakeable_raiders(const Position& pos, Color attacker) const;
  int open_entries(const Position& pos, Color defender) const;

  const Variant* variant_;
  EvalWeights weights_;
  std::array<int, KIND_NB> value_{};
  // advance_[c][k][s]: the bonus for a piece of colour c and kind k on s, from the number of
  // moves it needs to reach the enemy den over terrain it may cross (jumps count as one move).
  int advance_[COLOR_NB][KIND_NB][SQUARE_NB] = {};
  // entries_[c]: the squares next to c's den, through which enemies step into it;
  // den_approaches_[c]: the squares next to those (not the den), where its attackers stand.
  Bitboard entries_[COLOR_NB] = {};
  Bitboard den_approaches_[COLOR_NB] = {};
  // raid_zone_[c]: the squares within three steps of c's den (not the den), where raiders stand.
  Bitboard raid_zone_[COLOR_NB] = {};
  // within_two_[s]: the squares at most two steps from s (s too).
  Bitboard within_two_[SQUARE_NB] = {};
};

}  // namespace jungle
