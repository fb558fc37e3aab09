// `jungle perft` and `jungle perft-table`: counting the move tree; and `jungle perft --perftree`,
// the other side of perft-diff's contract.
#include <limits>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/argument_checks.h"
#include "cli/command.h"
#include "engine/variant_loader.h"
#include "perft/batch.h"
#include "perft/hash_table.h"
#include "perft/perft.h"
#include "perft/perftree.h"
#include "perft/progress.h"
#include "perft/suite.h"
#include "support/cpu_time.h"
#include "support/excerpt.h"
#include "support/files.h"
#include "support/numbers.h"
#include "support/text.h"

namespace jungle::cli {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

struct PerftArgs {
  std::string variant = "standard", fen, suite;
  int depth = 0;
  bool divide = false, verify = false, force = false, batch = false;
  bool variant_given = false;  // --variant on the command line, not its default
  PerftOptions options{.threads = 0};
};

void check_depth(const std::string& what, int depth, bool force) {
  if (std::string why = depth_refusal(depth, force); !why.empty())
    throw UsageError(what + " " + std::to_string(depth) + " " + why);
}

// One count, with a progress line on standard error while it takes long; gone when it ends.
std::vector<DivideLine> watched_divide(const Position& pos, int depth, const PerftOptions& options) {
  CountProgress progress;
  return divide(pos, depth, progress.hooked(options));
}

// The count with the user's options; with --verify counted again under other Zobrist keys.
std::vector<DivideLine> checked_divide(const Position& pos, const PerftArgs& args, const PerftOptions& options) {
  std::vector<DivideLine> lines = watched_divide(pos, args.depth, options);
  if (!args.verify) return lines;
  PerftOptions other = options;
  other.zobrist_seed = 0x5EED0F0A2ULL;
  std::vector<DivideLine> again = watched_divide(pos, args.depth, other);
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].nodes != again[i].nodes)
      throw UsageError("--verify: the two counts differ below " + lines[i].move + ": " +
                       std::to_string(lines[i].nodes) + " and " + std::to_string(again[i].nodes) +
                       " (a hash collision; use a larger --hash or none)");
  std::fprintf(stderr, "Verified: two Zobrist seeds agree\n");
  return lines;
}

int run_perft(const PerftArgs& args) {
  check_depth("--depth", args.depth, args.force);
  Variant variant = load_variant_argument("--variant", args.variant);
  Position pos = make_position(variant, args.fen);
  PerftOptions options = args.options;
  std::unique_ptr<PerftTable> table = shared_table(options);
  auto start = Clock::now();
  std::uint64_t nodes = args.depth == 0 ? 1 : 0;
  for (const DivideLine& line : checked_divide(pos, args, options)) {
    if (args.divide) std::cout << line.move << ": " << line.nodes << "\n";
    nodes += line.nodes;
  }
  if (args.divide) std::cout << "\n";
  std::cout << "Nodes searched: " << nodes << std::endl;
  double secs = seconds_since(start);
  std::fprintf(stderr, "Time: %.3f s, %.1f M nodes/s\n", secs, secs > 0 ? nodes / secs / 1e6 : 0.0);
  return 0;
}

// The rules a suite is checked under: those its rules line names. Its counts are theirs, so a
// --variant with other moves is a mistake; a suite naming none is checked under --variant.
Variant suite_variant(const PerftArgs& args) {
  std::optional<Variant> own = read_suite_rules(args.suite);
  if (own && !args.variant_given) return *own;
  Variant given = load_variant_argument("--variant", args.variant);
  if (own && !same_moves(*own, given))
    throw UsageError(args.suite + " is a suite for " + rules_name(*own, given) + ", not " +
                     rules_name(given, *own) + "; drop --variant or give the suite's rules");
  return given;
}

int run_suite(const PerftArgs& args, std::optional<int> max_depth) {
  if (max_depth) check_depth("--depth", *max_depth, args.force);
  Variant variant = suite_variant(args);
  std::vector<SuiteEntry> entries = read_suite(args.suite);
  auto counted = [&](const SuiteExpectation& e) { return !max_depth || e.depth <= *max_depth; };
  // Every depth is checked before any is counted: a refusal after an hour of counting helps no one.
  for (const SuiteEntry& entry : entries)
    for (const SuiteExpectation& e : entry.expected)
      if (counted(e)) check_depth(args.suite + ":" + std::to_string(entry.line) + ": depth", e.depth, args.force);
  // And every position read: a bad line is the suite's mistake, said before any line is counted.
  std::vector<Position> positions;
  for (const SuiteEntry& entry : entries) {
    try {
      positions.emplace_back(variant, entry.fen);
    } catch (const PositionError& e) {
      throw UsageError(args.suite + ":" + std::to_string(entry.line) + ": " + e.what());
    }
  }
  PerftOptions options = args.options;
  std::unique_ptr<PerftTable> table = shared_table(options);
  int failures = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const SuiteEntry& entry = entries[i];
    const Position& pos = positions[i];
    bool ok = true;
    for (const SuiteExpectation& e : entry.expected) {
      if (!counted(e)) continue;
      std::uint64_t nodes = 0;
      for (const DivideLine& line : watched_divide(pos, e.depth, options)) nodes += line.nodes;
      if (nodes != e.nodes) {
        ok = false;
        std::cout << "FAIL " << args.suite << ":" << entry.line << " \"" << entry.fen << "\" depth " << e.depth
                  << ": expected " << e.nodes << ", counted " << nodes << "\n";
        ++failures;
      }
    }
    if (ok) std::cout << "ok   " << args.suite << ":" << entry.line << " \"" << entry.fen << "\"\n";
  }
  std::cout << entries.size() << " positions, " << failures << " mismatches\n";
  return failures ? 1 : 0;
}

// DEPTH is text from whatever runs us: perftree passes on what its user typed.
int perftree_depth(const std::string& text, bool force) {
  const auto depth = parse_whole_number(text, 0, std::numeric_limits<int>::max());
  if (!depth)
    throw UsageError("--perftree: depth '" + excerpt(text) + "' is not a number from 0 to " +
                     std::to_string(PERFT_MAX_DEPTH));
  check_depth("--perftree: depth", *depth, force);
  return *depth;
}

int answer_perftree(const std::vector<std::string>& values, const std::string& variant_name, PerftOptions options,
                    bool force) {
  if (values.size() < 2) throw UsageError("--perftree: expected DEPTH FEN [MOVES], as perftree passes them");
  int depth = perftree_depth(values[0], force);
  Variant variant = load_variant_argument("--variant", variant_name);
  std::vector<std::string> moves = values.size() > 2 ? split_moves(values[2]) : std::vector<std::string>{};
  std::unique_ptr<PerftTable> table = shared_table(options);
  try {
    Position pos = play_moves(variant, values[1], moves);
    std::cout << format_perftree(divide_with_total(pos, depth, options)) << std::flush;
  } catch (const PerftreeError& e) {
    throw UsageError("--perftree: " + std::string(e.what()));
  }
  return 0;
}

// The batch contract (perft/batch.h) on our side: a request we cannot answer gets its error line,
// so that the caller's requests and answers stay in step, and the exit status says some failed.
int answer_batch(const std::string& variant_name, PerftOptions options, bool force) {
  Variant variant = load_variant_argument("--variant", variant_name);
  std::unique_ptr<PerftTable> table = shared_table(options);
  LineReader requests("/dev/stdin");
  int failures = 0;
  // A line past the reader's limit (1 MiB) cannot be skipped to its end: it gets its error
  // answer, and the answers stop there.
  auto next = [&](std::string& line) {
    try {
      return requests.next(line);
    } catch (const FileReadError&) {
      std::cout << "error line " << requests.line_number() << ": longer than 1 MiB; no more answers" << std::endl;
      throw UsageError("--batch: standard input line " + std::to_string(requests.line_number()) +
                       " is longer than 1 MiB");
    }
  };
  for (std::string line; next(line);) {
    try {
      BatchRequest request = parse_batch_request(line);
      if (std::string why = depth_refusal(request.depth, force); !why.empty())
        throw BatchRequestError("depth " + std::to_string(request.depth) + " " + why);
      Position pos = play_moves(variant, request.fen, request.moves);
      std::cout << format_batch_answer(divide_with_total(pos, request.depth, options)) << std::endl;
    } catch (const std::runtime_error& e) {  // BatchRequestError, PerftreeError
      std::cout << "error line " << requests.line_number() << ": " << e.what() << std::endl;
      ++failures;
    }
  }
  return failures ? 1 : 0;
}

}  // namespace

Command add_perft_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "perft", "Count leaf nodes of the move tree (under mpirun, rank 0 deals the subtrees to every rank)");
  auto args = std::make_shared<PerftArgs>();
  auto* variant = cmd->add_option("--variant", args->variant,
                                  "Bundled variant name or TOML file (with --suite, default: the suite's rules)")
                      ->capture_default_str();
  cmd->add_option("--fen", args->fen, "Position (default: the variant's start)");
  auto* depth = cmd->add_option("--depth", args->depth, "Depth in plies (beyond 10 with --force, at most 15)")
                    ->check(whole_number_from(0));
  cmd->add_flag("--force", args->force, "Count beyond 10 plies, which can take days");
  cmd->add_flag("--divide", args->divide, "Print the count below each root move");
  auto* suite = cmd->add_option("--suite", args->suite,
                                "Check an EPD-style suite (FEN ;D1 n ;D2 n ...) under the rules its '# rules:' line names")
                    ->check(existing_file());
  suite->excludes("--fen")->excludes("--divide");
  cmd->add_option("--threads", args->options.threads, "OpenMP threads, per MPI rank (0: all cores)")
      ->check(whole_number_in(0, 1024))
      ->capture_default_str();
  auto* hash = cmd->add_option("--hash", args->options.hash_mb, "Table of subtotals, in MB, one per MPI rank (0: none)")
                   ->check(whole_number_in(0, 1 << 20));
  cmd->add_flag("--verify", args->verify, "Count twice with different Zobrist seeds; fail if they differ");
  cmd->add_flag("--repetition", args->options.repetition,
                "A position repeating one earlier on the line ends it as one leaf")
      ->excludes(hash);
  // perftree's contract (see perft-diff), so that a script's `jungle perft --perftree "$@"` works.
  auto perftree = std::make_shared<std::vector<std::string>>();
  auto* perftree_opt = cmd->add_option("--perftree", *perftree, "Divide after MOVES from FEN, for perftree")
                           ->type_name("DEPTH FEN [MOVES]")
                           // (1, 3), not (2, 3), which CLI11's help would show as "x 2"; two are checked below.
                           ->expected(1, 3)
                           ->excludes(suite)
                           ->excludes(depth)
                           ->excludes("--fen")
                           ->excludes("--divide")
                           ->excludes("--repetition");
  cmd->add_flag("--batch", args->batch, "Answer 'DEPTH FEN [moves MOVE...]' lines from standard input, one line each")
                    ->excludes(perftree_opt)
                    ->excludes(suite)
                    ->excludes(depth)
                    ->excludes("--fen")
                    ->excludes("--divide")
                    ->excludes("--repetition");
  return {cmd, [=] {
            if (args->batch) return answer_batch(args->variant, args->options, args->force);
            if (*perftree_opt) return answer_perftree(*perftree, args->variant, args->options, args->force);
            args->variant_given = variant->count() > 0;
            if (*suite) return run_suite(*args, *depth ? std::optional(args->depth) : std::nullopt);
            if (!*depth) throw UsageError("--depth is required (or --suite FILE)");
            return run_perft(*args);
          }};
}

std::vector<report::PerftRow> perft_table(int max_depth, const std::function<void(const report::PerftRow&)>& on_count,
                                          const std::vector<Variant>& variants) {
  std::vector<report::PerftRow> rows;
  for (const Variant& v : variants.empty() ? bundled_variants() : variants) {
    Position pos = make_position(v, "");
    report::PerftRow& row = rows.emplace_back();
    row.variant = v.name;
    const double cpu_start = thread_cpu_seconds();
    for (int d = 1; d <= max_depth; ++d) {
      row.counts.push_back(perft(pos, d));
      row.timed_nodes += row.counts.back();
      if (d < max_depth && on_count) on_count(row);
    }
    while (thread_cpu_seconds() - cpu_start < report::MIN_PERFT_SPEED_SECONDS) row.timed_nodes += perft(pos, max_depth);
    row.seconds = thread_cpu_seconds() - cpu_start;
    if (on_count) on_count(row);
  }
  return rows;
}

Command add_perft_table_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("perft-table", "Perft counts and speed for every bundled variant");
  auto max_depth = std::make_shared<int>(6);
  auto force = std::make_shared<bool>(false);
  cmd->add_option("--depth", *max_depth, "Deepest depth (beyond 10 with --force, at most 15)")
      ->check(whole_number_from(1))
      ->capture_default_str();
  cmd->add_flag("--force", *force, "Count beyond 10 plies, which can take days");
  return {cmd, [max_depth, force] {
            const int depth = *max_depth;
            check_depth("--depth", depth, *force);
            std::printf("Perft from each bundled variant's start position, on one thread; the speed is its CPU time over at "
                        "least %g s of counting (the deepest depth again until then)\n\n",
                        report::MIN_PERFT_SPEED_SECONDS);
            std::printf("| %-14s |", "variant");
            for (int d = 1; d <= depth; ++d) std::printf(" %13s |", ("depth " + std::to_string(d)).c_str());
            std::printf(" %10s |\n|%s|", "M nodes/s", std::string(16, '-').c_str());
            for (int d = 0; d <= depth; ++d) std::printf("%s|", std::string(d == depth ? 12 : 15, '-').c_str());
            std::printf("\n");
            // Each count is printed as soon as it is known: the deep ones take a while.
            perft_table(depth, [](const report::PerftRow& row) {
              if (row.counts.size() == 1) std::printf("| %-14s |", row.variant.c_str());
              std::printf(" %13s |", with_commas(row.counts.back()).c_str());
              if (row.seconds > 0) std::printf(" %10.1f |\n", row.nodes_per_second() / 1e6);
              std::fflush(stdout);
            });
            return 0;
          }};
}

}  // namespace jungle::cli
