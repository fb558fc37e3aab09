// The summary's numbers: grouping games by variant and pairing, and the statistics over them.
#include "research/game_summary.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <iterator>
#include <map>
#include <stdexcept>

#include "engine/variant_loader.h"
#include "report/game_viewer.h"
#include "stats/first_player.h"
#include "support/excerpt.h"
#include "support/nearest_names.h"
#include "support/text.h"

namespace jungle::research {

using report::BaselineComparison;
using report::PairingSummary;
using report::SprtSummary;
using report::Summary;
using report::VariantSummary;

namespace {

using GameRefs = std::vector<const StoredGame*>;

// The colour-swapped pairs among these games, as indices into them: two games with one pair id,
// one variant, one opening, and each player on the other side. Everything else is counted in
// `unpaired`.
std::vector<stats::GamePair> swapped_pairs(const GameRefs& games, std::uint64_t& unpaired) {
  std::map<int, std::vector<std::size_t>> by_pair;
  for (std::size_t i = 0; i < games.size(); ++i) by_pair[games[i]->pair].push_back(i);
  std::vector<stats::GamePair> pairs;
  unpaired = 0;
  for (const auto& [id, group] : by_pair) {
    if (group.size() == 2) {
      const GameRecord &a = games[group[0]]->record, &b = games[group[1]]->record;
      if (a.variant == b.variant && a.opening == b.opening && a.white == b.black && a.black == b.white) {
        pairs.emplace_back(group[0], group[1]);
        continue;
      }
    }
    unpaired += group.size();
  }
  return pairs;
}

PairingSummary summarize_pairing(const GameRefs& games, double confidence) {
  PairingSummary p;
  p.first = games.front()->record.white;
  p.second = games.front()->record.black;
  const bool self_play = p.first == p.second;
  for (const StoredGame* g : games) {
    const GameRecord& r = g->record;
    if (self_play) {
      p.as_white.add(white_points(r));
      p.as_black.add(1.0 - white_points(r));
    } else {
      (r.white == p.first ? p.as_white : p.as_black).add(points_of(r, p.first));
    }
  }
  p.wdl = self_play ? p.as_white
                    : stats::Wdl{p.as_white.wins + p.as_black.wins, p.as_white.draws + p.as_black.draws,
                                 p.as_white.losses + p.as_black.losses};
  if (self_play) {
    // White's figures are the first player's: the same clustered variance as that table.
    std::vector<GameRecord> records;
    std::vector<int> openings;
    for (const StoredGame* g : games) {
      records.push_back(g->record);
      openings.push_back(g->opening);
    }
    const stats::FirstPlayerStats first = stats::first_player_of(records, openings, confidence);
    p.score_wilson = first.score_wilson;
    p.elo = first.elo;
    p.design_effect = first.design_effect;
  } else {
    p.score_wilson = stats::wilson_score(p.wdl.wins, p.wdl.draws, p.wdl.losses, confidence);
    p.elo = stats::elo_wdl(p.wdl.wins, p.wdl.draws, p.wdl.losses, confidence);
  }
  for (const auto& [i, j] : swapped_pairs(games, p.unpaired)) {
    const GameRecord &a = games[i]->record, &b = games[j]->record;
    p.pentanomial.add(self_play ? white_points(a) + white_points(b) : points_of(a, p.first) + points_of(b, p.first));
  }
  p.elo_pentanomial = stats::elo_pentanomial(p.pentanomial, confidence);
  return p;
}

// The variant's rules: from options.rules by name, else loaded by name (bundled) or path.
std::optional<Variant> find_rules(const std::string& name, const SummaryOptions& options, std::string& why) {
  for (const Variant& v : options.rules)
    if (v.name == name) return v;
  try {
    return load_variant(name);
  } catch (const VariantError& e) {
    why = e.message;
  } catch (const std::exception& e) {
    why = e.what();
  }
  return std::nullopt;
}

// The rules found join found_rules.
VariantSummary summarize_variant(const std::string& name, const GameRefs& games, const SummaryOptions& options,
                                 std::vector<Variant>& found_rules) {
  VariantSummary v;
  v.name = name;
  v.games = games.size();
  std::vector<GameRecord> records;
  for (const StoredGame* g : games) records.push_back(g->record);

  std::string why;
  const std::optional<Variant> rules = find_rules(name, options, why);
  if (rules) {
    v.rules = rule_settings(*rules);
    found_rules.push_back(*rules);
    v.max_plies = rules->end.max_plies;
    try {
      v.replay = stats::replay_stats(*rules, records);
    } catch (const ReplayError& e) {
      v.note = "the games do not replay under the rules of " + name + " (" + e.what() +
               "): no branching, decision-move or complexity figures";
    }
  } else {
    v.note = "rules of " + name + " not found (" + why +
             "): no ply limit, branching, decision-move or complexity figures";
  }

  std::vector<int> openings;
  for (const StoredGame* g : games) openings.push_back(g->opening);
  v.first_player = stats::first_player_of(records, openings, options.confidence);
  v.outcomes = stats::outcome_metrics(records, v.max_plies);
  v.duration = stats::duration_stats(records, options.bin_width);

  // Pairings by the unordered pair of players, oriented by their first game.
  std::vector<std::pair<std::string, std::string>> order;
  std::map<std::pair<std::string, std::string>, GameRefs> by_pairing;
  for (const StoredGame* g : games) {
    const std::string &a = g->record.white, &b = g->record.black;
    auto [it, fresh] = by_pairing.try_emplace(a < b ? std::make_pair(a, b) : std::make_pair(b, a));
    if (fresh) order.push_back(it->first);
    it->second.push_back(g);
  }
  for (const auto& key : order) v.pairings.push_back(summarize_pairing(by_pairing[key], options.confidence));
  return v;
}

// Each variant's decisive share against the baseline's, with Holm's correction over them all;
// and apart from those, its draw rate against the baseline's, with Holm's correction over the
// draw-rate tests alone (a reader asks the two questions separately).
void compare_with_baseline(Summary& s) {
  const auto base = std::find_if(s.variants.begin(), s.variants.end(),
                                 [&](const VariantSummary& v) { return v.name == s.baseline; });
  const stats::FirstPlayerStats& b = base->first_player;
  using Field = std::optional<BaselineComparison> VariantSummary::*;
  auto compare = [&](Field field, auto units, auto test) {
    std::vector<VariantSummary*> compared;
    std::vector<double> p;
    for (VariantSummary& v : s.variants) {
      if (v.name == s.baseline || units(v.first_player) < 2 || units(b) < 2) continue;
      v.*field = BaselineComparison{s.baseline, test(v.first_player, b, s.confidence), 1};
      compared.push_back(&v);
      p.push_back((v.*field)->difference.p_value);
    }
    const std::vector<double> adjusted = stats::holm_adjust(p);
    for (std::size_t i = 0; i < compared.size(); ++i) (compared[i]->*field)->p_holm = adjusted[i];
  };
  compare(&VariantSummary::vs_baseline,
          [](const stats::FirstPlayerStats& f) { return f.decisive_share.units; },
          stats::compare_first_players);
  compare(&VariantSummary::draws_vs_baseline,
          [](const stats::FirstPlayerStats& f) { return f.draw_rate.units; }, stats::compare_draw_rates);
}

}  // namespace

Summary summarize(const std::vector<StoredGame>& games, const SummaryOptions& options) {
  Summary s;
  s.games = games.size();
  s.confidence = options.confidence;
  std::vector<std::string> variant_order;
  std::map<std::string, GameRefs> by_variant;
  for (const StoredGame& g : games) {
    auto [it, fresh] = by_variant.try_emplace(g.record.variant);
    if (fresh) variant_order.push_back(g.record.variant);
    it->second.push_back(&g);
    for (const std::string* player : {&g.record.white, &g.record.black})
      if (std::find(s.players.begin(), s.players.end(), *player) == s.players.end()) s.players.push_back(*player);
    if (s.viewed_games.size() < report::MAX_VIEWED_GAMES) s.viewed_games.push_back(g.record);
  }
  for (const std::string& name : variant_order)
    s.variants.push_back(summarize_variant(name, by_variant[name], options, s.rules));

  if (!options.baseline.empty()) {
    if (!by_variant.count(options.baseline)) {
      const std::string known = join(variant_order);
      const std::string suggestion = did_you_mean(options.baseline, variant_order);
      throw std::invalid_argument("--baseline: no games of variant \"" + excerpt(options.baseline) + "\"" +
                                  (suggestion.empty() ? "" : ": " + suggestion) + " (variants: " +
                                  (known.empty() ? "none" : known) + ")");
    }
    s.baseline = options.baseline;
  } else if (!variant_order.empty()) {
    s.baseline = by_variant.count("standard") ? "standard" : variant_order.front();
  }
  if (!s.baseline.empty()) compare_with_baseline(s);
  return s;
}

void attach_comparison(Summary& s, stats::Comparison c) {
  for (VariantSummary& v : s.variants) {
    if (v.name == c.plan.base) continue;
    v.vs_baseline.reset();
    v.draws_vs_baseline.reset();
    v.score_vs_baseline.reset();
    for (const stats::VariantComparison& compared : c.variants) {
      if (compared.variant != v.name) continue;
      for (const stats::FigureComparison& f : compared.figures) {
        const BaselineComparison paired{c.plan.base,
                                        {f.difference.difference, f.difference.interval, f.difference.p_value},
                                        f.p_holm, true};
        if (f.figure == stats::Figure::DecisiveShare) v.vs_baseline = paired;
        if (f.figure == stats::Figure::DrawRate) v.draws_vs_baseline = paired;
        if (f.figure == stats::Figure::Score) v.score_vs_baseline = paired;
      }
    }
  }
  s.baseline = c.plan.base;
  s.comparison = std::move(c);
}

void attach_study_comparison(Summary& s, const std::vector<StoredGame>& games, const std::string& player,
                             const std::string& weights, double games_per_second) {
  stats::ComparisonPlan plan;
  plan.base = s.baseline;
  for (const VariantSummary& v : s.variants)
    if (v.name != s.baseline) plan.variants.push_back(v.name);
  if (plan.variants.empty()) return;  // one variant: nothing to compare it with
  stats::Comparison c = stats::compare_variants(games, plan, games_per_second);
  c.sequential = false;
  c.stopped_by = "games";
  c.rounds = {{c.variants.front().openings, stats::precision_half_width(c)}};
  c.player = player;
  c.weights = weights;
  attach_comparison(s, std::move(c));
}

SprtSummary sprt_players(const std::vector<StoredGame>& games, const std::string& a, const std::string& b,
                         const stats::SprtParams& params) {
  if (a == b) throw std::invalid_argument("--sprt-players: name two different players");
  GameRefs met;
  for (const StoredGame& g : games)
    if ((g.record.white == a && g.record.black == b) || (g.record.white == b && g.record.black == a))
      met.push_back(&g);
  if (met.empty()) throw std::invalid_argument("--sprt-players: " + a + " and " + b + " never met");

  SprtSummary s;
  s.kind = SprtSummary::Kind::Players;
  s.a = a;
  s.b = b;
  s.params = params;
  for (const StoredGame* g : met) s.wdl.add(points_of(g->record, a));
  std::uint64_t unpaired = 0;
  const auto pairs = swapped_pairs(met, unpaired);
  // Pairs when every game has its colour-swapped partner, as fastchess; BayesElo has no pairs.
  if (unpaired == 0 && params.method != stats::LlrMethod::Bayesian) {
    for (const auto& [i, j] : pairs) s.pentanomial.add(points_of(met[i]->record, a) + points_of(met[j]->record, a));
    s.counts = "pentanomial";
    s.result = stats::sprt(s.pentanomial, params);
  } else {
    s.counts = "trinomial";
    s.result = stats::sprt(s.wdl, params);
  }
  return s;
}

SprtSummary sprt_variants(const Summary& summary, const std::string& a, const std::string& b,
                          const stats::SprtParams& params) {
  auto find = [&](const std::string& name) -> const VariantSummary& {
    std::vector<std::string> names;
    for (const VariantSummary& v : summary.variants) {
      if (v.name == name) return v;
      names.push_back(v.name);
    }
    const std::string suggestion = did_you_mean(name, names);
    throw std::invalid_argument("--sprt-variants: no games of variant \"" + excerpt(name) + "\"" +
                                (suggestion.empty() ? "" : ": " + suggestion));
  };
  if (a == b) throw std::invalid_argument("--sprt-variants: name two different variants");
  SprtSummary s;
  s.kind = SprtSummary::Kind::Variants;
  s.a = a;
  s.b = b;
  s.counts = "two-sample normal";
  s.params = params;
  s.params.method = stats::LlrMethod::NormalApprox;  // the only model for two samples here
  s.wdl = find(a).first_player.wdl;
  s.wdl_b = find(b).first_player.wdl;
  s.result = stats::sprt_first_players(find(a).first_player, find(b).first_player, params);
  return s;
}

}  // namespace jungle::research
