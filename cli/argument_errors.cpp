#include "cli/argument_errors.h"

#include <algorithm>
#include <cctype>

#include "support/excerpt.h"
#include "support/nearest_names.h"
#include "support/numbers.h"
#include "support/text.h"

namespace jungle::cli {

namespace {

std::vector<const CLI::App*> subcommands_of(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App*) { return true; });
}

std::vector<std::string> command_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : subcommands_of(app)) names.push_back(sub->get_name());
  return names;
}

// Every name an option answers to: "--depth", "-h".
std::vector<std::string> option_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* option : app.get_options()) {
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    for (const std::string& name : option->get_snames()) names.push_back("-" + name);
  }
  return names;
}

// "did you mean --depth?" for "--dept": the names compared without their dashes, so that "-d" is
// one letter (which suggests nothing) rather than two characters one edit from "-h".
std::string nearest_option(const CLI::App& app, const std::string& typed) {
  auto bare = [](const std::string& name) { return name.substr(std::min(name.find_first_not_of('-'), name.size())); };
  const std::vector<std::string> names = option_names(app);
  std::vector<std::string> bare_names;
  for (const std::string& name : names) bare_names.push_back(bare(name));
  std::vector<std::string> nearest;
  for (const std::string& found : nearest_names(bare(typed), bare_names))
    nearest.push_back(names[std::find(bare_names.begin(), bare_names.end(), found) - bare_names.begin()]);
  return did_you_mean_text(nearest);
}

std::string with_label(const std::string& label, const std::string& text) {
  return label.empty() ? text : label + ": " + text;
}

std::string see_help(const std::string& label) { return "see jungle " + (label.empty() ? "" : label + " ") + "--help"; }

// "unknown command "perftt": did you mean perft? (commands: ...)".
std::string unknown_command(const CLI::App& app, const std::string& typed) {
  const std::vector<std::string> names = command_names(app);
  const std::string suggestion = did_you_mean(typed, names);
  return "unknown command " + quoted_excerpt(typed) + (suggestion.empty() ? "" : ": " + suggestion) +
         " (commands: " + join(names) + ")";
}

// An argument that looks like an option: a '-' and then not a number ("-5" is a value).
bool looks_like_option(const std::string& arg) {
  return arg.size() > 1 && arg.front() == '-' && !parse_decimal_number(arg);
}

std::string extras_text(const CLI::App& leaf, const std::string& label, const std::vector<std::string>& extras) {
  for (const std::string& extra : extras) {
    if (!looks_like_option(extra)) continue;
    const std::string name = extra.substr(0, extra.find('='));
    const std::string suggestion = nearest_option(leaf, name);
    return with_label(label, "unknown option " + quoted_excerpt(name) +
                                 (suggestion.empty() ? " (" + see_help(label) + ")" : ": " + suggestion));
  }
  if (extras.empty()) return with_label(label, "unexpected arguments (" + see_help(label) + ")");
  // A command with commands of its own (tablebase) takes the first word as one of them.
  if (!subcommands_of(leaf).empty()) return with_label(label, unknown_command(leaf, extras.front()));
  return with_label(label, "unexpected argument " + quoted_excerpt(extras.front()) + " (" + see_help(label) + ")");
}

// Whole-number options are those CLI11 names INT or UINT.
bool whole_number_option(const CLI::Option* option) {
  const std::string type = option ? option->get_type_name() : "";
  return type.starts_with("INT") || type.starts_with("UINT");
}

// "Could not convert: --games = x": a value that passed every check and still does not fit its
// type: a whole number past an int's range, a flag's value, or the text of a number option that
// check_every_number could not find by its type name (--precision's is "H"). Text options take
// any text, so a number is what the others wanted.
std::string conversion_text(const CLI::App& leaf, const std::string& label, const std::string& message) {
  const std::size_t colon = message.find(": "), equals = message.find(" = ");
  if (colon == std::string::npos || equals == std::string::npos || equals < colon)
    return with_label(label, message);
  const std::string name = message.substr(colon + 2, equals - colon - 2), value = message.substr(equals + 3);
  const CLI::Option* option = leaf.get_option_no_throw(name);
  // A flag, given as --force=maybe (CLI11 would take =true, =false or a count: never needed).
  if (option && option->get_expected_max() == 0)
    return with_label(label, name + " takes no value, not " + quoted_excerpt(value));
  if (whole_number_option(option) && spells_whole_number(value))
    return with_label(label, name + " " + quoted_excerpt(value) + (value.front() == '-' ? " is too small" : " is too large"));
  if (whole_number_option(option)) return with_label(label, name + " must be a whole number, not " + quoted_excerpt(value));
  return with_label(label, name + " must be a number, not " + quoted_excerpt(value));
}

// "NAME is required", or "A subcommand" (CLI11 says no more).
std::string required_text(const CLI::App& leaf, const std::string& label, const std::string& message,
                          const std::vector<std::string>& extras) {
  if (message.starts_with("A subcommand")) {
    // "jungle --bogus", "jungle tablebase biuld": the word that is there says more than its absence.
    if (!extras.empty()) return extras_text(leaf, label, extras);
    return with_label(label, "no command given (commands: " + join(command_names(leaf)) + "; " + see_help(label) + ")");
  }
  const std::size_t is = message.rfind(" is required");
  const std::string name = is == std::string::npos ? "" : message.substr(0, is);
  const CLI::Option* option = name.empty() ? nullptr : leaf.get_option_no_throw(name);
  if (!option) return with_label(label, message);
  if (option->nonpositional()) return with_label(label, name + " is required");
  // The description, as the rest of a sentence ("Variant TOML files": "variant TOML files"; not "BASE").
  std::string what = option->get_description();
  if (what.size() > 1 && std::isupper(static_cast<unsigned char>(what[0])) && std::islower(static_cast<unsigned char>(what[1])))
    what[0] = char(std::tolower(static_cast<unsigned char>(what[0])));
  return with_label(label, name + " is required" + (what.empty() ? "" : ": " + what));
}

// CLI11's counts of values: "--fen: 1 required TEXT missing", "--depth: At Most 1 required but
// received 2", "Expected exactly 2 arguments to --x, got 1".
std::string mismatch_text(const CLI::App& leaf, const std::string& label, const std::string& message) {
  std::string name;
  if (const std::size_t to = message.find(" arguments to "); message.starts_with("Expected") && to != std::string::npos)
    name = message.substr(to + 14, message.find(',', to) - to - 14);
  else
    name = message.substr(0, message.find(": "));
  const CLI::Option* option = leaf.get_option_no_throw(name);
  if (!option) return with_label(label, message);
  if (message.find("At Most") != std::string::npos)
    return with_label(label, name + (option->get_expected_max() <= 1 ? " is given more than once"
                                                                      : " takes at most " + std::to_string(option->get_expected_max()) + " values"));
  // A type name of ours that lists the values ("DEPTH FEN [MOVES]") says what is needed; CLI11's
  // (TEXT, INT:POSITIVE) say no more than "a value".
  const std::string type = option->get_type_name();
  return with_label(label, name + " needs " + (type.find(' ') != std::string::npos ? type : "a value"));
}

std::string one_line(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  std::replace(text.begin(), text.end(), '\r', ' ');
  return text;
}

}  // namespace

std::vector<const CLI::App*> chosen_commands(const CLI::App& app, const std::vector<std::string>& args) {
  std::vector<const CLI::App*> chosen;
  const CLI::App* current = &app;
  for (std::size_t i = 1; i < args.size() && !subcommands_of(*current).empty(); ++i) {
    if (looks_like_option(args[i])) continue;  // --help, --version: the only options before a command
    const std::vector<const CLI::App*> subs = subcommands_of(*current);
    const auto named = std::find_if(subs.begin(), subs.end(), [&](const CLI::App* sub) { return sub->get_name() == args[i]; });
    if (named == subs.end()) break;  // the first word is no command: nothing after it is one either
    chosen.push_back(*named);
    current = *named;
  }
  return chosen;
}

std::string command_label(const std::vector<const CLI::App*>& chosen) {
  std::string label;
  for (const CLI::App* sub : chosen) label += (label.empty() ? "" : " ") + sub->get_name();
  return label;
}

std::string argument_error_text(const CLI::App& app, const std::vector<std::string>& args, const CLI::Error& e) {
  const std::vector<const CLI::App*> chosen = chosen_commands(app, args);
  const CLI::App& leaf = chosen.empty() ? app : *chosen.back();
  const std::string label = command_label(chosen);
  const std::string message = e.what();
  const std::vector<std::string> extras = app.remaining(true);
  std::string text;
  if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
    text = extras_text(leaf, label, extras);
  } else if (dynamic_cast<const CLI::ConversionError*>(&e)) {
    text = conversion_text(leaf, label, message);
  } else if (dynamic_cast<const CLI::ValidationError*>(&e)) {
    // "NAME: what the check says", the check's words reading after the name.
    const std::size_t colon = message.find(": ");
    text = with_label(label, colon == std::string::npos ? message : message.substr(0, colon) + " " + message.substr(colon + 2));
  } else if (dynamic_cast<const CLI::RequiredError*>(&e)) {
    // A mistyped option leaves the one meant missing: "--outptu" says more than "--output is required".
    const bool mistyped = std::any_of(extras.begin(), extras.end(), looks_like_option);
    text = mistyped ? extras_text(leaf, label, extras) : required_text(leaf, label, message, extras);
  } else if (dynamic_cast<const CLI::ArgumentMismatch*>(&e)) {
    text = mismatch_text(leaf, label, message);
  } else if (dynamic_cast<const CLI::ExcludesError*>(&e)) {
    const std::size_t at = message.find(" excludes ");
    text = with_label(label, at == std::string::npos ? message
                                                     : message.substr(0, at) + " and " + message.substr(at + 10) +
                                                           " cannot be given together");
  } else {
    text = with_label(label, message);  // "--full-factorial requires --factorial" says it already
  }
  return one_line(text);
}

std::string unknown_command_text(const CLI::App& app, const std::string& typed) {
  return one_line(unknown_command(app, typed));
}

}  // namespace jungle::cli
