#include "tests/mailbox.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace mailbox {

namespace {

const char* const LETTERS = "rcdwptle";  // by kind
const char* const NAMES[KINDS] = {"rat", "cat", "dog", "wolf", "leopard", "tiger", "lion", "elephant"};

// The four steps as (file, rank) offsets: north, south, east, west.
const int STEP_FILE[4] = {0, 0, 1, -1};
const int STEP_RANK[4] = {1, -1, 0, 0};
bool is_vertical(int dir) { return dir < 2; }

int file_of(int sq) { return sq % FILES; }
int rank_of(int sq) { return sq / FILES; }

// The neighbouring square in a direction, or -1 off the board.
int neighbour(int sq, int dir) {
  int f = file_of(sq) + STEP_FILE[dir];
  int r = rank_of(sq) + STEP_RANK[dir];
  if (f < 0 || f >= FILES || r < 0 || r >= RANKS) return -1;
  return r * FILES + f;
}

bool is_water(const Rules& r, int sq) { return r.terrain[sq] == '~'; }

// The den of a side: 'D' for the first player, 'd' for the second.
bool is_den_of(const Rules& r, int sq, int side) {
  return r.terrain[sq] == (side == FIRST ? 'D' : 'd');
}

// Whether a piece of `side` standing on `sq` is weakened by a trap there.
bool weakened(const Rules& r, int sq, int side) {
  char t = r.terrain[sq];
  if (t != 'T' && t != 't') return false;
  if (r.traps_weaken_everyone) return true;
  // 'T' guards the first player's den and weakens the second player's pieces, and back.
  int guarded = t == 'T' ? FIRST : SECOND;
  if (r.trap_owners_swapped) guarded = 1 - guarded;
  return side != guarded;
}

// May the piece of (side, kind) stand on sq, ignoring other pieces?
bool may_enter(const Rules& r, int side, int kind, int sq) {
  if (is_den_of(r, sq, side) && !r.own_den_enterable) return false;
  if (is_water(r, sq) && !r.swimmer[kind]) return false;
  if (is_den_of(r, sq, 1 - side) && !r.den_enterable[kind]) return false;
  return true;
}

// May the piece on `from` capture the enemy piece on `to`?
bool may_capture(const Board& b, int from, int to) {
  const Rules& r = *b.rules;
  const Cell& a = b.cells[from];
  const Cell& d = b.cells[to];
  // 1. The water's edge.
  bool from_water = is_water(r, from);
  bool to_water = is_water(r, to);
  if (from_water && !to_water && !r.water_to_land[d.kind]) return false;
  if (!from_water && to_water && !r.land_to_water) return false;
  if (from_water && to_water && !r.water_to_water) return false;
  // 2. With exceptions_outrank_traps, the rat/elephant exceptions come before the traps.
  if (r.exceptions_outrank_traps) {
    if (a.kind == KIND_RAT && d.kind == KIND_ELEPHANT) return r.rat_captures_elephant;
    if (a.kind == KIND_ELEPHANT && d.kind == KIND_RAT) return r.elephant_captures_rat;
  }
  // 3. A defender on a trap that weakens it is taken by anyone.
  if (weakened(r, to, d.side)) return true;
  // 4. A weakened attacker has rank zero.
  if (r.weakened_attacker_rank_zero && weakened(r, from, a.side)) return false;
  // 5. The rat/elephant exceptions.
  if (a.kind == KIND_RAT && d.kind == KIND_ELEPHANT) return r.rat_captures_elephant;
  if (a.kind == KIND_ELEPHANT && d.kind == KIND_RAT) return r.elephant_captures_rat;
  // 6. Rank.
  return r.rank[a.kind] >= r.rank[d.kind];
}

// May the piece on `from` move to `to` (a step or a jump's landing) given what is there?
bool may_land(const Board& b, int from, int to) {
  const Cell& a = b.cells[from];
  if (!may_enter(*b.rules, a.side, a.kind, to)) return false;
  const Cell& t = b.cells[to];
  if (t.empty()) return true;
  if (t.side == a.side) return false;
  return may_capture(b, from, to);
}

bool game_finished(const Board& b) {
  for (int sq = 0; sq < SQUARES; ++sq) {
    const Cell& c = b.cells[sq];
    if (!c.empty() && is_den_of(*b.rules, sq, 1 - c.side)) return true;
  }
  return false;
}

Cell cell_from_letter(char ch) {
  Cell c;
  char lower = ch >= 'A' && ch <= 'Z' ? char(ch - 'A' + 'a') : ch;
  for (int k = 0; k < KINDS; ++k)
    if (LETTERS[k] == lower) {
      c.side = lower == ch ? SECOND : FIRST;
      c.kind = k;
      return c;
    }
  throw std::invalid_argument(std::string("bad piece letter '") + ch + "'");
}

}  // namespace

Rules Rules::from_variant(const jungle::Variant& v) {
  Rules r{};
  r.name = v.name;
  for (int sq = 0; sq < SQUARES; ++sq) {
    switch (v.terrain[sq]) {
      case jungle::LAND: r.terrain[sq] = '.'; break;
      case jungle::WATER: r.terrain[sq] = '~'; break;
      case jungle::TRAP_WHITE: r.terrain[sq] = 'T'; break;
      case jungle::TRAP_BLACK: r.terrain[sq] = 't'; break;
      case jungle::DEN_WHITE: r.terrain[sq] = 'D'; break;
      case jungle::DEN_BLACK: r.terrain[sq] = 'd'; break;
      default: r.terrain[sq] = '?'; break;
    }
  }
  for (int k = 0; k < KINDS; ++k) {
    unsigned bit = 1u << k;
    r.rank[k] = v.rank[k];
    r.swimmer[k] = v.swimmers & bit;
    r.water_to_land[k] = v.water_to_land & bit;
    r.jumps_vertical[k] = v.jump_axes[k] & jungle::AXIS_VERTICAL;
    r.jumps_horizontal[k] = v.jump_axes[k] & jungle::AXIS_HORIZONTAL;
    r.den_enterable[k] = v.den_enterable & bit;
  }
  r.rat_captures_elephant = v.rat_captures_elephant;
  r.elephant_captures_rat = v.elephant_captures_rat;
  r.exceptions_outrank_traps = v.exceptions_outrank_traps;
  r.land_to_water = v.land_to_water;
  r.blocked_by = v.jump_blocked_by == jungle::JumpBlocker::Any     ? Blockers::Any
                 : v.jump_blocked_by == jungle::JumpBlocker::Enemy ? Blockers::Enemy
                                                                   : Blockers::None;
  r.traps_weaken_everyone = v.trap_weakens == jungle::TrapWeakens::Everyone;
  r.weakened_attacker_rank_zero = v.weakened_attacker == jungle::WeakenedAttacker::RankZero;
  return r;
}

std::string Rules::describe() const {
  std::ostringstream out;
  auto kinds = [&](const bool* set) {
    std::string s = "[";
    bool first = true;
    for (int k = 0; k < KINDS; ++k)
      if (set[k]) {
        s += (first ? "" : ", ") + std::string(NAMES[k]);
        first = false;
      }
    return s + "]";
  };
  out << "  name: " << name << "\n  terrain (rank 9 first):";
  for (int rk = RANKS - 1; rk >= 0; --rk) out << ' ' << std::string(terrain + rk * FILES, FILES);
  out << "\n  ranks:";
  for (int k = 0; k < KINDS; ++k) out << ' ' << NAMES[k] << '=' << rank[k];
  out << "\n  rat_captures_elephant=" << rat_captures_elephant
      << " elephant_captures_rat=" << elephant_captures_rat << " exceptions_outrank_traps=" << exceptions_outrank_traps;
  out << "\n  swimmers=" << kinds(swimmer) << " water_to_land=" << kinds(water_to_land)
      << " land_to_water=" << land_to_water;
  out << "\n  jumps vertical=" << kinds(jumps_vertical) << " horizontal=" << kinds(jumps_horizontal)
      << " blocked_by="
      << (blocked_by == Blockers::Any ? "any" : blocked_by == Blockers::Enemy ? "enemy" : "none");
  out << "\n  traps weaken=" << (traps_weaken_everyone ? "everyone" : "enemies")
      << " weakened_attacker=" << (weakened_attacker_rank_zero ? "rank-zero" : "keeps-rank");
  out << "\n  den enterable_by=" << kinds(den_enterable);
  out << "\n  bugs: own_den_enterable=" << own_den_enterable << " trap_owners_swapped=" << trap_owners_swapped
      << " moves_after_den_entry=" << moves_after_den_entry << " water_to_water=" << water_to_water << "\n";
  return out.str();
}

Board board_from_position(const jungle::Position& pos, const Rules& rules) {
  Board b;
  b.rules = &rules;
  for (int sq = 0; sq < SQUARES; ++sq) {
    jungle::Piece p = pos.piece_on(jungle::Square(sq));
    if (p == jungle::NO_PIECE) continue;
    b.cells[sq].side = jungle::color_of(p) == jungle::WHITE ? FIRST : SECOND;
    b.cells[sq].kind = int(jungle::kind_of(p));
  }
  b.to_move = pos.side_to_move() == jungle::WHITE ? FIRST : SECOND;
  return b;
}

Board board_from_fen(const std::string& fen, const Rules& rules) {
  Board b;
  b.rules = &rules;
  int rk = RANKS - 1, f = 0;
  std::size_t i = 0;
  for (; i < fen.size() && fen[i] != ' '; ++i) {
    char ch = fen[i];
    if (ch == '/') {
      if (f != FILES || rk == 0) throw std::invalid_argument("bad rank in " + fen);
      --rk;
      f = 0;
    } else if (ch >= '1' && ch <= '7') {
      f += ch - '0';
    } else {
      if (f >= FILES) throw std::invalid_argument("rank too long in " + fen);
      b.cells[rk * FILES + f] = cell_from_letter(ch);
      ++f;
    }
    if (f > FILES) throw std::invalid_argument("rank too long in " + fen);
  }
  if (rk != 0 || f != FILES) throw std::invalid_argument("bad board in " + fen);
  std::string side = i < fen.size() ? fen.substr(i + 1) : "";
  if (side == "w")
    b.to_move = FIRST;
  else if (side == "b")
    b.to_move = SECOND;
  else
    throw std::invalid_argument("bad side to move in " + fen);
  return b;
}

std::string board_fen(const Board& b) {
  std::string s;
  for (int rk = RANKS - 1; rk >= 0; --rk) {
    int run = 0;
    for (int f = 0; f < FILES; ++f) {
      const Cell& c = b.cells[rk * FILES + f];
      if (c.empty()) {
        ++run;
        continue;
      }
      if (run) s += char('0' + run);
      run = 0;
      char ch = LETTERS[c.kind];
      s += c.side == FIRST ? char(ch - 'a' + 'A') : ch;
    }
    if (run) s += char('0' + run);
    if (rk) s += '/';
  }
  s += b.to_move == FIRST ? " w" : " b";
  return s;
}

std::string square_text(int sq) {
  return std::string(1, char('a' + file_of(sq))) + char('1' + rank_of(sq));
}

std::string move_text(const Move& m) { return square_text(m.from) + square_text(m.to); }

std::vector<Move> generate(const Board& b) {
  std::vector<Move> moves;
  if (game_finished(b) && !b.rules->moves_after_den_entry) return moves;
  const Rules& r = *b.rules;
  for (int from = 0; from < SQUARES; ++from) {
    const Cell& piece = b.cells[from];
    if (piece.empty() || piece.side != b.to_move) continue;
    for (int dir = 0; dir < 4; ++dir) {
      int next = neighbour(from, dir);
      if (next < 0) continue;
      // A step.
      if (may_land(b, from, next)) moves.push_back({from, next});
      // A jump: from land, over consecutive water, to the first land square beyond.
      bool jumps = is_vertical(dir) ? r.jumps_vertical[piece.kind] : r.jumps_horizontal[piece.kind];
      if (!jumps || is_water(r, from) || !is_water(r, next)) continue;
      bool blocked = false;
      int sq = next;
      while (sq >= 0 && is_water(r, sq)) {
        const Cell& c = b.cells[sq];
        if (!c.empty()) {
          if (r.blocked_by == Blockers::Any) blocked = true;
          if (r.blocked_by == Blockers::Enemy && c.side != piece.side) blocked = true;
        }
        sq = neighbour(sq, dir);
      }
      if (sq < 0 || blocked) continue;  // the water runs off the board, or a blocker
      if (may_land(b, from, sq)) moves.push_back({from, sq});
    }
  }
  return moves;
}

std::vector<std::string> mailbox_moves(const Board& b) {
  std::vector<std::string> texts;
  for (const Move& m : generate(b)) texts.push_back(move_text(m));
  std::sort(texts.begin(), texts.end());
  return texts;
}

void make_move(Board& b, const Move& m, Undo& u) {
  u.captured = b.cells[m.to];
  b.cells[m.to] = b.cells[m.from];
  b.cells[m.from] = Cell{};
  b.to_move = 1 - b.to_move;
}

void unmake_move(Board& b, const Move& m, const Undo& u) {
  b.cells[m.from] = b.cells[m.to];
  b.cells[m.to] = u.captured;
  b.to_move = 1 - b.to_move;
}

std::uint64_t perft(Board& b, int depth) {
  if (depth == 0) return 1;
  std::vector<Move> moves = generate(b);
  if (depth == 1) return moves.size();
  std::uint64_t nodes = 0;
  for (const Move& m : moves) {
    Undo u;
    make_move(b, m, u);
    nodes += perft(b, depth - 1);
    unmake_move(b, m, u);
  }
  return nodes;
}

}  // namespace mailbox
