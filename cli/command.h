// The subcommands of `jungle`. Each adds itself, with its options, to the app and returns
// what to run when it is chosen.
#pragma once

#include <CLI/CLI.hpp>

#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/position.h"
#include "engine/variant.h"
#include "perft/perft.h"
#include "report/report.h"

namespace jungle::cli {

// A mistake in the user's input: printed as one line "error: ..." with exit code 1.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Runs a job that plays games (run_tournament: `jungle tournament`, `study`;
// research/input_error.h does the same for compare, ladder and tune --selfplay) so that each
// failure reads the same whichever command ran it: a VariantError becomes a UsageError on
// --variants, a TournamentError (bad settings, an --out that holds another run) a UsageError. A
// ResultsError (a results file already there that cannot be read) passes on to main, which prints
// it as it is, FILE:LINE: message, and exits 1, as for any other command that reads results files.
void run_reporting_failures(const std::function<void()>& job);

struct Command {
  CLI::App* app;
  std::function<int()> run;
};

Command add_variants_command(CLI::App& app);
Command add_check_command(CLI::App& app);
Command add_show_command(CLI::App& app);
Command add_perft_command(CLI::App& app);
Command add_perft_table_command(CLI::App& app);
Command add_perft_diff_command(CLI::App& app);
Command add_perft_suite_command(CLI::App& app);
Command add_tournament_command(CLI::App& app);
Command add_compare_command(CLI::App& app);
Command add_stats_command(CLI::App& app);
Command add_study_command(CLI::App& app);
Command add_ladder_command(CLI::App& app);
Command add_engine_command(CLI::App& app);
Command add_engine_check_command(CLI::App& app);
Command add_export_command(CLI::App& app);
Command add_rules_command(CLI::App& app);
Command add_tablebase_command(CLI::App& app);
Command add_tune_command(CLI::App& app);

// Perft from each variant's start (none given: every bundled variant), depths 1 to max_depth,
// single thread (`jungle perft-table`, `jungle study`). on_count sees the row after each depth;
// its seconds are set once the row is complete.
std::vector<report::PerftRow> perft_table(int max_depth,
                                          const std::function<void(const report::PerftRow&)>& on_count = {},
                                          const std::vector<Variant>& variants = {});

// The warnings of a report's runs that a user must see even without reading the report (variants
// played with weights obtained differently), as "warning: ..." lines on standard error.
void print_run_warnings(const report::Summary& summary);

// The command line as it was typed (main's argv), for records of what was run.
const std::vector<std::string>& command_line();

// A variant given as an argument (`argument` names it: "--variant", "VARIANT"): load_variant's,
// with the argument named in the errors that are its own (an unknown name, a missing file, a
// folder); a mistake in the file's text keeps its FILE:LINE:COLUMN.
Variant load_variant_argument(const std::string& argument, const std::string& name_or_path);

// Shared by the subcommands: the position given by --fen, or the variant's start when empty.
Position make_position(const Variant& variant, const std::string& fen);

}  // namespace jungle::cli
