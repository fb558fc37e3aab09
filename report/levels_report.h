// The report of `jungle compare --levels` (research/compare_levels.h): does the rule change's
// effect hold as play gets stronger? Per compared variant, the primary figure's difference from
// the base at each level, with its interval (the level's own comparison, stats/variant_comparison.h);
// a line through the differences against the level, fitted by weighted least squares
// (stats::weighted_line, x the level's place: 0, 1, 2, ...), whose slope says whether the effect
// holds, grows or fades with strength; and per level how strong it is: the CPU time a game and a
// move, the nodes a move, and its Elo over the level below from their match (the ladder's
// pentanomial Elo, ladder_report.h). research/levels_summary.h computes them; this file writes them
// as Markdown, JSON (levels.json) and an HTML page whose chart shows each variant's difference
// against the level with its intervals and line.
//
// The levels are played from the same openings with the same game seeds, so their differences are
// not independent: the line's interval, which treats them as independent, is approximate.
#pragma once

#include <limits>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "report/ladder_report.h"
#include "report/report_folder.h"
#include "stats/trend.h"
#include "stats/variant_comparison.h"

namespace jungle::report {

struct LevelPoint {
  std::string level;
  stats::FigureComparison figure;  // the primary figure, as the level's verdict has it
};

struct LevelsVariant {
  std::string name;
  std::vector<LevelPoint> points;  // one per level whose comparison has the primary figure
  // The differences' weighted mean over the levels, with its interval (the levels as independent).
  double pooled = std::numeric_limits<double>::quiet_NaN();
  stats::Interval pooled_interval{};
  std::optional<stats::WeightedLine> trend;  // absent with fewer than two levels of positive variance
  std::string sentence;  // "the effect grows with strength: ..." (levels_sentence)
};

struct LevelStrength {
  std::string level, spec;
  CpuTime cpu;
  double plies_a_game = std::numeric_limits<double>::quiet_NaN();  // after the opening
  double nodes_a_move = std::numeric_limits<double>::quiet_NaN();  // searched, in the games played now
  std::optional<LadderStep> step;  // over the level below, from their match
};

struct LevelsSummary {
  double confidence = 0.95;
  std::string base;
  stats::Figure primary = stats::Figure::Score;
  std::vector<std::string> levels;
  std::vector<LevelsVariant> variants;  // every compared variant but the base
  std::vector<LevelStrength> strength;  // one per level
  std::vector<std::pair<std::string, std::string>> settings;  // shown last, as given
};

// How the effect moves with strength, from the pooled difference and the line's slope:
//   the slope's interval covers 0: "the effect holds with strength" when the pooled difference's
//     interval excludes 0, else "no effect at any level, and no trend with strength";
//   the slope points the pooled difference's way (its interval excluding 0): "grows";
//   the other way: "fades";
//   a slope that excludes 0 about a pooled difference that does not: "the difference rises (falls)
//     with strength";
// each followed by ": slope S (L to H) per level".
std::string levels_sentence(const stats::WeightedLine& line, const stats::Interval& pooled);

void write_levels_markdown(std::ostream& out, const LevelsSummary& summary);
// Every number; NaN and infinities as null. Format "jungle-levels/1".
void write_levels_json(std::ostream& out, const LevelsSummary& summary);
// A self-contained page: the chart (gnuplot SVG; without gnuplot a note instead), then the tables.
// Returns the chart's problems, one line each, for standard error.
std::vector<std::string> write_levels_html(std::ostream& out, const LevelsSummary& summary, const std::string& title);

// The files of compare --levels' report, for write_report_folder: levels.md, levels.json and
// levels.html. They write `summary`, which must outlive them.
ReportFiles levels_files(const LevelsSummary& summary, const std::string& title);

}  // namespace jungle::report
