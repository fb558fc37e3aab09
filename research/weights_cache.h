// Compare's cache of fitted weights: a variant with no weights file beside its rules (or one of
// another evaluator or recipe) gets weights fitted by the bundled weights' recipe
// (weights_fitting.h), kept by rules hash, evaluator version and recipe, so that the next
// comparison with the same rules finds them. One process fits a set of weights at a time
// (support/file_lock.h); another that needs them waits, and takes them.
#pragma once

#include <filesystem>
#include <string>

#include "engine/variant.h"
#include "research/compare_config.h"

namespace jungle::research {

// Where fitted weights are kept when --weights-cache is not given: $XDG_CACHE_HOME/jungle/weights,
// else ~/.cache/jungle/weights, else out/weights-cache.
std::filesystem::path default_weights_cache();

// The name of the variant's weights, fitted by `fit_games` games of the bundled weights' recipe,
// in the cache: its rules hash, today's evaluator version, and a digest of the recipe. The cache
// holds KEY.weights.toml, the self-play folder KEY/ and the lock KEY.lock.
std::string weights_cache_key(const Variant& variant, int fit_games);

// The variant's weights in the cache, fitted by today's evaluator and this recipe; empty when the
// cache does not hold them, and fitted_weights would fit them.
std::filesystem::path cached_weights(const CompareConfig& config, const Variant& variant);

struct CachedWeights {
  std::filesystem::path file;  // the weights file in the cache
  double fitting_seconds = 0;  // the time it took to fit them now; 0: found in the cache
};

// The weights of `variant` (as the user named it: `name_given`) fitted with config.fit_games
// self-play games in config.weights_cache: found there, or fitted now (interrupted, the self-play
// resumes), with notes on standard error. A cache that cannot be written is an InputError on
// --weights-cache, checked before the self-play.
CachedWeights fitted_weights(const CompareConfig& config, const std::string& name_given, const Variant& variant);

}  // namespace jungle::research
