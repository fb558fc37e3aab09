// The first player's figures of a variant over its games, and the SPRT that compares two
// variants' first-player advantage; shared by the report, the ladder and the tournament's SPRT.
#pragma once

#include <vector>

#include "results/results_file.h"
#include "stats/balance.h"
#include "stats/statistics.h"

namespace jungle::stats {

// That test's LLR from the two variants' first-player figures (the normal approximation).
SprtResult sprt_first_players(const FirstPlayerStats& a, const FirstPlayerStats& b,
                              const SprtParams& params);

// The first player's figures over records whose units are their openings (openings[i]: the
// opening id of records[i]), as the report counts them: with the floor at deff 1
// (VarianceFloor::Independent) when some game is self-play, and without it when every game is
// between two different players.
FirstPlayerStats first_player_of(const std::vector<GameRecord>& records, const std::vector<int>& openings,
                                 double confidence = 0.95);

}  // namespace jungle::stats
