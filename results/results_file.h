// Results files: one finished game per line of JSON ("JSON Lines"), as `jungle tournament`
// writes DIR/games.jsonl. A line holds these fields (others are ignored, for later additions):
//
//   index       integer >= 0   the game's place in its tournament's list; lines may come in
//                              any order (a tournament writes them as games finish)
//   pair        integer >= 0   shared by the two colour-swapped games of one opening
//   opening_id  integer >= 0   the opening's number within the variant
//   variant     string         the variant's name
//   white       string         the first player's spec, black the second's
//   black       string
//   seed        integer >= 0   the game's seed (64 bits, unsigned)
//   opening     [string]       the opening's moves, also the first moves of `moves`
//   moves       [string]       every move of the game, as "g3g4"
//   result      string         "1-0", "0-1" or "1/2-1/2"
//   reason      string         "den", "capture-all", "no-moves", "repetition", "limit" (the
//                              rules), "illegal-move", "time", "disconnect" (a forfeit by the
//                              side to move), "adjudication" or "tablebase" (an endgame
//                              table's value, --tb-adjudicate)
//   plies       integer        the number of moves
// and, when there is something to say:
//   fen         string         the start position, if not the variant's
//   detail      string         what a forfeit or adjudication was about ("bestmove a3a9")
//   info        [object]       per move after the opening, what its player reported: any of
//                              cp or mate (for the mover), depth, nodes, ms (the time it took);
//                              for an engine also, when it said so, seldepth, pv (its line of
//                              play, its move first) and latency_ms (ms less the time its info
//                              reported), and under a clock time_left_ms (the mover's clock after
//                              the move, its increment added). Files from before these four
//                              still read.
//
// Every line ends with '\n'. A last line without one is read if it is a complete record (a
// file edited by hand); otherwise it was cut off while being written (the run was killed) and
// is left out with a warning. Any other bad line is an error naming file and line.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/variant.h"

namespace jungle {

// A game record with its place in the tournament it came from.
struct StoredGame {
  GameRecord record;
  int index = 0;
  int pair = 0;
  int opening = 0;  // "opening_id" in the file
  int line = 0;     // the line of the file it was read from (read_results); 0 when not read from one
};

// A bad results file: what() is "FILE:LINE: message", or "FILE: message" without a line.
struct ResultsError : std::runtime_error {
  ResultsError(std::string file, int line, const std::string& message);
  std::string file;
  int line;  // 1-based; 0 when the whole file is at fault
  std::string message;
};

// The game as one line of JSON, without the '\n'.
std::string to_json_line(const StoredGame& game);

// One line of a results file, without its '\n'. Throws std::invalid_argument saying what is
// wrong with it (without a location).
StoredGame parse_results_line(const std::string& line);

// Every record of the file, sorted by index, each with its line. Throws ResultsError on a directory, an unreadable
// file, a garbled line, a missing or mistyped field, or an index given twice. A cut-off last
// line is left out, and a warning "FILE:LINE: ..." saying so joins *warnings if given.
std::vector<StoredGame> read_results(const std::filesystem::path& file, std::vector<std::string>* warnings = nullptr);

// Several files, each read as above, concatenated in the order given (indices of different
// files are independent; they may repeat).
std::vector<StoredGame> read_results(const std::vector<std::filesystem::path>& files,
                                     std::vector<std::string>* warnings = nullptr);

}  // namespace jungle
