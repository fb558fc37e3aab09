// Bitboard helpers for the 7x9 board: single squares, edges, shifts and bit iteration.
#pragma once

#include <bit>
#include <cstring>

// AVX-512 with per-lane popcounts (Ice Lake, Zen 4 and later): KindLanes below uses it.
#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
#include <immintrin.h>
#define JUNGLE_AVX512 1
#endif

#include "engine/types.h"

namespace jungle {

constexpr Bitboard BOARD_MASK = (Bitboard(1) << SQUARE_NB) - 1;

constexpr Bitboard file_a_mask() {
  Bitboard b = 0;
  for (int r = 0; r < RANK_NB; ++r) b |= Bitboard(1) << (r * FILE_NB);
  return b;
}
constexpr Bitboard FILE_A = file_a_mask();
constexpr Bitboard FILE_G = FILE_A << (FILE_NB - 1);

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }

// The four directions a piece steps in, and whole-board shifts along them.
enum Direction : int { NORTH, SOUTH, EAST, WEST, DIRECTION_NB = 4 };
constexpr int DIRECTION_DELTA[DIRECTION_NB] = {FILE_NB, -FILE_NB, 1, -1};

constexpr Bitboard shift(Bitboard b, Direction d) {
  switch (d) {
    case NORTH: return (b << FILE_NB) & BOARD_MASK;
    case SOUTH: return b >> FILE_NB;
    case EAST: return (b & ~FILE_G) << 1;
    default: return (b & ~FILE_A) >> 1;
  }
}

// The squares next to some square of b.
constexpr Bitboard adjacent(Bitboard b) {
  return shift(b, NORTH) | shift(b, SOUTH) | shift(b, EAST) | shift(b, WEST);
}

// b and the squares at most n orthogonal steps from some square of b (terrain ignored).
constexpr Bitboard within_steps(Bitboard b, int n) {
  for (int step = 0; step < n; ++step) b |= adjacent(b);
  return b;
}

// The square one step away in direction d, or SQ_NONE off the board.
constexpr Square step(Square s, Direction d) {
  Bitboard b = shift(square_bb(s), d);
  return b ? Square(std::countr_zero(b)) : SQ_NONE;
}

// Orthogonal neighbours of every square.
struct NeighbourTable {
  Bitboard of[SQUARE_NB] = {};
  constexpr NeighbourTable() {
    for (int s = 0; s < SQUARE_NB; ++s)
      for (int d = 0; d < DIRECTION_NB; ++d) of[s] |= shift(square_bb(Square(s)), Direction(d));
  }
};
inline constexpr NeighbourTable NEIGHBOURS{};

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

// Eight bitboards side by side, one per Kind, so that a rule applies to every kind at once.
// GCC/Clang vector extensions: one AVX-512 register, two AVX2 registers, or plain scalar
// code, all with the same results. A struct, because passing a bare 64-byte vector by value
// changes the ABI where AVX-512 is off (-Wpsabi).
struct KindLanes {
  typedef Bitboard Vector __attribute__((vector_size(64)));
  Vector v;

  static KindLanes load(const Bitboard (&lanes)[KIND_NB]) {
    KindLanes l;
    std::memcpy(&l.v, lanes, sizeof l.v);
    return l;
  }
  void store(Bitboard (&lanes)[KIND_NB]) const { std::memcpy(lanes, &v, sizeof v); }
  static KindLanes all(Bitboard b) { return {Vector{b, b, b, b, b, b, b, b}}; }

  // One lane. With AVX-512 by a permute within the register: v[k] with k not known at compile
  // time stores the vector and loads the lane back, and that load waits on the store (most of
  // the time of the jumps' generation went there).
  Bitboard operator[](int k) const {
#ifdef JUNGLE_AVX512
    return Vector(_mm512_maskz_permutexvar_epi64(0xFF, _mm512_set1_epi64(k), __m512i(v)))[0];
#else
    return v[k];
#endif
  }
  friend KindLanes operator&(const KindLanes& a, const KindLanes& b) { return {a.v & b.v}; }
  friend KindLanes operator|(const KindLanes& a, const KindLanes& b) { return {a.v | b.v}; }
  friend KindLanes operator^(const KindLanes& a, const KindLanes& b) { return {a.v ^ b.v}; }
  friend KindLanes operator~(const KindLanes& a) { return {~a.v}; }

  // Bit k set when lane k is not empty.
  unsigned nonempty() const {
#ifdef JUNGLE_AVX512
    return _mm512_test_epi64_mask(__m512i(v), __m512i(v));
#else
    unsigned mask = 0;
    for (int k = 0; k < KIND_NB; ++k) mask |= unsigned(v[k] != 0) << k;
    return mask;
#endif
  }

  // The union of the lanes.
  Bitboard merged() const {
    Bitboard b = 0;
    for (int k = 0; k < KIND_NB; ++k) b |= v[k];
    return b;
  }
};

// Every lane shifted one step in direction D, without edge masks: a step east from file g
// (or west from file a) wraps to the far file of the next rank, and north of rank 9 to bit
// 63. Callers AND with masks that leave those squares out (Variant::step_to).
template <Direction D>
KindLanes shift_unmasked(const KindLanes& l) {
  if constexpr (D == NORTH) return {l.v << FILE_NB};
  else if constexpr (D == SOUTH) return {l.v >> FILE_NB};
  else if constexpr (D == EAST) return {l.v << 1};
  else return {l.v >> 1};
}

// Adds up the squares of move targets. add_disjoint takes lanes that share no square (the
// targets of all kinds' steps in one direction: each has one from-square). With AVX-512 the
// per-lane popcounts accumulate in a vector, summed once at the end; elsewhere the lanes are
// merged and counted with one popcount.
class SquareCounter {
 public:
  void add_disjoint(const KindLanes& l) {
#ifdef JUNGLE_AVX512
    lanes_ += KindLanes::Vector(_mm512_popcnt_epi64(__m512i(l.v)));
#else
    scalar_ += popcount(l.merged());
#endif
  }
  void add(int n) { scalar_ += n; }
  void add(const SquareCounter& other) {
#ifdef JUNGLE_AVX512
    lanes_ += other.lanes_;
#endif
    scalar_ += other.scalar_;
  }

  std::uint64_t total() const {
    std::uint64_t sum = scalar_;
#ifdef JUNGLE_AVX512
    for (int k = 0; k < KIND_NB; ++k) sum += lanes_[k];  // GCC 12 warns on _mm512_reduce_add_epi64
#endif
    return sum;
  }

 private:
#ifdef JUNGLE_AVX512
  KindLanes::Vector lanes_{};
#endif
  std::uint64_t scalar_ = 0;
};

}  // namespace jungle
