// CLI11's parse errors in the user's words: one line that names the command and the argument,
// says what was wrong and what is accepted, and suggests the nearest name for a mistyped one:
//   perft: --depth must be a whole number of 0 or more, not "abc"
//   perft: unknown option "--dept": did you mean --depth?
//   check: FILE is required: variant TOML files
// and never CLI11's internal names ("files", "INT:NONNEGATIVE") or a double's bounds.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace jungle::cli {

// The subcommands the arguments choose, outermost first ("tablebase", "build"): the first word
// (an argument that is no option) when it names a subcommand of the app, then the next word when
// it names one of that one's, and so on. Read from the arguments rather than from CLI11, which has
// not recorded them when parsing fails.
std::vector<const CLI::App*> chosen_commands(const CLI::App& app, const std::vector<std::string>& args);

// How a message names the chosen command: "perft", "tablebase build"; "" for none.
std::string command_label(const std::vector<const CLI::App*>& chosen);

// The message of a failed parse (not --help or --version), without the leading "error: ".
std::string argument_error_text(const CLI::App& app, const std::vector<std::string>& args, const CLI::Error& e);

// The message for a first argument that names no command of the app's (and is no option).
std::string unknown_command_text(const CLI::App& app, const std::string& typed);

}  // namespace jungle::cli
