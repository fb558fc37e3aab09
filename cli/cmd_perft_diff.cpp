// `jungle perft-diff`: find where another move generator's perft differs from ours; and the
// other side of the same contract, `jungle perft --perftree`.
#include <charconv>
#include <iostream>

#include "command.h"
#include "perft_diff.h"
#include "variant_loader.h"

namespace jungle::cli {

namespace {

// diff(1)'s convention: a difference is a finding, trouble is another exit code.
constexpr int SAME = 0, DIFFERENT = 1, TROUBLE = 2;

struct PerftDiffArgs {
  std::string variant = "standard", fen, against;
  int depth = 0;
  PerftOptions options{.threads = 0};
};

int run_perft_diff(const PerftDiffArgs& args) {
  Variant variant = load_variant(args.variant);
  Position root = make_position(variant, args.fen);
  DiffResult result = perft_diff(root, args.depth, external_generator(args.against), args.options);
  std::cout << format_diff(result) << std::flush;
  return result.kind == DiffKind::None ? SAME : DIFFERENT;
}

int parse_depth(const std::string& text) {
  int depth = -1;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), depth);
  if (error != std::errc() || end != text.data() + text.size() || depth < 0 || depth > 64)
    throw UsageError("--perftree: depth '" + text + "' is not a number from 0 to 64");
  return depth;
}

}  // namespace

int run_perftree(const std::vector<std::string>& values, const std::string& variant_name, const PerftOptions& options) {
  int depth = parse_depth(values[0]);
  Variant variant = load_variant(variant_name);
  std::vector<std::string> moves = values.size() > 2 ? split_moves(values[2]) : std::vector<std::string>{};
  try {
    Position pos = play_moves(variant, values[1], moves);
    std::cout << format_perftree(divide_with_total(pos, depth, options)) << std::flush;
  } catch (const PerftreeError& e) {
    throw UsageError("--perftree: " + std::string(e.what()));
  }
  return 0;
}

Command add_perft_diff_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("perft-diff", "Find where another move generator's perft differs from ours");
  cmd->footer(
      "COMMAND is run as perftree (github.com/agausmann/perftree) runs it, through /bin/sh so that it may\n"
      "carry arguments: COMMAND DEPTH 'FEN' 'MOVES', printing 'MOVE COUNT' lines, a blank line and the\n"
      "total. perft-diff follows the first move whose counts differ until the move sets differ, and prints\n"
      "that position, the moves leading there, the extra moves (only COMMAND has them) and the missing\n"
      "ones (only we have them).\n"
      "Exit status: 0 no difference; 1 a difference was found (a finding, not an error); 2 trouble:\n"
      "bad input, or COMMAND failed or printed something else.");
  auto args = std::make_shared<PerftDiffArgs>();
  cmd->add_option("--variant", args->variant, "Bundled variant name or TOML file")->capture_default_str();
  cmd->add_option("--fen", args->fen, "Position (default: the variant's start)");
  cmd->add_option("--depth", args->depth, "Depth in plies")->required()->check(CLI::Range(1, 64));
  cmd->add_option("--against", args->against, "The other generator's command (perftree's contract)")->required();
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
            }
            return TROUBLE;
          }};
}

}  // namespace jungle::cli
