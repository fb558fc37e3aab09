// `jungle perft-suite`: write a rules suite for a variant (perft/rules_suite.h), the positions from
// which perft-diff tells a generator that gets any one of its rules wrong.
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/argument_checks.h"
#include "cli/command.h"
#include "engine/variant_loader.h"
#include "perft/rules_suite.h"
#include "perft/suite.h"
#include "support/files.h"

namespace jungle::cli {

namespace {

namespace fs = std::filesystem;

struct PerftSuiteArgs {
  std::string variant, output;
  RulesSuiteOptions options;
};

// What the suite's rules line says: a bundled variant by its name, a file by its path from the
// suite's folder (perft/suite.h), so that the two may move together.
std::string rules_reference(const std::string& variant, const fs::path& output) {
  const bool is_path = variant.find('/') != std::string::npos || variant.ends_with(".toml");
  if (!is_path) return variant;
  const fs::path file = fs::absolute(variant).lexically_normal();
  const fs::path relative = file.lexically_relative(fs::absolute(output).lexically_normal().parent_path());
  std::string text = relative.empty() ? file.generic_string() : relative.generic_string();
  // A bare name would be read as a bundled variant's.
  if (text.find('/') == std::string::npos && !text.ends_with(".toml")) text = "./" + text;
  return text;
}

// The command as typed, for the suite's header.
std::string made_by() {
  std::string text = "jungle";
  const std::vector<std::string>& args = command_line();
  for (std::size_t i = 1; i < args.size(); ++i)
    text += " " + (args[i].find_first_of(" \t'\"$\\") == std::string::npos ? args[i] : "'" + args[i] + "'");
  return text;
}

std::string names(const std::vector<std::string>& list) {
  std::string text;
  for (const std::string& name : list) text += " " + name;
  return list.empty() ? " (none)" : text;
}

int run_perft_suite(const PerftSuiteArgs& args) {
  const Variant variant = load_variant_argument("--variant", args.variant);
  check_writable(args.output);
  const RulesSuite suite = make_rules_suite(variant, args.options);
  const std::string rules = rules_reference(args.variant, args.output);
  write_file_atomically(args.output, format_rules_suite(suite, variant.name, rules, made_by(), args.options));
  // The rules line must lead back to these rules, or the suite would be checked under others.
  const std::optional<Variant> named = read_suite_rules(args.output);
  if (!named || !same_moves(*named, variant))
    throw UsageError("perft-suite: " + args.output + "'s rules line \"" + rules + "\" does not lead back to " +
                     args.variant);
  const int shown = suite.flips - int(suite.moot.size() + suite.unseen.size());
  std::cout << args.output << ": " << suite.positions.size() << " positions show " << shown << " of " << suite.flips
            << " rule flips within depth " << RULES_SUITE_DEPTH << "\n"
            << "no position can show:" << names(suite.moot) << "\n"
            << "no candidate shows:" << names(suite.unseen) << "\n";
  return 0;
}

}  // namespace

Command add_perft_suite_command(CLI::App& app) {
  auto* cmd =
      app.add_subcommand("perft-suite", "Write a rules suite: positions whose perft shows every rule of a variant");
  cmd->footer(
      "Draws --candidates positions from --seed, half random, half small placements by the water, the\n"
      "traps, the dens and the jump lanes, and keeps a few from which every rule flip that can change\n"
      "the variant's moves (each rule set wrong in turn, and four classic generator bugs) changes the\n"
      "perft divide within 3 plies. The counts are jungle's own; the suite names its rules on its\n"
      "'# rules:' line, so that `jungle perft --suite OUTPUT` and `jungle perft-diff --suite OUTPUT\n"
      "--against CMD` need no --variant. The flips no position can show are listed in its header\n"
      "(docs/perft.md).");
  auto args = std::make_shared<PerftSuiteArgs>();
  cmd->add_option("--variant", args->variant, "Bundled variant name or TOML file")->required();
  cmd->add_option("--output", args->output, "The suite file to write")->required();
  cmd->add_option("--seed", args->options.seed, "Seed of the candidate positions")->capture_default_str();
  cmd->add_option("--candidates", args->options.candidates, "Candidate positions to draw")
      ->check(whole_number_in(1, 1000000))
      ->capture_default_str();
  return {cmd, [args] { return run_perft_suite(*args); }};
}

}  // namespace jungle::cli
