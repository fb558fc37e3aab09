#include "search/evaluate.h"

#include <algorithm>
#include <bit>

#include "engine/movegen.h"

namespace jungle {

namespace {

// Moves a piece of colour c and kind k needs from each square to the enemy den, crossing only
// squares it may stand on; a jump over water counts as one move. Breadth-first from the den, a
// layer at a time: steps and jumps are both symmetric, so distances to the den equal distances
// from it.
std::array<int, SQUARE_NB> den_distance(const Variant& v, Color c, Kind k) {
  std::array<int, SQUARE_NB> dist;
  dist.fill(-1);
  const Bitboard passable = v.enterable[c][k] | v.den_bb[~c];
  Bitboard reached = v.den_bb[~c];
  int distance = 0;
  for (Bitboard layer = reached; layer; ++distance) {
    Bitboard next = adjacent(layer);
    for (Bitboard b = layer; b;) {
      const Square s = pop_lsb(b);
      dist[s] = distance;
      for (std::uint8_t dirs = v.jump_directions[k]; dirs; dirs &= dirs - 1)
        if (const Square to = v.jump_to[s][std::countr_zero(dirs)]; to != SQ_NONE) next |= square_bb(to);
    }
    layer = next & passable & ~reached;
    reached |= layer;
  }
  return dist;
}

}  // namespace

Evaluator::Evaluator(const Variant& variant) : Evaluator(variant, EvalWeights::from_rules(variant)) {}

Evaluator::Evaluator(const Variant& variant, const EvalWeights& weights)
    : variant_(&variant), weights_(weights), value_(weights.piece) {
  for (Color c : {WHITE, BLACK})
    for (int k = 0; k < KIND_NB; ++k) {
      const auto dist = den_distance(variant, c, Kind(k));
      for (int s = 0; s < SQUARE_NB; ++s)
        advance_[c][k][s] = dist[s] <= 0                 ? 0
                            : dist[s] <= ADVANCE_DISTANCES ? weights.advance[std::size_t(dist[s] - 1)]
                                                           : weights.advance_far;
    }
  for (Color c : {WHITE, BLACK}) {
    entries_[c] = adjacent(variant.den_bb[c]) & ~variant.den_bb[c];
    den_approaches_[c] = adjacent(entries_[c]) & ~variant.den_bb[c];
    raid_zone_[c] = within_steps(variant.den_bb[c], 3) & ~variant.den_bb[c];
  }
  for (int s = 0; s < SQUARE_NB; ++s) within_two_[s] = within_steps(square_bb(Square(s)), 2);
}

// Material, advance towards the enemy den, a fine for pieces standing where a trap weakens them
// (any enemy next to them may take them), and the pieces in the water.
int Evaluator::side_score(const Position& pos, Color us) const {
  int score = 0;
  for (int k = 0; k < KIND_NB; ++k)
    for (Bitboard b = pos.pieces(us, Kind(k)); b;) {
      const Square s = pop_lsb(b);
      score += value_[k] + advance_[us][k][s];
    }
  const Variant& v = *variant_;
  for (Bitboard b = pos.pieces(us) & v.weakening_traps[us]; b;) {
    const Square s = pop_lsb(b);
    const bool enemy_next_to_it = NEIGHBOURS.of[s] & pos.pieces(~us);
    score -= value_[kind_of(pos.piece_on(s))] * (enemy_next_to_it ? weights_.trap_next_to_enemy : weights_.trap_alone) /
             WEIGHT_SHARE_UNIT;
  }
  if (weights_.swimmer_in_water) score += weights_.swimmer_in_water * popcount(pos.pieces(us) & v.water_bb);
  return score;
}

// The most valuable enemy piece that `attacker` could take with its next move: the move
// generator's own captures, so that the evaluation cannot follow other capture rules than the game.
int Evaluator::threatened_value(const Position& pos, Color attacker) const {
  const Bitboard victims = capture_targets(pos, attacker);
  if (!victims) return 0;
  const unsigned kinds = (pos.pieces_by_kind(~attacker) & KindLanes::all(victims)).nonempty();
  int best = 0;
  for (unsigned k = kinds; k; k &= k - 1) best = std::max(best, value_[std::countr_zero(k)]);
  return best;
}

// The squares next to `defender`'s den that an enemy piece next to them could step onto with no
// defender on them or next to them to take it there: it would enter the den on the move after,
// two moves ahead, past the horizon of a search's last quiet move.
int Evaluator::open_entries(const Position& pos, Color defender) const {
  const Color attacker = ~defender;
  const Bitboard near_attackers = pos.pieces(attacker) & den_approaches_[defender];
  if (!near_attackers) return 0;
  const Variant& v = *variant_;
  const Bitboard defenders = pos.pieces(defender);
  int open = 0;
  for (Bitboard entries = entries_[defender]; entries;) {
    const Square entry = pop_lsb(entries);
    if ((NEIGHBOURS.of[entry] | square_bb(entry)) & defenders) continue;
    for (Bitboard b = NEIGHBOURS.of[entry] & near_attackers; b;)
      if (v.enterable[attacker][kind_of(pos.piece_on(pop_lsb(b)))] & square_bb(entry)) {
        ++open;
        break;
      }
  }
  return open;
}

// The pieces of `attacker` within three steps of the enemy den, off the traps that weaken them,
// with no defender that takes their kind (by rank or exception) within two steps: the defender
// cannot soon drive them off and must keep guards beside its den's entries while they stay.
int Evaluator::untakeable_raiders(const Position& pos, Color attacker) const {
  const Variant& v = *variant_;
  const Color defender = ~attacker;
  const Bitboard raiders = pos.pieces(attacker) & raid_zone_[defender] & ~v.weakening_traps[attacker];
  if (!raiders) return 0;
  const KindLanes defenders_by_kind = pos.pieces_by_kind(defender);
  int untakeable = 0;
  for (Bitboard b = raiders; b;) {
    const Square s = pop_lsb(b);
    const Kind raider = kind_of(pos.piece_on(s));
    const Bitboard takers = (defenders_by_kind & KindLanes::load(v.taker_lanes[raider])).merged();
    untakeable += !(takers & within_two_[s]);
  }
  return untakeable;
}

int Evaluator::evaluate(const Position& pos) const {
  const Color us = pos.side_to_move(), them = ~us;
  int score = side_score(pos, us) - side_score(pos, them);
  // Raiders the enemy cannot take (why: see EvalWeights::from_rules).
  if (weights_.raider_untakeable)
    score += weights_.raider_untakeable * (untakeable_raiders(pos, us) - untakeable_raiders(pos, them));
  // The open entries of each den (why: see EvalWeights::from_rules).
  if (weights_.open_entry_ours && open_entries(pos, them)) score += weights_.open_entry_ours;
  if (weights_.open_entry_theirs) {
    const int open = open_entries(pos, us);
    score -= weights_.open_entry_theirs * open * open;
  }
  // Shares of what each side attacks, and the den threats (why: see EvalWeights::from_rules).
  score += threatened_value(pos, us) * weights_.threat_ours / WEIGHT_SHARE_UNIT -
           threatened_value(pos, them) * weights_.threat_theirs / WEIGHT_SHARE_UNIT;
  if (threatens_den(pos, us)) score += weights_.den_threat_ours;
  if (threatens_den(pos, them)) score -= weights_.den_threat_theirs;
  return std::clamp(score, -SCORE_EVAL_MAX, SCORE_EVAL_MAX);
}

}  // namespace jungle
