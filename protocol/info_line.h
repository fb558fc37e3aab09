// An engine's `info` lines, as a tournament keeps them with each move (engine/game.h's MoveInfo):
// the last value of each field the lines of one search gave, within the bounds a results file
// reads. (engine-check judges the same lines strictly: answer_check.h.)
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/game.h"

namespace jungle {

// What the `info` lines of one search said so far.
struct SearchReport {
  MoveInfo info;                            // depth, seldepth, score or mate, nodes, pv
  std::optional<std::int64_t> reported_ms;  // the last `time`: how long the engine says it searched
};

// Folds one `info` line into the report. Values out of bounds are clamped, words that are not
// numbers ignored; the words after `string` are text, not fields.
void read_info_line(const std::string& line, SearchReport& report);

// The manager's wall time from `go` to `bestmove` less the engine's reported search time;
// nothing when the engine reported no time.
std::optional<std::int64_t> latency_ms(std::int64_t wall_ms, std::optional<std::int64_t> reported_ms);

}  // namespace jungle
