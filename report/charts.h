// Charts as SVG text, drawn by gnuplot's SVG terminal: gnuplot runs as a subprocess on a script
// and data files written to a fresh temporary folder, which is removed afterwards.
//
// Each SVG has a viewBox and no size of its own: the page scales it to its width (at most the
// viewBox's). Its text is sized for a phone: drawn 366 px wide (a 390 px window's page), it is still
// 10 px tall. Labels that would meet side by side on an axis are set in rows or turned upright.
//
// The program is $JUNGLE_GNUPLOT if set (a path, or a name looked up in PATH), else "gnuplot".
//
// The SVG is gnuplot's, but for its <title> and <desc> elements, which name gnuplot's data
// files and plot commands (a browser shows them as tooltips): the charts' own title replaces
// them.
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace jungle::charts {

// gnuplot is missing, failed, or wrote no SVG; what() says which, in one line.
struct ChartError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Whether the gnuplot program is found (an executable file on PATH, or the path given).
bool gnuplot_available();

// Runs gnuplot on the script with the data files (name -> contents) beside it, in their folder;
// the script must write its plot to "chart.svg". Returns that file's text.
std::string run_gnuplot(const std::string& script, const std::map<std::string, std::string>& files);

// One value with an interval, e.g. a score and its 95% interval.
struct ErrorBar {
  std::string label;
  double value = 0, low = 0, high = 0;
};

// Points with vertical error bars, one per label, and a dashed line at `reference`. Labels too long
// (or too many) to stand side by side under their bars make it a row a label instead, the values
// along x.
std::string error_bar_chart(const std::vector<ErrorBar>& bars, const std::string& title, const std::string& y_label,
                            double reference);

// Differences with their intervals as a forest plot: one row per label, top to bottom, the
// value a dot and the interval a whisker, and a line at 0 (no difference). x spans every
// interval and 0.
std::string forest_chart(const std::vector<ErrorBar>& rows, const std::string& title, const std::string& x_label);

// Effects with their intervals as forest_chart draws differences, one row per label from the
// top, but on the x range given (so that several panels share one scale) and with the rows whose
// `marked` is true in a second colour (e.g. the significant ones); a line at 0.
std::string effects_chart(const std::vector<ErrorBar>& rows, const std::vector<bool>& marked, const std::string& title,
                          const std::string& x_label, double x_min, double x_max);

// A histogram with bins of bin_width from 0: counts[i] over [i·w, (i+1)·w); x runs to x_max and
// y to y_max (0: gnuplot's choice), so that several charts can share an x scale or a y scale.
std::string histogram_chart(const std::vector<std::uint64_t>& counts, int bin_width, int x_max, std::uint64_t y_max,
                            const std::string& title);

// Stacked bars: one bar per label, split into the series; values[label][series].
struct StackedBars {
  std::vector<std::string> labels;
  std::vector<std::string> series;
  std::vector<std::vector<double>> values;
};

// A bar a row, one per label from the top, so that any number of labels of any length reads; each
// bar's parts in the series' order from the left, and the key under the plot in that order. x runs
// from 0 to x_max (e.g. 100 for shares in percent).
std::string stacked_bar_chart(const StackedBars& bars, const std::string& title, const std::string& x_label,
                              double x_max);

// Lines with vertical error bars over shared categories on x (e.g. a ladder's levels): each
// series is one line, in its own colour and named in the key under the plot (one series has no
// key), points[i] at x_labels[i]. A point
// whose value is not finite is left out. The series are drawn a little apart along x so that
// their bars do not hide one another. A dashed line at `reference` when it is finite. A series
// with a fitted line (y = intercept + slope·i at the i-th label, both finite) has it drawn dotted in
// its colour, unnamed in the key.
struct Series {
  std::string name;
  std::vector<ErrorBar> points;  // the labels are unused: the points stand at x_labels
  double line_intercept = std::numeric_limits<double>::quiet_NaN();
  double line_slope = std::numeric_limits<double>::quiet_NaN();
};
std::string series_chart(const std::vector<std::string>& x_labels, const std::vector<Series>& series,
                         const std::string& title, const std::string& x_label, const std::string& y_label,
                         double reference);

// An interaction plot: a figure at the four combinations of two factors' levels, x_labels the
// first factor off and on, a line for each level of the second (series_chart's lines, a little
// apart, with their bars), a dashed line at `reference` when it is finite. Narrower than
// series_chart, so that two stand side by side.
std::string interaction_chart(const std::vector<std::string>& x_labels, const std::vector<Series>& lines,
                              const std::string& title, const std::string& x_label, const std::string& y_label,
                              double reference);

// Text for an XML or HTML element or attribute: & < > and " escaped. The report's page uses it too.
std::string escaped(const std::string& text);

}  // namespace jungle::charts
