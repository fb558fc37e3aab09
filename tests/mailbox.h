// A deliberately plain move generator over an array board, written straight from the rules
// text and sharing nothing with engine/movegen.cpp: no bitboards, no jump tables, none of
// Variant's derived fields. The differential test compares it with the bitboard generator.
//
// Its rules are a plain struct copied from Variant's rule fields, so a test can flip one
// rule to get a deliberately wrong generator.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/position.h"
#include "engine/variant.h"

namespace mailbox {

constexpr int FILES = 7;
constexpr int RANKS = 9;
constexpr int SQUARES = FILES * RANKS;  // square = rank * 7 + file, a1 = 0
constexpr int KINDS = 8;               // rat cat dog wolf leopard tiger lion elephant

enum Side : int { FIRST = 0, SECOND = 1 };  // FIRST = WHITE = upper case
constexpr int KIND_RAT = 0;
constexpr int KIND_ELEPHANT = 7;

// Terrain letters as the variant files write them: '.' land, '~' water, 'T'/'t' trap
// guarding the first/second player's den, 'D'/'d' the first/second player's den.
enum class Blockers { Any, Enemy, None };

struct Rules {
  std::string name;
  char terrain[SQUARES];  // indexed by square
  int rank[KINDS];
  bool rat_captures_elephant;
  bool elephant_captures_rat;
  bool exceptions_outrank_traps;
  bool swimmer[KINDS];
  bool water_to_land[KINDS];  // defender kinds a piece in water may take on land
  bool land_to_water;
  bool jumps_vertical[KINDS];
  bool jumps_horizontal[KINDS];
  Blockers blocked_by;
  bool traps_weaken_everyone;      // false: only enemies
  bool weakened_attacker_rank_zero;
  bool den_enterable[KINDS];

  // Classic generator bugs outside the schema, for the rule-flip tests (tests/rule_flips.h).
  // Every variant has the correct value, the default; a flip sets the wrong one.
  bool own_den_enterable = false;   // a piece may step into its own den
  bool trap_owners_swapped = false;  // 'T' weakens the first player's pieces, 't' the second's
  bool moves_after_den_entry = false;  // a finished game (a den entered) still has moves
  bool water_to_water = true;       // a piece in the water may take one in the water

  // Copies the plain rule fields (never the derived ones).
  static Rules from_variant(const jungle::Variant& v);
  // Rules that differ in anything: a test checks that every rule the move generator reads
  // (jungle::rule_keys()) reaches these.
  bool operator==(const Rules&) const = default;
  // One readable line per rule, for failure messages.
  std::string describe() const;
};

struct Cell {
  int side = -1;  // -1: empty
  int kind = 0;
  bool empty() const { return side < 0; }
};

struct Move {
  int from;
  int to;
};

struct Board {
  const Rules* rules = nullptr;  // must outlive the board
  Cell cells[SQUARES];
  int to_move = FIRST;
};

// The board of a Position, reading only piece_on and side_to_move.
Board board_from_position(const jungle::Position& pos, const Rules& rules);

// The board of a position text ("l5t/.../T5L w"); throws std::invalid_argument if malformed.
Board board_from_fen(const std::string& fen, const Rules& rules);
std::string board_fen(const Board& b);

std::string square_text(int sq);
std::string move_text(const Move& m);  // "g3g4"

// All moves of the side to move; none once some piece stands on its enemy's den (unless
// moves_after_den_entry).
std::vector<Move> generate(const Board& b);
// The same moves as texts, sorted.
std::vector<std::string> mailbox_moves(const Board& b);

// Make/unmake with its own undo record.
struct Undo {
  Cell captured;
};
void make_move(Board& b, const Move& m, Undo& u);
void unmake_move(Board& b, const Move& m, const Undo& u);

std::uint64_t perft(Board& b, int depth);

}  // namespace mailbox
