// The PGN tags of a tournament folder's games (results/pgn.h), the same whether `jungle export
// --pgn` writes them afterwards or `jungle tournament --pgnout` as each game ends.
#pragma once

#include <filesystem>
#include <optional>

#include "results/pgn.h"
#include "results/run_file.h"

namespace jungle {

// For the games of `games_file` (DIR/games.jsonl) with DIR's run.json, if any: Event names DIR,
// Site and Date are its first run's host and day, each player's TimeControl is its limits as
// run.json records them ("-" for a built-in player, which plays without a clock), and each
// variant's rules are run.json's, with their hash. Without a run.json only Event is known.
// Marks the opening's end.
PgnContext tournament_pgn_context(const std::filesystem::path& games_file, const std::optional<RunRecord>& run);

}  // namespace jungle
