// The checks of an option's text, as CLI11 validators that say what is wrong in the user's words
// and what is accepted. Each message reads after the option's name, and main (cli/argument_errors.h)
// puts the command before it: "perft: --threads must be a whole number from 0 to 1024, not "2000"".
// Used instead of CLI11's own (Range, PositiveNumber, ExistingFile, IsMember), whose messages show
// a double's bounds and internal names; each keeps the description CLI11's would show in --help.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace jungle::cli {

// A whole number in decimal, from min to max ("0x10" is not one).
CLI::Validator whole_number_in(std::int64_t min, std::int64_t max);
// A whole number of min or more (0: "NONNEGATIVE", 1: "POSITIVE", as CLI11's help says).
CLI::Validator whole_number_from(std::int64_t min);
// A finite decimal number from min to max.
CLI::Validator number_in(double min, double max);
// The path of a file that exists (not a folder).
CLI::Validator existing_file();
// One of these words; a near miss gets the nearest ("did you mean quiet?").
CLI::Validator one_of(const std::vector<std::string>& words);

// Every number option of every subcommand (found by CLI11's type name: INT, UINT, FLOAT) is
// checked to be a whole number (of 0 or more, if unsigned), or a finite decimal number, after any
// check of its own; a whole number is read in decimal, since CLI11 alone reads "011" as octal 9
// and "0x10" as 16. Nothing shows in --help. Call once every command has its options.
void check_every_number(CLI::App& app);

}  // namespace jungle::cli
