// A rule variant: plain rule data as a variant file writes it, plus the masks and tables
// that conclude() derives from it (ConcludedRules). The move generator reads only the derived
// part, where a rule that is moot in the variant (a jump blocker where nothing jumps, captures
// into the water where nothing swims) leaves no trace: plays_alike compares that part.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <utility>

#include "engine/bitboard.h"
#include "engine/types.h"

namespace jungle {

enum class JumpBlocker : std::uint8_t { Any, Enemy, None };
enum class TrapWeakens : std::uint8_t { Enemies, Everyone };
enum class WeakenedAttacker : std::uint8_t { KeepsRank, RankZero };
enum class CaptureAllResult : std::uint8_t { Win, None };
enum class NoMovesResult : std::uint8_t { Loss, Draw };
// None: repetition ends nothing; Forbidden: a move that would complete it is illegal.
enum class RepetitionResult : std::uint8_t { Draw, Loss, None, Forbidden };

// Axes a jumper may jump along, as bits.
constexpr std::uint8_t AXIS_VERTICAL = 1;
constexpr std::uint8_t AXIS_HORIZONTAL = 2;

// How games end. Perft ignores all of this.
struct EndRules {
  CaptureAllResult capture_all = CaptureAllResult::Win;
  NoMovesResult no_moves = NoMovesResult::Loss;
  int max_plies = 300;  // 0: no limit
  int repetition_count = 3;
  RepetitionResult repetition_result = RepetitionResult::Draw;
  int no_capture_plies = 0;  // a draw after this many plies in a row without a capture; 0: off

  bool operator==(const EndRules&) const = default;
};

// The masks and tables conclude() derives from a variant's rules: all that the move generator,
// the tables and the players read of the rules but the start position and the end rules. A base
// of Variant, so that the generator reads v.water_bb as before and one defaulted comparison
// covers every derived field (plays_alike): a field added here is compared without a word.
struct ConcludedRules {
  Bitboard water_bb = 0;
  Bitboard land_bb = 0;                       // every non-water square
  Bitboard den_bb[COLOR_NB] = {};             // den_bb[c]: c's own den
  Bitboard weakening_traps[COLOR_NB] = {};    // where a piece of colour c is weakened
  Bitboard enterable[COLOR_NB][KIND_NB] = {}; // squares a piece may step or jump onto, board empty
  Bitboard land_to_water_gate = 0;            // targets a piece on land may capture on (water: where something swims)
  bool rank_zero_attackers = false;           // a weakened attacker takes only weakened pieces
  KindSet takes[KIND_NB] = {};                // takes[a]: kinds attacker a captures by rank/exception
  // taker_lanes[v][a] is all ones when attacker a takes victim v: make/unmake and the perft
  // kernel update every attacker's prey mask at once with it (KindLanes).
  Bitboard taker_lanes[KIND_NB][KIND_NB] = {};
  // exception_lanes[v][a] is all ones when the rat/elephant exceptions decide whether attacker a
  // takes victim v (the rat against the elephant, the elephant against the rat): with
  // exceptions_outrank_traps, the generator keeps such victims out of what a trap opens up.
  Bitboard exception_lanes[KIND_NB][KIND_NB] = {};
  std::uint8_t jump_directions[KIND_NB] = {};  // bit d set: kind may jump in Direction d
  Bitboard jump_origins[KIND_NB] = {};         // squares from which kind k has some jump
  // den_threat_squares[c]: where a piece of colour c may threaten the enemy den by itself, the
  // den's neighbours and the take-off squares of jumps landing on it. A quiet move elsewhere
  // makes a den threat only by leaving a jump's path, so the search tests only moves landing here.
  Bitboard den_threat_squares[COLOR_NB] = {};
  // Where a piece of colour c and kind k stands to enter the enemy den on its next move: by a
  // step (den_entry_steps), or by a jump when nothing stands in the water between
  // (den_entry_jumps). Lanes by kind, for threatens_den to test every kind at once.
  Bitboard den_entry_steps[COLOR_NB][KIND_NB] = {};
  Bitboard den_entry_jumps[COLOR_NB][KIND_NB] = {};
  Square jump_to[SQUARE_NB][DIRECTION_NB] = {};     // landing square of a jump, SQ_NONE if none
  Bitboard jump_path[SQUARE_NB][DIRECTION_NB] = {}; // the water squares jumped over
  // All ones when own / enemy pieces in the water stop a jump (jump_blocked_by); both zero when
  // no piece can stand in the water or no jump exists, where jump_blocked_by is moot.
  Bitboard jump_blocking_own = 0, jump_blocking_enemy = 0;

  // The step tables the move generator applies to all kinds at once (KindLanes), by the
  // direction d of the step. step_to[c][d][k]: the squares a piece of colour c and kind k
  // steps onto on an empty board (terrain and dens, and no wrap round the board's edge).
  // capture_gate[d]: the squares on which the water's edge lets a step capture: from the
  // same terrain, or from land into water with land_to_water. Captures from water onto land
  // depend on the victim's kind (water_to_land) and come apart: water_to_land_edge[d].
  Bitboard step_to[COLOR_NB][DIRECTION_NB][KIND_NB] = {};
  Bitboard capture_gate[DIRECTION_NB] = {};
  Bitboard water_to_land_edge[DIRECTION_NB] = {};
  Bitboard water_to_land_lanes[KIND_NB] = {};  // all ones for the kinds in water_to_land, where something swims

  // The rat/elephant exceptions come before the traps (exceptions_outrank_traps): the generator
  // is specialised on it.
  bool exceptions_first = false;

  // What the built-in players read beyond the generator's tables, so that plays_alike holds for
  // their games too: the order of the ranks (greedy takes the highest-ranked victim; a rank
  // raised past every other one changes nothing), and the swimmers (the evaluator values a
  // swimmer more even on a board without water).
  std::array<int, KIND_NB> rank_order{};  // how many distinct ranks lie below the kind's
  KindSet swimming_kinds = 0;

  // Every field above, so that plays_alike cannot forget one.
  bool operator==(const ConcludedRules&) const = default;
};

struct Variant : ConcludedRules {
  // --- Identity -----------------------------------------------------------------------
  std::string name = "standard";
  std::string description;
  std::string extends;  // parent's name, empty if none
  std::string source;   // the file it was loaded from, empty for the built-in standard

  // --- Rules, as files write them (defaults: the standard rules), listed in engine/rule_settings.cpp
  std::array<Terrain, SQUARE_NB> terrain{};  // indexed by Square
  std::string start = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w";
  std::array<int, KIND_NB> rank = {1, 2, 3, 4, 5, 6, 7, 8};
  bool rat_captures_elephant = true;
  bool elephant_captures_rat = false;
  // The two exceptions are checked before the traps: a rat or an elephant on a trap is taken by
  // its exception's rule, not by everyone (netcan/AnimalChess's elephant never takes a rat).
  bool exceptions_outrank_traps = false;
  KindSet swimmers = kind_bit(RAT);
  KindSet water_to_land = 0;  // kinds of enemy on land that a piece in water may take
  bool land_to_water = false;
  std::array<std::uint8_t, KIND_NB> jump_axes{};  // AXIS_* bits per kind
  JumpBlocker jump_blocked_by = JumpBlocker::Any;
  TrapWeakens trap_weakens = TrapWeakens::Enemies;
  WeakenedAttacker weakened_attacker = WeakenedAttacker::KeepsRank;
  KindSet den_enterable = ALL_KINDS;
  EndRules end;

  Variant();  // the standard rules, concluded

  // Recomputes every derived field (ConcludedRules) from the rules above. Call after changing a
  // rule. What it derives is what plays_alike compares: a rule read elsewhere than through a
  // field of ConcludedRules escapes it.
  void conclude();

  bool is_swimmer(Kind k) const { return swimmers & kind_bit(k); }
};

// No game can tell the two apart: the same derived masks and tables (ConcludedRules), start
// position and end rules, whatever the rules they came from and whatever their names. A rule that
// is moot in both (a jump blocker where nothing jumps) leaves them alike. Both must be concluded.
bool plays_alike(const Variant& a, const Variant& b);

// The words a variant file writes for each rule choice: the loader reads them, variant_toml
// writes them.
template <typename Enum>
using RuleName = std::pair<std::string_view, Enum>;
constexpr RuleName<JumpBlocker> JUMP_BLOCKER_NAMES[] = {
    {"any", JumpBlocker::Any}, {"enemy", JumpBlocker::Enemy}, {"none", JumpBlocker::None}};
constexpr RuleName<TrapWeakens> TRAP_WEAKENS_NAMES[] = {{"enemies", TrapWeakens::Enemies},
                                                        {"everyone", TrapWeakens::Everyone}};
constexpr RuleName<WeakenedAttacker> WEAKENED_ATTACKER_NAMES[] = {{"keeps-rank", WeakenedAttacker::KeepsRank},
                                                                  {"rank-zero", WeakenedAttacker::RankZero}};
constexpr RuleName<CaptureAllResult> CAPTURE_ALL_NAMES[] = {{"win", CaptureAllResult::Win},
                                                            {"none", CaptureAllResult::None}};
constexpr RuleName<NoMovesResult> NO_MOVES_NAMES[] = {{"loss", NoMovesResult::Loss}, {"draw", NoMovesResult::Draw}};
constexpr RuleName<RepetitionResult> REPETITION_RESULT_NAMES[] = {
    {"draw", RepetitionResult::Draw}, {"loss", RepetitionResult::Loss}, {"none", RepetitionResult::None},
    {"forbidden", RepetitionResult::Forbidden}};
// Indexed by the bit of AXIS_VERTICAL, AXIS_HORIZONTAL.
constexpr std::string_view AXIS_NAMES[] = {"vertical", "horizontal"};

// The word for a choice, from one of the tables above.
template <typename Enum, std::size_t N>
constexpr std::string_view rule_name(const RuleName<Enum> (&names)[N], Enum value) {
  for (const auto& [name, v] : names)
    if (v == value) return name;
  return "?";
}

// The standard terrain, rank 9 first, as a variant file writes it.
extern const std::array<const char*, RANK_NB> STANDARD_TERRAIN;

// Parses terrain rows (rank 9 first) into squares; returns false on a bad character or size.
bool parse_terrain_row(const std::string& row, int rank, std::array<Terrain, SQUARE_NB>& terrain);

// The character a terrain square is written with.
char terrain_char(Terrain t);

}  // namespace jungle
