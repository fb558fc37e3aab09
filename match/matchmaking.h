// Matchmaking: who plays whom, with which opening and which seed. Nothing here plays a game;
// the tournament runs the fixtures this file lists.
//
// For each variant, every pair of distinct players meets (one player: it plays itself).
// Each pairing plays games_per_pair games as games_per_pair / 2 openings, each opening twice
// with colours swapped; the two games of an opening have adjacent indices (2p, 2p + 1) and
// share the pair id p. Opening k of a variant is the same for every pairing, so pairings are
// compared on equal terms.
//
// The list runs opening by opening (then variant, pairing, colour), so the list of a tournament
// with fewer games per pair is the start of the list with more.
//
// Every seed is a fixed hash of the tournament's seed and the fixture's variant, pairing and
// number within the pairing, never of a thread or the clock: any thread count plays the same games.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "types.h"
#include "variant.h"

namespace jungle {

// One game to be played. Variant and players are indices into the tournament's lists.
struct Fixture {
  int index = 0;    // place in the tournament's game list
  int pair = 0;     // index / 2: the two colour-swapped games of one opening
  int opening = 0;  // opening number within the variant, shared by every pairing
  int variant = 0;
  int white = 0, black = 0;
  std::uint64_t seed = 0;  // the game's seed; see player_seed()
};

// The round robin described above, in index order. games_per_pair must be even and positive.
std::vector<Fixture> schedule_round_robin(int variants, int players, int games_per_pair, std::uint64_t seed);

// The seed a player of the given colour is built with in a game of this seed.
std::uint64_t player_seed(std::uint64_t game_seed, Color color);

// --openings: "random:plies=K" (K random legal plies from the start) or "none" (K = 0).
struct OpeningRule {
  int plies = 0;
  // The normalised text, "random:plies=K"; two rules are the same iff their texts are.
  std::string text() const;
};

// Throws std::invalid_argument saying what is accepted.
OpeningRule parse_opening_rule(const std::string& text);

// Opening number `opening` of variant number `variant`: rule.plies random legal moves from the
// variant's start, none of which ends the game. Throws std::runtime_error if no such opening
// turns up (the rules end every game that quickly).
std::vector<std::string> random_opening(const Variant& variant, const OpeningRule& rule, std::uint64_t seed,
                                        int variant_index, int opening);

// Splits a --players value into specs at ',' and ';'. A piece that is only "key=value"
// continues the previous spec's parameters, since player names never hold '=':
// "random,mcts:playouts=100,rollout=greedy" is two specs.
std::vector<std::string> split_player_specs(const std::string& list);

}  // namespace jungle
