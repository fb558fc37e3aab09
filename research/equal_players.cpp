#include "research/equal_players.h"

#include <optional>
#include <utility>

#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "players/player.h"
#include "research/input_error.h"
#include "research/weights_cache.h"
#include "search/weights_file.h"
#include "support/text.h"

namespace jungle::research {

namespace {

// A variant with the same rules as `variant` and a weights file beside them, with that file: one of
// the compared variants if one is such, else a bundled one.
std::optional<std::pair<std::string, std::filesystem::path>> weights_of_same_rules(const Variant& variant,
                                                                                   const std::vector<Variant>& compared) {
  const std::string hash = rules_hash(variant);
  auto file_of_same_rules = [&](const Variant& other) -> std::optional<std::pair<std::string, std::filesystem::path>> {
    std::error_code ec;
    if (const auto file = weights_path_beside(other);
        !file.empty() && std::filesystem::exists(file, ec) && rules_hash(other) == hash)
      return std::pair{other.name, file};
    return std::nullopt;
  };
  for (const Variant& other : compared)
    if (auto found = file_of_same_rules(other)) return found;
  for (const Variant& other : bundled_variants())
    if (auto found = file_of_same_rules(other)) return found;
  return std::nullopt;
}

}  // namespace

EqualPlayers equal_players(const CompareConfig& config, const std::vector<Variant>& variants) {
  std::optional<std::string> given;
  try {
    given = evaluation_weights(config.player);
  } catch (const PlayerSpecError& e) {
    throw InputError(std::string("--player: ") + e.what());
  }
  if (!given) return {config.player, "the player does not evaluate positions: no weights", {}};
  if (!given->empty())
    throw InputError("--player: give no weights=; compare chooses them so that every variant's player stands on "
                     "equal terms (--weights auto|untuned)");
  if (config.weights == WeightsChoice::Untuned)
    return {config.player + ",weights=untuned", "untuned weights in every variant (--weights untuned)", {}};
  EqualPlayers out{config.player, "", {}};
  std::vector<std::string> sources;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const Variant& v = variants[i];
    try {
      if (const ResolvedWeights beside = resolve_weights(v, ""); beside.origin != UNTUNED_WEIGHTS) {
        sources.push_back(v.name + "'s from the file beside its rules, " +
                          std::filesystem::path(beside.origin).filename().string());
        continue;
      }
      // Weights belong to rules, not names: a file that only renames a bundled variant plays its weights.
      if (const auto same = weights_of_same_rules(v, variants)) {
        resolve_weights(v, same->second.string());  // read now: a file that does not read stops the comparison
        out.weights[v.name] = same->second;
        sources.push_back(v.name + "'s from the file beside " + same->first + "'s rules, which are the same, " +
                          same->second.filename().string());
        continue;
      }
      const CachedWeights fitted = fitted_weights(config, config.variants[i], v);
      resolve_weights(v, fitted.file.string());
      out.weights[v.name] = fitted.file;
      sources.push_back(v.name + "'s fitted by the bundled weights' recipe (" + std::to_string(config.fit_games) +
                        " self-play games, Texel's method on the piece values)" +
                        (fitted.fitting_seconds > 0 ? " in " + duration_text(fitted.fitting_seconds) + ", kept in "
                                                    : ", found in the cache ") +
                        fitted.file.string());
    } catch (const WeightsError& e) {
      throw InputError(std::string("the weights of ") + v.name + ": " + e.what());
    }
  }
  out.note = "tuned weights in every variant: " + join(sources, "; ");
  return out;
}

}  // namespace jungle::research
