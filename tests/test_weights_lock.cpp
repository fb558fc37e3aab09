// Fits of one variant's weights wait for each other: a lock between processes (support/
// file_lock.h), and `jungle compare` waiting on it in the user's terms, then taking the weights
// the other run fitted.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <future>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "research/weights_cache.h"
#include "research/weights_fitting.h"
#include "search/eval_weights.h"
#include "search/evaluator_version.h"
#include "search/weights_file.h"
#include "support/file_lock.h"

using namespace jungle;
using jungle::research::fitting_recipe;
using jungle::research::recipe_text;
using jungle::research::weights_cache_key;
namespace fs = std::filesystem;

namespace {

struct TempFolder {
  explicit TempFolder(const std::string& name)
      : path(fs::temp_directory_path() / ("jungle-" + name + "-" + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempFolder() { fs::remove_all(path); }
  fs::path path;
};

}  // namespace

// A second taker waits for the first, told the first's pid, and has the lock once it is let go.
// (flock locks of two open()s conflict even within one process.)
TEST(FileLock, ASecondTakerWaitsAndIsToldWhom) {
  TempFolder dir("lock");
  const fs::path file = dir.path / "job.lock";
  std::optional<FileLock> first;
  first.emplace(file, [](long) { ADD_FAILURE() << "the first taker waited"; });
  std::promise<long> told;
  std::promise<void> taken;
  std::thread second([&] {
    FileLock lock(file, [&](long holder) { told.set_value(holder); });
    taken.set_value();
  });
  EXPECT_EQ(told.get_future().get(), long(::getpid()));
  std::future<void> second_taken = taken.get_future();
  first.reset();
  second_taken.get();
  second.join();
  EXPECT_THROW(FileLock(dir.path / "missing" / "job.lock", nullptr), std::runtime_error);
}

// Another run fitting my-rules's weights (this test, holding the lock) is waited for: compare says
// so naming the variant, not its cache folder, and once the weights are there and the lock let
// go, takes them instead of fitting again.
TEST(FileLock, CompareWaitsForAnotherFitOfTheSameWeights) {
  TempFolder dir("fit-lock");
  const fs::path rules = fs::path(JUNGLE_SOURCE_DIR) / "data/examples/my-rules.toml";
  const Variant variant = load_variant_file(rules);
  const std::string key = weights_cache_key(variant, 8);
  const fs::path cache = dir.path / "cache";
  fs::create_directories(cache);
  std::optional<FileLock> held;
  held.emplace(cache / (key + ".lock"), nullptr);

  // Appended piece by piece: GCC 12 at -O1 takes the one long sum for an overflow (-Warray-bounds).
  std::string command = JUNGLE_BINARY;
  command += " compare standard " + rules.string();
  command += " --player alphabeta:depth=1 --games 4 --fit-games 8 --threads 1";
  command += " --weights-cache " + cache.string();
  command += " --tablebase-dir " + (dir.path / "tables").string();
  command += " --out " + (dir.path / "out").string() + " 2>&1";
  FILE* out = ::popen(command.c_str(), "r");
  ASSERT_NE(out, nullptr);
  std::vector<std::string> lines;
  auto next_line = [&]() -> bool {
    char buffer[4096];
    if (!std::fgets(buffer, sizeof buffer, out)) return false;
    std::string line = buffer;
    if (!line.empty() && line.back() == '\n') line.pop_back();
    lines.push_back(line);
    return true;
  };
  const std::string waiting = "compare: the weights of my-rules are being fitted by another run (pid " +
                              std::to_string(::getpid()) + "); waiting for it";
  while (next_line() && lines.back() != waiting) {
  }
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), waiting);

  // The other run's weights: the untuned ones, as a weights file of these rules.
  const fs::path weights = cache / (key + ".weights.toml");
  std::ofstream(weights) << weights_to_toml(
      WeightsFile{variant.name, rules_hash(variant), 1, EvalWeights::from_rules(variant),
                  {"this test", evaluator_version(), recipe_text(fitting_recipe("my-rules", 8))}});
  held.reset();
  while (next_line()) {
  }
  const int status = ::pclose(out);
  std::string all;
  for (const std::string& l : lines) all += l + "\n";
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status << "\n" << all;
  EXPECT_NE(all.find("compare: the other run has fitted the weights of my-rules: " + weights.string() + "\n"),
            std::string::npos)
      << all;
  EXPECT_EQ(all.find("Fitting the weights of my-rules"), std::string::npos) << all;
  EXPECT_EQ(all.find("in use"), std::string::npos) << all;
}
