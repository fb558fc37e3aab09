// The strength ladder's report (`jungle ladder`): per variant and level, the first player's score,
// its share of the decisive games and the draw rate in the level's self-play, each with its
// interval, the share of games ended by repetition, and the level's Elo over the level below from
// their match; per variant a fitted trend of the first player's score against the level, with its
// interval; per level the CPU time a game cost. Written as Markdown, JSON (ladder.json) and an HTML
// page with charts: the first player's score against the level, one line per variant with error
// bars and its fitted trend, the draw rate likewise, and each level's Elo over the first.
//
// research/ladder_summary.h computes the figures as the study report's are computed: the first
// player's score and the draw rate are first_player_of's (the games of an opening are one unit),
// the Elo of a level over the one below is fastchess's pentanomial Elo over their colour-swapped
// pairs (stats::elo_pentanomial). This file writes them.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "report/report_folder.h"
#include "stats/balance.h"
#include "stats/statistics.h"
#include "stats/trend.h"

namespace jungle::report {

// The CPU time a run's games took, each timed on the thread that played it, and the games timed,
// summed over every session that played some of them (research/ladder_runs.h keeps the sum in
// the run's folder).
struct CpuTime {
  double seconds = 0;
  std::uint64_t games = 0;
  // Seconds a game; NaN without games or measurement.
  double per_game() const { return games > 0 ? seconds / double(games) : std::numeric_limits<double>::quiet_NaN(); }
};

// A level against the one below it, in one variant, from the level's side.
struct LadderStep {
  stats::Wdl wdl;                  // the level's wins, draws and losses against the level below
  stats::Pentanomial pentanomial;  // over the colour-swapped pairs (stats::pair_games)
  std::uint64_t unpaired = 0;      // games whose partner is missing: in wdl, not in the Elo
  stats::EloEstimate elo;          // stats::elo_pentanomial(pentanomial)
};

struct LadderRow {
  std::string level;
  std::uint64_t games = 0;              // the level's self-play games in the variant
  stats::FirstPlayerStats first_player;  // over them, as the study report counts them
  // The first player's share of the decisive games, first_player.decisive_share, with the Wilson
  // interval at its effective number of decisive games (as stats::compare_first_players counts
  // them: at most the decisive games, times Korn and Graubard's factor); [0, 1] with decisive
  // games in fewer than two openings.
  stats::Interval decisive_share_wilson{0, 1};
  std::uint64_t repetitions = 0;        // of them, those ended by repetition
  std::optional<LadderStep> step;       // absent for the first level and without match games
  // The level's Elo over the first level: the sum of the steps up to it, with the margin of a
  // sum of independent estimates, the root of the sum of their squared margins. 0 ± 0 for the
  // first level; NaN when a step below is missing or has no pairs.
  double elo_over_first = 0;
  double elo_over_first_margin = 0;
};

// The first player's score against the level: a line fitted by weighted least squares
// (stats::weighted_line) to each level's score, weighted by the inverse of its variance
// (first_player.score_variance, clustered by opening), x the level's place in the ladder (0 for
// the first level, 1 for the next...), so the slope is the change of the score per level. The
// interval uses Student's t with the fewest degrees of freedom of any level's variance (the
// normal's when every level has 30 openings or more).
struct LadderTrend {
  stats::WeightedLine line;
  std::vector<std::string> levels;  // the levels fitted: those whose score has a variance
  double degrees_of_freedom = 0;
};

struct LadderVariant {
  std::string name;
  std::vector<LadderRow> rows;  // one per level, in the ladder's order
  // Absent when fewer than two levels have a score with a positive variance; trend_note says why.
  std::optional<LadderTrend> trend;
  std::string trend_note;
};

// One level's cost: the CPU time of its self-play and of its match against the level below.
struct LadderCost {
  std::string level;
  CpuTime self_play, match_below;
};

struct LadderSummary {
  double confidence = 0.95;
  std::vector<std::string> levels;       // the labels, lowest first
  std::vector<LadderVariant> variants;   // in the order they first appear in the self-play
  std::uint64_t self_play_games = 0, match_games = 0;
  std::vector<LadderCost> costs;  // one per level
  // Shown last, as how the games were made, as given (the command, seed, openings, version...):
  // filled by the command.
  std::vector<std::pair<std::string, std::string>> settings;
};

// "the first player's score rises with strength: slope +0.012 (0.004 to 0.020) per level"; falls
// when the interval lies below 0, "shows no trend" when it covers 0.
std::string trend_sentence(const stats::WeightedLine& line);
// "slope +0.0120 (+0.0040 to +0.0200) per level": the line's slope with its interval.
std::string slope_text(const stats::WeightedLine& line);

// Tables as Markdown: the ladder, the trends, the costs, one table per variant with a row per
// level, then the settings.
void write_ladder_markdown(std::ostream& out, const LadderSummary& summary);

// Every number; NaN and infinities as null. Format "jungle-ladder/1".
void write_ladder_json(std::ostream& out, const LadderSummary& summary);

// A self-contained page: the two charts (gnuplot SVG; without gnuplot a note instead), then the
// tables. Returns the charts' problems, one line each, for standard error.
std::vector<std::string> write_ladder_html(std::ostream& out, const LadderSummary& summary, const std::string& title);

// The ladder's files, for write_report_folder: ladder.md, ladder.json and ladder.html. They write
// `summary`, which must outlive them.
ReportFiles ladder_files(const LadderSummary& summary, const std::string& title);

}  // namespace jungle::report
