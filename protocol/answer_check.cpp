#include "protocol/answer_check.h"

#include <algorithm>
#include <climits>
#include <sstream>

#include "engine/movegen.h"
#include "support/excerpt.h"
#include "support/numbers.h"
#include "support/text.h"

namespace jungle {

namespace {

std::string in_quotes(const std::string& text) {
  std::string out = "\"";
  out += excerpt(text);
  out += '"';
  return out;
}

// A keyword's value: the words after it up to the next keyword, joined by single spaces.
struct Field {
  bool present = false;
  std::string value;
};

}  // namespace

OptionLine read_option_line(const std::string& line) {
  static const std::vector<std::string> KEYWORDS = {"name", "type", "default", "min", "max", "var"};
  const std::vector<std::string> w = words(line);
  OptionLine out;
  auto fail = [&](const std::string& why) {
    out.problem = why;
    return out;
  };
  if (w.empty() || w[0] != "option") return fail("not an option line");
  // Each keyword's value runs to the next keyword; a name or a string's default may hold spaces.
  Field name, type, fallback, min, max;
  std::string current;
  Field* into = nullptr;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const bool keyword = std::find(KEYWORDS.begin(), KEYWORDS.end(), w[i]) != KEYWORDS.end();
    // A name may hold a keyword's word ("option name max depth type spin"): only `type` ends it.
    if (keyword && !(into == &name && w[i] != "type")) {
      current = w[i];
      if (current == "var") {
        out.option.vars.emplace_back();
        into = nullptr;
        continue;
      }
      into = current == "name" ? &name : current == "type" ? &type : current == "default" ? &fallback
           : current == "min"  ? &min  : &max;
      if (into->present) return fail(in_quotes(current) + " is given twice");
      into->present = true;
      continue;
    }
    std::string* text = into ? &into->value : current == "var" ? &out.option.vars.back() : nullptr;
    if (!text) return fail(in_quotes(w[i]) + " before name");
    if (!text->empty()) *text += ' ';
    *text += w[i];
  }
  out.option.name = name.value;
  out.option.type = type.value;
  if (name.value.empty()) return fail("no name");
  if (type.value.empty()) return fail("no type");
  const std::string& t = type.value;
  if (t != "spin" && t != "check" && t != "combo" && t != "string" && t != "button")
    return fail("type " + in_quotes(t) + " is none of spin, check, combo, string, button");
  if (fallback.present) out.option.default_value = fallback.value;
  if ((min.present || max.present) && t != "spin") return fail("min and max belong to a spin, not a " + t);
  if (!out.option.vars.empty() && t != "combo") return fail("var belongs to a combo, not a " + t);
  if (t == "spin") {
    if (!fallback.present || !min.present || !max.present) return fail("a spin needs default, min and max");
    const auto d = parse_whole_number<long long>(fallback.value, LLONG_MIN, LLONG_MAX);
    out.option.min = parse_whole_number<long long>(min.value, LLONG_MIN, LLONG_MAX);
    out.option.max = parse_whole_number<long long>(max.value, LLONG_MIN, LLONG_MAX);
    if (!d || !out.option.min || !out.option.max)
      return fail("default " + in_quotes(fallback.value) + ", min " + in_quotes(min.value) + " and max " +
                  in_quotes(max.value) + " must be whole numbers");
    if (!(*out.option.min <= *d && *d <= *out.option.max))
      return fail("default " + fallback.value + " is not within min " + min.value + " and max " + max.value);
  } else if (t == "check") {
    if (fallback.value != "true" && fallback.value != "false")
      return fail("a check's default must be true or false, not " + in_quotes(fallback.value));
  } else if (t == "combo") {
    if (out.option.vars.empty()) return fail("a combo needs at least one var");
    if (std::find(out.option.vars.begin(), out.option.vars.end(), "") != out.option.vars.end())
      return fail("a var without a value");
    if (std::find(out.option.vars.begin(), out.option.vars.end(), fallback.value) == out.option.vars.end())
      return fail("default " + in_quotes(fallback.value) + " is not one of its vars");
  } else if (t == "string") {
    // Its default may be empty; Stockfish writes `default <empty>`, older engines `default`.
    if (!fallback.present) return fail("a string needs a default");
  }
  return out;
}

std::optional<std::string> info_line_problem(const std::string& line, const Game& game) {
  static const std::vector<std::string> COUNTS = {"depth",   "seldepth", "nodes",   "nps",           "time",
                                                  "hashfull", "tbhits",  "multipv", "currmovenumber"};
  const std::vector<std::string> w = words(line);
  if (w.empty() || w[0] != "info") return "not an info line";
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string& key = w[i];
    if (key == "string") return std::nullopt;  // the rest of the line is text
    const bool last = i + 1 >= w.size();
    if (std::find(COUNTS.begin(), COUNTS.end(), key) != COUNTS.end()) {
      if (last) return key + " without a value";
      if (!parse_whole_number<long long>(w[i + 1], 0, LLONG_MAX))
        return key + " " + in_quotes(w[i + 1]) + " is not a whole number of at least 0";
      ++i;
    } else if (key == "score") {
      if (i + 2 >= w.size() || (w[i + 1] != "cp" && w[i + 1] != "mate"))
        return std::string("score must be followed by cp N or mate N");
      if (!parse_whole_number<long long>(w[i + 2], LLONG_MIN, LLONG_MAX))
        return "score " + w[i + 1] + " " + in_quotes(w[i + 2]) + " is not a whole number";
      i += 2;
      // UCI's bound markers, when the score is only a bound.
      while (i + 1 < w.size() && (w[i + 1] == "lowerbound" || w[i + 1] == "upperbound")) ++i;
    } else if (key == "currmove") {
      if (last) return std::string("currmove without a move");
      if (game.legal_move(w[i + 1]) == MOVE_NONE)
        return "currmove " + in_quotes(w[i + 1]) + " is not legal in " + game.position().fen();
      ++i;
    } else if (key == "pv") {
      // The rest of the line is the line of play: each move legal after the ones before it.
      Game line_of_play = game;
      if (last) return std::string("pv without a move");
      for (std::size_t j = i + 1; j < w.size(); ++j) {
        const Move m = line_of_play.legal_move(w[j]);
        if (m == MOVE_NONE || line_of_play.end())
          return "pv move " + std::to_string(j - i) + " " + in_quotes(w[j]) + " is not legal in " +
                 line_of_play.position().fen();
        line_of_play.play(m);
      }
      return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace jungle
