#include "research/weights_cache.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "engine/rules_hash.h"
#include "research/input_error.h"
#include "research/weights_fitting.h"
#include "support/duration.h"
#include "support/file_lock.h"
#include "support/files.h"
#include "support/text.h"

namespace jungle::research {

std::filesystem::path default_weights_cache() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "jungle/weights";
  if (const char* home = std::getenv("HOME"); home && *home) return std::filesystem::path(home) / ".cache/jungle/weights";
  return "out/weights-cache";
}

CachedWeights fitted_weights(const CompareConfig& config, const std::string& name_given, const Variant& variant) {
  const std::string key = rules_hash(variant) + "-selfplay" + std::to_string(config.fit_games);
  const std::filesystem::path cache = config.weights_cache.empty() ? default_weights_cache() : config.weights_cache;
  const std::filesystem::path file = cache / (key + ".weights.toml");
  std::error_code ec;
  if (std::filesystem::exists(file, ec)) return {file};
  // The cache is checked before the self-play and the fit, not after them.
  try {
    check_writable_folder(cache);
  } catch (const FileWriteError& e) {
    throw InputError(std::string("--weights-cache: ") + e.what());
  }
  // One fit per variant's weights at a time: another run fitting the same weights is waited
  // for, and its weights taken, rather than fitted twice into the same self-play folder.
  std::optional<FileLock> lock;
  try {
    lock.emplace(cache / (key + ".lock"), [&](long holder) {
      const std::string who = holder > 0 ? "another run (pid " + std::to_string(holder) + ")" : "another run";
      std::fprintf(stderr, "compare: the weights of %s are being fitted by %s; waiting for it\n", variant.name.c_str(),
                   who.c_str());
    });
  } catch (const FileWriteError& e) {
    throw InputError(std::string("--weights-cache: ") + e.what());
  }
  if (std::filesystem::exists(file, ec)) {
    std::fprintf(stderr, "compare: the other run has fitted the weights of %s: %s\n", variant.name.c_str(),
                 file.string().c_str());
    return {file};
  }
  TuneSettings recipe = fitting_recipe(name_given, config.fit_games);
  recipe.dir = cache / key;
  recipe.threads = config.threads;
  const std::string command = tune_command(recipe);
  std::fprintf(stderr, "%s has no weights file beside its rules: fitting its weights as the bundled ones were (%s)\n",
               variant.name.c_str(), command.c_str());
  const auto start = std::chrono::steady_clock::now();
  const FittedWeights fitted =
      fit_weights(variant, play_selfplay(recipe, variant, config.command_line), recipe, command);
  try {
    write_file_atomically(file, fitted.text);
  } catch (const FileWriteError& e) {
    throw InputError(std::string("--weights-cache: ") + e.what());
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fprintf(stderr, "Fitted %s's weights in %s: %s\n", variant.name.c_str(), duration_text(seconds).c_str(),
               file.string().c_str());
  return {file, seconds};
}

}  // namespace jungle::research
