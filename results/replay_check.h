// Games replayed when read. Every command that takes games from a results file (stats, export,
// tune, a resumed tournament or comparison) replays them here under the rules they were played
// by (check_record, engine/game.h), so that a game whose moves are illegal, or whose result or end
// reason contradicts its moves, counts nowhere; nor does a game between players the run did not
// have (a flipped bit that renames `random` to `bandom` would otherwise make a third player). One
// rule, coded once; the commands only choose between refusing such a file (export, tune, a
// resume) and leaving the games out (stats).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "results/results_file.h"

namespace jungle {

// What to do with a game whose variant has no rules to replay it under.
enum class UnknownRules {
  Keep,    // keep it unreplayed (stats: its report says the variant's rules were not found)
  Refuse,  // refuse it, as a game that does not replay
};

struct ReplayChecked {
  std::vector<StoredGame> kept;      // the games that replay, in the order given
  // One per game left out: what() is "FILE:LINE: game N: why", message "game N: why".
  std::vector<ResultsError> refused;
};

// Replays `games`, read from `file`, each under its variant's rules: the first of `rules` with
// its name (a command's --rules, the rules run.json records, a tournament's own), else what
// load_variant finds by that name (a bundled variant, or the rules file a path names): the
// readers' lookup before games were replayed, so that a hand-made results file without a
// run.json still reads.
//
// `players` are the run's (run.json's, recorded_players in results/run_file.h, or a tournament's
// own), as its schedule pairs them: with several, a game is between two different ones of them;
// with one (self-play), that one plays both sides. Any other game does not replay, as
// `game 7: player "bandom" is not one of the run's players (random, greedy)`. Empty: the players
// are not known (a hand-made results file without a run.json), and any pass.
ReplayChecked replay_check(const std::filesystem::path& file, std::vector<StoredGame> games,
                           const std::vector<Variant>& rules, const std::vector<std::string>& players,
                           UnknownRules unknown);

// replay_check with UnknownRules::Refuse, for the commands that refuse a file with a game that
// does not replay: the kept games, or ResultsError naming the first refused game's file and line,
// "FILE:LINE: game N: why", and how many more there are.
std::vector<StoredGame> replayed_games(const std::filesystem::path& file, std::vector<StoredGame> games,
                                       const std::vector<Variant>& rules, const std::vector<std::string>& players);

}  // namespace jungle
