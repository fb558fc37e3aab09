// Charts as SVG text, drawn by gnuplot's SVG terminal: gnuplot runs as a subprocess on a script
// and data files written to a fresh temporary folder, which is removed afterwards.
//
// The program is $JUNGLE_GNUPLOT if set (a path, or a name looked up in PATH), else "gnuplot".
#pragma once

#include <cstdint>
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

// Points with vertical error bars, one per label, and a dashed line at `reference`.
std::string error_bar_chart(const std::vector<ErrorBar>& bars, const std::string& title, const std::string& y_label,
                            double reference);

// A histogram with bins of bin_width from 0: counts[i] over [i·w, (i+1)·w); x runs to x_max so that
// several charts share one scale.
std::string histogram_chart(const std::vector<std::uint64_t>& counts, int bin_width, int x_max,
                            const std::string& title);

// Stacked bars: one bar per label, split into the series; values[label][series].
struct StackedBars {
  std::vector<std::string> labels;
  std::vector<std::string> series;
  std::vector<std::vector<double>> values;
};

std::string stacked_bar_chart(const StackedBars& bars, const std::string& title, const std::string& y_label);

}  // namespace jungle::charts
