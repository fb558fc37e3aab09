// `jungle compare BASE VARIANT...`: does a rule change change who wins? Every variant is played
// by the same player with weights obtained the same way (equal_players.h), from the base's
// openings with the same game seeds (paired variants), in rounds sized by precision
// (comparison_rounds.h); the verdict (stats/variant_comparison.h) and the endgames
// (endgame_comparison.h) are finished here, and the report opens with them.
#pragma once

#include <string>

#include "report/report.h"
#include "research/compare_config.h"
#include "research/compare_games.h"

namespace jungle::research {

struct CompareOutcome {
  report::Summary summary;  // the report: the verdict, the games' summary, the endgames
  std::string title;        // the report's title
  PlayingEffort effort;  // of the games this command played
};

// Plays (or resumes: the rounds go on from the games already in config.out) the comparison into
// config.out, each variant loaded once, and returns its report, written nowhere yet; progress and
// notes go to standard error. Mistakes are InputErrors; a results file there that does not read
// is a ResultsError.
CompareOutcome run_compare(const CompareConfig& config);

// The variants compare names (BASE first), each read once, for the whole comparison: a name given
// twice, an unknown one and a file's mistakes are InputErrors.
std::vector<Variant> load_compared_variants(const std::vector<std::string>& names);

}  // namespace jungle::research
