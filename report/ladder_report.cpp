#include "report/ladder_report.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <optional>
#include <cmath>
#include <functional>
#include <map>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "report/charted_page.h"
#include "report/charts.h"
#include "report/report.h"
#include "report/report_tables.h"
#include "stats/first_player.h"

namespace jungle::report {

namespace {

using json = nlohmann::ordered_json;
using detail::fixed;
using detail::signed_fixed;

constexpr const char* FORMAT = "jungle-ladder/1";

std::string with_interval(double value, const stats::Interval& i, double scale, int decimals) {
  return fixed(scale * value, decimals) + " [" + fixed(scale * i.low, decimals) + ", " + fixed(scale * i.high, decimals) +
         "]";
}

std::string elo_text(double elo, double margin) {
  if (!std::isfinite(elo)) return fixed(elo, 0);
  return signed_fixed(elo, 0) + " ± " + fixed(margin, 0);
}

std::string capitalised(std::string text) {
  if (!text.empty()) text[0] = char(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

std::string uncapitalised(std::string text) {
  if (!text.empty()) text[0] = char(std::tolower(static_cast<unsigned char>(text[0])));
  return text;
}

detail::Section trend_section(const LadderSummary& s) {
  const std::string level = fixed(100 * s.confidence, 0) + "%";
  detail::Section section;
  section.id = "trend";
  section.heading = "The first player's score against strength";
  section.explanations = {
      "Per variant, a straight line fitted to the first player's score at each level by weighted least squares, "
      "each level weighted by the inverse of its score's variance, x the level's place in the ladder (0, 1, 2, ...): "
      "the slope is the change of the score per level, with its " + level + " interval from the levels' standard "
      "errors (Student's t when a level has fewer than 30 openings). χ² is the scatter of the scores about the line "
      "against their standard errors, on levels − 2 degrees of freedom; a small p says the scores do not lie on a "
      "line, and the slope then summarises a curve."};
  section.table.header = {"variant", "levels fitted", "slope per level", "interval", "χ² of the fit", "p of the fit"};
  section.table.numeric = {false, true, true, true, true, true};
  for (const LadderVariant& v : s.variants) {
    if (!v.trend) {
      section.table.rows.push_back({v.name, "0", "–", "–", "–", "–"});
      section.notes.push_back(v.name + ": " + uncapitalised(v.trend_note));
      continue;
    }
    const stats::WeightedLine& l = v.trend->line;
    section.table.rows.push_back(
        {v.name, std::to_string(l.points), signed_fixed(l.slope, 4),
         signed_fixed(l.slope_interval.low, 4) + " to " + signed_fixed(l.slope_interval.high, 4),
         fixed(l.lack_of_fit, 2) + " (" + fixed(l.lack_of_fit_df, 0) + " df)", fixed(l.lack_of_fit_p, 3)});
    section.explanations.push_back(v.name + ": " + trend_sentence(l) + ".");
  }
  return section;
}

std::string ms_per_game(const CpuTime& cpu) { return fixed(1000 * cpu.per_game(), 1); }

detail::Section cost_section(const LadderSummary& s) {
  detail::Section section;
  section.id = "cost";
  section.heading = "The cost of each level";
  section.explanations = {
      "CPU milliseconds a game at each level, over every variant's games: each game timed on the thread that played "
      "it, from its players' start to its last move (the thread's CPU clock, so other work on the machine does not "
      "count), the sum over the games timed; summed over every session of the ladder that played some of the run's "
      "games, so a resumed run keeps the cost of its earlier games."};
  section.table.header = {"level", "self-play games timed", "self-play CPU ms / game", "match games timed",
                          "match CPU ms / game"};
  section.table.numeric = {false, true, true, true, true};
  for (const LadderCost& c : s.costs)
    section.table.rows.push_back({c.level, std::to_string(c.self_play.games), ms_per_game(c.self_play),
                                  c.match_below.games ? std::to_string(c.match_below.games) : "–",
                                  ms_per_game(c.match_below)});
  return section;
}

std::vector<detail::Section> sections(const LadderSummary& s) {
  std::vector<detail::Section> out;
  const std::string level = fixed(100 * s.confidence, 0) + "%";
  detail::Section ladder;
  ladder.id = "ladder";
  ladder.heading = "The ladder";
  ladder.explanations = {
      "Per variant and level: the level's self-play games; the first player's score (W + D/2)/N, its share of the "
      "decisive games W/(W + L) and the draw rate, each with its " + level + " Wilson interval (the games of an "
      "opening as one unit); the share of games ended by repetition; the level's match against the level below "
      "(games, the level's W / D / L) and its Elo over that level, fastchess's pentanomial Elo with its " + level +
      " margin; and its Elo over the first level, the sum of the steps, with the root of the sum of their squared "
      "margins."};
  out.push_back(std::move(ladder));
  out.push_back(trend_section(s));
  out.push_back(cost_section(s));
  for (const LadderVariant& v : s.variants) {
    detail::Section section;
    section.id = "variant-" + v.name;
    section.heading = v.name;
    section.table.header = {"level", "games", "first-player score", "first player's decisive share", "draw rate %",
                            "repetition %", "match games", "W / D / L", "Elo over the level below",
                            "Elo over the first"};
    section.table.numeric = {false, true, true, true, true, true, true, true, true, true};
    for (const LadderRow& r : v.rows) {
      const stats::FirstPlayerStats& f = r.first_player;
      std::vector<std::string> cells = {
          r.level,
          std::to_string(r.games),
          r.games ? with_interval(f.score, f.score_wilson, 1, 3) : "–",
          f.decisive_share.observations > 0 ? with_interval(f.decisive_share.mean, r.decisive_share_wilson, 1, 3) : "–",
          r.games ? with_interval(f.draw_rate.mean, f.draw_rate_wilson, 100, 1) : "–",
          r.games ? fixed(100.0 * double(r.repetitions) / double(r.games), 1) : "–"};
      if (r.step) {
        const stats::Wdl& w = r.step->wdl;
        cells.push_back(std::to_string(w.games()));
        cells.push_back(std::to_string(w.wins) + " / " + std::to_string(w.draws) + " / " + std::to_string(w.losses));
        cells.push_back(elo_text(r.step->elo.elo, r.step->elo.margin));
      } else {
        cells.insert(cells.end(), {"–", "–", "–"});
      }
      cells.push_back(elo_text(r.elo_over_first, r.elo_over_first_margin));
      section.table.rows.push_back(std::move(cells));
    }
    if (v.trend) section.notes.push_back(capitalised(trend_sentence(v.trend->line)) + ".");
    if (!v.trend_note.empty()) section.notes.push_back(v.trend_note);
    for (const LadderRow& r : v.rows)
      if (r.step && r.step->unpaired > 0)
        section.notes.push_back(r.level + ": " + std::to_string(r.step->unpaired) +
                                " match games without their colour-swapped partner are left out of the Elo.");
    out.push_back(std::move(section));
  }
  // Last, after the figures: how the games were made.
  if (!s.settings.empty()) {
    detail::Section settings;
    settings.id = "settings";
    settings.heading = "How the games were made";
    settings.table.header = {"setting", "value"};
    settings.table.numeric = {false, false};
    for (const auto& [name, value] : s.settings) settings.table.rows.push_back({name, value});
    out.push_back(std::move(settings));
  }
  return out;
}

std::string overview(const LadderSummary& s) {
  std::string text = std::to_string(s.levels.size()) + " levels";
  if (!s.levels.empty()) text += " (" + s.levels.front() + " to " + s.levels.back() + ")";
  text += ", " + std::to_string(s.variants.size()) + (s.variants.size() == 1 ? " variant; " : " variants; ");
  text += std::to_string(s.self_play_games) + " self-play games, " + std::to_string(s.match_games) +
          " games between adjacent levels.";
  return text;
}

json to_json(const stats::Interval& i) { return json::array({i.low, i.high}); }
json to_json(const stats::Wdl& w) { return {{"wins", w.wins}, {"draws", w.draws}, {"losses", w.losses}}; }

json to_json(const LadderRow& r) {
  const stats::FirstPlayerStats& f = r.first_player;
  json j = {{"level", r.level},
            {"games", r.games},
            {"first_player",
             {{"wdl", to_json(f.wdl)},
              {"units", f.units},
              {"design_effect", f.design_effect},
              {"score", f.score},
              {"score_wilson", to_json(f.score_wilson)}}},
            {"decisive_share",
             {{"games", f.decisive_share.observations},
              {"share", f.decisive_share.mean},
              {"wilson", to_json(r.decisive_share_wilson)}}},
            {"draw_rate", f.draw_rate.mean},
            {"draw_rate_wilson", to_json(f.draw_rate_wilson)},
            {"repetitions", r.repetitions},
            {"repetition_share", r.games ? double(r.repetitions) / double(r.games) : NAN}};
  if (r.step) {
    const stats::Pentanomial& p = r.step->pentanomial;
    j["vs_below"] = {{"wdl", to_json(r.step->wdl)},
                     {"pentanomial", json::array({p.ll, p.ld, p.wl_dd, p.wd, p.ww})},
                     {"unpaired", r.step->unpaired},
                     {"score", r.step->elo.score},
                     {"elo", r.step->elo.elo},
                     {"margin", r.step->elo.margin},
                     {"los", r.step->elo.los}};
  } else {
    j["vs_below"] = nullptr;
  }
  j["elo_over_first"] = r.elo_over_first;
  j["elo_over_first_margin"] = r.elo_over_first_margin;
  return j;
}

json to_json(const CpuTime& cpu) {
  return {{"cpu_seconds", cpu.seconds}, {"games", cpu.games}, {"cpu_seconds_per_game", cpu.per_game()}};
}

json to_json(const std::optional<LadderTrend>& trend) {
  if (!trend) return nullptr;
  const stats::WeightedLine& l = trend->line;
  return {{"x", "the level's place in the ladder, 0 for the first"},
          {"levels", trend->levels},
          {"slope", l.slope},
          {"slope_interval", to_json(l.slope_interval)},
          {"slope_standard_error", l.slope_standard_error},
          {"intercept", l.intercept},
          {"degrees_of_freedom", trend->degrees_of_freedom},
          {"chi_squared", l.lack_of_fit},
          {"chi_squared_df", l.lack_of_fit_df},
          {"chi_squared_p", l.lack_of_fit_p},
          {"sentence", trend_sentence(l)}};
}

// Non-finite numbers as null, as JSON has no NaN (nlohmann writes null for them too; this says so).
json number_or_null(double x) { return std::isfinite(x) ? json(x) : json(nullptr); }

}  // namespace

std::string trend_sentence(const stats::WeightedLine& line) {
  const int way = stats::direction(line.slope_interval);
  std::string text = "the first player's score ";
  text += way > 0 ? "rises" : way < 0 ? "falls" : "shows no trend";
  return text + " with strength: " + slope_text(line);
}

std::string slope_text(const stats::WeightedLine& line) {
  return "slope " + signed_fixed(line.slope, 4) + " (" + signed_fixed(line.slope_interval.low, 4) + " to " +
         signed_fixed(line.slope_interval.high, 4) + ") per level";
}

void write_ladder_markdown(std::ostream& out, const LadderSummary& summary) {
  out << "# Jungle strength ladder\n\n";
  detail::write_prose(out, overview(summary));
  detail::write_sections_markdown(out, sections(summary));
}

void write_ladder_json(std::ostream& out, const LadderSummary& s) {
  json j;
  j["format"] = FORMAT;
  j["confidence"] = s.confidence;
  j["levels"] = s.levels;
  j["self_play_games"] = s.self_play_games;
  j["match_games"] = s.match_games;
  json settings = json::object();
  for (const auto& [name, value] : s.settings) settings[name] = value;
  j["settings"] = settings;
  j["variants"] = json::array();
  for (const LadderVariant& v : s.variants) {
    json rows = json::array();
    for (const LadderRow& r : v.rows) rows.push_back(to_json(r));
    j["variants"].push_back({{"name", v.name}, {"levels", rows}, {"trend", to_json(v.trend)}});
  }
  json costs = json::array();
  for (const LadderCost& c : s.costs)
    costs.push_back({{"level", c.level}, {"self_play", to_json(c.self_play)}, {"match_below", to_json(c.match_below)}});
  j["cpu_time"] = "CPU time of each run's games, each timed on the thread that played it (CLOCK_THREAD_CPUTIME_ID), "
                  "over the games timed";
  j["costs"] = costs;
  // Every NaN and infinity as null, at any depth.
  std::function<void(json&)> clean = [&](json& node) {
    if (node.is_number_float()) node = number_or_null(node.get<double>());
    else if (node.is_structured())
      for (json& child : node) clean(child);
  };
  clean(j);
  out << j.dump(2) << "\n";
}

std::vector<std::string> write_ladder_html(std::ostream& out, const LadderSummary& s, const std::string& title) {
  const std::string level = fixed(100 * s.confidence, 0) + "%";
  std::vector<charts::Series> scores, draws, elos;
  const charts::ErrorBar none{"", NAN, NAN, NAN};
  for (const LadderVariant& v : s.variants) {
    charts::Series score{v.name, {}}, draw{v.name, {}}, elo{v.name, {}};
    for (const LadderRow& r : v.rows) {
      const stats::FirstPlayerStats& f = r.first_player;
      score.points.push_back(r.games ? charts::ErrorBar{r.level, f.score, f.score_wilson.low, f.score_wilson.high} : none);
      draw.points.push_back(r.games ? charts::ErrorBar{r.level, 100 * f.draw_rate.mean, 100 * f.draw_rate_wilson.low,
                                                       100 * f.draw_rate_wilson.high}
                                    : none);
      elo.points.push_back({r.level, r.elo_over_first, r.elo_over_first - r.elo_over_first_margin,
                            r.elo_over_first + r.elo_over_first_margin});
    }
    if (v.trend) {
      score.line_intercept = v.trend->line.intercept;
      score.line_slope = v.trend->line.slope;
    }
    scores.push_back(std::move(score));
    draws.push_back(std::move(draw));
    elos.push_back(std::move(elo));
  }
  detail::SectionCharts charted;
  charted.section = "ladder";
  charted.draw = [&] {
    std::vector<std::string> drawn;
    drawn.push_back(charts::series_chart(s.levels, scores, "First player's score by level", "level",
                                         "score, (W + D/2)/N", 0.5));
    drawn.push_back(charts::series_chart(s.levels, draws, "Draw rate by level", "level", "% of games drawn", NAN));
    if (s.match_games > 0)
      drawn.push_back(charts::series_chart(s.levels, elos, "Elo over the first level", "level", "Elo (logistic)", 0));
    return drawn;
  };
  charted.explanation =
      "Self-play at each level, one line per variant: the first player's score (the dashed line is a fair game, "
      "0.5; the dotted lines the fitted trends) and the share of drawn games, each with its " + level +
      " Wilson interval; then each level's Elo over "
      "the first, from the matches between adjacent levels, with its " + level + " margin. The numbers are in the "
      "tables below and in ladder.json.";
  charted.missing = "Charts are missing";
  return detail::write_charted_page(out, title, overview(s), sections(s), charted);
}

ReportFiles ladder_files(const LadderSummary& summary, const std::string& title) {
  return detail::charted_report_files("ladder", summary, title, write_ladder_markdown, write_ladder_json,
                                      write_ladder_html, "each run's games and report in its folder");
}

}  // namespace jungle::report
