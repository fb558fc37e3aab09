#include "stats/balance.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>

#include "engine/movegen.h"

namespace jungle::stats {

namespace {

constexpr double NaN = std::numeric_limits<double>::quiet_NaN();

double ratio(double part, double whole) { return whole > 0 ? part / whole : NaN; }

// The player's points in a game (points_of), where it must have played exactly one side.
double one_sides_points(const GameRecord& game, const std::string& player) {
  if ((game.white == player) == (game.black == player))
    throw std::invalid_argument("pentanomial: \"" + player + "\" must play exactly one side of every paired game");
  return points_of(game, player);
}

// Adds one game's result to a W/D/L seen from the given colour.
void count(Wdl& wdl, Result result, Color side) {
  if (result == Result::Draw) ++wdl.draws;
  else if ((result == Result::WhiteWins) == (side == WHITE)) ++wdl.wins;
  else ++wdl.losses;
}

}  // namespace

Wdl first_player_wdl(const std::vector<GameRecord>& games) {
  Wdl wdl;
  for (const GameRecord& g : games) count(wdl, g.result, WHITE);
  return wdl;
}

FirstPlayerStats first_player_stats(const std::vector<GameRecord>& games, const std::vector<GameGroup>& groups,
                                    double confidence, VarianceFloor floor) {
  std::vector<GameGroup> units;
  std::vector<bool> grouped(games.size(), false);
  for (const GameGroup& group : groups) {
    for (std::size_t i : group) {
      if (i >= games.size()) throw std::invalid_argument("first_player_stats: a group names a game that is not there");
      if (grouped[i]) throw std::invalid_argument("first_player_stats: a game is in two groups");
      grouped[i] = true;
    }
    if (!group.empty()) units.push_back(group);
  }
  for (std::size_t i = 0; i < games.size(); ++i)
    if (!grouped[i]) units.push_back({i});

  FirstPlayerStats s;
  s.wdl = first_player_wdl(games);
  s.units = units.size();
  s.floor = floor;
  std::vector<Cluster> points, wins, decisive, draws;
  std::uint64_t units_won = 0, units_lost = 0;
  for (const GameGroup& unit : units) {
    Wdl w;
    for (std::size_t i : unit) count(w, games[i].result, WHITE);
    const double size = double(w.games()), sum = double(w.wins) + double(w.draws) / 2;
    points.push_back({sum, size});
    wins.push_back({double(w.wins), size});
    decisive.push_back({double(w.wins), double(w.wins + w.losses)});
    draws.push_back({double(w.draws), size});
    units_won += sum > size / 2;
    units_lost += sum < size / 2;
  }
  const ClusteredMean score = clustered_mean(points), win_rate = clustered_mean(wins);
  const double n = double(games.size()), g = double(s.units);
  s.score = score.mean;
  s.win_rate = win_rate.mean;
  s.decisive_share = clustered_mean(decisive);
  s.draw_rate = clustered_mean(draws);
  s.p_value = binomial_two_sided_p(units_won, units_won + units_lost, 0.5);
  s.degrees_of_freedom = interval_degrees_of_freedom(g);
  if (s.units < 2) {
    // No spread between units to measure: nothing is known of the variance.
    s.design_effect = s.score_variance = NaN;
    s.elo = elo_estimate(games.empty() ? NaN : s.score, NaN, confidence);
    s.win_rate_wilson = s.win_rate_clopper_pearson = s.score_wilson = s.draw_rate_wilson = wilson(0, 0, confidence);
    return s;
  }
  const bool floored = floor == VarianceFloor::Independent;
  const double independent = s.wdl.variance() / (n - 1);  // v_srs
  // A clustered variance of 0 (every unit level, e.g. the stronger player winning every pair)
  // measures nothing: deff 1, as effective_sample_size takes n where it sees no variance.
  s.design_effect = independent > 0 && score.variance > 0 ? score.variance / independent : 1;
  if (floored) s.design_effect = std::max(1.0, s.design_effect);
  s.score_variance = independent * s.design_effect;
  s.elo = elo_estimate(s.score, std::sqrt(s.score_variance), confidence, s.degrees_of_freedom);
  const double kg = korn_graubard_factor(n, g, confidence);
  double n_win = effective_sample_size(s.win_rate, win_rate.variance, n);
  if (floored) n_win = std::min(n, n_win);
  n_win *= kg;
  s.win_rate_wilson = wilson(s.win_rate * n_win, n_win, confidence);
  s.win_rate_clopper_pearson = clopper_pearson(s.win_rate * n_win, n_win, confidence);
  double n_draw = effective_sample_size(s.draw_rate.mean, s.draw_rate.variance, n);
  if (floored) n_draw = std::min(n, n_draw);
  n_draw *= kg;
  s.draw_rate_wilson = wilson(s.draw_rate.mean * n_draw, n_draw, confidence);
  const double n_score = n / s.design_effect * kg;
  s.score_wilson = wilson(s.score * n_score, n_score, confidence);
  return s;
}

ProportionDifference compare_first_players(const FirstPlayerStats& a, const FirstPlayerStats& b, double confidence) {
  const ClusteredMean &x = a.decisive_share, &y = b.decisive_share;
  if (!(x.units >= 2 && y.units >= 2))
    throw std::invalid_argument("compare_first_players: both sides need decisive games in two units");
  // n* at most the decisive games under the floor, then Korn and Graubard's factor.
  auto effective = [confidence](const ClusteredMean& m, VarianceFloor floor) {
    double n = effective_sample_size(m.mean, m.variance, m.observations);
    if (floor == VarianceFloor::Independent) n = std::min(n, m.observations);
    return n * korn_graubard_factor(m.observations, double(m.units), confidence);
  };
  const double nx = effective(x, a.floor), ny = effective(y, b.floor);
  return proportion_difference(x.mean * nx, nx, y.mean * ny, ny, confidence);
}

ProportionDifference compare_draw_rates(const FirstPlayerStats& a, const FirstPlayerStats& b, double confidence) {
  const ClusteredMean &x = a.draw_rate, &y = b.draw_rate;
  if (!(x.observations > 0 && y.observations > 0))
    throw std::invalid_argument("compare_draw_rates: both sides need a game");
  const double nx = effective_sample_size(x.mean, x.variance, x.observations);
  const double ny = effective_sample_size(y.mean, y.variance, y.observations);
  return proportion_difference(x.mean * nx, nx, y.mean * ny, ny, confidence);
}

bool is_timeout(const GameRecord& game, int max_plies) {
  return game.result == Result::Draw &&
         (game.reason == EndReason::MaxPlies || (max_plies > 0 && game.plies >= max_plies));
}

OutcomeMetrics outcome_metrics(const std::vector<GameRecord>& games, int max_plies) {
  OutcomeMetrics m;
  std::uint64_t first = 0, second = 0, draws = 0, timeouts = 0;
  for (const GameRecord& g : games) {
    ++m.end_reasons[std::size_t(g.reason)];
    if (g.result == Result::WhiteWins) ++first;
    else if (g.result == Result::BlackWins) ++second;
    else if (is_timeout(g, max_plies)) ++timeouts;
    else ++draws;
  }
  m.games = games.size();
  const double n = double(m.games);
  m.advantage = ratio(double(first), n);
  m.balance = n > 0 ? 1 - std::fabs(double(first) - double(second)) / n : NaN;
  m.completion = ratio(double(first + second), n);
  m.drawishness = ratio(double(draws), n);
  m.timeouts = ratio(double(timeouts), n);
  return m;
}

DurationStats duration_stats(const std::vector<GameRecord>& games, int bin_width) {
  if (bin_width <= 0) throw std::invalid_argument("duration_stats: the bin width must be positive");
  DurationStats d;
  d.histogram.bin_width = bin_width;
  if (games.empty()) {
    d.mean = d.median = NaN;
    return d;
  }
  std::vector<int> plies;
  plies.reserve(games.size());
  for (const GameRecord& g : games) plies.push_back(g.plies);
  std::sort(plies.begin(), plies.end());
  const std::size_t n = plies.size();
  d.min = plies.front();
  d.max = plies.back();
  double sum = 0;
  for (int p : plies) sum += p;
  d.mean = sum / double(n);
  d.median = n % 2 ? plies[n / 2] : (plies[n / 2 - 1] + plies[n / 2]) / 2.0;
  if (n > 1) {
    double squares = 0;
    for (int p : plies) squares += (p - d.mean) * (p - d.mean);
    d.stddev = std::sqrt(squares / double(n - 1));
  }
  d.histogram.counts.assign(std::size_t(d.max / bin_width) + 1, 0);
  for (int p : plies) ++d.histogram.counts[std::size_t(p / bin_width)];
  return d;
}

ReplayStats replay_stats(const Variant& variant, const std::vector<GameRecord>& games) {
  ReplayStats r;
  std::uint64_t moves = 0, decisions = 0, captures = 0;
  for (std::size_t i = 0; i < games.size(); ++i) {
    Game game(variant, games[i].fen);
    for (std::size_t ply = 0; ply < games[i].moves.size(); ++ply) {
      const std::string& text = games[i].moves[ply];
      const Position& pos = game.position();
      const Move m = game.end() ? MOVE_NONE : parse_move(pos, text);
      if (m == MOVE_NONE)
        throw ReplayError("game " + std::to_string(i + 1) + ", ply " + std::to_string(ply + 1) + " (" + text +
                          "): " + (game.end() ? "the game had already ended" : "not a legal move in " + pos.fen()));
      const int legal = legal_moves(pos).size;
      moves += std::uint64_t(legal);
      decisions += legal > 1;
      captures += pos.piece_on(to_sq(m)) != NO_PIECE;
      game.play(m);
      ++r.positions;
    }
  }
  const double positions = double(r.positions);
  r.branching_factor = ratio(double(moves), positions);
  r.decision_moves = ratio(double(decisions), positions);
  r.captures = ratio(double(captures), positions);
  r.game_tree_complexity = games.empty() ? NaN : positions / double(games.size()) * std::log10(r.branching_factor);
  return r;
}

BalanceReport balance_report(const Variant& variant, const std::vector<GameRecord>& games,
                             const std::vector<GameGroup>& groups, int bin_width, double confidence) {
  for (const GameRecord& g : games)
    if (g.variant != variant.name)
      throw std::invalid_argument("balance_report: a game of variant \"" + g.variant + "\" among games of \"" +
                                  variant.name + "\"");
  BalanceReport report;
  report.first_player = first_player_stats(games, groups, confidence);
  report.outcomes = outcome_metrics(games, variant.end.max_plies);
  report.duration = duration_stats(games, bin_width);
  report.replay = replay_stats(variant, games);
  return report;
}

Wdl ColourWdl::total() const {
  return {as_white.wins + as_black.wins, as_white.draws + as_black.draws, as_white.losses + as_black.losses};
}

ColourWdl player_wdl(const std::vector<GameRecord>& games, const std::string& player) {
  ColourWdl c;
  for (const GameRecord& g : games) {
    if (g.white == player) count(c.as_white, g.result, WHITE);
    if (g.black == player) count(c.as_black, g.result, BLACK);
  }
  return c;
}

std::vector<GamePair> pair_games(const std::vector<GameRecord>& games) {
  using Key = std::pair<const std::string&, const std::vector<std::string>&>;
  auto key = [&](std::size_t i) { return Key(games[i].variant, games[i].opening); };
  // Games waiting for a partner, by (variant, opening), in index order.
  std::map<Key, std::vector<std::size_t>> waiting;
  std::vector<GamePair> pairs;
  for (std::size_t j = 0; j < games.size(); ++j) {
    std::vector<std::size_t>& group = waiting[key(j)];
    auto partner = std::find_if(group.begin(), group.end(), [&](std::size_t i) {
      return games[i].white == games[j].black && games[i].black == games[j].white;
    });
    if (partner != group.end()) {
      pairs.emplace_back(*partner, j);
      group.erase(partner);
    } else {
      group.push_back(j);
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

Pentanomial pentanomial(const std::vector<GameRecord>& games, const std::vector<GamePair>& pairs,
                        const std::string& player) {
  Pentanomial p;
  for (const auto& [i, j] : pairs) {
    if (i >= games.size() || j >= games.size())
      throw std::invalid_argument("pentanomial: a game index is out of range");
    const double points = one_sides_points(games[i], player) + one_sides_points(games[j], player);
    switch (int(points * 2)) {
      case 0: ++p.ll; break;
      case 1: ++p.ld; break;
      case 2: ++p.wl_dd; break;
      case 3: ++p.wd; break;
      default: ++p.ww; break;
    }
  }
  return p;
}

}  // namespace jungle::stats
