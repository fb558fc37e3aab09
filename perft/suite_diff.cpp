#include "perft/suite_diff.h"

#include <atomic>
#include <mutex>
#include <sstream>
#include <thread>

#include "perft/perft.h"

namespace jungle {

namespace {

// Ours at the root against the suite's count at the same depth, where it lists one.
std::string suite_disagreement(const PositionDiff& r) {
  for (const SuiteExpectation& e : r.entry->expected)
    if (e.depth == r.depth && e.nodes != r.diff.levels.front().ours)
      return "the suite counts " + std::to_string(e.nodes) + " at depth " + std::to_string(e.depth) + ", we count " +
             std::to_string(r.diff.levels.front().ours) + ": is it a suite of these rules (--variant)?";
  return "";
}

PositionDiff compare_one(const Variant& variant, const SuiteEntry& entry, int depth, const Generator& theirs,
                         SuiteCounts counts) {
  PositionDiff r{&entry, depth, {}, ""};
  try {
    r.diff = perft_diff(Position(variant, entry.fen), depth, theirs);
    if (counts == SuiteCounts::Checked) r.error = suite_disagreement(r);
  } catch (const std::exception& e) {  // GeneratorError, or bad_alloc: this position only
    r.error = e.what();
  }
  return r;
}

}  // namespace

std::vector<int> suite_depths(const Variant& variant, const std::string& file, const std::vector<SuiteEntry>& entries,
                              const SuiteDiffOptions& options, bool force) {
  std::vector<int> depths;
  for (const SuiteEntry& entry : entries) {
    const std::string where = file + ":" + std::to_string(entry.line) + ": ";
    int depth = options.depth.value_or(0);
    if (!options.depth)
      for (const SuiteExpectation& e : entry.expected) depth = std::max(depth, e.depth);
    if (depth == 0) throw SuiteError(where + "depth 0 compares nothing; give --depth");
    if (std::string why = depth_refusal(depth, force); !why.empty())
      throw SuiteError(where + "depth " + std::to_string(depth) + " " + why);
    try {
      Position(variant, entry.fen);
    } catch (const PositionError& e) {
      throw SuiteError(where + e.what());
    }
    depths.push_back(depth);
  }
  return depths;
}

SuiteDiffSummary diff_suite(const Variant& variant, const std::vector<SuiteEntry>& entries,
                            const std::vector<int>& depths, int threads,
                            const std::function<Generator()>& make_generator,
                            const std::function<void(const PositionDiff&)>& on_result, SuiteCounts counts) {
  SuiteDiffSummary summary;
  std::vector<std::optional<PositionDiff>> done(entries.size());
  std::size_t reported = 0;
  std::mutex report;
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    Generator theirs;
    std::string start_error;
    try {
      theirs = make_generator();
    } catch (const std::exception& e) {
      start_error = e.what();
    }
    for (std::size_t i; (i = next++) < entries.size();) {
      PositionDiff r = start_error.empty() ? compare_one(variant, entries[i], depths[i], theirs, counts)
                                           : PositionDiff{&entries[i], depths[i], {}, start_error};
      std::lock_guard lock(report);
      done[i] = std::move(r);
      for (; reported < done.size() && done[reported]; ++reported) {
        const PositionDiff& d = *done[reported];
        (d.error.empty() ? d.diff.kind == DiffKind::None ? summary.agree : summary.differ : summary.errors) += 1;
        on_result(d);
      }
    }
  };
  std::vector<std::thread> workers;
  const std::size_t count = std::min<std::size_t>(std::size_t(std::max(threads, 1)), entries.size());
  for (std::size_t t = 1; t < count; ++t) workers.emplace_back(work);
  work();
  for (std::thread& w : workers) w.join();
  return summary;
}

std::string format_position_diff(const std::string& file, const PositionDiff& r) {
  std::ostringstream out;
  out << file << ":" << r.entry->line << " \"" << r.entry->fen << "\" depth " << r.depth;
  if (!r.error.empty()) {
    out << ": could not be compared: " << r.error << "\n";
    return out.str();
  }
  if (r.diff.kind == DiffKind::None) return "";
  out << ": ours " << r.diff.levels.front().ours << ", theirs " << r.diff.levels.front().theirs << "\n";
  std::istringstream verdict(format_verdict(r.diff));
  for (std::string line; std::getline(verdict, line);) out << "  " << line << "\n";
  return out.str();
}

}  // namespace jungle
