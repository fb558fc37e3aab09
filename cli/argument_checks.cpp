#include "cli/argument_checks.h"

#include <limits>
#include <optional>
#include <sstream>

#include "support/excerpt.h"
#include "support/nearest_names.h"
#include "support/numbers.h"
#include "support/text.h"

namespace jungle::cli {

namespace {

constexpr std::int64_t NO_MAX = std::numeric_limits<std::int64_t>::max();

// "+5" is 5, as CLI11 reads it; from_chars takes no '+'.
std::optional<std::int64_t> whole_number(std::string_view text) {
  if (text.size() > 1 && text.front() == '+' && text[1] != '-') text.remove_prefix(1);
  return parse_whole_number<std::int64_t>(text, std::numeric_limits<std::int64_t>::min(), NO_MAX);
}

// "must be a whole number from 0 to 1024, not "x"" (or "of 1 or more", or no bound at all): the
// wording support/numbers.h gives every whole number the user writes.
std::string whole_number_refusal(const std::string& text, std::int64_t min, std::int64_t max) {
  if (max != NO_MAX) return whole_number_expected(text, min, max);
  std::string out = "must be a whole number";
  if (min != std::numeric_limits<std::int64_t>::min()) out += " of " + std::to_string(min) + " or more";
  return out + ", not " + quoted_excerpt(text);
}

CLI::Validator whole_number_check(std::int64_t min, std::int64_t max, const std::string& description) {
  return CLI::Validator(
      [min, max](std::string& text) {
        const std::optional<std::int64_t> n = whole_number(text);
        // Past 64 bits on a side with no bound of ours to name: the type's bound is no concern of the user's.
        if (!n && spells_whole_number(text)) {
          const bool negative = text.front() == '-';
          if (negative && min == std::numeric_limits<std::int64_t>::min()) return quoted_excerpt(text) + " is too small";
          if (!negative && max == NO_MAX) return quoted_excerpt(text) + " is too large";
        }
        if (!n || *n < min || *n > max) return whole_number_refusal(text, min, max);
        return std::string();
      },
      description);
}

// A double as CLI11's help writes it ("0", "0.5"), so that the help text stays as it was.
std::string number_text(double x) {
  std::ostringstream out;
  out << x;
  return out.str();
}

}  // namespace

CLI::Validator whole_number_in(std::int64_t min, std::int64_t max) {
  return whole_number_check(min, max, "INT in [" + std::to_string(min) + " - " + std::to_string(max) + "]");
}

CLI::Validator whole_number_from(std::int64_t min) {
  return whole_number_check(min, NO_MAX, min == 0 ? "NONNEGATIVE" : min == 1 ? "POSITIVE" : "INT >= " + std::to_string(min));
}

CLI::Validator number_in(double min, double max) {
  return CLI::Validator(
      [min, max](std::string& text) {
        const std::optional<double> x = parse_decimal_number(text);
        if (x && *x >= min && *x <= max) return std::string();
        return "must be a number from " + number_text(min) + " to " + number_text(max) + ", not " + quoted_excerpt(text);
      },
      "FLOAT in [" + number_text(min) + " - " + number_text(max) + "]");
}

CLI::Validator existing_file() {
  return CLI::Validator(
      [](std::string& path) {
        std::error_code ec;
        const std::filesystem::file_status status = std::filesystem::status(path, ec);
        if (!std::filesystem::exists(status)) return quoted_excerpt(path, 200) + " does not exist";
        if (std::filesystem::is_directory(status)) return quoted_excerpt(path, 200) + " is a folder, not a file";
        return std::string();
      },
      "FILE");
}

CLI::Validator one_of(const std::vector<std::string>& words) {
  return CLI::Validator(
      [words](std::string& text) {
        for (const std::string& word : words)
          if (text == word) return std::string();
        const std::string suggestion = did_you_mean(text, words);
        return "must be " + alternatives(words) + ", not " + quoted_excerpt(text) + (suggestion.empty() ? "" : ": " + suggestion);
      },
      "{" + join(words, ",") + "}");
}

void check_every_number(CLI::App& app) {
  // Rewrites a whole number as plain decimal ("011" as "11", "+5" as "5") before any check sees
  // it, and leaves any other text to the checks; a transform, since CLI11 keeps a check from
  // changing the text.
  const CLI::Validator plain_decimal(
      [](std::string& text) {
        if (const std::optional<std::int64_t> n = whole_number(text)) text = std::to_string(*n);
        return std::string();
      },
      "");
  for (CLI::Option* option : app.get_options()) {
    const std::string type = option->get_type_name();
    if (type.starts_with("UINT") || type.starts_with("INT")) option->transform(plain_decimal);
    if (type.starts_with("UINT"))
      option->check(whole_number_check(0, NO_MAX, ""));
    else if (type.starts_with("INT"))
      option->check(whole_number_check(std::numeric_limits<std::int64_t>::min(), NO_MAX, ""));
    else if (type.starts_with("FLOAT"))
      option->check(CLI::Validator(
          [](std::string& text) {
            return parse_decimal_number(text) ? std::string() : "must be a number, not " + quoted_excerpt(text);
          },
          ""));
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) check_every_number(*sub);
}

}  // namespace jungle::cli
