// The `jungle` command: one binary, one subcommand per job.
//
// Exit codes: 0 success; 1 an error, one line on standard error (bad arguments, bad input,
// a failed check or suite); `perft-diff` follows diff(1) instead: 1 means "a difference was
// found" and every error is 2. Whatever goes wrong, no exception leaves main.
//
// Under mpirun (distributed/mpi_context.h) rank 0 runs the command and the other ranks serve the
// jobs it deals (tournament and study games, perft subtrees); every rank exits with rank 0's code.
#include <algorithm>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "cli/argument_checks.h"
#include "cli/argument_errors.h"
#include "cli/command.h"
#include "distributed/mpi_context.h"
#include "distributed/work_queue.h"
#include "engine/variant_loader.h"
#include "match/tournament.h"
#include "perft/perft.h"
#include "perft/suite.h"
#include "research/input_error.h"
#include "results/results_file.h"
#include "search/evaluator_version.h"
#include "search/weights_file.h"
#include "support/child_reaper.h"
#include "support/version.h"

using namespace jungle;

namespace {

std::vector<std::string> typed_command_line;

int error_exit_code(const std::string& command) { return command == "perft-diff" ? 2 : 1; }

int run_command(int argc, char** argv);

}  // namespace

const std::vector<std::string>& cli::command_line() { return typed_command_line; }

int main(int argc, char** argv) {
  distributed::start(argc, argv);
  int code = 0;
  {
    // However the command ends, no engine or other child of ours, nor any process it started,
    // outlives it; every child of this process is one the command started.
    ChildReaper reaper;
    code = distributed::rank() != 0
               ? distributed::serve({{"perft", serve_perft_job}, {"tournament", serve_tournament_job}})
               : run_command(argc, argv);
  }
  return distributed::finish(code);
}

namespace {

// The command, as one process runs it (or rank 0 of several).
int run_command(int argc, char** argv) {
  typed_command_line.assign(argv, argv + argc);
  CLI::App app{"jungle: a Jungle (Dou Shou Qi) rule-variant research and perft harness"};
  app.require_subcommand(1);
  // The build and the evaluator version: what a weights file and run.json record of a program.
  app.set_version_flag("--version", [] { return std::string("jungle ") + program_version() + ", evaluator " + evaluator_version(); });

  std::vector<cli::Command> commands = {
      cli::add_variants_command(app), cli::add_check_command(app),       cli::add_show_command(app),
      cli::add_perft_command(app),    cli::add_perft_table_command(app), cli::add_perft_diff_command(app),
      cli::add_perft_suite_command(app),
      cli::add_tournament_command(app), cli::add_compare_command(app),   cli::add_stats_command(app),
      cli::add_study_command(app),
      cli::add_engine_command(app),   cli::add_engine_check_command(app), cli::add_export_command(app),     cli::add_rules_command(app),
      cli::add_tablebase_command(app), cli::add_tune_command(app), cli::add_ladder_command(app),
  };
  cli::check_every_number(app);
  const std::vector<const CLI::App*> chosen = cli::chosen_commands(app, typed_command_line);
  const std::string command = chosen.empty() ? "" : chosen.front()->get_name();
  const int failure = error_exit_code(command);
  // CLI11 would only say that a subcommand is required.
  if (command.empty() && argc > 1 && argv[1][0] != '-') {
    std::cerr << "error: " << cli::unknown_command_text(app, argv[1]) << "\n";
    return failure;
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version; CLI11's own codes for errors (104, 105, 106, ...) are not this tool's.
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "error: " << cli::argument_error_text(app, typed_command_line, e) << "\n";
    return failure;
  }

  // Every error line names the command, as "error: perft: ..." (a mistake in a file's text is
  // FILE:LINE[:COLUMN]: message instead, naming its place).
  const std::string label = cli::command_label(chosen);
  auto error = [&label](std::string message) {
    // One line, whatever a library's message holds.
    std::replace(message.begin(), message.end(), '\n', ' ');
    std::replace(message.begin(), message.end(), '\r', ' ');
    std::cerr << "error: " << (label.empty() ? "" : label + ": ") << message << "\n";
  };
  try {
    for (const cli::Command& c : commands)
      if (*c.app) return c.run();
  } catch (const VariantError& e) {
    // An unknown variant or a missing file has no place in a file; its message names it.
    if (e.located())
      std::cerr << e.what() << "\n";
    else
      error(e.what());
  } catch (const WeightsError& e) {
    std::cerr << e.what() << "\n";
  } catch (const ResultsError& e) {
    // FILE:LINE: message, as the variant and weights files' mistakes.
    std::cerr << e.what() << "\n";
  } catch (const SuiteError& e) {
    error(e.what());
  } catch (const cli::UsageError& e) {
    error(e.what());
  } catch (const research::InputError& e) {
    // research/'s commands (compare, tune's fitting) name the option at fault, as UsageError does.
    error(e.what());
  } catch (const std::bad_alloc&) {
    error("out of memory");
  } catch (const std::exception& e) {
    // A fault of ours or of a library that no command expected: still one line, never abort().
    error(e.what());
  } catch (...) {
    error("an unknown exception");
  }
  return failure;
}

}  // namespace
