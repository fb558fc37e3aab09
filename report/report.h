// Reports over finished games: the records of summary.h, which research/game_summary.h fills,
// written as Markdown (the terminal), JSON, CSV and a self-contained HTML page with gnuplot
// charts. Nothing here plays a game or decides a figure: `jungle stats` feeds it results files,
// `jungle study` a fresh tournament, through research/.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "engine/end_rules.h"
#include "report/report_folder.h"
#include "report/summary.h"

namespace jungle::report {

// The end reasons a report shows: the rules' five always, a tournament's (forfeits,
// adjudication) only when some game ended so.
std::vector<EndReason> shown_end_reasons(const Summary& summary);

// ---------------------------------------------------------------------------------------------
// Writers

// The report as Markdown: tables aligned for a terminal.
void write_markdown(std::ostream& out, const Summary& summary);

// Every number of the summary; NaN and infinities as null. Format "jungle-summary/1".
void write_json(std::ostream& out, const Summary& summary);

// One row per variant (summary.csv) / per variant and pairing (pairings.csv): a header row, RFC 4180
// quoting, '\n' line ends, NaN and infinities as empty fields.
void write_variants_csv(std::ostream& out, const Summary& summary);
void write_pairings_csv(std::ostream& out, const Summary& summary);

// A self-contained HTML page: the tables, and SVG charts drawn by gnuplot (each variant's
// difference from the baseline, first-player score by variant, game-length histograms, end
// reasons). Without gnuplot, or when it fails, the page says
// so and keeps the tables. Returns those problems, one line each, for standard error.
std::vector<std::string> write_html(std::ostream& out, const Summary& summary, const std::string& title);

// The report's files, for write_report_folder: summary.json, summary.csv, pairings.csv and
// report.html (write_html's problems). They write `summary`, which must outlive them.
ReportFiles summary_files(const Summary& summary, const std::string& title);

}  // namespace jungle::report
