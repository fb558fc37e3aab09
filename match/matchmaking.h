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
//
// Paired variants (a comparison of rule variants, `jungle compare`): every variant plays the same
// openings with the same game seeds as the first, so that a difference between variants is one
// of rules, not of openings or luck; identical rules and a deterministic player give identical
// games. An opening that does not fit a variant (an illegal move, a game over) is replaced there
// by one of that variant's own, and its games are unpaired.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/types.h"
#include "engine/variant.h"

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
// A gauntlet pairs the first player with each of the others only, who do not meet.
std::vector<Fixture> schedule_round_robin(int variants, int players, int games_per_pair, std::uint64_t seed,
                                          bool paired_variants = false, bool gauntlet = false);

// The seed a player of the given colour is built with in a game of this seed.
std::uint64_t player_seed(std::uint64_t game_seed, Color color);

// An opening: a start position (empty: the variant's) and moves played from it.
struct Opening {
  std::string fen;
  std::vector<std::string> moves;
  bool operator==(const Opening&) const = default;
};

// --openings, in one of three forms:
//   random:plies=K   K random legal plies from the start ("none": K = 0)
//   file=F,format=epd|moves[,order=sequential|random][,plies=K]
//                    openings from a file, one a line ('#' starts a comment line): a position
//                    (epd: "PLACEMENT SIDE", anything after a ';' ignored), or moves from the
//                    variant's start (moves: "a3a4 g7g6 ..."), of which at most K are played
//                    (0: all). Opening k is the file's line k (sequential, wrapping round) or the
//                    k-th of a shuffle fixed by the seed (random).
struct OpeningRule {
  enum class Source : std::uint8_t { Random, File } source = Source::Random;
  enum class Format : std::uint8_t { Epd, Moves } format = Format::Moves;
  bool random_order = false;
  int plies = 0;
  int start = 1;  // the file's opening to begin with, 1 the first (cutechess-cli's and fastchess's start=)
  std::string file;
  std::vector<Opening> book;  // the file's openings, in its order
  std::vector<int> book_lines;  // the line of each, for messages
  std::string book_hash;      // of the file's text: a changed file is another tournament

  // The normalised text; two rules are the same iff their texts are.
  std::string text() const;
};

// Reads the file of a file rule. Throws std::invalid_argument saying what is accepted, naming
// FILE:LINE for a bad line of the file.
OpeningRule parse_opening_rule(const std::string& text);

// Opening number `opening` of variant number `variant`. Random: rule.plies random legal moves
// from the variant's start, none of which ends the game; std::runtime_error if no such opening
// turns up. File: as above; std::runtime_error naming FILE:LINE if the opening does not fit the
// variant (a bad position, an illegal move, a game over before it begins).
Opening make_opening(const Variant& variant, const OpeningRule& rule, std::uint64_t seed, int variant_index,
                     int opening);

// Opening number `opening` of variants[variant_index] with paired variants: the first variant's
// opening when it fits this variant (`paired`), else a replacement: a random opening of this
// variant's own, or from a file the next of the file's openings (as the first variant's list
// runs) that fits this variant. The first variant's file openings must fit it, as make_opening
// says; std::runtime_error naming the file when none of its openings fits a variant.
struct VariantOpening {
  Opening opening;
  bool paired = true;
};
VariantOpening make_paired_opening(const std::vector<Variant>& variants, const OpeningRule& rule, std::uint64_t seed,
                                   int variant_index, int opening);

// Whether the opening can start a game of the variant: its position is one, every move is legal
// and the game is not over at its end.
bool opening_fits(const Variant& variant, const Opening& opening);

// Splits a --players value into specs at ',' and ';'. A piece that is only "key=value"
// continues the previous spec's parameters, since player names never hold '=':
// "random,mcts:playouts=100,rollout=greedy" is two specs.
std::vector<std::string> split_player_specs(const std::string& list);

}  // namespace jungle
