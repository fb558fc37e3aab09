// The report as one self-contained HTML page: the tables, and gnuplot's SVG charts inlined.
#include <algorithm>
#include <cmath>

#include "report/charts.h"
#include "report/factorial_charts.h"
#include "report/game_viewer.h"
#include "report/report_tables.h"
#include "support/version.h"

namespace jungle::report {

namespace {

using charts::escaped;

constexpr const char* STYLE = R"(
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #1d1d1f;
       max-width: 1180px; margin: 2rem auto; padding: 0 1.2rem; line-height: 1.45; overflow-wrap: break-word; }
h1 { font-size: 1.7rem; margin-bottom: .2rem; }
h2 { font-size: 1.25rem; margin-top: 2.4rem; border-bottom: 1px solid #d8d8d8; padding-bottom: .25rem; }
p.overview { color: #555; margin-top: 0; }
p.explain { color: #555; font-size: .9rem; margin: .35rem 0; max-width: 62rem; }
/* Every table fits the page: headers and text wrap (at spaces, and at the <wbr> that cells get after
   the commas and slashes of player specs and paths); numbers keep their line. The scroll box is the
   last resort, for more columns of numbers than the page has room for. */
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: .84rem; margin: .8rem 0; }
th, td { padding: .3rem .5rem; border-bottom: 1px solid #e6e6e6; text-align: left; }
td.num { white-space: nowrap; }
span.whole { white-space: nowrap; }  /* a name within names joined by "--" or " × " (breakable) */
#factorial td:first-child { white-space: nowrap; }  /* the figure: its term may wrap instead */
#factorial-cells td:last-child { white-space: nowrap; }  /* "most balanced", "not told apart" */
#factorial-rules td:not(:first-child) { font-family: "DejaVu Sans Mono", monospace; font-size: .78rem; }
#pairings td:nth-child(2) { min-width: 10rem; }  /* the players: not squeezed to a word a line */
th { background: #f4f5f7; font-weight: 600; border-bottom: 2px solid #d0d0d0; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tbody tr:hover { background: #fafbff; }
/* pre: a run of empty bins is as many spaces, which the bars after it need to stand at their lengths. */
td.spark { font-family: "DejaVu Sans Mono", monospace; letter-spacing: -1px; color: #0072B2; white-space: pre; }
/* A chart scales to the page, at most to its own size (its svg's max-width). */
.chart svg { display: block; width: 100%; height: auto; }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(360px, 100%), 1fr)); gap: .6rem 1rem; }
.note { background: #fff6e5; border-left: 3px solid #e69f00; padding: .4rem .8rem; margin: .4rem 0; font-size: .9rem; }
footer { margin-top: 3rem; color: #888; font-size: .8rem; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: .85em; background: #f4f5f7; padding: 0 .2em; border-radius: 3px; }
#settings td:first-child { font-weight: 600; color: #444; white-space: nowrap; }
#settings td { white-space: normal; }
#settings td:not(:first-child) { font-family: "DejaVu Sans Mono", monospace; font-size: .8rem; overflow-wrap: anywhere; }
#rules table { width: 100%; }
#rules td { font-family: "DejaVu Sans Mono", monospace; font-size: .78rem; white-space: normal; overflow-wrap: anywhere; }
#rules td:first-child { color: #b3261e; font-weight: 700; text-align: center; }
#rules td:nth-child(2) { white-space: nowrap; }
/* The weights: every cell a line but the command that fitted them (third from the right). */
@media (min-width: 641px) { #weights td:not(:nth-last-child(3)) { white-space: nowrap; } }
tr.differs td { background: #fff1c2; }
tbody tr.differs:hover td { background: #ffe79a; }
figure.key { margin: 1rem 0 1.4rem; }
figure.key figcaption { color: #555; font-size: .88rem; max-width: 62rem; margin-top: .2rem; }
.charts.pair { grid-template-columns: repeat(auto-fill, minmax(min(460px, 100%), 1fr)); }
/* The factorial's effects: a panel a figure, side by side where they fit, their long term names readable. */
.charts.effects { grid-template-columns: repeat(auto-fill, minmax(min(540px, 100%), 1fr)); }
/* A phone: narrower margins, and a table of more than two columns as a card a row, each cell under
   its column's name (data-label), so that no table runs past the window. */
@media (max-width: 640px) {
  body { margin: 1rem auto; padding: 0 .75rem; }
  h1 { font-size: 1.4rem; }
  table.cards, table.cards tbody, table.cards tr, table.cards td { display: block; }
  table.cards { width: 100%; }
  table.cards thead { display: none; }
  table.cards tr { display: grid; grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr)); gap: 0 1rem;
                   border: 1px solid #e0e0e0; border-radius: 4px; margin: .5rem 0; padding: .25rem .5rem; }
  table.cards td:first-child { grid-column: 1 / -1; }
  table.cards td { display: flex; flex-wrap: wrap; justify-content: space-between; align-content: flex-start;
                   gap: 0 .8rem; border: 0; padding: .1rem 0; text-align: left; white-space: normal;
                   overflow-wrap: anywhere; }
  table.cards td.num { text-align: right; }
  table.cards td::before { content: attr(data-label); color: #666; text-align: left; }
  table.cards td:first-child { font-weight: 600; }
  table.cards td.spark { white-space: pre-wrap; }
  #rules td:first-child:empty { display: none; }
  table.cards tr.differs { background: #fff1c2; }
  table.cards tr.differs td, tbody tr.differs:hover td { background: none; }
  #rules td:nth-child(2), #factorial td:first-child, #factorial-cells td:last-child { white-space: normal; }
}
)";

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

// gnuplot's SVG without its XML prologue, its ids prefixed so that several charts on one page
// do not share ids (each defines its own "gpPt0" and so on), and never drawn wider than its
// viewBox: its text is sized for that width, and larger it would only grow.
std::string inline_svg(std::string svg, const std::string& prefix) {
  svg.erase(0, svg.find("<svg"));
  const std::size_t box = svg.find("viewBox=\"0 0 ");
  if (box != std::string::npos) {
    const std::size_t start = box + std::string("viewBox=\"0 0 ").size();
    const std::string width = svg.substr(start, svg.find(' ', start) - start);
    svg.insert(4, " style=\"max-width: " + width + "px\"");
  }
  for (const char* quote : {"'", "\""}) {
    replace_all(svg, std::string("id=") + quote, std::string("id=") + quote + prefix);
    replace_all(svg, std::string("href=") + quote + "#", std::string("href=") + quote + "#" + prefix);
  }
  replace_all(svg, "url(#", "url(#" + prefix);
  return svg;
}

// Text of an explanation: escaped, with `code` set as code.
std::string explanation(const std::string& text) {
  std::string out;
  bool code = false;
  for (char c : escaped(text)) {
    if (c == '`') {
      out += code ? "</code>" : "<code>";
      code = !code;
    } else {
      out += c;
    }
  }
  if (code) out += "</code>";
  return out;
}

// Names joined by `separator`, each whole (nowrap), with a break opportunity after each "--".
std::string joined_names(const std::string& text, const std::string& separator) {
  std::string out;
  std::size_t start = 0;
  for (std::size_t end = text.find(separator); start < text.size(); end = text.find(separator, start)) {
    const std::size_t stop = end == std::string::npos ? text.size() : end + separator.size();
    out += (start > 0 && separator == "--" ? "<wbr>" : "") + std::string("<span class=\"whole\">") +
           escaped(text.substr(start, stop - start)) + "</span>";
    start = stop;
  }
  return out;
}

// A text cell, escaped, with a break opportunity after each comma or slash that runs on without a
// space, as in "alphabeta:depth=4,contempt=50" or a path: browsers break at neither, and one such
// name held the Players table wider than the page. Names joined by "--" without a space (a
// factorial's cell, "dog-above-wolf--den-only-wins") or by " × " (an interaction) break only after
// a "--" or at the " × ": browsers would break them after any hyphen, mid-name.
std::string breakable(const std::string& text) {
  if (text.find("--") != std::string::npos && text.find(' ') == std::string::npos) return joined_names(text, "--");
  if (text.find(" × ") != std::string::npos) return joined_names(text, " × ");
  const std::string plain = escaped(text);
  std::string out;
  for (std::size_t i = 0; i < plain.size(); ++i) {
    out += plain[i];
    if ((plain[i] == ',' || plain[i] == '/') && i + 1 < plain.size() && plain[i + 1] != ' ') out += "<wbr>";
  }
  return out;
}

// A table; one of more than two columns is a card a row on a phone, each cell under its column's
// name (data-label).
void write_table(std::ostream& out, const detail::Table& t, const std::string& id) {
  const bool cards = t.header.size() > 2;
  auto cell_class = [&](std::size_t c, const std::string& text) {
    std::string attributes = cards ? " data-label=\"" + escaped(t.header[c]) + "\"" : "";
    if (t.numeric[c]) return attributes + " class=\"num\"";
    // The histogram's block characters: a monospace font keeps their bars even.
    if (id == "duration" && c + 1 == t.header.size() && !text.empty()) attributes += " class=\"spark\"";
    return attributes;
  };
  out << "<div class=\"scroll\"><table" << (cards ? " class=\"cards\"" : "") << ">\n<thead><tr>";
  for (std::size_t c = 0; c < t.header.size(); ++c)
    out << "<th" << (t.numeric[c] ? " class=\"num\"" : "") << ">" << escaped(t.header[c]) << "</th>";
  out << "</tr></thead>\n<tbody>\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const auto& row = t.rows[r];
    out << (r < t.highlighted.size() && t.highlighted[r] ? "<tr class=\"differs\">" : "<tr>");
    for (std::size_t c = 0; c < row.size(); ++c)
      out << "<td" << cell_class(c, row[c]) << ">" << (t.numeric[c] ? escaped(row[c]) : breakable(row[c])) << "</td>";
    out << "</tr>\n";
  }
  out << "</tbody></table></div>\n";
}

// Draws the charts of one section; a chart that fails adds a problem instead.
class ChartWriter {
 public:
  ChartWriter(std::vector<std::string>& problems, bool enabled) : problems_(problems), enabled_(enabled) {}

  // The figure a reader wants first, at the head of the section whose numbers it sums up.
  void write_at_head(std::ostream& out, const std::string& section, const Summary& s) {
    if (!enabled_) return;
    if (section == "verdict") verdict(out, *s.comparison);
    // A comparison's differences are the verdict's, drawn at its head, and a factorial's answer is its
    // effects: each variant alone against the baseline would be a second answer.
    if (section == "first-player" && !s.comparison && !s.factorial) differences(out, s);
  }

  void write(std::ostream& out, const std::string& section, const Summary& s) {
    if (!enabled_) return;
    if (section == "factorial") factorial(out, *s.factorial);
    if (section == "first-player") first_player(out, s);
    if (section == "duration") durations(out, s);
    if (section == "end-reasons") end_reasons(out, s);
  }

 private:
  template <class Draw>
  void chart(std::ostream& out, Draw draw) {
    if (!enabled_) return;
    try {
      const std::string svg = draw();
      std::string prefix = "c";  // built with +=: GCC 12 gives a false -Wrestrict for "c" + std::string
      prefix += std::to_string(++count_);
      prefix += '-';
      out << "<div class=\"chart\">" << inline_svg(svg, prefix) << "</div>\n";
    } catch (const charts::ChartError& e) {
      problems_.push_back(std::string("charts: ") + e.what());
      out << "<p class=\"note\">Charts are missing: " << escaped(e.what()) << ".</p>\n";
      enabled_ = false;  // one failure is enough to report; the rest would fail alike
    }
  }

  // The verdict's paired differences, every figure of every variant on one scale; and, when the
  // games were sized by precision, the widest interval's half-width after each round.
  void verdict(std::ostream& out, const stats::Comparison& c) {
    // A row a figure, named by its variant too when there are several.
    std::vector<charts::ErrorBar> rows;
    const bool one = c.variants.size() == 1;
    for (const stats::VariantComparison& v : c.variants)
      for (const stats::FigureComparison& f : v.figures) {
        const stats::PairedDifference& d = f.difference;
        rows.push_back({(one ? "" : v.variant + ": ") + stats::figure_name(f.figure) + (f.primary ? " (primary)" : ""),
                        100 * d.difference, 100 * d.interval.low, 100 * d.interval.high});
      }
    const bool by_round = c.sequential && c.rounds.size() > 1;
    out << "<figure class=\"key\"><div class=\"charts pair\">\n";
    chart(out, [&] {
      return charts::forest_chart(rows, (one ? c.variants.front().variant : std::string("Each variant")) + " minus " +
                                            c.plan.base + ", paired",
                                  "difference in percentage points");
    });
    if (by_round) {
      std::vector<std::string> games;
      charts::Series widths{"half-width", {}};
      for (const stats::ComparisonRound& r : c.rounds) {
        games.push_back(std::to_string(2 * r.openings));
        widths.points.push_back({"", 100 * r.half_width, 100 * r.half_width, 100 * r.half_width});
      }
      chart(out, [&] {
        return charts::series_chart(games, {widths}, "The interval's half-width after each round",
                                    "games a variant", "half-width, percentage points", 100 * c.plan.target);
      });
    }
    // Side by side on a wide page, one above the other on a phone: named by what they show.
    out << "</div><figcaption>The differences: the dot is the difference, the whisker its 95% interval, paired over "
        << "the openings; a whisker that crosses the line at 0 is no evidence of a difference, and \"significant\" is "
        << "said only after Holm's adjustment (the table below)."
        << (by_round ? " The half-widths: the widest among the figures the rounds played for, after each round, "
                       "and the target (dashed)."
                     : "")
        << "</figcaption></figure>\n";
  }

  // Under the effects' table: every effect with its interval, a panel a figure; an interaction plot
  // for each significant interaction; and with rounds, the widest half-width after each.
  void factorial(std::ostream& out, const FactorialSummary& f) {
    const std::string level = detail::format("%g", 100 * f.analysis.plan.confidence) + "%";
    out << "<figure class=\"key\"><div class=\"charts effects\">\n";
    for (const detail::PlannedChart& panel : detail::effect_panels(f)) chart(out, panel.draw);
    out << "</div><figcaption>Every main effect and two-factor interaction, a panel a figure, the largest on top: "
        << "the dot is the estimate, the whisker its " << level << " interval, paired over the openings, in "
        << "percentage points on one scale for every panel. Orange: significant after Holm's adjustment (the table "
        << "above); a whisker that crosses the line at 0 is no evidence of an effect.</figcaption></figure>\n";
    const std::vector<detail::PlannedChart> plots = detail::interaction_plots(f);
    if (!plots.empty()) {
      out << "<figure class=\"key\"><div class=\"charts pair\">\n";
      for (const detail::PlannedChart& plot : plots) chart(out, plot.draw);
      out << "</div><figcaption>Each significant interaction: the figure as the main effects and two-factor "
          << "interactions predict it at the two factors' four combinations, every other factor off (the base's "
          << "rules), with its " << level << " interval. Parallel lines would be no interaction: how far they are "
          << "from parallel is the interaction, the same at any levels of the other factors.</figcaption></figure>\n";
    }
    if (f.sequential && f.rounds.size() > 1) {
      std::vector<std::string> games;
      charts::Series widths{"half-width", {}};
      for (const stats::ComparisonRound& r : f.rounds) {
        games.push_back(std::to_string(2 * r.openings));
        widths.points.push_back({"", 100 * r.half_width, 100 * r.half_width, 100 * r.half_width});
      }
      out << "<figure class=\"key\">\n";
      chart(out, [&] {
        return charts::series_chart(games, {widths}, "The widest main effect's half-width after each round",
                                    "games a cell", "half-width, percentage points", 100 * f.analysis.plan.target);
      });
      out << "<figcaption>The widest half-width among the primary figure's main effects after each round, and the "
          << "target (dashed).</figcaption></figure>\n";
    }
  }

  // Each variant minus the baseline: the first player's share of decisive games, and the draw rate.
  void differences(std::ostream& out, const Summary& s) {
    std::vector<charts::ErrorBar> decisive, draws;
    for (const VariantSummary& v : s.variants) {
      if (v.vs_baseline) {
        const stats::ProportionDifference& d = v.vs_baseline->difference;
        decisive.push_back({v.name, 100 * d.difference, 100 * d.interval.low, 100 * d.interval.high});
      }
      if (v.draws_vs_baseline) {
        const stats::ProportionDifference& d = v.draws_vs_baseline->difference;
        draws.push_back({v.name, 100 * d.difference, 100 * d.interval.low, 100 * d.interval.high});
      }
    }
    if (decisive.empty() && draws.empty()) return;
    const std::string level = detail::fixed(100 * s.confidence, 0) + "%";
    out << "<figure class=\"key\"><div class=\"charts pair\">\n";
    if (!decisive.empty())
      chart(out, [&] {
        return charts::forest_chart(decisive, "First player's share of decisive games, minus " + s.baseline + "'s",
                                    "difference in percentage points");
      });
    if (!draws.empty())
      chart(out, [&] {
        return charts::forest_chart(draws, "Draw rate, minus " + s.baseline + "'s", "difference in percentage points");
      });
    out << "</div><figcaption>Each variant against the baseline, " << escaped(s.baseline) << ": the dot is the "
        << "difference, the whisker its " << level << " Newcombe interval (the games of an opening as one unit); a "
        << "whisker that crosses the line at 0 is no evidence of a difference. The numbers are under <a "
        << "href=\"#baseline\">Against the baseline</a> and <a href=\"#draws\">Draw rate</a>.</figcaption></figure>\n";
  }

  void first_player(std::ostream& out, const Summary& s) {
    std::vector<charts::ErrorBar> bars;
    for (const VariantSummary& v : s.variants)
      bars.push_back({v.name, v.first_player.score, v.first_player.score_wilson.low, v.first_player.score_wilson.high});
    chart(out, [&] {
      return charts::error_bar_chart(bars, "First player's score, with its " + detail::fixed(100 * s.confidence, 0) +
                                               "% Wilson interval", "score, (W + D/2)/N", 0.5);
    });
  }

  void durations(std::ostream& out, const Summary& s) {
    // One x scale for all, to the end of the last bin (the ply limit's games are in a bin of their
    // own), so that lengths compare across charts. Each its own y scale, to its fullest bin: with
    // one for all, a variant whose games pile up in one bin flattened every other's shape.
    int x_max = 0;
    for (const VariantSummary& v : s.variants) {
      const stats::Histogram& h = v.duration.histogram;
      x_max = std::max(x_max, int(h.counts.size()) * h.bin_width);
    }
    if (s.variants.size() > 1)
      out << "<p class=\"explain\">One chart per variant. The horizontal scale is the same in every chart, so "
             "that lengths compare; each chart has its own vertical scale, up to its fullest bin, so that every "
             "variant's shape shows: compare the shapes, not the heights of the bars.</p>\n";
    out << "<div class=\"charts\">\n";
    for (const VariantSummary& v : s.variants) {
      const stats::Histogram& h = v.duration.histogram;
      const std::uint64_t y_max = h.counts.empty() ? 0 : *std::max_element(h.counts.begin(), h.counts.end());
      chart(out, [&] {
        return charts::histogram_chart(h.counts, h.bin_width, x_max, y_max, "Game length, " + v.name);
      });
    }
    out << "</div>\n";
  }

  void end_reasons(std::ostream& out, const Summary& s) {
    charts::StackedBars bars;
    const std::vector<EndReason> shown = shown_end_reasons(s);
    for (EndReason r : shown) bars.series.push_back(end_reason_name(r));
    for (const VariantSummary& v : s.variants) {
      bars.labels.push_back(v.name);
      std::vector<double> shares;
      for (EndReason r : shown) {
        const std::uint64_t n = v.outcomes.end_reasons[std::size_t(r)];
        shares.push_back(v.games ? 100.0 * double(n) / double(v.games) : 0);
      }
      bars.values.push_back(shares);
    }
    chart(out, [&] { return charts::stacked_bar_chart(bars, "How games end", "% of games", 100); });
  }

  std::vector<std::string>& problems_;
  bool enabled_;
  int count_ = 0;
};

}  // namespace

std::vector<std::string> write_html(std::ostream& out, const Summary& summary, const std::string& title) {
  std::vector<std::string> problems;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" << escaped(title)
      << "</title>\n<style>" << STYLE << "</style>\n</head>\n<body>\n<h1>" << escaped(title) << "</h1>\n"
      << "<p class=\"overview\">" << escaped(detail::overview(summary)) << "</p>\n";
  const bool gnuplot = charts::gnuplot_available();
  if (!gnuplot) {
    problems.push_back("charts: gnuplot not found (install gnuplot, e.g. apt-get install gnuplot-nox); the report "
                       "has its tables only");
    out << "<p class=\"note\">Charts are missing: gnuplot was not found (install gnuplot, e.g. <code>apt-get install "
           "gnuplot-nox</code>). The tables are complete.</p>\n";
  }
  ChartWriter charts(problems, gnuplot);
  for (const detail::Section& s : detail::sections(summary)) {
    out << "<section id=\"" << s.id << "\">\n<h2>" << escaped(s.heading) << "</h2>\n";
    charts.write_at_head(out, s.id, summary);
    for (const std::string& text : s.explanations) out << "<p class=\"explain\">" << explanation(text) << "</p>\n";
    write_table(out, s.table, s.id);
    for (const std::string& note : s.notes) out << "<p class=\"note\">" << escaped(note) << "</p>\n";
    charts.write(out, s.id, summary);
    out << "</section>\n";
  }
  write_game_viewer(out, summary.viewed_games, summary.rules, summary.games);
  out << "<footer>Written by <code>jungle</code> " << escaped(program_version()) << ". Charts drawn by gnuplot; numbers also in summary.json, "
         "summary.csv and pairings.csv.</footer>\n</body>\n</html>\n";
  return problems;
}

namespace detail {

void write_tables_html(std::ostream& out, const std::string& title, const std::string& overview,
                       const std::vector<Section>& sections,
                       const std::map<std::string, std::vector<std::string>>& charts) {
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" << escaped(title)
      << "</title>\n<style>" << STYLE << "</style>\n</head>\n<body>\n<h1>" << escaped(title) << "</h1>\n"
      << "<p class=\"overview\">" << escaped(overview) << "</p>\n";
  int drawn = 0;
  for (const Section& s : sections) {
    out << "<section id=\"" << s.id << "\">\n<h2>" << escaped(s.heading) << "</h2>\n";
    // Side by side where two fit, one under the other on a phone.
    const auto svgs = charts.find(s.id);
    if (svgs != charts.end() && !svgs->second.empty()) {
      out << "<div class=\"charts pair\">\n";
      for (const std::string& svg : svgs->second) {
        std::string prefix = "c";  // built with +=: GCC 12 gives a false -Wrestrict for "c" + std::string
        prefix += std::to_string(++drawn);
        prefix += '-';
        out << "<div class=\"chart\">" << inline_svg(svg, prefix) << "</div>\n";
      }
      out << "</div>\n";
    }
    for (const std::string& text : s.explanations) out << "<p class=\"explain\">" << escaped(text) << "</p>\n";
    if (!s.table.header.empty()) write_table(out, s.table, s.id);
    for (const std::string& note : s.notes) out << "<p class=\"note\">" << escaped(note) << "</p>\n";
    out << "</section>\n";
  }
  out << "<footer>Written by <code>jungle</code>.</footer>\n</body>\n</html>\n";
}

}  // namespace detail

}  // namespace jungle::report
