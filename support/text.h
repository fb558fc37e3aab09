// Small text helpers shared by every folder: joining lists for messages, splitting at a
// separator, trimming, and large counts with thousands separators.
#pragma once

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace jungle {

// "a, b, c" (or with another separator): any range of things fmt can print.
template <typename Range>
std::string join(const Range& items, std::string_view separator = ", ") {
  return fmt::format("{}", fmt::join(items, separator));
}

// Characters on screen of UTF-8 text: its code points (the reports use no wide characters).
std::size_t display_width(std::string_view text);

// "a, b or c": choices for a sentence; "a" alone, "" for none.
std::string alternatives(const std::vector<std::string>& choices);

// The pieces between separators, empty ones included: "a,,b" is {"a", "", "b"}.
std::vector<std::string_view> split(std::string_view text, char separator);

// The words of a line, as a protocol reads them: split at any run of white space.
std::vector<std::string> words(std::string_view text);

// Without leading and trailing blanks (spaces, tabs and carriage returns).
std::string_view trim(std::string_view text);

// 1234567 as "1,234,567".
std::string with_commas(std::uint64_t n);

// A duration as a user would say it: "40 seconds", "12 minutes", "3.4 hours", "2.1 days".
std::string duration_text(double seconds);

// A size in bytes as a user would write it: "1 MiB" when it is whole mebibytes, else "1000 bytes".
std::string byte_size_text(std::size_t bytes);

}  // namespace jungle
