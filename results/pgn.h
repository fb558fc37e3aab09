// Games as PGN, for viewers and other tools: the seven tag roster, TimeControl (or White- and
// BlackTimeControl when the sides' differ, as cutechess-cli writes them), then Variant, SetUp and
// FEN (the start position in this project's notation), Termination and PlyCount, and where known
// VariantFile and RulesHash; moves as this project writes them ("a3a4"), numbered by full move,
// each engine move followed by cutechess-cli's comment of what the engine said, the result last.
#pragma once

#include <map>
#include <ostream>
#include <string>

#include "results/results_file.h"

namespace jungle {

// Where the games were played, for the Event, Site and Date tags; "?" where unknown.
struct PgnContext {
  std::string event = "?";
  std::string site = "?";
  std::string date = "????.??.??";  // YYYY.MM.DD
  // Per variant name, where its rules came from and their hash (engine/rules_hash.h), written as
  // the tags VariantFile and RulesHash (as Fairy-Stockfish's variants.ini names the rules a game
  // was played under): without them a variant's name alone does not say which rules it had.
  struct Rules {
    std::string file, hash;
  };
  std::map<std::string, Rules> rules{};
  // Marks the end of the opening's moves (random or from a book, not chosen by the players) with
  // an {opening} comment.
  bool mark_opening = false;
  // Per player name, its TimeControl tag's text (protocol/time_control.h's pgn_time_control);
  // a player not listed is written "?", unknown.
  std::map<std::string, std::string> time_controls{};
};

// One game as a PGN record followed by a blank line. `start_fen` is the variant's start
// position, used when the record has no start position of its own.
void write_pgn(std::ostream& out, const StoredGame& game, const std::string& start_fen, const PgnContext& context);

// cutechess-cli's comment on a move: the score in pawns from the mover's side, signed, with two
// decimals ("+0.35", "0.00", "-1.20"), or a mate in plies ("+M9" for `mate 5`, "-M6" for
// `mate -3`), shown only with a depth; "/DEPTH" and a space when there is a depth; then the time
// in seconds, "0s" for none, else with 3, 2, 1 or 0 decimals below 0.1 s, 1 s, 10 s and from there
// on: "+0.35/12 0.21s" for 210 ms. Empty (no comment) for a move with nothing reported that took
// under half a second, as a built-in player's usually is.
std::string pgn_move_comment(const MoveInfo& info);

// PGN's Termination for an end reason: "normal", "time forfeit", "rules infraction",
// "abandoned" or "adjudication" (a tablebase's adjudication too).
const char* pgn_termination(EndReason reason);

}  // namespace jungle
