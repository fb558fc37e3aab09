// The subcommands of `jungle`. Each adds itself, with its options, to the app and returns
// what to run when it is chosen.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <stdexcept>
#include <string>

#include "position.h"
#include "variant.h"

namespace jungle::cli {

// A mistake in the user's input: printed as one line "error: ..." with exit code 1.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Command {
  CLI::App* app;
  std::function<int()> run;
};

Command add_variants_command(CLI::App& app);
Command add_check_command(CLI::App& app);
Command add_show_command(CLI::App& app);
Command add_perft_command(CLI::App& app);
Command add_perft_table_command(CLI::App& app);

// Shared by the subcommands: the position given by --fen, or the variant's start when empty.
Position make_position(const Variant& variant, const std::string& fen);
// 1234567 -> "1,234,567"
std::string with_commas(std::uint64_t n);

}  // namespace jungle::cli
