// A tournament under MPI (distributed/): rank 0 owns the results folder and deals the games to
// every rank's threads. This is what it tells the other ranks, once, so that each plays the
// games it is dealt exactly as rank 0 would: the fingerprint (rules in full), the openings, the
// default weights as rank 0 found them, and the thread count. The other ranks' side is
// serve_tournament_job (tournament.h). Internal to match/.
#pragma once

#include <string>
#include <vector>

#include "match/matchmaking.h"
#include "match/tournament_setup.h"

namespace jungle {

std::string tournament_job(const Setup& setup, const std::vector<std::vector<Opening>>& openings, int threads);

}  // namespace jungle
