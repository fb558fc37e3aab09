#include "research/weights_cache.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "engine/rules_hash.h"
#include "research/input_error.h"
#include "research/weights_fitting.h"
#include "search/evaluator_version.h"
#include "search/weights_file.h"
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

namespace {

// 8 hex digits of FNV-1a: the same on every platform, unlike std::hash.
std::string digest(const std::string& text) {
  std::uint32_t hash = 2166136261u;
  for (unsigned char c : text) hash = (hash ^ c) * 16777619u;
  char out[9];
  std::snprintf(out, sizeof out, "%08x", hash);
  return out;
}

}  // namespace

std::string weights_cache_key(const Variant& variant, int fit_games) {
  // Weights of another evaluator version or recipe are another player's: each fits anew, into a
  // self-play folder of its own.
  return rules_hash(variant) + "-" + evaluator_version() + "-recipe-" +
         digest(recipe_text(fitting_recipe(variant.name, fit_games)));
}

namespace {

std::filesystem::path cache_folder(const CompareConfig& config) {
  return config.weights_cache.empty() ? default_weights_cache() : config.weights_cache;
}

// A file the cache holds is taken only if today's evaluator fitted it by today's recipe: an
// older program's file under the same name is fitted again.
bool fitted_by_today(const std::filesystem::path& file, const TuneSettings& recipe) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return false;
  try {
    const WeightsProvenance p = read_weights_file(file).provenance;
    return p.evaluator == evaluator_version() && p.recipe == recipe_text(recipe);
  } catch (const WeightsError&) {
    return false;
  }
}

}  // namespace

std::filesystem::path cached_weights(const CompareConfig& config, const Variant& variant) {
  const std::filesystem::path file =
      cache_folder(config) / (weights_cache_key(variant, config.fit_games) + ".weights.toml");
  return fitted_by_today(file, fitting_recipe(variant.name, config.fit_games)) ? file : std::filesystem::path();
}

CachedWeights fitted_weights(const CompareConfig& config, const std::string& name_given, const Variant& variant) {
  TuneSettings recipe = fitting_recipe(name_given, config.fit_games);
  const std::string key = weights_cache_key(variant, config.fit_games);
  const std::filesystem::path cache = cache_folder(config);
  const std::filesystem::path file = cache / (key + ".weights.toml");
  auto cached = [&] { return fitted_by_today(file, recipe); };
  if (cached()) return {file};
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
  if (cached()) {
    std::fprintf(stderr, "compare: the other run has fitted the weights of %s: %s\n", variant.name.c_str(),
                 file.string().c_str());
    return {file};
  }
  recipe.dir = cache / key;
  recipe.threads = config.threads;
  const std::string command = tune_command(recipe);
  std::fprintf(stderr, "Fitting the weights of %s by the bundled weights' recipe (%s)\n", variant.name.c_str(),
               command.c_str());
  const auto start = std::chrono::steady_clock::now();
  const FittedWeights fitted =
      fit_weights(variant, play_selfplay(recipe, variant, config.command_line), recipe, command, recipe_text(recipe));
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
