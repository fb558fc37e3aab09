// perft-diff over a suite: every position of an EPD suite (perft/suite.h) compared with another
// generator, a few at a time in parallel, each as perft_diff compares one.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "perft/perft_diff.h"
#include "perft/suite.h"

namespace jungle {

struct SuiteDiffOptions {
  std::optional<int> depth;  // every position at this depth; empty: each at its deepest listed
};

struct PositionDiff {
  const SuiteEntry* entry = nullptr;
  int depth = 0;
  DiffResult diff;    // kind None: it agrees
  std::string error;  // not empty: it could not be compared, and this says why in one line
};

struct SuiteDiffSummary {
  int agree = 0, differ = 0, errors = 0;
};

// The depth each entry is compared at, checked first so that a refusal comes before any work:
// throws SuiteError "FILE:LINE: ..." for a depth refused without `force` or a position the
// variant refuses.
std::vector<int> suite_depths(const Variant& variant, const std::string& file, const std::vector<SuiteEntry>& entries,
                              const SuiteDiffOptions& options, bool force);

// What the suite's counts are worth: with Checked, a position whose count in the suite differs
// from ours at its depth is an error, not a difference (the suite is for other rules); Ignored,
// for a suite of other rules used for its positions alone, compares every position on our counts.
enum class SuiteCounts { Checked, Ignored };

// Compares every entry at its depth (from suite_depths), `threads` positions at once, each
// counted on one thread. `make_generator` is called once in each worker thread, so that a
// generator may keep a process of its own there. `on_result` sees each position's outcome in the
// suite's order, one call at a time, as soon as it and every earlier one are done.
SuiteDiffSummary diff_suite(const Variant& variant, const std::vector<SuiteEntry>& entries,
                            const std::vector<int>& depths, int threads,
                            const std::function<Generator()>& make_generator,
                            const std::function<void(const PositionDiff&)>& on_result,
                            SuiteCounts counts = SuiteCounts::Checked);

// What `jungle perft-diff --suite` prints for one position: nothing when it agrees, else a line
// "FILE:LINE ..." and the verdict's lines indented beneath it.
std::string format_position_diff(const std::string& file, const PositionDiff& result);

}  // namespace jungle
