// --pgnout FILE: a tournament's games appended to FILE as PGN the moment each is kept, beside its
// line of games.jsonl, so that an interrupted run leaves every finished game in both, and a
// resumed one adds only the games it plays. Internal to match/.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "results/pgn.h"
#include "results/results_file.h"
#include "support/append_file.h"

namespace jungle {

class PgnOut {
 public:
  // Opens FILE for appending; throws TournamentError "--pgnout: cannot write (why) FILE".
  PgnOut(const std::filesystem::path& file, PgnContext context, const std::vector<Variant>& variants);

  // The game's PGN in one write; an error message, empty on success. Never throws.
  std::string append(const StoredGame& game);

 private:
  AppendFile file_;
  PgnContext context_;
  std::map<std::string, std::string> starts_;  // each variant's start position, by name
};

}  // namespace jungle
