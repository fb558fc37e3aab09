// The player every compared variant is played with, on equal terms: its weights obtained the same
// way in each variant (CompareConfig::weights), so that the comparison is of rules, not players.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "research/compare_config.h"

namespace jungle::research {

struct EqualPlayers {
  std::string player;  // the spec of every variant's player
  std::string note;    // how its weights were chosen, for the report
  // By variant name: the weights file the player evaluates that variant with, where it is not
  // the file beside the variant's rules (TournamentConfig::default_weights).
  std::map<std::string, std::filesystem::path> weights;
};

// With Auto, each variant plays tuned weights: the file beside its rules, else the file beside a
// compared or bundled variant's rules that are the same (weights belong to rules, not names), else
// weights fitted by the bundled weights' recipe (weights_cache.h). With Untuned, each plays the
// untuned weights. A player that does not evaluate positions plays as it is. A player spec that is
// bad or names its own weights, and weights that do not read, are InputErrors. Before the first
// fit, standard error says how many fits there are and about how long they take. `names_given`:
// each variant as the user named it (a fit's recorded tune command names it so).
EqualPlayers equal_players(const CompareConfig& config, const std::vector<Variant>& variants,
                           const std::vector<std::string>& names_given);

}  // namespace jungle::research
