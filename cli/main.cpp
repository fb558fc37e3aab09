// The `jungle` command: one binary, one subcommand per job.
#include <iostream>
#include <vector>

#include "command.h"
#include "perft.h"
#include "suite.h"
#include "variant_loader.h"

using namespace jungle;

int main(int argc, char** argv) {
  CLI::App app{"jungle: a Jungle (Dou Shou Qi) rule-variant research and perft harness"};
  app.require_subcommand(1);
  // One line per error, like every other error of the tool.
  app.failure_message([](const CLI::App*, const CLI::Error& e) { return "error: " + std::string(e.what()) + "\n"; });

  std::vector<cli::Command> commands = {
      cli::add_variants_command(app), cli::add_check_command(app),       cli::add_show_command(app),
      cli::add_perft_command(app),    cli::add_perft_table_command(app), cli::add_perft_diff_command(app),
      cli::add_tournament_command(app), cli::add_stats_command(app),     cli::add_study_command(app),
  };

  CLI11_PARSE(app, argc, argv);

  try {
    for (const cli::Command& command : commands)
      if (*command.app) return command.run();
  } catch (const VariantError& e) {
    std::cerr << e.what() << "\n";
  } catch (const SuiteError& e) {
    std::cerr << "error: " << e.what() << "\n";
  } catch (const cli::UsageError& e) {
    std::cerr << "error: " << e.what() << "\n";
  }
  return 1;
}
