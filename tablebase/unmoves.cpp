#include "tablebase/unmoves.h"

namespace jungle::tablebase {

Unmoves::Unmoves(const Variant& variant, const Table& table)
    : variant_(variant), table_(table), pieces_(int(table.pieces().size())) {
  const Bitboard dens = variant.den_bb[WHITE] | variant.den_bb[BLACK];
  std::size_t weight = 2;
  for (int p = pieces_; p-- > 0;) {
    weights_[p] = weight;
    weight *= SQUARE_NB;
  }
  for (int p = 0; p < pieces_; ++p) {
    const Piece piece = table.pieces()[p];
    const Color c = color_of(piece);
    const Kind k = kind_of(piece);
    colors_[p] = c;
    // Where the piece may stand in a position of the table: a move from elsewhere would start
    // outside it.
    Bitboard may_stand = BOARD_MASK & ~dens;
    if (!variant.is_swimmer(k)) may_stand &= ~variant.water_bb;
    for (int from = 0; from < SQUARE_NB; ++from) {
      if (!(may_stand & square_bb(Square(from)))) continue;
      // A non-capturing step reaches every neighbour the piece may enter (Variant::step_to);
      // a jump lands where jump_to says if its kind jumps that way, unless the path is blocked.
      for (int d = 0; d < DIRECTION_NB; ++d) {
        const Square to = step(Square(from), Direction(d));
        if (to != SQ_NONE && (variant.enterable[c][k] & may_stand & square_bb(to)))
          sources_[p][to].push_back({Square(from), 0});
        const Square landing = variant.jump_to[from][d];
        if ((variant.jump_directions[k] >> d & 1) && landing != SQ_NONE &&
            (variant.enterable[c][k] & may_stand & square_bb(landing)))
          sources_[p][landing].push_back({Square(from), variant.jump_path[from][d]});
      }
    }
  }
}

}  // namespace jungle::tablebase
