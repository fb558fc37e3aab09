#include "perft/random_positions.h"

#include <algorithm>
#include <array>
#include <vector>

namespace jungle {

namespace {

bool chance(std::mt19937_64& rng, double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; }
int uniform(std::mt19937_64& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

// The squares next to sq, -1 off the board, in the order north, south, east, west (plain
// file/rank arithmetic, so that the tests' random positions owe nothing to the bitboards).
std::array<int, 4> neighbours(int sq) {
  int f = sq % FILE_NB, r = sq / FILE_NB;
  return {r + 1 < RANK_NB ? sq + FILE_NB : -1, r > 0 ? sq - FILE_NB : -1, f + 1 < FILE_NB ? sq + 1 : -1,
          f > 0 ? sq - 1 : -1};
}

bool is_trap(Terrain t) { return t == TRAP_WHITE || t == TRAP_BLACK; }
bool is_den(Terrain t) { return t == DEN_WHITE || t == DEN_BLACK; }

// The position text of a board (indexed by square, a1 first) and a side to move.
std::string board_text(const Piece (&board)[SQUARE_NB], Color side) {
  std::string fen;
  for (int r = RANK_NB - 1; r >= 0; --r) {
    int run = 0;
    for (int f = 0; f < FILE_NB; ++f) {
      Piece p = board[r * FILE_NB + f];
      if (p == NO_PIECE) {
        ++run;
        continue;
      }
      if (run) fen += char('0' + run);
      run = 0;
      char ch = KIND_LETTERS[kind_of(p)];
      fen += color_of(p) == WHITE ? char(ch - 'a' + 'A') : ch;
    }
    if (run) fen += char('0' + run);
    if (r) fen += '/';
  }
  return fen + (side == WHITE ? " w" : " b");
}

}  // namespace

std::string random_fen(const Variant& v, std::mt19937_64& rng) {
  Piece board[SQUARE_NB];
  std::fill(std::begin(board), std::end(board), NO_PIECE);

  auto den_of = [&](Color c, int sq) { return v.terrain[sq] == (c == WHITE ? DEN_WHITE : DEN_BLACK); };
  auto near_water = [&](int sq) {
    int f = sq % FILE_NB, r = sq / FILE_NB;
    return (r + 1 < RANK_NB && v.terrain[sq + FILE_NB] == WATER) || (r > 0 && v.terrain[sq - FILE_NB] == WATER) ||
           (f + 1 < FILE_NB && v.terrain[sq + 1] == WATER) || (f > 0 && v.terrain[sq - 1] == WATER);
  };

  // A finished game: one piece already stands on its enemy's den.
  if (chance(rng, 0.03)) {
    Color c = chance(rng, 0.5) ? WHITE : BLACK;
    std::vector<int> dens;
    for (int sq = 0; sq < SQUARE_NB; ++sq)
      if (den_of(~c, sq)) dens.push_back(sq);
    if (!dens.empty()) {
      Kind k = Kind(uniform(rng, 0, KIND_NB - 1));
      board[dens[uniform(rng, 0, int(dens.size()) - 1)]] = make_piece(c, k);
    }
  }

  // Each side: a random subset of its eight kinds, now and then a few duplicates.
  double density = std::uniform_real_distribution<double>(0.15, 0.95)(rng);
  std::vector<Piece> pieces;
  for (Color c : {WHITE, BLACK}) {
    for (int k = 0; k < KIND_NB; ++k)
      if (chance(rng, density)) pieces.push_back(make_piece(c, Kind(k)));
    if (chance(rng, 0.1)) {
      int extra = uniform(rng, 1, 4);
      for (int i = 0; i < extra; ++i) pieces.push_back(make_piece(c, Kind(uniform(rng, 0, KIND_NB - 1))));
    }
  }
  std::shuffle(pieces.begin(), pieces.end(), rng);

  // Weights by terrain, the same for every piece; then each piece draws among the squares
  // it may stand on.
  double water_bias = uniform(rng, 1, 8), trap_bias = uniform(rng, 1, 6), bank_bias = uniform(rng, 1, 5);
  double base_weight[SQUARE_NB], bank[SQUARE_NB];
  for (int sq = 0; sq < SQUARE_NB; ++sq) {
    Terrain t = v.terrain[sq];
    double w = 1;
    if (t == WATER) w *= water_bias;
    if (is_trap(t)) w *= trap_bias;
    bank[sq] = t != WATER && near_water(sq);
    for (int n : neighbours(sq))
      if (n >= 0 && is_den(v.terrain[n])) w *= 1.5;  // next to a den: den entry, trap captures
    base_weight[sq] = w;
  }
  double weights[SQUARE_NB];
  for (Piece p : pieces) {
    Kind k = kind_of(p);
    double bank_w = v.jump_axes[k] ? 2 * bank_bias : bank_bias;
    double total = 0;
    for (int sq = 0; sq < SQUARE_NB; ++sq) {
      Terrain t = v.terrain[sq];
      bool ok = board[sq] == NO_PIECE && !is_den(t) && (t != WATER || v.is_swimmer(k));
      weights[sq] = ok ? base_weight[sq] * (bank[sq] ? bank_w : 1.0) : 0.0;
      total += weights[sq];
    }
    if (total <= 0) continue;
    double x = std::uniform_real_distribution<double>(0, total)(rng);
    int sq = 0;
    while (sq < SQUARE_NB - 1 && (x >= weights[sq] || weights[sq] == 0)) x -= weights[sq++];
    while (weights[sq] == 0) --sq;  // rounding at the top end
    board[sq] = p;
  }

  return board_text(board, chance(rng, 0.5) ? WHITE : BLACK);
}

std::string targeted_fen(const Variant& v, std::mt19937_64& rng) {
  Piece board[SQUARE_NB];
  std::fill(std::begin(board), std::end(board), NO_PIECE);
  bool used[COLOR_NB][KIND_NB] = {};
  auto may_stand = [&](Color c, Kind k, int sq) {
    const Terrain t = v.terrain[sq];
    return t != (c == WHITE ? DEN_WHITE : DEN_BLACK) && (t != WATER || v.is_swimmer(k));
  };
  auto place = [&](Color c, Kind k, int sq) {
    if (sq < 0 || used[c][k] || board[sq] != NO_PIECE || !may_stand(c, k, sq)) return false;
    board[sq] = make_piece(c, k);
    used[c][k] = true;
    return true;
  };
  auto interesting = [&](int sq) {
    for (int n : neighbours(sq))
      if (n >= 0 && (v.terrain[n] == WATER || is_trap(v.terrain[n]) || is_den(v.terrain[n]))) return true;
    return is_trap(v.terrain[sq]) || v.terrain[sq] == WATER;
  };
  auto random_color = [&] { return uniform(rng, 0, 1) ? BLACK : WHITE; };
  auto random_kind = [&] { return Kind(uniform(rng, 0, KIND_NB - 1)); };

  const Color side = random_color();
  const Kind kind = random_kind();
  int from = -1;
  for (int tries = 0; tries < 100 && from < 0; ++tries) {
    int sq = uniform(rng, 0, SQUARE_NB - 1);
    if ((interesting(sq) || uniform(rng, 0, 3) == 0) && place(side, kind, sq)) from = sq;
  }
  if (from < 0) return "";

  // The target: a neighbour, or the landing of a jump over the water in some direction.
  const int dir = uniform(rng, 0, 3);
  int to = neighbours(from)[dir];
  std::vector<int> lane;
  if (to >= 0 && v.terrain[to] == WATER && v.terrain[from] != WATER && uniform(rng, 0, 1)) {
    while (to >= 0 && v.terrain[to] == WATER) {
      lane.push_back(to);
      to = neighbours(to)[dir];
    }
  }
  if (to >= 0 && uniform(rng, 0, 3) != 0) place(~side, random_kind(), to);
  if (!lane.empty() && uniform(rng, 0, 1)) {
    const Kind swimmer = random_kind();
    const Color owner = random_color();
    place(owner, swimmer, lane[uniform(rng, 0, int(lane.size()) - 1)]);
  }

  // A few more pieces, one now and then on the enemy den (a finished game).
  const int extra = uniform(rng, 0, 4);
  for (int i = 0; i < extra; ++i) {
    const Color c = random_color();
    const Kind k = random_kind();
    for (int tries = 0; tries < 20; ++tries) {
      int sq = uniform(rng, 0, SQUARE_NB - 1);
      if (is_den(v.terrain[sq]) && uniform(rng, 0, 9) != 0) continue;
      if (place(c, k, sq)) break;
    }
  }
  return board_text(board, side);
}

}  // namespace jungle
