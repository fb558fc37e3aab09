// Ending a game early on the engines' own scores, as fastchess does (off unless asked for):
//   --draw movenumber=N,movecount=M,score=S   from move N on, a draw once both engines have
//                                             scored within ±S centipawns for M moves each
//   --resign movecount=M,score=S[,twosided=true]
//                                             a loss for an engine that scored -S or worse for
//                                             M moves running (twosided: and its opponent +S
//                                             or better over its own last M moves)
// A move without a score (a built-in player's) or with a mate score breaks a draw run; a mate
// score against the mover counts as below -S, for it as above +S.
//   --tb-adjudicate DIR|auto                  a game that reaches a position of an endgame table
//                                             on disk ends with the table's result
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "tablebase/disk_tables.h"

namespace jungle {

struct DrawAdjudication {
  int movenumber = 0, movecount = 0, score = 0;
  bool enabled() const { return movecount > 0; }
  std::string text() const;
};

struct ResignAdjudication {
  int movecount = 0, score = 0;
  bool twosided = false;
  bool enabled() const { return movecount > 0; }
  std::string text() const;
};

// Throw std::invalid_argument naming the option and the key.
DrawAdjudication parse_draw_adjudication(std::string_view text);
ResignAdjudication parse_resign_adjudication(std::string_view text);

// The result of a game whose position is in a table on disk, with a detail ("E/r: white wins in
// 7 plies"), when the table's value stands in this game (tablebase::value_in_game: not a win that the
// no-capture limit may cut off, and a win that the ply limit cuts off is a draw); std::nullopt
// otherwise. Reads the position's table into memory the first time.
std::optional<std::pair<Result, std::string>> tablebase_verdict(tablebase::DiskTables& tables, const Game& game);

// Watches one game's scores.
class Adjudicator {
 public:
  Adjudicator(const DrawAdjudication& draw, const ResignAdjudication& resign) : draw_(draw), resign_(resign) {}

  // After `mover`'s ply number `ply` (1-based, counted from the game's start) with what it
  // reported: the result when the game is to end here, with a detail saying why.
  std::optional<std::pair<Result, std::string>> after_move(Color mover, const MoveInfo& info, int ply);

 private:
  DrawAdjudication draw_;
  ResignAdjudication resign_;
  int quiet_plies_ = 0;               // consecutive plies within ±score, both sides
  int losing_[COLOR_NB] = {0, 0};     // consecutive own moves at -score or worse
  int winning_[COLOR_NB] = {0, 0};    // consecutive own moves at +score or better
};

}  // namespace jungle
