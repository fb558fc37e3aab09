// Whether an engine's `option` and `info` lines are well formed (docs/protocol.md, "From the
// engine to the manager"), for `jungle engine-check` (protocol/engine_check.h). Each check
// returns what is wrong in a few words, or nothing: it judges a line, it does not read it for use.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"

namespace jungle {

// An option as `option name N type T [default D] [min A] [max B] [var V ...]` declares it.
struct OptionDeclaration {
  std::string name;  // as written; UCI compares names case-insensitively
  std::string type;  // spin, check, combo, string or button
  std::optional<std::string> default_value;
  std::optional<long long> min, max;
  std::vector<std::string> vars;
};

// The declaration an `option` line makes, or (in `problem`) why it is none: a missing name or
// type, an unknown type, a spin whose default, min and max are not whole numbers with min <=
// default <= max, a check whose default is not true or false, a combo whose default is not one
// of its vars.
struct OptionLine {
  OptionDeclaration option;
  std::string problem;  // empty: well formed
};
OptionLine read_option_line(const std::string& line);

// What is wrong with an `info` line sent while searching `game`'s current position: depth,
// seldepth, nodes, nps, time, hashfull, tbhits, multipv or currmovenumber not a whole number of
// at least 0, a score other than `cp N` or `mate N`, a currmove that is not legal, or a pv whose
// moves are not legal one after another. `info string` is free text. Other keys are left alone.
std::optional<std::string> info_line_problem(const std::string& line, const Game& game);

}  // namespace jungle
