// The report's sections as text tables, shared by the Markdown and HTML writers so that the
// terminal and the page say the same. Internal to the report writers, and to other commands
// that print a table and write it as a page in the report's style.
#pragma once

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "report/report.h"

namespace jungle::report::detail {

struct Table {
  std::vector<std::string> header;
  std::vector<bool> numeric;  // per column: right-aligned
  std::vector<std::vector<std::string>> rows;
  std::vector<bool> highlighted;  // per row, or empty for none: rows a reader should see first
};

struct Section {
  // "factorial", "factorial-cells", "factorial-balanced", "factorial-design", "verdict", "endgames",
  // "settings", "left-out", "weights", "rules", "pieces", "perft", "first-player", "baseline", "draws", "balance",
  // "duration", "end-reasons", "pairings", "sprt"
  std::string id;
  std::string heading;
  std::vector<std::string> explanations;  // before the table: what the columns are
  Table table;
  std::vector<std::string> notes;  // after the table: what is missing and why
};

// The sections that have something to show, in reading order: the answer first (a comparison's
// Verdict, a factorial's effects; in a tournament between players the Players section and its
// SPRT, in self-play the first player's advantage), then the other figures, then how the games
// were made: the settings, with each recipe of the weights spelt out once and named "recipe A",
// "recipe B", ... everywhere else; a factorial's design; the games left out; the weights; the
// rules compared.
std::vector<Section> sections(const Summary& summary);

// Each variant's piece values, tuned and untuned (`jungle study`'s report, `jungle tune --table`);
// `note`, if any, follows the table.
Section piece_values_section(const std::vector<PieceValues>& variants, const std::string& note = "");

// The endgames compared (tablebase/compare.h): every signature's rows, or with `differing_only`
// only those whose outcomes differ between variants, the others counted in a note.
Section endgames_section(const tablebase::EndgameComparison& endgames, bool differing_only);

// `jungle compare`'s verdict (stats/variant_comparison.h): its sentences (report/verdict_sentence.h),
// and every figure of every variant as a table (report/verdict_section.cpp).
Section verdict_section(const stats::Comparison& comparison);

// `jungle compare --factorial`'s answer (FactorialSummary): the effects, opened by a sentence for
// each significant one and one for the most balanced combination (report/factorial_sentence.h);
// every combination of levels as observed and predicted; the most balanced combination and those
// not told apart from it (report/factorial_section.cpp). Their ids: "factorial",
// "factorial-cells", "factorial-balanced".
std::vector<Section> factorial_sections(const FactorialSummary& factorial);

// The factorial's design and its factors, among how the games were made: id "factorial-design".
Section factorial_design_section(const FactorialSummary& factorial);

// A factorial's "Rules compared" (id "factorial-rules"), in place of the variants side by side, a
// column each, which 16 to 64 cells make too wide: a row per cell, a column per rule on which the
// cells differ.
Section factorial_rules_section(const Summary& summary);

// Whether some games are between two different players (a tournament, not self-play).
bool between_players(const Summary& summary);

// "N games, V variants, P players" and where they came from: the line under the title.
std::string overview(const Summary& summary);

// One number by a printf pattern: format("%g", 0.03) is "0.03".
std::string format(const char* pattern, double x);

// A confidence level as a percentage: "95%" for 0.95.
std::string level_text(double confidence);

// A number with fixed decimals; "–" for NaN, "∞" / "-∞" for infinities.
std::string fixed(double x, int decimals);

// A page in the report's style holding only these sections (`jungle tablebase compare`, `jungle
// ladder`). charts[id]: gnuplot SVGs drawn under the heading of the section with that id, one
// under the other. A section without a table (no header) is its explanations and notes alone.
void write_tables_html(std::ostream& out, const std::string& title, const std::string& overview,
                       const std::vector<Section>& sections,
                       const std::map<std::string, std::vector<std::string>>& charts = {});

// Those sections as Markdown, as write_markdown prints the report's: a "## heading", the
// explanations a paragraph each, the table aligned for a terminal, the notes a list.
void write_sections_markdown(std::ostream& out, const std::vector<Section>& sections);

// Prose as the Markdown reports print it: wrapped at its spaces to 100 columns, the first line after
// `first` and the others after `more` (a list item's indent); a word longer than a line (a path)
// keeps a line of its own.
void write_prose(std::ostream& out, const std::string& text, const std::string& first = "",
                 const std::string& more = "");

// A difference with its sign: "+0.065", "−0.021" (a true minus, as the prose), "+0.000" for none;
// "–" for NaN.
std::string signed_fixed(double x, int decimals);

// A p-value in a table, as the verdict's prose writes it (comparison.cpp): three decimals, and
// below 0.001 "< 0.001", not a "0.000" that reads as impossible; "–" for NaN. summary.json keeps
// the number.
std::string p_value(double p);

}  // namespace jungle::report::detail
