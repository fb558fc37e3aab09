// A position: pieces as bitboards, the side to move, and the variant whose rules apply.
// Positions are read and written in the shared notation, for example
//   l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w
// rank 9 first, files a-g, upper case the first player (WHITE), then the side to move.
#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/bitboard.h"
#include "engine/types.h"
#include "engine/variant.h"
#include "engine/zobrist.h"

namespace jungle {

// A position string that is malformed or breaks the terrain; what() says what and where.
struct PositionError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What undo_move needs to take a move back.
struct Undo {
  Piece captured = NO_PIECE;
};

class Position {
 public:
  static constexpr int MAX_PIECES_PER_SIDE = 32;

  // Parses and checks a position under the variant's terrain; throws PositionError.
  // The variant and the keys must outlive the position.
  Position(const Variant& variant, std::string_view fen, const Zobrist& keys = default_zobrist());

  // A piece and its square, for from_pieces.
  struct Placement {
    Piece piece;
    Square square;
  };
  // A position from its pieces and the side to move, without parsing and without the terrain
  // checks of the constructor above: for code that makes millions of positions (the
  // tablebases), which checks placements itself. The squares must be distinct.
  static Position from_pieces(const Variant& variant, std::span<const Placement> pieces, Color side_to_move,
                              const Zobrist& keys = default_zobrist());

  std::string fen() const;
  // The board with its terrain, rank 9 at the top, for people to read.
  std::string pretty() const;

  const Variant& variant() const { return *variant_; }
  Color side_to_move() const { return side_; }
  // The Zobrist key of pieces and side to move, kept up to date by make/unmake.
  Key key() const { return key_; }
  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(Color c, Kind k) const { return by_kind_[c][k]; }
  Bitboard occupied() const { return by_color_[WHITE] | by_color_[BLACK]; }
  // prey(c, a): the enemy pieces an attacker of colour c and kind a takes by rank and the
  // rat/elephant exceptions, before terrain is considered. Kept up to date by make/unmake.
  Bitboard prey(Color c, Kind a) const { return prey_[c][a]; }
  // The same, every kind at once.
  KindLanes pieces_by_kind(Color c) const { return KindLanes::load(by_kind_[c]); }
  KindLanes prey_by_kind(Color c) const { return KindLanes::load(prey_[c]); }

  // The game is over once a piece stands on the enemy den; such a position has no moves.
  bool den_entered() const {
    return (by_color_[WHITE] & variant_->den_bb[BLACK]) | (by_color_[BLACK] & variant_->den_bb[WHITE]);
  }

  // m must be legal in this position.
  void do_move(Move m, Undo& undo);
  void undo_move(Move m, const Undo& undo);

  bool operator==(const Position& other) const;

 private:
  Position(const Variant& variant, const Zobrist& keys);  // an empty board, white to move
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void flip_prey(Color c, Kind k, Bitboard b);

  const Variant* variant_;
  const Zobrist* keys_;
  Key key_ = 0;
  // Aligned so that one load or store moves all eight kinds.
  alignas(64) Bitboard by_kind_[COLOR_NB][KIND_NB] = {};
  alignas(64) Bitboard prey_[COLOR_NB][KIND_NB] = {};
  Bitboard by_color_[COLOR_NB] = {};
  Piece board_[SQUARE_NB];
  Color side_ = WHITE;
};

// "a1".."g9"; SQ_NONE for anything else.
Square parse_square(std::string_view text);
std::string square_name(Square s);

}  // namespace jungle
