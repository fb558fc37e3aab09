// The HTML report's game viewer: every game of the report on a drawn board with its variant's
// terrain, stepped through ply by ply, picked from a list filtered by variant, result, end reason
// and player. Self-contained: the games are embedded as JSON, the page's script and style are
// report/game_viewer.js and .css, embedded at build time. No rules in the script: a move takes the
// piece from its from-square to its to-square, removing whatever stood there.
//
// The page opens a game at a ply from its address, report.html#game=N&ply=K (N as in the list,
// from 1; K from 0, the start position), and keeps the address up to date while stepping, so a
// position can be linked. The board element (id "gv-board") carries what it shows:
//   data-fen      the position in the notation of engine/position.h, side to move included,
//                 read back from the drawn squares
//   data-terrain  the terrain drawn, rank 9 first, rows joined by '/', in terrain_char's letters
//   data-game, data-ply  the game's number and the ply
// An address whose game the page does not hold shows no game (the board has no data-game) and
// says so in the notice above the board (id "gv-notice"); the notice also says when the list's
// filter hides the game on the board, which stays there. Otherwise the notice is empty.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <vector>

#include "engine/game.h"
#include "engine/variant.h"

namespace jungle::report {

// The most games a page embeds (a game is about a kilobyte of JSON); later ones are left out
// with a note saying how many.
constexpr std::size_t MAX_VIEWED_GAMES = 20000;

// Writes the viewer as one <section id="games">. records are the report's games in its order,
// at most MAX_VIEWED_GAMES of them; total_games counts every game of the report, so that the
// page can say how many were left out. A game is numbered by its place among records, from 1.
// Games of a variant not in `rules` are left out (their terrain is unknown), with a note saying
// how many; the others keep their numbers.
void write_game_viewer(std::ostream& out, const std::vector<GameRecord>& records, const std::vector<Variant>& rules,
                       std::uint64_t total_games);

}  // namespace jungle::report
