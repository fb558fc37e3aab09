// The ladder's figures: each level's self-play row, its step over the level below, the trend.
#include "research/ladder_summary.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>

#include "stats/first_player.h"

namespace jungle::research {

using report::LadderRow;
using report::LadderTrend;
using report::LadderVariant;

namespace {

// The games of each variant, variants in the order they first appear.
std::vector<std::pair<std::string, std::vector<const StoredGame*>>> by_variant(const std::vector<StoredGame>& games) {
  std::vector<std::pair<std::string, std::vector<const StoredGame*>>> out;
  std::map<std::string, std::size_t> place;
  for (const StoredGame& g : games) {
    auto [it, fresh] = place.try_emplace(g.record.variant, out.size());
    if (fresh) out.push_back({g.record.variant, {}});
    out[it->second].second.push_back(&g);
  }
  return out;
}

std::vector<const StoredGame*> of_variant(const std::vector<StoredGame>& games, const std::string& variant) {
  std::vector<const StoredGame*> out;
  for (const StoredGame& g : games)
    if (g.record.variant == variant) out.push_back(&g);
  return out;
}

// The Wilson interval of the first player's share of the decisive games at its effective number
// of decisive games, as stats::compare_first_players counts them for the report's comparisons.
stats::Interval decisive_share_wilson(const stats::FirstPlayerStats& f, double confidence) {
  const stats::ClusteredMean& m = f.decisive_share;
  if (m.units < 2) return {0, 1};  // no spread between openings to measure
  double n = stats::effective_sample_size(m.mean, m.variance, m.observations);
  if (f.floor == stats::VarianceFloor::Independent) n = std::min(n, m.observations);
  n *= stats::korn_graubard_factor(m.observations, double(m.units), confidence);
  return stats::wilson(m.mean * n, n, confidence);
}

LadderRow self_play_row(const std::string& level, const std::vector<const StoredGame*>& games, double confidence) {
  LadderRow row;
  row.level = level;
  std::vector<GameRecord> records;
  std::vector<int> openings;
  for (const StoredGame* g : games) {
    records.push_back(g->record);
    openings.push_back(g->opening);
    row.repetitions += g->record.reason == EndReason::Repetition;
  }
  row.games = records.size();
  row.first_player = stats::first_player_of(records, openings, confidence);
  row.decisive_share_wilson = decisive_share_wilson(row.first_player, confidence);
  return row;
}

LadderStep step_of(const std::vector<const StoredGame*>& games, const LadderLevelGames& level,
                   const std::string& below, double confidence) {
  return step_over_below(games, level.label, level.spec, below, confidence);
}

// The line through the levels' scores whose variance is known and positive, x their place in the
// ladder; absent (with the reason in *note) when fewer than two have one.
std::optional<LadderTrend> trend_of(const std::vector<LadderRow>& rows, double confidence, std::string* note) {
  LadderTrend trend;
  std::vector<double> x, y, variance;
  trend.degrees_of_freedom = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const stats::FirstPlayerStats& f = rows[i].first_player;
    // A score without spread between openings (fewer than two, or every one alike) would weigh
    // infinitely: such a level is left out rather than let it fix the line.
    if (!(std::isfinite(f.score_variance) && f.score_variance > 0)) continue;
    x.push_back(double(i));
    y.push_back(f.score);
    variance.push_back(f.score_variance);
    trend.levels.push_back(rows[i].level);
    trend.degrees_of_freedom = std::min(trend.degrees_of_freedom, f.degrees_of_freedom);
  }
  if (x.size() < 2) {
    *note = "No trend: it needs two levels whose first-player score has a variance (games from two openings that "
            "differ), and " + std::to_string(x.size()) + (x.size() == 1 ? " level has one." : " levels have one.");
    return std::nullopt;
  }
  trend.line = stats::weighted_line(x, y, variance, confidence, trend.degrees_of_freedom);
  if (x.size() < rows.size())
    *note = "The trend is fitted to " + std::to_string(x.size()) + " of the " + std::to_string(rows.size()) +
            " levels: the others' first-player score has no variance to weigh it by.";
  return trend;
}

}  // namespace

LadderSummary summarize_ladder(const std::vector<LadderLevelGames>& levels, double confidence) {
  LadderSummary s;
  s.confidence = confidence;
  for (const LadderLevelGames& level : levels) {
    s.levels.push_back(level.label);
    s.self_play_games += level.self_play.size();
    s.match_games += level.match_below.size();
    s.costs.push_back({level.label, level.self_play_cpu, level.match_cpu});
  }
  // The variants as the self-play of any level names them, in order of first appearance.
  std::vector<std::string> names;
  for (const LadderLevelGames& level : levels)
    for (const auto& [name, games] : by_variant(level.self_play))
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);

  for (const std::string& name : names) {
    LadderVariant v;
    v.name = name;
    double elo = 0, variance = 0;  // the sum of the steps so far and the sum of their squared margins
    for (std::size_t i = 0; i < levels.size(); ++i) {
      LadderRow row = self_play_row(levels[i].label, of_variant(levels[i].self_play, name), confidence);
      const std::vector<const StoredGame*> match = of_variant(levels[i].match_below, name);
      if (i > 0 && !match.empty()) {
        row.step = step_of(match, levels[i], levels[i - 1].spec, confidence);
        elo += row.step->elo.elo;
        variance += row.step->elo.margin * row.step->elo.margin;
      } else if (i > 0) {
        elo = NAN;
      }
      row.elo_over_first = elo;
      row.elo_over_first_margin = std::isfinite(elo) ? std::sqrt(variance) : NAN;
      v.rows.push_back(std::move(row));
    }
    v.trend = trend_of(v.rows, confidence, &v.trend_note);
    s.variants.push_back(std::move(v));
  }
  return s;
}

LadderStep step_over_below(const std::vector<const StoredGame*>& games, const std::string& label,
                           const std::string& upper, const std::string& lower, double confidence) {
  LadderStep step;
  std::vector<GameRecord> records;
  for (const StoredGame* g : games) {
    const GameRecord& r = g->record;
    const bool ours = (r.white == upper && r.black == lower) || (r.black == upper && r.white == lower);
    if (!ours)
      throw std::invalid_argument("a game of the match below " + label + " is " + r.white + " against " + r.black +
                                  ", not " + lower + " against " + upper);
    step.wdl.add(points_of(r, upper));
    records.push_back(r);
  }
  const std::vector<stats::GamePair> pairs = stats::pair_games(records);
  step.unpaired = records.size() - 2 * pairs.size();
  step.pentanomial = stats::pentanomial(records, pairs, upper);
  step.elo = stats::elo_pentanomial(step.pentanomial, confidence);
  return step;
}

}  // namespace jungle::research
