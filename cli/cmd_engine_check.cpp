// `jungle engine-check -- CMD [ARGS...]`: whether another program speaks the engine protocol
// (protocol/engine_check.h), one line per step.
#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/argument_checks.h"
#include "cli/command.h"
#include "engine/variant_loader.h"
#include "protocol/engine_check.h"
#include "support/excerpt.h"
#include "support/nearest_names.h"
#include "support/text.h"

namespace jungle::cli {

namespace {

struct EngineCheckArgs {
  std::vector<std::string> command;
  int timeout_ms = 5000;
  std::string variant = "standard";
  std::string rules;
};

int run_engine_check(const EngineCheckArgs& args) {
  // UCI_Variant names a bundled variant; a file of one's own goes to --rules (VariantPath).
  std::vector<std::string> names;
  for (const Variant& v : bundled_variants()) names.push_back(v.name);
  if (std::find(names.begin(), names.end(), args.variant) == names.end()) {
    const std::string suggestion = did_you_mean(args.variant, names);
    throw UsageError("--variant: " + quoted_excerpt(args.variant) + " is not a bundled variant" +
                     (suggestion.empty() ? "" : ": " + suggestion) + " (" + join(names, ", ") +
                     "); a rules file goes to --rules");
  }
  EngineCheckOptions options;
  options.program = args.command[0];
  options.args.assign(args.command.begin() + 1, args.command.end());
  options.timeout = std::chrono::milliseconds(args.timeout_ms);
  options.variant = args.variant;
  options.rules_file = args.rules;
  int passed = 0, failed = 0, skipped = 0;
  check_engine(options, [&](const CheckStep& step) {
    std::cout << step_line(step) << std::endl;  // as it happens: a slow step shows which it is
    (step.outcome == StepOutcome::Pass ? passed : step.outcome == StepOutcome::Fail ? failed : skipped) += 1;
  });
  std::cout << passed << " passed, " << failed << " failed, " << skipped << " skipped\n";
  return failed ? 1 : 0;
}

}  // namespace

Command add_engine_check_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "engine-check", "Check that an engine speaks the engine protocol (docs/protocol.md): drive it through "
                      "every command and judge each answer, every move by the rules");
  cmd->footer(
      "Run as: jungle engine-check [OPTIONS] -- COMMAND [ARGS...]\n"
      "Steps: uci (id name, uciok), its option lines (name, a known type, coherent default/min/max/var),\n"
      "isready, setoption UCI_Variant and VariantPath (skipped if the engine does not declare them),\n"
      "ucinewgame, position startpos|fen ... moves ... with go depth, nodes, movetime, wtime/btime/winc/binc,\n"
      "movestogo, go infinite then stop, stop during a long search, and quit (the engine must exit).\n"
      "Each bestmove must be legal, each info line well formed (whole numbers, score cp|mate N, a legal pv).\n"
      "Each answer must come within --timeout, plus the time the go grants; an engine that stops answering\n"
      "or exits ends the check with one line naming the steps not run. Prints 'pass', 'FAIL' or 'skip' and\n"
      "the step on each line. Exit status: 0 every step passed (or was skipped); 1 a step failed, or bad input.");
  auto args = std::make_shared<EngineCheckArgs>();
  cmd->add_option("--timeout", args->timeout_ms, "Milliseconds each answer may take, beyond the time a go grants")
      ->check(whole_number_in(1, 3'600'000))
      ->capture_default_str();
  cmd->add_option("--variant", args->variant, "Bundled variant sent as UCI_Variant")->capture_default_str();
  cmd->add_option("--rules", args->rules, "Rules file sent as VariantPath (default: the variant's bundled file)")
      ->check(existing_file());
  cmd->add_option("COMMAND", args->command, "The engine and its arguments, after --")->required();
  return {cmd, [args] { return run_engine_check(*args); }};
}

}  // namespace jungle::cli
