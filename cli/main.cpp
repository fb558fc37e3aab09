// The `jungle` command: one binary, one subcommand per job.
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>

#include "movegen.h"
#include "perft.h"
#include "position.h"
#include "suite.h"
#include "variant_loader.h"

using namespace jungle;

namespace {

// Any error the user can cause ends as one line on standard error and exit code 1.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

Position make_position(const Variant& variant, const std::string& fen) {
  try {
    return Position(variant, fen.empty() ? variant.start : fen);
  } catch (const PositionError& e) {
    throw UsageError(std::string(fen.empty() ? "variant start" : "--fen") + ": " + e.what());
  }
}

int run_variants() {
  for (const Variant& v : bundled_variants()) std::cout << v.name << "\n    " << v.description << "\n";
  return 0;
}

int run_check(const std::vector<std::string>& files) {
  int failures = 0;
  for (const std::string& file : files) {
    try {
      Variant v = load_variant_file(file);
      std::cout << file << ": ok (" << v.name << (v.extends.empty() ? "" : " extends " + v.extends) << ")\n";
    } catch (const VariantError& e) {
      std::cerr << e.what() << "\n";
      ++failures;
    }
  }
  return failures ? 1 : 0;
}

int run_show(const std::string& variant_name, const std::string& fen) {
  Variant variant = load_variant(variant_name);
  Position pos = make_position(variant, fen);
  std::cout << "Variant: " << variant.name << "\n" << pos.pretty();
  return 0;
}

int run_perft(const std::string& variant_name, const std::string& fen, int depth, bool show_divide) {
  Variant variant = load_variant(variant_name);
  Position pos = make_position(variant, fen);
  auto start = Clock::now();
  std::uint64_t nodes = 0;
  if (show_divide) {
    for (const DivideLine& line : divide(pos, depth)) {
      std::cout << line.move << ": " << line.nodes << "\n";
      nodes += line.nodes;
    }
    std::cout << "\n";
  } else {
    nodes = perft(pos, depth);
  }
  std::cout << "Nodes searched: " << nodes << std::endl;
  double secs = seconds_since(start);
  std::fprintf(stderr, "Time: %.3f s, %.1f M nodes/s\n", secs, secs > 0 ? nodes / secs / 1e6 : 0.0);
  return 0;
}

int run_suite(const std::string& variant_name, const std::string& file, std::optional<int> max_depth) {
  Variant variant = load_variant(variant_name);
  std::vector<SuiteEntry> entries;
  try {
    entries = read_suite(file);
  } catch (const SuiteError& e) {
    throw UsageError(e.what());
  }
  int failures = 0;
  for (const SuiteEntry& entry : entries) {
    Position pos = [&] {
      try {
        return Position(variant, entry.fen);
      } catch (const PositionError& e) {
        throw UsageError(file + ":" + std::to_string(entry.line) + ": " + e.what());
      }
    }();
    std::string verdict = "ok";
    for (const SuiteExpectation& e : entry.expected) {
      if (max_depth && e.depth > *max_depth) continue;
      std::uint64_t counted = perft(pos, e.depth);
      if (counted != e.nodes) {
        verdict = "FAIL";
        std::cout << "FAIL " << file << ":" << entry.line << " \"" << entry.fen << "\" depth " << e.depth
                  << ": expected " << e.nodes << ", counted " << counted << "\n";
        ++failures;
      }
    }
    if (verdict == "ok") std::cout << "ok   " << file << ":" << entry.line << " \"" << entry.fen << "\"\n";
  }
  std::cout << entries.size() << " positions, " << failures << " mismatches\n";
  return failures ? 1 : 0;
}

// The main job on the bundled defaults: perft counts and speed for every bundled variant.
int run_perft_table(int max_depth) {
  std::vector<Variant> variants = bundled_variants();
  std::printf("Perft from each bundled variant's start position (single thread)\n\n");
  std::printf("| %-14s |", "variant");
  for (int d = 1; d <= max_depth; ++d) std::printf(" %13s |", ("depth " + std::to_string(d)).c_str());
  std::printf(" %10s |\n|%s|", "M nodes/s", std::string(16, '-').c_str());
  for (int d = 0; d <= max_depth; ++d) std::printf("%s|", std::string(d == max_depth ? 12 : 15, '-').c_str());
  std::printf("\n");
  for (const Variant& v : variants) {
    Position pos = make_position(v, "");
    std::printf("| %-14s |", v.name.c_str());
    std::fflush(stdout);
    std::uint64_t total = 0;
    auto start = Clock::now();
    for (int d = 1; d <= max_depth; ++d) {
      std::uint64_t n = perft(pos, d);
      total += n;
      std::printf(" %13s |", with_commas(n).c_str());
      std::fflush(stdout);
    }
    std::printf(" %10.1f |\n", total / seconds_since(start) / 1e6);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"jungle: a Jungle (Dou Shou Qi) rule-variant research and perft harness"};
  app.require_subcommand(1);
  // One line per error, like every other error of the tool.
  app.failure_message([](const CLI::App*, const CLI::Error& e) { return "error: " + std::string(e.what()) + "\n"; });

  auto* variants_cmd = app.add_subcommand("variants", "List the bundled variants with their descriptions");

  std::vector<std::string> check_files;
  auto* check_cmd = app.add_subcommand("check", "Validate variant files; errors as FILE:LINE:COLUMN: message");
  check_cmd->add_option("files", check_files, "Variant TOML files")->required();

  std::string variant_name = "standard", fen;
  auto* show_cmd = app.add_subcommand("show", "Print the board with terrain and pieces");
  show_cmd->add_option("--variant", variant_name, "Bundled variant name or TOML file")->capture_default_str();
  show_cmd->add_option("--fen", fen, "Position (default: the variant's start)");

  int depth = 0;
  bool show_divide = false;
  std::string suite_file;
  auto* perft_cmd = app.add_subcommand("perft", "Count leaf nodes of the move tree");
  perft_cmd->add_option("--variant", variant_name, "Bundled variant name or TOML file")->capture_default_str();
  perft_cmd->add_option("--fen", fen, "Position (default: the variant's start)");
  auto* depth_opt = perft_cmd->add_option("--depth", depth, "Depth in plies")->check(CLI::Range(0, 64));
  perft_cmd->add_flag("--divide", show_divide, "Print the count below each root move");
  auto* suite_opt = perft_cmd->add_option("--suite", suite_file, "Check an EPD-style suite (FEN ;D1 n ;D2 n ...)")
                        ->check(CLI::ExistingFile);
  suite_opt->excludes("--fen")->excludes("--divide");

  int table_depth = 6;
  auto* table_cmd = app.add_subcommand("perft-table", "Perft counts and speed for every bundled variant");
  table_cmd->add_option("--depth", table_depth, "Deepest depth")->check(CLI::Range(1, 12))->capture_default_str();

  CLI11_PARSE(app, argc, argv);

  try {
    if (*variants_cmd) return run_variants();
    if (*check_cmd) return run_check(check_files);
    if (*show_cmd) return run_show(variant_name, fen);
    if (*table_cmd) return run_perft_table(table_depth);
    if (*perft_cmd) {
      if (*suite_opt) return run_suite(variant_name, suite_file, *depth_opt ? std::optional(depth) : std::nullopt);
      if (!*depth_opt) throw UsageError("perft: --depth is required (or --suite FILE)");
      return run_perft(variant_name, fen, depth, show_divide);
    }
  } catch (const VariantError& e) {
    std::cerr << e.what() << "\n";
  } catch (const UsageError& e) {
    std::cerr << "error: " << e.what() << "\n";
  }
  return 1;
}
