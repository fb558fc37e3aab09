// `jungle perft-diff`: find where another move generator's perft differs from ours.
#include <iostream>
#include <memory>
#include <new>

#include "cli/command.h"
#include "engine/variant_loader.h"
#include "perft/hash_table.h"
#include "perft/perft_diff.h"
#include "perft/progress.h"

namespace jungle::cli {

namespace {

// diff(1)'s convention: a difference is a finding, trouble is another exit code.
constexpr int SAME = 0, DIFFERENT = 1, TROUBLE = 2;

struct PerftDiffArgs {
  std::string variant = "standard", fen, against;
  int depth = 0;
  bool force = false;
  int timeout = 120;
  PerftOptions options{.threads = 0};
};

int run_perft_diff(const PerftDiffArgs& args) {
  if (std::string why = depth_refusal(args.depth, args.force); !why.empty())
    throw UsageError("--depth " + std::to_string(args.depth) + " " + why);
  Variant variant = load_variant(args.variant);
  Position root = make_position(variant, args.fen);
  // One table for every level of the descent: a deeper level's subtotals are in it already.
  PerftOptions options = args.options;
  std::unique_ptr<PerftTable> table = shared_table(options);
  DiffResult result = [&] {
    CountProgress progress;  // gone before the report is printed
    return perft_diff(root, args.depth, external_generator(args.against, {.seconds = args.timeout}),
                      progress.hooked(options));
  }();
  std::cout << format_diff(result) << std::flush;
  return result.kind == DiffKind::None ? SAME : DIFFERENT;
}

}  // namespace

Command add_perft_diff_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("perft-diff", "Find where another move generator's perft differs from ours");
  cmd->footer(
      "COMMAND is run as perftree (github.com/agausmann/perftree) runs it, through /bin/sh so that it may\n"
      "carry arguments: COMMAND DEPTH 'FEN' 'MOVES', printing 'MOVE COUNT' lines, a blank line and the\n"
      "total. perft-diff follows the first move whose counts differ until the move sets differ, and prints\n"
      "that position, the moves leading there, the extra moves (only COMMAND has them) and the missing\n"
      "ones (only we have them). A run of COMMAND that takes longer than --timeout or prints more than\n"
      "1 MiB is killed, with the processes it started.\n"
      "Exit status: 0 no difference; 1 a difference was found (a finding, not an error); 2 trouble:\n"
      "bad input, or COMMAND failed, timed out or printed something else.");
  auto args = std::make_shared<PerftDiffArgs>();
  cmd->add_option("--variant", args->variant, "Bundled variant name or TOML file")->capture_default_str();
  cmd->add_option("--fen", args->fen, "Position (default: the variant's start)");
  cmd->add_option("--depth", args->depth, "Depth in plies (beyond 10 with --force, at most 15)")
      ->required()
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--force", args->force, "Count beyond 10 plies, which can take days");
  cmd->add_option("--against", args->against, "The other generator's command (perftree's contract)")->required();
  cmd->add_option("--timeout", args->timeout, "Seconds to wait for each run of the other generator")
      ->check(CLI::Range(1, 1 << 20))
      ->capture_default_str();
  cmd->add_option("--threads", args->options.threads, "OpenMP threads for our counts (0: all cores)")
      ->check(CLI::Range(0, 1024))
      ->capture_default_str();
  cmd->add_option("--hash", args->options.hash_mb, "Table of subtotals, in MB (0: none)")
      ->check(CLI::Range(0, 1 << 20));
  return {cmd, [args] {
            // Trouble exits 2 here, not 1 as elsewhere, since 1 means "a difference".
            try {
              return run_perft_diff(*args);
            } catch (const VariantError& e) {
              std::cerr << e.what() << "\n";
            } catch (const UsageError& e) {
              std::cerr << "error: " << e.what() << "\n";
            } catch (const GeneratorError& e) {
              std::cerr << "error: " << e.what() << "\n";
            } catch (const std::bad_alloc&) {
              std::cerr << "error: jungle perft-diff: out of memory\n";
            } catch (const std::exception& e) {
              std::cerr << "error: jungle perft-diff: " << e.what() << "\n";
            }
            return TROUBLE;
          }};
}

}  // namespace jungle::cli
