// The charts of `jungle compare --factorial`'s report, planned from its record (FactorialSummary):
// every effect with its interval, a panel a figure, and an interaction plot for each significant
// interaction. Internal to the report's page (report_html.cpp), which draws them under the
// effects' table.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "report/summary.h"

namespace jungle::report::detail {

struct PlannedChart {
  std::string title;
  std::function<std::string()> draw;  // the SVG; throws charts::ChartError when gnuplot cannot
};

// One panel per figure: its effects sorted by size, the largest on top, each a dot with its
// interval whisker in percentage points, the significant ones in a colour of their own, a line
// at 0; every panel on one scale.
std::vector<PlannedChart> effect_panels(const FactorialSummary& factorial);

// For each significant interaction of each figure: the figure as predicted at its two factors'
// four combinations, the other factors off (the base's rules), one line for the second factor
// off and one for it on, with their intervals. Lines that are not parallel are the interaction:
// at any levels of the other factors the gap between the slopes is twice its estimate.
std::vector<PlannedChart> interaction_plots(const FactorialSummary& factorial);

}  // namespace jungle::report::detail
