#include "research/comparison_rounds.h"

#include <algorithm>
#include <stdexcept>

#include "stats/sample_size_reestimation.h"

namespace jungle::research {

namespace {

// The rounds of earlier commands, from the first openings of `played`.
std::vector<stats::ComparisonRound> earlier_history(const std::vector<StoredGame>& played,
                                                    std::vector<std::uint64_t> earlier, std::uint64_t openings,
                                                    const std::function<double(const std::vector<StoredGame>&)>& half_width) {
  std::sort(earlier.begin(), earlier.end());
  earlier.erase(std::unique(earlier.begin(), earlier.end()), earlier.end());
  std::vector<stats::ComparisonRound> rounds;
  for (std::uint64_t k : earlier) {
    if (k >= openings) break;
    std::vector<StoredGame> first;
    for (const StoredGame& g : played)
      if (std::uint64_t(g.opening) < k) first.push_back(g);
    try {
      rounds.push_back({k, half_width(first)});
    } catch (const std::invalid_argument&) {
      // Too few openings then to estimate: that round has no half-width to show.
    }
  }
  return rounds;
}

}  // namespace

PlayedRounds play_rounds(std::uint64_t first_openings, bool sequential, double target, const ComparisonGames& games,
                         const std::vector<std::uint64_t>& earlier_rounds,
                         const std::function<double(const std::vector<StoredGame>&)>& half_width, double growth) {
  PlayedRounds out;
  for (std::uint64_t openings = first_openings;;) {
    const std::vector<StoredGame> played = games.play(openings);
    if (out.rounds.empty()) out.rounds = earlier_history(played, earlier_rounds, openings, half_width);
    out.rounds.push_back({openings, half_width(played)});
    if (!sequential) {
      out.stopped_by = "games";
      return out;
    }
    const std::uint64_t next = stats::next_round_openings(openings, out.rounds.back().half_width, target, growth);
    if (next == 0) {
      out.stopped_by = "precision";
      return out;
    }
    if (openings == first_openings && games.expect)
      games.expect(stats::openings_for_half_width(openings, out.rounds.back().half_width, target), target);
    const std::uint64_t allowed = games.affordable ? std::min(next, games.affordable(next)) : next;
    if (allowed <= openings) {
      out.stopped_by = "max-time";
      return out;
    }
    openings = allowed;
  }
}

namespace {

// `plan` (a comparison's or a factorial's) playing to the margin's settling half-width over Holm
// families of `tests` and `equivalence_tests`, where that is narrower than its ±target.
template <class Plan>
Plan settled_by_margin(Plan plan, std::size_t tests, std::size_t equivalence_tests, std::uint64_t first_openings,
                       bool sequential) {
  if (!sequential || !(plan.margin > 0)) return plan;
  const double settling = stats::settling_half_width(plan.margin, tests, equivalence_tests,
                                                     stats::interval_degrees_of_freedom(double(first_openings)));
  if (settling < plan.target) {
    plan.precision_asked = plan.target;
    plan.target = settling;
  }
  return plan;
}

}  // namespace

stats::ComparisonPlan rounds_plan(const stats::ComparisonPlan& plan, std::uint64_t first_openings, bool sequential) {
  const std::size_t tests = plan.variants.size() * stats::FIGURES;
  return settled_by_margin(plan, tests, tests, first_openings, sequential);
}

stats::FactorialPlan factorial_rounds_plan(const stats::FactorialPlan& plan, const stats::FactorialDesign& design,
                                           std::uint64_t first_openings, bool sequential) {
  return settled_by_margin(plan, design.terms.size() * stats::FIGURES, design.factors.size() * stats::FIGURES,
                           first_openings, sequential);
}

stats::Comparison run_comparison(const stats::ComparisonPlan& asked, std::uint64_t first_openings, bool sequential,
                                 const ComparisonGames& games, const std::vector<std::uint64_t>& earlier_rounds) {
  const stats::ComparisonPlan plan = rounds_plan(asked, first_openings, sequential);
  stats::Comparison last;  // the analysis of the last call: the last round's
  const PlayedRounds played =
      play_rounds(first_openings, sequential, plan.target, games, earlier_rounds, [&](const std::vector<StoredGame>& g) {
        last = stats::compare_variants(g, plan, games.games_per_second ? games.games_per_second() : 0);
        return stats::precision_half_width(last);
      });
  last.sequential = sequential;
  last.rounds = played.rounds;
  last.stopped_by = played.stopped_by;
  return last;
}

}  // namespace jungle::research
