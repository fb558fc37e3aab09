// The `jungle` command: one binary, one subcommand per job.
//
// Exit codes: 0 success; 1 an error, one line on standard error (bad arguments, bad input,
// a failed check or suite); `perft-diff` follows diff(1) instead: 1 means "a difference was
// found" and every error is 2. Whatever goes wrong, no exception leaves main.
//
// Under mpirun (distributed/mpi_context.h) rank 0 runs the command and the other ranks serve the
// jobs it deals (tournament and study games, perft subtrees); every rank exits with rank 0's code.
#include <cstring>
#include <iostream>
#include <new>
#include <string>
#include <vector>

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
#include "support/excerpt.h"
#include "support/version.h"

using namespace jungle;

namespace {

std::vector<std::string> typed_command_line;

// The subcommand named on the command line ("" if none): the first argument that names one.
// Read from argv rather than from CLI11, which has not recorded it when parsing fails.
std::string chosen_command(const CLI::App& app, int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
      if (sub->get_name() == argv[i]) return argv[i];
  return "";
}

int error_exit_code(const std::string& command) { return command == "perft-diff" ? 2 : 1; }

// CLI11's messages in the tool's own one-line form, naming the argument: CLI11 words a few of
// them its own way ("The following argument was not expected: x", "File does not exist: F").
std::string usage_error_text(const CLI::Error& e) {
  std::string text = e.what();
  if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
    const std::size_t colon = text.find(": ");
    const std::string extras = colon == std::string::npos ? "" : text.substr(colon + 2);
    return (extras.find(' ') == std::string::npos ? "unexpected argument " : "unexpected arguments ") + extras +
           " (see --help)";
  }
  if (dynamic_cast<const CLI::ConversionError*>(&e)) {
    // "Could not convert: --games = x"
    const std::size_t option = text.find("--"), equals = text.find(" = ");
    if (option != std::string::npos && equals != std::string::npos && equals > option)
      return text.substr(option, equals - option) + ": \"" + excerpt(text.substr(equals + 3)) + "\" is not a valid value";
  }
  for (const auto& [cli11, ours] : {std::pair{"File does not exist: ", "no such file: "},
                                    std::pair{"Directory does not exist: ", "no such folder: "},
                                    std::pair{"Path does not exist: ", "no such file or folder: "}})
    if (const std::size_t at = text.find(cli11); at != std::string::npos) text.replace(at, std::strlen(cli11), ours);
  return text;
}

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
  // One line per error, like every other error of the tool.
  app.failure_message([](const CLI::App*, const CLI::Error& e) { return "error: " + usage_error_text(e) + "\n"; });

  std::vector<cli::Command> commands = {
      cli::add_variants_command(app), cli::add_check_command(app),       cli::add_show_command(app),
      cli::add_perft_command(app),    cli::add_perft_table_command(app), cli::add_perft_diff_command(app),
      cli::add_perft_suite_command(app),
      cli::add_tournament_command(app), cli::add_compare_command(app),   cli::add_stats_command(app),
      cli::add_study_command(app),
      cli::add_engine_command(app),   cli::add_engine_check_command(app), cli::add_export_command(app),     cli::add_rules_command(app),
      cli::add_tablebase_command(app), cli::add_tune_command(app), cli::add_ladder_command(app),
  };
  const std::string command = chosen_command(app, argc, argv);
  const int failure = error_exit_code(command);
  // CLI11 would only say that a subcommand is required.
  if (command.empty() && argc > 1 && argv[1][0] != '-') {
    std::string names;
    for (const cli::Command& c : commands) names += (names.empty() ? "" : ", ") + c.app->get_name();
    std::cerr << "error: unknown command \"" << excerpt(argv[1]) << "\"; commands: " << names << "\n";
    return failure;
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11's own codes (104, 105, 106, ...) are not this tool's; --help stays 0.
    return app.exit(e) == 0 ? 0 : failure;
  }

  const std::string who = command.empty() ? "jungle" : "jungle " + command;
  try {
    for (const cli::Command& c : commands)
      if (*c.app) return c.run();
  } catch (const VariantError& e) {
    std::cerr << e.what() << "\n";
  } catch (const WeightsError& e) {
    std::cerr << e.what() << "\n";
  } catch (const ResultsError& e) {
    // FILE:LINE: message, as the variant and weights files' mistakes.
    std::cerr << e.what() << "\n";
  } catch (const SuiteError& e) {
    std::cerr << "error: " << e.what() << "\n";
  } catch (const cli::UsageError& e) {
    std::cerr << "error: " << e.what() << "\n";
  } catch (const research::InputError& e) {
    // research/'s commands (compare, tune's fitting) name the option at fault, as UsageError does.
    std::cerr << "error: " << e.what() << "\n";
  } catch (const std::bad_alloc&) {
    std::cerr << "error: " << who << ": out of memory\n";
  } catch (const std::exception& e) {
    // A fault of ours or of a library that no command expected: still one line, never abort().
    std::cerr << "error: " << who << ": " << e.what() << "\n";
  } catch (...) {
    std::cerr << "error: " << who << ": an unknown exception\n";
  }
  return failure;
}

}  // namespace
