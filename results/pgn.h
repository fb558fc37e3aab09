// Games as PGN, for viewers and other tools: the seven tag roster, then Variant, SetUp and FEN
// (the start position in this project's notation), Termination and PlyCount, and where known
// VariantFile and RulesHash; moves as this project writes them ("a3a4"), numbered by full move,
// the result last.
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
};

// One game as a PGN record followed by a blank line. `start_fen` is the variant's start
// position, used when the record has no start position of its own.
void write_pgn(std::ostream& out, const StoredGame& game, const std::string& start_fen, const PgnContext& context);

// PGN's Termination for an end reason: "normal", "time forfeit", "rules infraction",
// "abandoned" or "adjudication" (a tablebase's adjudication too).
const char* pgn_termination(EndReason reason);

}  // namespace jungle
