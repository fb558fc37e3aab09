// Balance metrics over the games of one variant: how much the first player is favoured, how often
// games end decisively, drawn or at the ply limit, how long they last and how many choices they
// offer; and, for two players, W/D/L by colour and pentanomial counts over colour-swapped pairs.
//
// The metric names follow Browne (2008, "Automatic generation and evaluation of recombination
// games") as Ludii implements them (ludii.games, package metrics.single); each definition below
// says exactly what is counted. A ratio over no games or no plies is NaN.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/game.h"
#include "engine/variant.h"
#include "stats/statistics.h"

namespace jungle::stats {

// ---------------------------------------------------------------------------------------------
// The first player (WHITE, who moves first)

// Indices of two games of one opening with colours swapped.
using GamePair = std::pair<std::size_t, std::size_t>;

// Indices of games that may depend on each other: in a tournament, every game of one opening
// (each pairing plays it twice, colours swapped).
using GameGroup = std::vector<std::size_t>;

// W/D/L of WHITE: a win is Result::WhiteWins.
Wdl first_player_wdl(const std::vector<GameRecord>& games);

// Games of one opening are not independent (a deterministic player may play both games of a
// pair alike), so the first player's figures are estimated over independent units: each group,
// and each game in no group (statistics.h, "Clustered observations"). With N games in G units:
//   v_c   = clustered_mean's variance of the score (with Cochran's G/(G-1)),
//   v_srs = σ²/(N-1), σ² = Wdl::variance(): the unbiased variance of N independent games' mean,
//   deff  = v_c / v_srs (survey's svymean(..., deff = "replace")), 1 when v_srs or v_c is 0
//           (no variance observed, nothing to measure the clustering by: Korn and Graubard),
// and, under VarianceFloor::Independent, deff is taken at least 1: a unit whose games offset
// each other (in self-play, by chance) is not relied on to narrow an interval. Under
// VarianceFloor::None the clustered variance stands as it is: in a tournament between different
// players a colour-swapped pair's games do cancel the players' difference in strength, and the
// variance is the pentanomial one of the pairs' scores (fastchess's, times G/(G-1)).
// Below SMALL_SAMPLE_UNITS units every interval takes G - 1 degrees of freedom (statistics.h,
// "Few units"). Without groups every game is a unit, deff is 1 and the figures are the textbook
// ones, but for LOS (see elo) and, under 30 games, Student's t in the Elo margin.
enum class VarianceFloor : std::uint8_t {
  Independent,  // deff at least 1, effective sizes at most N: for self-play (variant studies)
  None,         // the clustered (pentanomial) variance as it is: for games between two players
};

struct FirstPlayerStats {
  Wdl wdl;                     // from the first player's point of view
  std::uint64_t units = 0;     // independent units: the groups, and the games in none
  double score = 0;            // (W + D/2)/N
  VarianceFloor floor = VarianceFloor::Independent;  // which variance the figures use
  // v_c / v_srs as above, at least 1 under VarianceFloor::Independent: near 1 when the games of
  // a unit are unrelated, near 2 when each unit is a pair that is one game played twice
  // (exactly (2G-1)/(G-1), from the two variances' divisors). NaN below two units.
  double design_effect = 0;
  double score_variance = 0;       // v_srs · design_effect; NaN below two units
  double degrees_of_freedom = 0;   // interval_degrees_of_freedom(units): G - 1, +inf from 30 on
  double win_rate = 0;             // W/N
  // wilson and clopper_pearson with win_rate·n wins of n, n = n*·korn_graubard_factor(N, G), n*
  // the effective sample size of the win rate (statistics.h; at most N under the floor): with
  // independent games wilson(W, N) and clopper_pearson(W, N). [0, 1] below two units.
  Interval win_rate_wilson;
  Interval win_rate_clopper_pearson;
  // The Wilson formula on the score at n = N/design_effect·korn_graubard_factor(N, G) games:
  // under the floor never narrower than wilson_score(W, D, L), which is conservative already.
  Interval score_wilson;
  // The first player's share of the decisive games, W/(W+L), with its cluster-robust variance.
  ClusteredMean decisive_share;
  // The share of drawn games, D/N, with its cluster-robust variance over the same units, and
  // the Wilson interval at its effective sample size (as the win rate's).
  ClusteredMean draw_rate;
  Interval draw_rate_wilson;
  // Does the first player score other than 1/2? The exact two-sided sign test over the units:
  // how many the first player won on points (more than half the unit's points) against how
  // many it lost. Level units carry no information on which side is favoured. With independent
  // games: W among W + L. 1 when every unit is level.
  double p_value = 1;
  // elo_estimate(score, sqrt(score_variance), confidence, degrees_of_freedom): the first move's
  // worth in Elo. Its LOS is F((score - 1/2)/σ), F the t (or normal) distribution function, as
  // fastchess's pentanomial LOS, not cutechess's per-game formula.
  EloEstimate elo;
};

// Throws std::invalid_argument if a group names a game that is not there, or a game is in two
// groups.
FirstPlayerStats first_player_stats(const std::vector<GameRecord>& games, const std::vector<GameGroup>& groups = {},
                                    double confidence = 0.95,
                                    VarianceFloor floor = VarianceFloor::Independent);

// Variant a's first-player share of decisive games minus variant b's, W/(W+L) each: Newcombe's
// interval and the pooled z-test at each side's effective sample size (a design-effect
// correction in the manner of Rao & Scott 1981), n*·korn_graubard_factor over that side's
// decisive games and the units that have some (at most the decisive games under the floor).
// Draws are left out on purpose: a variant with more draws is not thereby one with less
// first-move advantage. Throws std::invalid_argument if either side has decisive games in fewer
// than two units (no variance to measure).
ProportionDifference compare_first_players(const FirstPlayerStats& a, const FirstPlayerStats& b,
                                           double confidence = 0.95);

// Variant a's draw rate minus variant b's, D/N each, in the same manner: Newcombe's interval and
// the pooled z-test at each side's effective number of games. Throws std::invalid_argument if
// either side has no game.
ProportionDifference compare_draw_rates(const FirstPlayerStats& a, const FirstPlayerStats& b,
                                        double confidence = 0.95);

// ---------------------------------------------------------------------------------------------
// Outcomes

// A timeout is a draw at the ply limit: a draw recorded as EndReason::MaxPlies, or any draw of at
// least max_plies plies when max_plies > 0.
bool is_timeout(const GameRecord& game, int max_plies);

struct OutcomeMetrics {
  std::uint64_t games = 0;
  double advantage = 0;    // Ludii "Advantage P1": first-player wins / N
  double balance = 0;      // Ludii "Balance": 1 - |first-player wins - second-player wins| / N
                           // (draws in N, so a drawish game is also "balanced")
  double completion = 0;   // Ludii "Completion": decisive games / N
  double drawishness = 0;  // Ludii "Drawishness": draws that are not timeouts / N
  double timeouts = 0;     // Ludii "Timeouts": timeouts / N;  completion + drawishness + timeouts = 1
  std::array<std::uint64_t, END_REASON_NB> end_reasons{};  // games per EndReason (index = int(EndReason))
};

OutcomeMetrics outcome_metrics(const std::vector<GameRecord>& games, int max_plies);

// ---------------------------------------------------------------------------------------------
// Duration in plies

struct Histogram {
  int bin_width = 1;
  std::vector<std::uint64_t> counts;  // counts[i]: games of i·bin_width to (i+1)·bin_width - 1 plies,
                                      // up to the bin of the longest game
};

struct DurationStats {
  double mean = 0;
  double median = 0;  // the mean of the two middle values for an even count
  double stddev = 0;  // sample standard deviation (divisor N - 1); 0 for fewer than two games
  int min = 0, max = 0;
  Histogram histogram;
};

DurationStats duration_stats(const std::vector<GameRecord>& games, int bin_width = 10);

// ---------------------------------------------------------------------------------------------
// Choices, by replaying the moves under the variant's rules

struct ReplayStats {
  std::uint64_t positions = 0;  // positions a move was played in: the total number of plies
  // Ludii "Branching Factor", pooled: legal moves summed over those positions / positions.
  double branching_factor = 0;
  // Ludii "Decision Moves": the share of those positions with more than one legal move. (Browne's
  // decisiveness, the point where the outcome became certain, needs an evaluator; not measured.)
  double decision_moves = 0;
  // The share of plies that captured a piece (their target square was occupied).
  double captures = 0;
  // Shannon-style game-tree complexity, log10 of b^d: mean plies × log10(branching_factor).
  // (Ludii averages length·log10(branching) per game instead; the two differ when long games
  // branch differently from short ones.)
  double game_tree_complexity = 0;
};

// Replays each game from the variant's start; throws ReplayError naming the game and ply of a
// move that is not legal there, or that follows the end of the game.
ReplayStats replay_stats(const Variant& variant, const std::vector<GameRecord>& games);

// ---------------------------------------------------------------------------------------------
// Everything above for one variant's games, with the variant's own ply limit for timeouts.
// Throws std::invalid_argument if a record is of another variant.

struct BalanceReport {
  FirstPlayerStats first_player;
  OutcomeMetrics outcomes;
  DurationStats duration;
  ReplayStats replay;
};

BalanceReport balance_report(const Variant& variant, const std::vector<GameRecord>& games,
                             const std::vector<GameGroup>& groups = {}, int bin_width = 10,
                             double confidence = 0.95);

// ---------------------------------------------------------------------------------------------
// Two players

// A player's W/D/L split by the colour it played, the player named by its spec (GameRecord::white
// and ::black). Games it did not play are skipped; a game against itself counts in both.
struct ColourWdl {
  Wdl as_white, as_black;
  Wdl total() const;
};

ColourWdl player_wdl(const std::vector<GameRecord>& games, const std::string& player);

// Pairs the games by (variant, opening): taking the games in order, each is paired with the
// earliest still unpaired game of its group whose white is its black and whose black is its
// white. Games left without a partner are in no pair. Pairs are sorted by their first index.
// The seed is not part of the key: the tournament gives each game its own seed (matchmaking.h).
// Where the pairing is known (StoredGame::pair), pass those index pairs to pentanomial() instead.
std::vector<GamePair> pair_games(const std::vector<GameRecord>& games);

// Pentanomial counts from the player's point of view over the given pairs: the pair's score is the
// player's points in both games (win 1, draw 1/2). Throws std::invalid_argument if the player did
// not play exactly one side of each game of a pair, or an index is out of range.
Pentanomial pentanomial(const std::vector<GameRecord>& games, const std::vector<GamePair>& pairs,
                        const std::string& player);

}  // namespace jungle::stats
