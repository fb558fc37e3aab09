#include "research/comparison_rounds.h"

#include <algorithm>
#include <stdexcept>

#include "stats/sample_size_reestimation.h"

namespace jungle::research {

namespace {

// The rounds of earlier commands, from the first openings of `played`.
std::vector<stats::ComparisonRound> earlier_history(const stats::ComparisonPlan& plan,
                                                    const std::vector<StoredGame>& played,
                                                    std::vector<std::uint64_t> earlier, std::uint64_t openings) {
  std::sort(earlier.begin(), earlier.end());
  earlier.erase(std::unique(earlier.begin(), earlier.end()), earlier.end());
  std::vector<stats::ComparisonRound> rounds;
  for (std::uint64_t k : earlier) {
    if (k >= openings) break;
    std::vector<StoredGame> first;
    for (const StoredGame& g : played)
      if (std::uint64_t(g.opening) < k) first.push_back(g);
    try {
      rounds.push_back({k, stats::precision_half_width(stats::compare_variants(first, plan))});
    } catch (const std::invalid_argument&) {
      // Too few openings then to estimate: that round has no half-width to show.
    }
  }
  return rounds;
}

}  // namespace

stats::Comparison run_comparison(const stats::ComparisonPlan& plan, std::uint64_t first_openings, bool sequential,
                                 const ComparisonGames& games, const std::vector<std::uint64_t>& earlier_rounds) {
  std::vector<stats::ComparisonRound> rounds;
  for (std::uint64_t openings = first_openings;;) {
    const std::vector<StoredGame> played = games.play(openings);
    if (rounds.empty()) rounds = earlier_history(plan, played, earlier_rounds, openings);
    stats::Comparison c = stats::compare_variants(played, plan, games.games_per_second ? games.games_per_second() : 0);
    c.sequential = sequential;
    rounds.push_back({openings, stats::precision_half_width(c)});
    c.rounds = rounds;
    if (!sequential) {
      c.stopped_by = "games";
      return c;
    }
    const std::uint64_t next = stats::next_round_openings(openings, rounds.back().half_width, plan.target);
    if (next == 0) {
      c.stopped_by = "precision";
      return c;
    }
    const std::uint64_t allowed = games.affordable ? std::min(next, games.affordable(next)) : next;
    if (allowed <= openings) {
      c.stopped_by = "max-time";
      return c;
    }
    openings = allowed;
  }
}

}  // namespace jungle::research
