// The levels of a strength ladder (`jungle ladder --levels`): the alpha-beta player at a rising
// depth or node count. Three forms, as the issue that asked for the ladder writes them:
//   depth=1..6                 a range, both ends included
//   depth=1,2,4   depth=1..3,5 a list of numbers and ranges
//   nodes=1000*4^k,k=0..5      a product of numbers, powers B^k and k itself, for k over a range
// The levels must rise strictly: each is compared with the one below it.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace jungle::research {

struct LadderLevel {
  std::string label;  // "depth=3": names the level in tables and folders
  std::string spec;   // "alphabeta:depth=3": the player (player.h)
  bool operator==(const LadderLevel&) const = default;
};

// More levels than this are refused: each costs a self-play run and a match.
constexpr std::size_t MAX_LADDER_LEVELS = 32;

// Throws std::invalid_argument with a one-line message starting "--levels: " that quotes the
// part it could not read.
std::vector<LadderLevel> parse_ladder_levels(std::string_view text);

// Every level's player searches with this contempt (a foreseen draw scores -contempt for the
// mover; `jungle compare`'s player has 50): its spec gains ",contempt=C", in the normal form of
// players/player.h, which leaves the default (AlphaBeta::DEFAULT_CONTEMPT) out, so that the
// records' specs are the levels'. The labels, and so the run folders' names, stay as they are: a
// folder of the same level at another contempt is refused as another tournament. Throws
// std::invalid_argument "--contempt: ..." outside ±AlphaBeta::MAX_CONTEMPT.
void set_ladder_contempt(std::vector<LadderLevel>& levels, int contempt);

}  // namespace jungle::research
