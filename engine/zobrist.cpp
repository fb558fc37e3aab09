#include "engine/zobrist.h"

namespace jungle {

namespace {
// SplitMix64: a small, well-mixed generator; the keys need no more than that.
std::uint64_t split_mix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
}  // namespace

Zobrist::Zobrist(std::uint64_t seed) {
  std::uint64_t state = seed;
  for (auto& squares : piece_square)
    for (Key& key : squares) key = split_mix(state);
  black_to_move = split_mix(state);
}

const Zobrist& default_zobrist() {
  static const Zobrist keys(0x4A554E474C45ULL);
  return keys;
}

}  // namespace jungle
