// How a results file was made, as the report's first table says (report::RunSettings): from the
// run.json a tournament or a study keeps beside its games.jsonl, or, for a plain games file, what
// its games show.
#pragma once

#include <filesystem>
#include <span>

#include "report/summary.h"
#include "results/results_file.h"

namespace jungle::research {

// The settings of one results file, whose games (as read) are `games`. Throws ResultsError
// naming run.json when it is there but cannot be read.
report::RunSettings run_settings(const std::filesystem::path& results_file, std::span<const StoredGame> games);

}  // namespace jungle::research
