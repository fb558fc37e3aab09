#include "report/levels_report.h"

#include <cmath>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "report/charted_page.h"
#include "report/charts.h"
#include "report/report_tables.h"

namespace jungle::report {

namespace {

using json = nlohmann::ordered_json;
using detail::fixed;
using detail::signed_fixed;

constexpr const char* FORMAT = "jungle-levels/1";

std::string interval_text(const stats::Interval& i) { return signed_fixed(i.low, 3) + " to " + signed_fixed(i.high, 3); }

std::string elo_text(const LadderStep& step) {
  if (!std::isfinite(step.elo.elo)) return "–";
  return signed_fixed(step.elo.elo, 0) + " ± " + (std::isfinite(step.elo.margin) ? fixed(step.elo.margin, 0) : "∞");
}

// Milliseconds with three significant digits or more: a shallow level's move takes microseconds.
std::string ms(double seconds) {
  if (!std::isfinite(seconds)) return "–";
  const double milliseconds = 1000 * seconds;
  return fixed(milliseconds, milliseconds < 1 ? 3 : milliseconds < 10 ? 2 : 1);
}

std::vector<detail::Section> sections(const LevelsSummary& s) {
  std::vector<detail::Section> out;
  const std::string level = fixed(100 * s.confidence, 0) + "%";
  const std::string figure = stats::figure_name(s.primary);
  detail::Section differences;
  differences.id = "levels";
  differences.heading = "The effect at each level";
  differences.explanations = {
      "Per compared variant and level: the primary figure (the first player's " + figure + ") under " + s.base +
      " and under the variant, their difference, paired over the openings, with its " + level +
      " interval, and its p after Holm's adjustment over that level's tests, as the level's own report gives them "
      "(level-LABEL/report.html). Every level plays the same openings with the same game seeds and the same weights."};
  differences.table.header = {"variant", "level", s.base, "variant's", "difference", level + " interval", "p (Holm)",
                              "verdict"};
  differences.table.numeric = {false, false, true, true, true, true, true, false};
  for (const LevelsVariant& v : s.variants)
    for (const LevelPoint& p : v.points) {
      const stats::PairedDifference& d = p.figure.difference;
      differences.table.rows.push_back({v.name, p.level, fixed(d.base, 3), fixed(d.variant, 3),
                                        signed_fixed(d.difference, 3), interval_text(d.interval),
                                        fixed(p.figure.p_holm, 3),
                                        p.figure.significant ? "significant" : "not significant"});
    }
  out.push_back(std::move(differences));

  detail::Section trend;
  trend.id = "trend";
  trend.heading = "The effect against strength";
  trend.explanations = {
      "Per variant, a straight line through the differences at each level by weighted least squares, each level "
      "weighted by the inverse of its difference's variance, x the level's place (0, 1, 2, ...): the slope is the "
      "change of the difference per level, with its " + level + " interval; the pooled difference is their weighted "
      "mean. Both treat the levels as independent, which they are not quite: every level plays the same openings, "
      "so the intervals are approximate. χ² is the scatter of the differences about the line on levels − 2 degrees "
      "of freedom; a small p says the effect does not move along a line."};
  trend.table.header = {"variant", "levels fitted", "pooled difference", "slope per level", "slope's interval",
                        "χ² of the fit", "p of the fit"};
  trend.table.numeric = {false, true, true, true, true, true, true};
  for (const LevelsVariant& v : s.variants) {
    if (!v.trend) {
      trend.table.rows.push_back({v.name, "0", "–", "–", "–", "–", "–"});
    } else {
      const stats::WeightedLine& l = *v.trend;
      trend.table.rows.push_back(
          {v.name, std::to_string(l.points),
           signed_fixed(v.pooled, 3) + " (" + interval_text(v.pooled_interval) + ")", signed_fixed(l.slope, 4),
           signed_fixed(l.slope_interval.low, 4) + " to " + signed_fixed(l.slope_interval.high, 4),
           fixed(l.lack_of_fit, 2) + " (" + fixed(l.lack_of_fit_df, 0) + " df)", fixed(l.lack_of_fit_p, 3)});
    }
    trend.explanations.push_back(v.name + ": " + v.sentence + ".");
  }
  out.push_back(std::move(trend));

  detail::Section strength;
  strength.id = "strength";
  strength.heading = "How strong each level is";
  strength.explanations = {
      "Per level: its player; the CPU time a game and a move of the games this command played, every variant's, "
      "each timed on the thread that played it (games found from an earlier run are not timed); the plies a game "
      "after the opening; the nodes the player searched a move, in the same games; and its Elo over the level below from "
      "their match in " + s.base + " (fastchess's pentanomial Elo over colour-swapped pairs, with its " + level +
      " margin, as jungle ladder measures it)."};
  strength.table.header = {"level", "player", "games timed", "CPU ms / game", "CPU ms / move", "plies / game",
                           "nodes / move", "match games", "Elo over the level below"};
  strength.table.numeric = {false, false, true, true, true, true, true, true, true};
  for (const LevelStrength& l : s.strength) {
    const double per_game = l.cpu.per_game();
    strength.table.rows.push_back(
        {l.level, l.spec, std::to_string(l.cpu.games), ms(per_game),
         ms(std::isfinite(l.plies_a_game) && l.plies_a_game > 0 ? per_game / l.plies_a_game : NAN),
         std::isfinite(l.plies_a_game) ? fixed(l.plies_a_game, 1) : "–",
         std::isfinite(l.nodes_a_move) ? fixed(l.nodes_a_move, 0) : "–",
         l.step ? std::to_string(l.step->wdl.games()) : "–", l.step ? elo_text(*l.step) : "–"});
  }
  out.push_back(std::move(strength));
  // Last, after the figures: how the games were made.
  if (!s.settings.empty()) {
    detail::Section settings{"settings", "How the games were made", {}, {{"setting", "value"}, {false, false}, {}, {}},
                             {}};
    for (const auto& [name, value] : s.settings) settings.table.rows.push_back({name, value});
    out.push_back(std::move(settings));
  }
  return out;
}

std::string overview(const LevelsSummary& s) {
  std::string text = "The comparison against " + s.base + " at " + std::to_string(s.levels.size()) + " levels";
  if (!s.levels.empty()) text += " (" + s.levels.front() + " to " + s.levels.back() + ")";
  text += ".";
  for (const LevelsVariant& v : s.variants) text += " " + v.name + ": " + v.sentence + ".";
  return text;
}

json number_or_null(double x) { return std::isfinite(x) ? json(x) : json(nullptr); }

}  // namespace

std::string levels_sentence(const stats::WeightedLine& line, const stats::Interval& pooled) {
  const int slope = stats::direction(line.slope_interval);
  const int effect = stats::direction(pooled);
  std::string text;
  if (slope == 0)
    text = effect != 0 ? "the effect holds with strength" : "no effect at any level, and no trend with strength";
  else if (effect == 0)
    text = slope > 0 ? "the difference rises with strength" : "the difference falls with strength";
  else
    text = slope == effect ? "the effect grows with strength" : "the effect fades with strength";
  return text + ": " + slope_text(line);
}

void write_levels_markdown(std::ostream& out, const LevelsSummary& summary) {
  out << "# Jungle comparison across strengths\n\n";
  detail::write_prose(out, overview(summary));
  detail::write_sections_markdown(out, sections(summary));
}

void write_levels_json(std::ostream& out, const LevelsSummary& s) {
  json j;
  j["format"] = FORMAT;
  j["confidence"] = s.confidence;
  j["base"] = s.base;
  j["primary"] = stats::figure_name(s.primary);
  j["levels"] = s.levels;
  j["variants"] = json::array();
  for (const LevelsVariant& v : s.variants) {
    json points = json::array();
    for (const LevelPoint& p : v.points) {
      const stats::PairedDifference& d = p.figure.difference;
      points.push_back({{"level", p.level},
                        {"base", number_or_null(d.base)},
                        {"variant", number_or_null(d.variant)},
                        {"difference", number_or_null(d.difference)},
                        {"interval", {number_or_null(d.interval.low), number_or_null(d.interval.high)}},
                        {"variance", number_or_null(d.variance)},
                        {"p_holm", number_or_null(p.figure.p_holm)},
                        {"significant", p.figure.significant}});
    }
    json trend = nullptr;
    if (v.trend)
      trend = {{"points", v.trend->points},
               {"slope", number_or_null(v.trend->slope)},
               {"slope_interval", {number_or_null(v.trend->slope_interval.low), number_or_null(v.trend->slope_interval.high)}},
               {"intercept", number_or_null(v.trend->intercept)},
               {"lack_of_fit", number_or_null(v.trend->lack_of_fit)},
               {"lack_of_fit_p", number_or_null(v.trend->lack_of_fit_p)}};
    j["variants"].push_back({{"name", v.name},
                             {"points", points},
                             {"pooled", number_or_null(v.pooled)},
                             {"pooled_interval", {number_or_null(v.pooled_interval.low), number_or_null(v.pooled_interval.high)}},
                             {"trend", trend},
                             {"sentence", v.sentence}});
  }
  j["strength"] = json::array();
  for (const LevelStrength& l : s.strength) {
    json step = nullptr;
    if (l.step)
      step = {{"games", l.step->wdl.games()},
              {"wins", l.step->wdl.wins},
              {"draws", l.step->wdl.draws},
              {"losses", l.step->wdl.losses},
              {"elo", number_or_null(l.step->elo.elo)},
              {"margin", number_or_null(l.step->elo.margin)}};
    j["strength"].push_back({{"level", l.level},
                             {"player", l.spec},
                             {"games_timed", l.cpu.games},
                             {"cpu_seconds", l.cpu.seconds},
                             {"cpu_seconds_a_game", number_or_null(l.cpu.per_game())},
                             {"plies_a_game", number_or_null(l.plies_a_game)},
                             {"nodes_a_move", number_or_null(l.nodes_a_move)},
                             {"over_the_level_below", step}});
  }
  out << j.dump(2) << "\n";
}

std::vector<std::string> write_levels_html(std::ostream& out, const LevelsSummary& s, const std::string& title) {
  std::vector<charts::Series> series;
  for (const LevelsVariant& v : s.variants) {
    charts::Series line{v.name, {}};
    for (const std::string& label : s.levels) {
      charts::ErrorBar bar{label, NAN, NAN, NAN};
      for (const LevelPoint& p : v.points)
        if (p.level == label) {
          const stats::PairedDifference& d = p.figure.difference;
          bar = {label, 100 * d.difference, 100 * d.interval.low, 100 * d.interval.high};
        }
      line.points.push_back(bar);
    }
    if (v.trend) {
      line.line_intercept = 100 * v.trend->intercept;
      line.line_slope = 100 * v.trend->slope;
    }
    series.push_back(std::move(line));
  }
  detail::SectionCharts charted;
  charted.section = "levels";
  charted.draw = [&] {
    return std::vector<std::string>{charts::series_chart(
        s.levels, series,
        "Difference in the first player's " + std::string(stats::figure_name(s.primary)) + " from " + s.base +
            ", by level",
        "level", "difference, percentage points", 0)};
  };
  charted.explanation = "Each variant's difference from " + s.base + " at each level, with its " +
                        fixed(100 * s.confidence, 0) +
                        "% interval; the dashed line is no difference, the dotted lines the fitted trends.";
  charted.missing = "The chart is missing";
  return detail::write_charted_page(out, title, overview(s), sections(s), charted);
}

ReportFiles levels_files(const LevelsSummary& summary, const std::string& title) {
  return detail::charted_report_files("levels", summary, title, write_levels_markdown, write_levels_json,
                                      write_levels_html, "each level's games and report in level-LABEL/");
}

}  // namespace jungle::report
