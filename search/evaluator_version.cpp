#include "search/evaluator_version.h"

#include <cstdint>
#include <cstdio>
#include <vector>

#include "engine/position.h"
#include "search/eval_weights.h"

namespace jungle {

namespace {

// splitmix64: the same numbers on every platform, unlike <random>'s distributions.
struct Numbers {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  int below(int n) { return int(next() % std::uint64_t(n)); }
};

struct Fingerprint {
  std::uint64_t hash = 0xCBF29CE484222325ULL;  // FNV-1a
  void add(std::int64_t value) {
    for (int byte = 0; byte < 8; ++byte) {
      hash ^= std::uint64_t(value >> (8 * byte)) & 0xFF;
      hash *= 0x100000001B3ULL;
    }
  }
};

// The standard rules and three changes of them that reach the evaluation's rule-dependent
// parts: capture exceptions and traps, swimmers and the water's edge, jumpers and den entry.
std::vector<Variant> rule_sets() {
  std::vector<Variant> out(4);
  out[1].elephant_captures_rat = true;
  out[1].trap_weakens = TrapWeakens::Everyone;
  out[1].weakened_attacker = WeakenedAttacker::RankZero;
  out[2].swimmers |= kind_bit(DOG);
  out[2].water_to_land |= kind_bit(RAT);
  out[2].land_to_water = true;
  out[3].jump_axes[LEOPARD] = AXIS_VERTICAL;
  out[3].jump_blocked_by = JumpBlocker::Enemy;
  out[3].den_enterable &= ~kind_bit(ELEPHANT);
  for (Variant& v : out) v.conclude();
  return out;
}

// A position of pieces scattered at random on squares they may stand on, as a FEN; empty when
// both dens were entered, which no game reaches.
std::string scattered_position(const Variant& v, Numbers& numbers) {
  char board[SQUARE_NB] = {};
  for (Color c : {WHITE, BLACK})
    for (int k = 0; k < KIND_NB; ++k) {
      if (numbers.below(3) == 0) continue;  // two thirds of the pieces are on the board
      for (int tries = 0; tries < 20; ++tries) {
        const Square s = Square(numbers.below(SQUARE_NB));
        if (board[s] || (v.den_bb[c] & square_bb(s)) || ((v.water_bb & square_bb(s)) && !v.is_swimmer(Kind(k))))
          continue;
        board[s] = c == WHITE ? "RCDWPTLE"[k] : "rcdwptle"[k];
        break;
      }
    }
  std::string fen;
  for (int rank = RANK_NB - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < FILE_NB; ++file) {
      const char piece = board[rank * FILE_NB + file];
      if (!piece) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      fen += piece;
    }
    if (empty) fen += char('0' + empty);
    if (rank) fen += '/';
  }
  return fen + (numbers.below(2) ? " w" : " b");
}

}  // namespace

std::string evaluation_fingerprint(const std::function<int(const Evaluator&, const Position&)>& evaluate) {
  Numbers numbers{2026};
  Fingerprint print;
  for (const Variant& v : rule_sets()) {
    const EvalWeights untuned = EvalWeights::from_rules(v);
    for (int i = 0; i < WEIGHT_NB; ++i) print.add(weight_at(untuned, i));
    // The untuned weights, then weight vectors drawn across each weight's range, so that a term
    // whose untuned weight is 0 counts too.
    std::vector<EvalWeights> weight_sets = {untuned};
    for (int set = 0; set < 4; ++set) {
      EvalWeights w = untuned;
      for (int i = 0; i < WEIGHT_NB; ++i) weight_at(w, i) = weight_min(i) + numbers.below(weight_max(i) - weight_min(i) + 1);
      weight_sets.push_back(w);
    }
    std::vector<Position> positions;
    while (positions.size() < 48) {
      const std::string fen = scattered_position(v, numbers);
      try {
        positions.emplace_back(v, fen);
      } catch (const PositionError&) {  // both dens entered: draw another
      }
    }
    for (const EvalWeights& w : weight_sets) {
      const Evaluator evaluator(v, w);
      for (const Position& pos : positions) print.add(evaluate(evaluator, pos));
    }
  }
  char text[20];
  std::snprintf(text, sizeof text, "ev-%012llx", static_cast<unsigned long long>(print.hash >> 16));
  return text;
}

const std::string& evaluator_version() {
  static const std::string version =
      evaluation_fingerprint([](const Evaluator& evaluator, const Position& pos) { return evaluator.evaluate(pos); });
  return version;
}

}  // namespace jungle
