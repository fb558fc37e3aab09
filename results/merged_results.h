// Several results files read as one set of games, and the games that replay under their rules.
// `jungle stats` reads its files so; the fuzzers read one file so.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "results/results_file.h"

namespace jungle {

// Reads results files (results_file.h) and merges them. Pair and opening ids are renumbered so
// that the pairs and openings of different files stay apart. Throws ResultsError naming FILE:LINE;
// warnings about cut-off last lines join *warnings if given. *per_file, if given, gets the
// number of games of each file, which follow one another in the order of the files.
std::vector<StoredGame> read_merged(const std::vector<std::filesystem::path>& files,
                                    std::vector<std::string>* warnings = nullptr,
                                    std::vector<std::size_t>* per_file = nullptr);

// read_merged, then each file's games replayed (replay_check.h) under the first rules found of:
// `rules` (a command's --rules), the rules its run.json records, a bundled variant of the name,
// and checked against the players its run.json lists. A game that does not replay (or whose
// players are not the run's) is left out and a line naming it, "FILE:LINE: game N: why", joins
// *left_out; a game whose variant has no rules anywhere is kept unreplayed (its variant's summary
// notes the missing rules). *per_file, if given, counts the games kept.
std::vector<StoredGame> read_replayed(const std::vector<std::filesystem::path>& files, const std::vector<Variant>& rules,
                                      std::vector<std::string>& left_out, std::vector<std::string>* warnings = nullptr,
                                      std::vector<std::size_t>* per_file = nullptr);

}  // namespace jungle
