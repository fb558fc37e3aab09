// The weights of the static evaluation (evaluate.h) as plain data: what `jungle tune` fits
// to game results and what weights files (weights_file.h) hold. Every term of the evaluation
// reads one of these numbers; from_rules() gives the values derived from the variant's rules,
// the evaluation without tuning.
#pragma once

#include <array>
#include <string>

#include "engine/types.h"
#include "engine/variant.h"

namespace jungle {

// Shares of a piece's value are written in 120ths, so that the untuned shares 1/3, 1/4 and 1/8
// are whole numbers and the untuned evaluation is exactly what it was before it had weights.
constexpr int WEIGHT_SHARE_UNIT = 120;
// Advancement is tabled by the number of moves a piece needs to reach the enemy den, 1 to this;
// further away every piece gets advance_far.
constexpr int ADVANCE_DISTANCES = 12;

struct EvalWeights {
  std::array<int, KIND_NB> piece{};               // material, per kind
  std::array<int, ADVANCE_DISTANCES> advance{};   // [n - 1]: standing n moves from the enemy den
  int advance_far = 0;                            // more than ADVANCE_DISTANCES moves away
  int trap_next_to_enemy = 0;  // fine for standing on a weakening trap next to an enemy, in 120ths of the piece's value
  int trap_alone = 0;          // ... with no enemy next to it
  int threat_ours = 0;    // the side to move may take its best target next move: 120ths of its value
  int threat_theirs = 0;  // the opponent may take its best target next: 120ths of its value
  int den_threat_ours = 0;    // the side to move could enter the enemy den next move
  int den_threat_theirs = 0;  // the opponent could
  int swimmer_in_water = 0;   // each of a side's pieces standing in the water
  // The defence of one's own den (evaluate.cpp, open_entries). An open entry of a den: a square
  // next to it with no piece of the den's side on it or next to it, so that an enemy piece
  // stepping there cannot be taken and enters the den on the move after.
  int open_entry_ours = 0;    // the side to move stands next to an open entry of the enemy den
  int open_entry_theirs = 0;  // the opponent does, at n open entries of ours: this times n²
  // Raiders (evaluate.cpp, untakeable_raiders): a piece within three steps of the enemy den, off
  // the traps, with no enemy piece that could take it within two steps, ties the den's guards down.
  int raider_untakeable = 0;  // each such piece of the side to move, less each of the opponent's

  bool operator==(const EvalWeights&) const = default;

  // The untuned values: piece values from the variant's ranks, capture exceptions, jumps and
  // swimming; the fixed advancement table, shares and den-threat bonuses.
  static EvalWeights from_rules(const Variant& variant);
};

// Every weight by number, for the tuner and the weights file: 0 .. WEIGHT_NB - 1.
constexpr int WEIGHT_NB = KIND_NB + ADVANCE_DISTANCES + 11;
int& weight_at(EvalWeights& w, int i);
int weight_at(const EvalWeights& w, int i);
// 16 hex digits of a hash of every weight: two sets of weights with the same digest play alike.
// Results folders record it, so that games of other weights are not added to theirs.
std::string weights_digest(const EvalWeights& w);

// "pieces.rat", "advance.by_distance[3]" (1-based distance), "threats.ours": the file's key.
std::string weight_name(int i);
// The range a weight may take (a file outside it is refused, the tuner stays inside): it keeps
// every evaluation well below the scores that mean a forced win.
int weight_min(int i);
int weight_max(int i);

}  // namespace jungle
