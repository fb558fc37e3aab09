// Games as PGN, for viewers and other tools: the seven tag roster, then Variant, SetUp and FEN
// (the start position in this project's notation), Termination and PlyCount; moves as this
// project writes them ("a3a4"), numbered by full move, the result last.
#pragma once

#include <ostream>
#include <string>

#include "results/results_file.h"

namespace jungle {

// Where the games were played, for the Event, Site and Date tags; "?" where unknown.
struct PgnContext {
  std::string event = "?";
  std::string site = "?";
  std::string date = "????.??.??";  // YYYY.MM.DD
};

// One game as a PGN record followed by a blank line. `start_fen` is the variant's start
// position, used when the record has no start position of its own.
void write_pgn(std::ostream& out, const StoredGame& game, const std::string& start_fen, const PgnContext& context);

// PGN's Termination for an end reason: "normal", "time forfeit", "rules infraction",
// "abandoned" or "adjudication" (a tablebase's adjudication too).
const char* pgn_termination(EndReason reason);

}  // namespace jungle
