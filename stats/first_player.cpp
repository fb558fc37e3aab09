#include "stats/first_player.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace jungle::stats {

SprtResult sprt_first_players(const FirstPlayerStats& a, const FirstPlayerStats& b,
                              const SprtParams& params) {
  SprtResult r;
  r.lower = std::log(params.beta / (1 - params.alpha));
  r.upper = std::log((1 - params.beta) / params.alpha);
  // elo(s) and the variance of that estimate, by the delta method from the clustered variance of s.
  double elo[2], variance[2];
  const FirstPlayerStats* sides[2] = {&a, &b};
  for (int i = 0; i < 2; ++i) {
    const double score = sides[i]->score, score_variance = sides[i]->score_variance;
    if (sides[i]->wdl.games() == 0 || score <= 0 || score >= 1 || !(score_variance > 0)) return r;
    const double slope = 400 / (std::log(10.0) * score * (1 - score));
    elo[i] = elo_from_score(score);
    variance[i] = slope * slope * score_variance;
  }
  const double theta = elo[0] - elo[1], var = variance[0] + variance[1];
  r.llr = (params.elo1 - params.elo0) * (2 * theta - params.elo0 - params.elo1) / (2 * var);
  r.verdict = r.llr >= r.upper   ? SprtVerdict::AcceptH1
              : r.llr <= r.lower ? SprtVerdict::AcceptH0
                                 : SprtVerdict::Continue;
  return r;
}

FirstPlayerStats first_player_of(const std::vector<GameRecord>& records, const std::vector<int>& openings,
                                 double confidence) {
  std::map<int, GameGroup> by_opening;
  for (std::size_t i = 0; i < records.size(); ++i) by_opening[openings[i]].push_back(i);
  std::vector<GameGroup> groups;
  for (auto& [id, group] : by_opening) groups.push_back(std::move(group));
  // The floor at deff 1 guards self-play against pairs that offset each other by chance; between
  // different players the pairs' cancelling is real and their variance stands.
  const bool self_play =
      std::any_of(records.begin(), records.end(), [](const GameRecord& r) { return r.white == r.black; });
  return first_player_stats(records, groups, confidence,
                                   self_play ? VarianceFloor::Independent : VarianceFloor::None);
}

}  // namespace jungle::stats
