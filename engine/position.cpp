#include "engine/position.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <sstream>

#include "support/excerpt.h"

namespace jungle {

Square parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'g' || text[1] < '1' || text[1] > '9')
    return SQ_NONE;
  return make_square(text[0] - 'a', text[1] - '1');
}

std::string square_name(Square s) {
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

namespace {

// Kind for a notation letter in either case, or KIND_NB.
Kind kind_from_letter(char c) {
  const char* p = std::strchr(KIND_LETTERS, std::tolower(static_cast<unsigned char>(c)));
  return p && *p ? Kind(p - KIND_LETTERS) : KIND_NB;
}

[[noreturn]] void fail(std::string_view fen, const std::string& what) {
  throw PositionError("bad position \"" + excerpt(fen, 80) + "\": " + what);
}

}  // namespace

Position::Position(const Variant& variant, std::string_view fen, const Zobrist& keys)
    : variant_(&variant), keys_(&keys) {
  std::fill(std::begin(board_), std::end(board_), NO_PIECE);

  std::size_t space = fen.find(' ');
  if (space == std::string_view::npos) fail(fen, "missing the side to move after the board");
  std::string_view placement = fen.substr(0, space);
  std::string_view side = fen.substr(space + 1);

  int rank = RANK_NB - 1, file = 0;
  for (std::size_t i = 0; i < placement.size(); ++i) {
    char c = placement[i];
    std::string where = " at character " + std::to_string(i + 1);
    if (c == '/') {
      if (file != FILE_NB)
        fail(fen, "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                      " files, expected 7" + where);
      if (--rank < 0) fail(fen, "more than 9 ranks" + where);
      file = 0;
    } else if (c >= '1' && c <= '7') {
      file += c - '0';
      if (file > FILE_NB) fail(fen, "rank " + std::to_string(rank + 1) + " is longer than 7 files" + where);
    } else if (Kind k = kind_from_letter(c); k != KIND_NB) {
      if (file >= FILE_NB) fail(fen, "rank " + std::to_string(rank + 1) + " is longer than 7 files" + where);
      put_piece(make_piece(std::isupper(static_cast<unsigned char>(c)) ? WHITE : BLACK, k),
                make_square(file++, rank));
    } else {
      fail(fen, std::string("unknown character '") + c + "'" + where +
                    " (pieces are r c d w p t l e, upper case the first player)");
    }
  }
  if (rank != 0) fail(fen, "has " + std::to_string(RANK_NB - rank) + " ranks, expected 9");
  if (file != FILE_NB)
    fail(fen, "rank 1 has " + std::to_string(file) + " files, expected 7");

  if (side == "w") side_ = WHITE;
  else if (side == "b") side_ = BLACK, key_ ^= keys.black_to_move;
  else fail(fen, "side to move must be 'w' or 'b', not \"" + excerpt(side) + "\"");

  for (Color c : {WHITE, BLACK}) {
    if (popcount(by_color_[c]) > MAX_PIECES_PER_SIDE)
      fail(fen, "more than " + std::to_string(MAX_PIECES_PER_SIDE) + " pieces for one side");
    for (Bitboard b = by_color_[c]; b;) {
      Square s = pop_lsb(b);
      Kind k = kind_of(board_[s]);
      if ((variant.water_bb & square_bb(s)) && !variant.is_swimmer(k))
        fail(fen, std::string("the ") + KIND_NAMES[k] + " on " + square_name(s) +
                      " stands in water but does not swim in this variant");
      if (variant.den_bb[c] & square_bb(s))
        fail(fen, std::string("the ") + KIND_NAMES[k] + " on " + square_name(s) + " stands on its own den");
    }
  }
  // One den entered is a finished game; both could never happen in one, since the first ended it.
  if ((by_color_[WHITE] & variant.den_bb[BLACK]) && (by_color_[BLACK] & variant.den_bb[WHITE]))
    fail(fen, "both sides stand on the enemy den; a game ends when the first piece enters it");
}

Position::Position(const Variant& variant, const Zobrist& keys) : variant_(&variant), keys_(&keys) {
  std::fill(std::begin(board_), std::end(board_), NO_PIECE);
}

Position Position::from_pieces(const Variant& variant, std::span<const Placement> pieces, Color side_to_move,
                               const Zobrist& keys) {
  Position pos(variant, keys);
  for (const Placement& p : pieces) pos.put_piece(p.piece, p.square);
  if (side_to_move == BLACK) pos.side_ = BLACK, pos.key_ ^= keys.black_to_move;
  return pos;
}

void Position::put_piece(Piece p, Square s) {
  Color c = color_of(p);
  Kind k = kind_of(p);
  Bitboard b = square_bb(s);
  board_[s] = p;
  key_ ^= keys_->piece_square[p][s];
  by_kind_[c][k] |= b;
  by_color_[c] |= b;
  flip_prey(~c, k, b);
}

// The squares b of a piece of kind k appear or vanish in the prey of every attacker of
// colour c that takes kind k: one masked XOR over all eight lanes.
void Position::flip_prey(Color c, Kind k, Bitboard b) {
  (KindLanes::load(prey_[c]) ^ (KindLanes::all(b) & KindLanes::load(variant_->taker_lanes[k]))).store(prey_[c]);
}

void Position::remove_piece(Square s) {
  Piece p = board_[s];
  Color c = color_of(p);
  Kind k = kind_of(p);
  Bitboard b = square_bb(s);
  board_[s] = NO_PIECE;
  key_ ^= keys_->piece_square[p][s];
  by_kind_[c][k] ^= b;
  by_color_[c] ^= b;
  flip_prey(~c, k, b);
}

// Moving a piece flips both squares in every mask it belongs to; one pass of XORs does it.
void Position::do_move(Move m, Undo& undo) {
  Square from = from_sq(m), to = to_sq(m);
  undo.captured = board_[to];
  if (undo.captured != NO_PIECE) remove_piece(to);

  Piece p = board_[from];
  Color c = color_of(p);
  Kind k = kind_of(p);
  Bitboard fromto = square_bb(from) | square_bb(to);
  board_[from] = NO_PIECE;
  board_[to] = p;
  by_kind_[c][k] ^= fromto;
  by_color_[c] ^= fromto;
  flip_prey(~c, k, fromto);
  key_ ^= keys_->piece_square[p][from] ^ keys_->piece_square[p][to] ^ keys_->black_to_move;
  side_ = ~side_;
}

void Position::undo_move(Move m, const Undo& undo) {
  Square from = from_sq(m), to = to_sq(m);
  Piece p = board_[to];
  Color c = color_of(p);
  Kind k = kind_of(p);
  Bitboard fromto = square_bb(from) | square_bb(to);
  board_[to] = NO_PIECE;
  board_[from] = p;
  by_kind_[c][k] ^= fromto;
  by_color_[c] ^= fromto;
  flip_prey(~c, k, fromto);
  key_ ^= keys_->piece_square[p][from] ^ keys_->piece_square[p][to] ^ keys_->black_to_move;
  if (undo.captured != NO_PIECE) put_piece(undo.captured, to);
  side_ = ~side_;
}

std::string Position::fen() const {
  std::string out;
  for (int rank = RANK_NB - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < FILE_NB; ++file) {
      Piece p = board_[make_square(file, rank)];
      if (p == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty), empty = 0;
      char letter = KIND_LETTERS[kind_of(p)];
      out += color_of(p) == WHITE ? char(std::toupper(letter)) : letter;
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  out += side_ == WHITE ? " w" : " b";
  return out;
}

std::string Position::pretty() const {
  std::ostringstream out;
  out << "    a   b   c   d   e   f   g\n";
  out << "  +---+---+---+---+---+---+---+\n";
  for (int rank = RANK_NB - 1; rank >= 0; --rank) {
    out << rank + 1 << " |";
    for (int file = 0; file < FILE_NB; ++file) {
      Square s = make_square(file, rank);
      char piece = ' ';
      if (board_[s] != NO_PIECE) {
        piece = KIND_LETTERS[kind_of(board_[s])];
        if (color_of(board_[s]) == WHITE) piece = char(std::toupper(piece));
      }
      // Terrain on both sides of the piece keeps it visible under pieces, in marks that no piece
      // letter uses: a tiger on a trap reads "+T+", never "TTT".
      static constexpr const char* MARKS[] = {"  ", "~~", "++", "--", "[]", "{}"};
      static_assert(LAND == 0 && WATER == 1 && TRAP_WHITE == 2 && TRAP_BLACK == 3 && DEN_WHITE == 4 && DEN_BLACK == 5);
      const char* mark = MARKS[variant_->terrain[s]];
      out << mark[0] << piece << mark[1] << '|';
    }
    out << ' ' << rank + 1 << "\n  +---+---+---+---+---+---+---+\n";
  }
  out << "    a   b   c   d   e   f   g\n";
  out << "Terrain: ~ water; + and - the first and second player's traps; [ ] and { } their dens. Upper case: first "
         "player.\n";
  out << "Position: " << fen() << "\n";
  out << (side_ == WHITE ? "First player (upper case) to move" : "Second player (lower case) to move") << "\n";
  return out.str();
}

bool Position::operator==(const Position& other) const {
  return variant_ == other.variant_ && side_ == other.side_ && key_ == other.key_ &&
         std::equal(std::begin(board_), std::end(board_), std::begin(other.board_)) &&
         std::memcmp(by_kind_, other.by_kind_, sizeof by_kind_) == 0 &&
         std::memcmp(by_color_, other.by_color_, sizeof by_color_) == 0 &&
         std::memcmp(prey_, other.prey_, sizeof prey_) == 0;
}

}  // namespace jungle
