#include "engine/movegen.h"

#include <type_traits>

namespace jungle {

namespace {

// Perft's hot path is one loop with everything inlined: these keep it so.
#define JUNGLE_INLINE [[gnu::always_inline]] inline

// With AVX-512's 32 vector registers the whole of perft(2), the reply counts of its moves
// inlined, keeps the children's masks in registers; with 16 (AVX2, SSE) GCC spills them
// all, and a call per move is three times faster.
#ifdef JUNGLE_AVX512
#define JUNGLE_INLINE_IF_AVX512 __attribute__((always_inline))
#else
#define JUNGLE_INLINE_IF_AVX512
#endif

// Rule settings the generator is specialised on, so that each costs nothing when it is off.
// The other settings live in the variant's tables and cost the same either way.
enum RuleFlags : int {
  PLAIN = 0,
  RANK_ZERO = 1,          // an attacker on a trap that weakens it takes only weakened pieces
  WATER_TO_LAND = 2,      // a piece in the water takes enemies of some kinds on land
  EXCEPTIONS_FIRST = 4,   // the rat/elephant exceptions outrank the traps
  RULE_FLAGS_END = 8,
  CAPTURES_ONLY = RULE_FLAGS_END,  // not a rule: only the moves that take a piece
};

// water_to_land is read as a rule, not derived: where the derived water_to_land_lanes are all
// zero (nothing swims), its instance finds no capture the other would not, so plays_alike, which
// compares the lanes, holds of the moves.
int rule_flags(const Variant& v) {
  return (v.rank_zero_attackers ? RANK_ZERO : PLAIN) | (v.water_to_land ? WATER_TO_LAND : PLAIN) |
         (v.exceptions_first ? EXCEPTIONS_FIRST : PLAIN);
}

// Calls fn with the flags as a compile-time constant: one instance of the generator for each
// combination, chosen a flag at a time.
template <int Known = PLAIN, int Bit = 1, class Fn>
decltype(auto) with_flags(int flags, Fn&& fn) {
  if constexpr (Bit == RULE_FLAGS_END) {
    return fn(std::integral_constant<int, Known>{});
  } else {
    if (flags & Bit) return with_flags<Known | Bit, Bit * 2>(flags, fn);
    return with_flags<Known, Bit * 2>(flags, fn);
  }
}

template <class Fn>
decltype(auto) with_rule_flags(const Variant& v, Fn&& fn) {
  return with_flags(rule_flags(v), std::forward<Fn>(fn));
}

// What the move generator needs to know of a position, from the side to move's view. The
// perft kernel builds these for the children of a node without making the moves.
struct SideView {
  Color us;
  KindLanes pieces;  // ours, by kind
  KindLanes prey;    // by kind of ours: the enemy pieces it outranks (Position::prey)
  Bitboard own, enemy;
  Bitboard water_to_land_victims;  // enemies of the water_to_land kinds; with WATER_TO_LAND only
  // By kind of ours: the enemies the rat/elephant exceptions decide about (for our rat, their
  // elephants; for our elephant, their rats); with EXCEPTIONS_FIRST only.
  KindLanes exception_victims;
};

// exception_victims of the side `us`, from their pieces.
KindLanes exception_victims(const Variant& v, const KindLanes& theirs) {
  Bitboard lanes[KIND_NB] = {};
  for (int a = 0; a < KIND_NB; ++a)
    for (int victim = 0; victim < KIND_NB; ++victim)
      if (v.exception_lanes[victim][a]) lanes[a] |= theirs[victim];
  return KindLanes::load(lanes);
}

template <int Flags>
SideView side_view(const Position& pos, Color us) {
  const Variant& v = pos.variant();
  SideView s{us, pos.pieces_by_kind(us), pos.prey_by_kind(us), pos.pieces(us), pos.pieces(~us), 0, KindLanes::all(0)};
  if constexpr (Flags & WATER_TO_LAND)
    s.water_to_land_victims = (pos.pieces_by_kind(~us) & KindLanes::load(v.water_to_land_lanes)).merged();
  if constexpr (Flags & EXCEPTIONS_FIRST) s.exception_victims = exception_victims(v, pos.pieces_by_kind(~us));
  return s;
}

// A batch of steps: the pieces that step by the same rule, what each kind may capture there
// (before the water's edge), and the empty squares they may step onto.
struct StepMasks {
  KindLanes movers;
  KindLanes takeable;
  Bitboard empty;
};

// The targets of the movers' steps in direction D, by kind: the empty squares, and the
// takeable enemies on the squares of capture_gate.
template <Direction D>
JUNGLE_INLINE KindLanes step_targets(const Variant& v, Color us, const StepMasks& m, Bitboard capture_gate) {
  return shift_unmasked<D>(m.movers) & KindLanes::load(v.step_to[us][D]) &
         (KindLanes::all(m.empty) | (m.takeable & KindLanes::all(capture_gate)));
}

// The steps in all four directions, captures limited by the water's edge: gates[d] are the
// squares a step in direction d may capture on.
template <class OnSteps>
JUNGLE_INLINE void generate_steps(const Variant& v, Color us, const StepMasks& m,
                                  const Bitboard (&gates)[DIRECTION_NB], OnSteps& on_steps) {
  on_steps(NORTH, step_targets<NORTH>(v, us, m, gates[NORTH]));
  on_steps(SOUTH, step_targets<SOUTH>(v, us, m, gates[SOUTH]));
  on_steps(EAST, step_targets<EAST>(v, us, m, gates[EAST]));
  on_steps(WEST, step_targets<WEST>(v, us, m, gates[WEST]));
}

// Jumps, piece by piece: few pieces ever stand where they could jump. on_jumps(from, kind,
// targets) gets the jumps of each jumper, all at once. `victims` is what each kind may take, and
// `rank_zero_victims` what it takes from a square of rank_zero. A jump lands on land from land, so the water's edge
// never stops its capture.
template <class OnJumps>
JUNGLE_INLINE void generate_jumps(const Variant& v, const SideView& s, const KindLanes& jumpers,
                                  const KindLanes& victims, const KindLanes& rank_zero_victims, Bitboard empty,
                                  Bitboard rank_zero, OnJumps& on_jumps) {
  const Bitboard blockers = jump_blockers(v, s.own, s.enemy);
  for (unsigned lanes = jumpers.nonempty(); lanes; lanes &= lanes - 1) {
    const Kind k = Kind(std::countr_zero(lanes));
    for (Bitboard b = jumpers[k]; b;) {
      const Square from = pop_lsb(b);
      const Bitboard takeable = (square_bb(from) & rank_zero) ? rank_zero_victims[k] : victims[k];
      on_jumps(from, k, jump_landings(v, from, k, blockers) & v.enterable[s.us][k] & (empty | takeable));
    }
  }
}

// Every move of the side to move, handed over in batches: on_steps(d, targets) gets the
// steps in direction d of all the kinds at once (targets by kind, each with one from-square),
// on_piece(from, kind, targets) moves of one piece (jumps, and steps of weakened attackers).
// Counting and listing both come from here, so that they cannot disagree. The caller checks
// that no den has been entered.
template <int Flags, class OnSteps, class OnPiece>
JUNGLE_INLINE void generate(const Variant& v, const SideView& s, OnSteps&& on_steps, OnPiece&& on_piece) {
  const Color us = s.us;
  const Bitboard empty = Flags & CAPTURES_ONLY ? 0 : BOARD_MASK & ~(s.own | s.enemy);
  const Bitboard weakened = s.enemy & v.weakening_traps[~us];
  Bitboard rank_zero = 0;
  if constexpr (Flags & RANK_ZERO) rank_zero = s.own & v.weakening_traps[us];

  // What the traps open up to every attacker; with EXCEPTIONS_FIRST, not the victims whose
  // capture the rat/elephant exceptions have decided already (their verdict is in prey).
  KindLanes opened_by_traps = KindLanes::all(weakened);
  if constexpr (Flags & EXCEPTIONS_FIRST) opened_by_traps = opened_by_traps & ~s.exception_victims;
  StepMasks m{s.pieces & KindLanes::all(~rank_zero), s.prey | opened_by_traps, empty};
  generate_steps(v, us, m, v.capture_gate, on_steps);

  // Weakened attackers take only weakened pieces (and, with EXCEPTIONS_FIRST, what their
  // exception lets them take), from land: one by one, as they are few.
  KindLanes rank_zero_victims = opened_by_traps;
  if constexpr (Flags & RANK_ZERO) {
    if constexpr (Flags & EXCEPTIONS_FIRST)
      rank_zero_victims = opened_by_traps | (s.prey & s.exception_victims & KindLanes::all(v.land_to_water_gate));
    for (Bitboard b = rank_zero; b;) {
      const Square from = pop_lsb(b);
      const Kind k = Kind(std::countr_zero((s.pieces & KindLanes::all(square_bb(from))).nonempty()));
      on_piece(from, k, NEIGHBOURS.of[from] & v.enterable[us][k] & (empty | rank_zero_victims[k]));
    }
  }

  // Captures from the water onto land, which the gates above leave out: rare, so a batch of
  // their own, only when such a victim stands on land next to one of our pieces in the water.
  if constexpr (Flags & WATER_TO_LAND)
    if (const Bitboard in_water = s.own & v.water_bb;
        in_water && (s.water_to_land_victims & v.land_bb & adjacent(in_water))) [[unlikely]] {
      const StepMasks swimmers{s.pieces & KindLanes::all(v.water_bb), m.takeable, 0};
      Bitboard gates[DIRECTION_NB];
      for (int d = 0; d < DIRECTION_NB; ++d) gates[d] = s.water_to_land_victims & v.water_to_land_edge[d];
      generate_steps(v, us, swimmers, gates, on_steps);
    }

  // Pieces where they could jump: rare in most positions, so kept out of the registers and
  // the straight-line code of the steps.
  const KindLanes jumpers = s.pieces & KindLanes::load(v.jump_origins);
  if (jumpers.nonempty()) [[unlikely]]
    generate_jumps(v, s, jumpers, m.takeable, rank_zero_victims, empty, rank_zero, on_piece);
}

template <int Flags>
JUNGLE_INLINE void count_moves(const Variant& v, const SideView& s, SquareCounter& counter) {
  generate<Flags>(
      v, s, [&](Direction, const KindLanes& targets) { counter.add_disjoint(targets); },
      [&](Square, Kind, Bitboard targets) { counter.add(popcount(targets)); });
}

// perft(2) without making a move: for each move, the replies are counted in a view of the
// child built from the parent's masks with a few XORs.
template <int Flags>
std::uint64_t two_ply_count(const Position& pos) {
  const Variant& v = pos.variant();
  const SideView s = side_view<Flags>(pos, pos.side_to_move());
  const Color them = ~s.us;
  const KindLanes their_pieces = pos.pieces_by_kind(them), their_prey = pos.prey_by_kind(them);
  Bitboard our_water_to_land_victims = 0;  // what their pieces in the water may take on land
  if constexpr (Flags & WATER_TO_LAND)
    our_water_to_land_victims = (s.pieces & KindLanes::load(v.water_to_land_lanes)).merged();
  KindLanes our_exception_victims = KindLanes::all(0);  // theirs to decide by the exceptions
  if constexpr (Flags & EXCEPTIONS_FIRST) our_exception_victims = exception_victims(v, s.pieces);

  // The replies to a move. Each batch of moves adds them up in a counter of its own, which
  // stays in registers even where the batches are calls.
  auto count_replies = [&](Square from, Square to, Kind k, SquareCounter& replies) JUNGLE_INLINE_IF_AVX512 {
    const Bitboard to_bb = square_bb(to), from_to = square_bb(from) | to_bb;
    // A captured piece leaves its lane; the mover leaves from and joins to in the prey of
    // every enemy kind that takes it.
    SideView child;
    child.us = them;
    child.pieces = their_pieces & KindLanes::all(~to_bb);
    child.prey = their_prey ^ (KindLanes::all(from_to) & KindLanes::load(v.taker_lanes[k]));
    child.own = s.enemy & ~to_bb;
    child.enemy = s.own ^ from_to;
    child.water_to_land_victims = 0;
    if constexpr (Flags & WATER_TO_LAND)
      child.water_to_land_victims = our_water_to_land_victims ^ (from_to & v.water_to_land_lanes[k]);
    // Their exceptions' victims are ours: the mover leaves from for to in the lanes of its kind.
    child.exception_victims = KindLanes::all(0);
    if constexpr (Flags & EXCEPTIONS_FIRST)
      child.exception_victims = our_exception_victims ^ (KindLanes::all(from_to) & KindLanes::load(v.exception_lanes[k]));
    count_moves<Flags>(v, child, replies);
  };
  // A move onto their den ends the game: it has no replies.
  const Bitboard game_goes_on = ~v.den_bb[them];
  SquareCounter all_replies;
  generate<Flags>(
      v, s,
      [&](Direction d, const KindLanes& targets) JUNGLE_INLINE_IF_AVX512 {
        SquareCounter replies;
        for (Bitboard b = targets.merged() & game_goes_on; b;) {
          const Square to = pop_lsb(b), from = Square(to - DIRECTION_DELTA[d]);
          count_replies(from, to, kind_of(pos.piece_on(from)), replies);
        }
        all_replies.add(replies);
      },
      [&](Square from, Kind k, Bitboard targets) JUNGLE_INLINE_IF_AVX512 {
        SquareCounter replies;
        for (targets &= game_goes_on; targets;) count_replies(from, pop_lsb(targets), k, replies);
        all_replies.add(replies);
      });
  return all_replies.total();
}

// Every legal move, or with CAPTURES_ONLY the captures alone, in the same order.
template <int Only>
MoveList list_moves(const Position& pos) {
  MoveList list;
  if (pos.den_entered()) return list;
  Move* out = list.moves;
  with_rule_flags(pos.variant(), [&](auto flags) {
    constexpr int F = decltype(flags)::value | Only;
    generate<F>(
        pos.variant(), side_view<F>(pos, pos.side_to_move()),
        [&](Direction d, const KindLanes& targets) {  // a move needs no kind: the lanes merge
          for (Bitboard b = targets.merged(); b;) {
            const Square to = pop_lsb(b);
            *out++ = make_move(Square(to - DIRECTION_DELTA[d]), to);
          }
        },
        [&](Square from, Kind, Bitboard targets) {
          while (targets) *out++ = make_move(from, pop_lsb(targets));
        });
  });
  list.size = int(out - list.moves);
  return list;
}

}  // namespace

MoveList legal_moves(const Position& pos) { return list_moves<PLAIN>(pos); }

MoveList legal_captures(const Position& pos) { return list_moves<CAPTURES_ONLY>(pos); }

int count_legal_moves(const Position& pos) {
  if (pos.den_entered()) return 0;
  SquareCounter counter;
  with_rule_flags(pos.variant(), [&](auto flags) {
    constexpr int F = decltype(flags)::value;
    count_moves<F>(pos.variant(), side_view<F>(pos, pos.side_to_move()), counter);
  });
  return int(counter.total());
}

std::uint64_t count_two_plies(const Position& pos) {
  if (pos.den_entered()) return 0;
  return with_rule_flags(pos.variant(), [&](auto flags) { return two_ply_count<decltype(flags)::value>(pos); });
}

Bitboard capture_targets(const Position& pos, Color side) {
  Bitboard targets = 0;
  with_rule_flags(pos.variant(), [&](auto flags) {
    constexpr int F = decltype(flags)::value | CAPTURES_ONLY;
    generate<F>(
        pos.variant(), side_view<F>(pos, side),
        [&](Direction, const KindLanes& lanes) { targets |= lanes.merged(); },
        [&](Square, Kind, Bitboard piece_targets) { targets |= piece_targets; });
  });
  return targets;
}

std::string move_to_string(Move m) { return square_name(from_sq(m)) + square_name(to_sq(m)); }

Move parse_move(const Position& pos, std::string_view text) {
  for (Move m : legal_moves(pos))
    if (move_to_string(m) == text) return m;
  return MOVE_NONE;
}

}  // namespace jungle
