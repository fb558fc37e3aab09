// `jungle perft-diff`: find where another move generator's perft differs from ours.
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <omp.h>

#include "cli/argument_checks.h"
#include "cli/command.h"
#include "engine/variant_loader.h"
#include "perft/batch.h"
#include "perft/hash_table.h"
#include "perft/perft_diff.h"
#include "perft/progress.h"
#include "perft/suite_diff.h"

namespace jungle::cli {

namespace {

// diff(1)'s convention: a difference is a finding, trouble is another exit code.
constexpr int SAME = 0, DIFFERENT = 1, TROUBLE = 2;

struct PerftDiffArgs {
  std::string variant = "standard", fen, suite, against;
  std::optional<int> depth;
  bool force = false, batch = false;
  bool variant_given = false;  // --variant on the command line, not its default
  int timeout = 120;
  PerftOptions options{.threads = 0};
};

Generator other_generator(const PerftDiffArgs& args) {
  const GeneratorLimits limits{.seconds = args.timeout};
  return args.batch ? batch_generator(args.against, limits) : external_generator(args.against, limits);
}

int run_perft_diff(const PerftDiffArgs& args) {
  if (!args.depth) throw UsageError("--depth is required (or --suite FILE)");
  if (std::string why = depth_refusal(*args.depth, args.force); !why.empty())
    throw UsageError("--depth " + std::to_string(*args.depth) + " " + why);
  Variant variant = load_variant_argument("--variant", args.variant);
  Position root = make_position(variant, args.fen);
  // One table for every level of the descent: a deeper level's subtotals are in it already.
  PerftOptions options = args.options;
  std::unique_ptr<PerftTable> table = shared_table(options);
  DiffResult result = [&] {
    CountProgress progress;  // gone before the report is printed
    return perft_diff(root, *args.depth, other_generator(args), progress.hooked(options));
  }();
  std::cout << format_diff(result) << std::flush;
  return result.kind == DiffKind::None ? SAME : DIFFERENT;
}

int run_suite_diff(const PerftDiffArgs& args) {
  // The suite's own rules, named on its rules line, unless --variant names others: then its
  // positions serve those, each compared on our counts, since the suite's are for other rules.
  std::optional<Variant> own = read_suite_rules(args.suite);
  Variant variant = own && !args.variant_given ? *own : load_variant_argument("--variant", args.variant);
  const bool recount = own && !same_moves(*own, variant);
  std::vector<SuiteEntry> entries = read_suite(args.suite);
  std::vector<int> depths = suite_depths(variant, args.suite, entries, {.depth = args.depth}, args.force);
  if (entries.empty()) throw UsageError("--suite " + args.suite + ": no position in it");
  if (recount)
    std::cout << args.suite << " is a suite for " << rules_name(*own, variant) << ": its positions are compared under "
              << rules_name(variant, *own) << " on our counts, not the suite's\n";
  const int threads = args.options.threads > 0 ? args.options.threads : omp_get_max_threads();
  SuiteDiffSummary summary = diff_suite(
      variant, entries, depths, threads, [&] { return other_generator(args); },
      [&](const PositionDiff& r) { std::cout << format_position_diff(args.suite, r) << std::flush; },
      recount ? SuiteCounts::Ignored : SuiteCounts::Checked);
  const auto [lowest, highest] = std::minmax_element(depths.begin(), depths.end());
  std::cout << (summary.differ + summary.errors ? "\n" : "") << args.suite << ": " << entries.size()
            << (entries.size() == 1 ? " position" : " positions") << " at depth " << *lowest << (*lowest == *highest ? "" : "-" + std::to_string(*highest)) << ": "
            << summary.agree << " agree, " << summary.differ << " differ";
  if (summary.errors) std::cout << ", " << summary.errors << " could not be compared";
  std::cout << std::endl;
  return summary.errors ? TROUBLE : summary.differ ? DIFFERENT : SAME;
}

}  // namespace

Command add_perft_diff_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("perft-diff", "Find where another move generator's perft differs from ours");
  cmd->footer(
      "COMMAND is run as perftree (github.com/agausmann/perftree) runs it, through /bin/sh so that it may\n"
      "carry arguments: COMMAND DEPTH 'FEN' 'MOVES', printing 'MOVE COUNT' or 'MOVE: COUNT' lines, a blank\n"
      "line and the total ('N' or 'Nodes searched: N'). With --batch it is started once (once per thread\n"
      "with --suite) and answers 'DEPTH FEN [moves MOVE...]' lines on its standard input, one line each:\n"
      "'TOTAL MOVE:COUNT ...' (docs/perft.md). perft-diff follows the first move whose counts differ until\n"
      "the move sets differ, and prints that position, the moves leading there, the extra moves (only\n"
      "COMMAND has them) and the missing ones (only we have them). --suite does so for every position of\n"
      "an EPD suite, a few at once, printing those that differ and a summary, under the rules its\n"
      "'# rules:' line names. With --variant naming other rules it uses the suite's positions alone:\n"
      "each is compared on our counts under --variant, none skipped (perft --suite refuses instead,\n"
      "as it checks the suite's counts). A run of COMMAND (an answer, with --batch) that takes longer\n"
      "than --timeout or prints more than 1 MiB is killed, with the processes it started.\n"
      "Exit status: 0 no difference; 1 a difference was found (a finding, not an error); 2 trouble:\n"
      "bad input, or COMMAND failed, timed out or printed something else.");
  auto args = std::make_shared<PerftDiffArgs>();
  auto* variant = cmd->add_option("--variant", args->variant,
                                  "Bundled variant name or TOML file (with --suite, default: the suite's rules)")
                      ->capture_default_str();
  auto* fen = cmd->add_option("--fen", args->fen, "Position (default: the variant's start)");
  auto* suite = cmd->add_option("--suite", args->suite,
                                "Compare every position of an EPD suite (FEN ;D1 n ;D2 n ...); under rules other than "
                                "its own, on our counts")
      ->check(existing_file())
      ->excludes(fen);
  cmd->add_option("--depth", args->depth,
                  "Depth in plies (beyond 10 with --force, at most 15); with --suite, default: each line's deepest")
      ->check(whole_number_from(1));
  cmd->add_flag("--force", args->force, "Count beyond 10 plies, which can take days");
  cmd->add_option("--against", args->against, "The other generator's command (perftree's contract, or with --batch the batch contract)")->required();
  cmd->add_flag("--batch", args->batch, "COMMAND speaks the batch contract: one process answers many positions");
  cmd->add_option("--timeout", args->timeout, "Seconds to wait for each run of the other generator")
      ->check(whole_number_in(1, 1 << 20))
      ->capture_default_str();
  cmd->add_option("--threads", args->options.threads,
                  "Threads for our counts, or positions compared at once with --suite (0: all cores)")
      ->check(whole_number_in(0, 1024))
      ->capture_default_str();
  cmd->add_option("--hash", args->options.hash_mb, "Table of subtotals, in MB (0: none)")
      ->check(whole_number_in(0, 1 << 20))
      ->excludes(suite);
  // Its errors exit 2, not 1 as elsewhere (main, error_exit_code), since 1 means "a difference".
  return {cmd, [args, variant] {
            args->variant_given = variant->count() > 0;
            return args->suite.empty() ? run_perft_diff(*args) : run_suite_diff(*args);
          }};
}

}  // namespace jungle::cli
