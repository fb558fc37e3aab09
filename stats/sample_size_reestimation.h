// How many openings a comparison plays before its interval is as narrow as asked: sample-size
// re-estimation from the variance alone (an internal pilot: Wittes & Brittain 1990, "The role of
// internal pilot studies in increasing the efficiency of clinical trials", Statistics in Medicine
// 9; Kieser & Friede 2003).
//
// A pilot of K openings is played; then, as long as the interval's half-width h exceeds the
// target H, the next round plays up to
//   K' = min(GROWTH·K, ⌈INFLATION · K·(h/H)²⌉)
// openings: the openings a fixed design would need at the variance seen so far (the half-width
// shrinks as 1/√K), a little more so that the target is usually met at once, but never more than
// GROWTH times the openings already played, so that the last, largest jump is sized from the
// variance of at least a quarter of the final games. Every look sees only the variance, never the
// difference, so the interval of the round that stops keeps its level: the rule cannot wait for a
// difference to look large (tests/test_compare.cpp measures both the coverage and the cost).
//
// A fixed design with the final variance s² a unit needs K* = z²·s²/H² openings; the games this
// rule plays are within 1.3·K* unless the pilot alone holds more.
#pragma once

#include <cstdint>

namespace jungle::stats {

inline constexpr double REESTIMATION_INFLATION = 1.02;
inline constexpr double REESTIMATION_GROWTH = 4;

// The openings the next round should reach, from `openings` played whose widest interval of
// interest is ±half_width; 0 when half_width <= target (precise enough: stop).
// `growth`: the most a round may multiply the openings by (REESTIMATION_GROWTH unless a caller
// whose half-width is the widest of several noisy estimates needs its last round sized from more).
std::uint64_t next_round_openings(std::uint64_t openings, double half_width, double target,
                                  double growth = REESTIMATION_GROWTH);

// The openings a fixed design needs for ±target at the half-width seen over `openings`:
// K·(half_width/target)², rounded up (at least 1).
std::uint64_t openings_for_half_width(std::uint64_t openings, double half_width, double target);

}  // namespace jungle::stats
