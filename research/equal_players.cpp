#include "research/equal_players.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <utility>

#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "players/player.h"
#include "research/input_error.h"
#include "research/weights_cache.h"
#include "research/weights_fitting.h"
#include "search/evaluator_version.h"
#include "search/weights_file.h"
#include "support/files.h"
#include "support/text.h"

#include <omp.h>

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

// Why weights with this provenance would not be the same player as weights fitted now by the
// recipe; "" when they would.
std::string unequal_fit(const WeightsProvenance& fitted, const std::string& recipe) {
  if (fitted.evaluator.empty()) return "do not say which evaluator version fitted them";
  if (fitted.evaluator != evaluator_version())
    return "were fitted by evaluator " + fitted.evaluator + ", not today's " + evaluator_version();
  if (fitted.recipe.empty()) return "do not say which recipe fitted them";
  if (fitted.recipe != recipe)
    return "were fitted by another recipe (\"" + fitted.recipe + "\", not this comparison's \"" + recipe + "\")";
  return "";
}

}  // namespace

namespace {

// Where one variant's weights come from, decided before any is fitted, so that the fits can be
// counted and announced first.
struct WeightsSource {
  std::filesystem::path file;  // beside the rules, or beside the same rules; empty: fitted
  std::string same_rules_as;   // the variant whose file it is, when not its own
  std::string refused;         // why a file of these rules was not taken, when fitted
};

WeightsSource weights_source(const Variant& v, const std::vector<Variant>& variants, const std::string& recipe) {
  std::string refused;  // a file of these rules whose weights another fit made
  if (const ResolvedWeights beside = resolve_weights(v, ""); beside.origin != UNTUNED_WEIGHTS) {
    const std::string file = std::filesystem::path(beside.origin).filename().string();
    const std::string why = unequal_fit(beside.provenance, recipe);
    if (why.empty()) return {beside.origin, "", ""};
    refused = "the weights beside its rules (" + file + ") " + why;
  }
  // Weights belong to rules, not names: a file that only renames a bundled variant plays its weights.
  if (const auto same = weights_of_same_rules(v, variants); same && refused.empty()) {
    const ResolvedWeights theirs = resolve_weights(v, same->second.string());  // a file that does not read stops it
    const std::string why = unequal_fit(theirs.provenance, recipe);
    if (why.empty()) return {same->second, same->first, ""};
    refused = "the weights beside " + same->first + "'s rules, which are the same (" +
              same->second.filename().string() + "), " + why;
  }
  return {{}, "", refused};
}

// A factorial's cells are too many to name each one's weights in a sentence: the report's
// Weights table does, and the note counts them.
constexpr std::size_t MAX_NOTED_VARIANTS = 6;

std::string counted(const std::vector<WeightsSource>& sources, const std::vector<CachedWeights>& fits) {
  std::vector<std::string> same_rules;
  std::size_t beside = 0;
  for (const WeightsSource& s : sources) {
    if (s.file.empty()) continue;
    if (s.same_rules_as.empty())
      ++beside;
    else
      same_rules.push_back(s.same_rules_as);
  }
  std::size_t fitted_now = 0;
  double seconds = 0;
  for (const CachedWeights& f : fits)
    if (f.fitting_seconds > 0) ++fitted_now, seconds += f.fitting_seconds;
  std::vector<std::string> parts;
  if (fitted_now > 0)
    parts.push_back(std::to_string(fitted_now) + " fitted now by the bundled weights' recipe, in " + duration_text(seconds));
  if (fits.size() > fitted_now) parts.push_back(std::to_string(fits.size() - fitted_now) + " found in the cache");
  if (beside > 0) parts.push_back(std::to_string(beside) + " from the file beside the rules");
  if (!same_rules.empty())
    parts.push_back(std::to_string(same_rules.size()) + " from the file beside the same rules of " + join(same_rules, ", "));
  return join(parts, "; ") + " (the Weights section names each one's file)";
}

// Before the first fit: how many there are, and about how long they take (FIT_CPU_SECONDS_A_GAME).
void announce_fits(const CompareConfig& config, const std::vector<Variant>& to_fit) {
  if (to_fit.empty()) return;
  const double cpu = double(to_fit.size()) * config.fit_games * FIT_CPU_SECONDS_A_GAME;
  const int threads = config.threads > 0 ? config.threads : std::max(1, omp_get_num_procs());
  std::vector<std::string> names;
  for (const Variant& v : to_fit) names.push_back(v.name);
  std::fprintf(stderr,
               "compare: %zu weights fit%s to make first (%s), %d self-play games each: about %s of CPU, %s on "
               "%d thread%s\n",
               to_fit.size(), to_fit.size() == 1 ? "" : "s", join(names, ", ").c_str(), config.fit_games,
               duration_text(cpu).c_str(), duration_text(cpu / threads).c_str(), threads, threads == 1 ? "" : "s");
}

// --weights FILE: the file's weights in every variant. A weights file names the rules it was fitted
// for and is refused under others, so each variant gets a copy under its own rules in
// OUT/weights/, whose [tuning] table says where the weights came from.
EqualPlayers given_weights_everywhere(const CompareConfig& config, const std::vector<Variant>& variants) {
  const std::string file = config.weights_file.string();
  WeightsFile given;
  try {
    given = read_weights_file(config.weights_file);
  } catch (const WeightsError& e) {
    throw InputError(std::string("--weights: ") + e.what());
  }
  const std::filesystem::path folder = config.out / "weights";
  EqualPlayers out{config.player, "the weights of " + file + " (fitted for " + given.variant +
                                      ") in every variant (--weights FILE)", {}};
  for (const Variant& v : variants) {
    WeightsFile copy = given;
    copy.variant = v.name;
    copy.rules_hash = rules_hash(v);
    const std::filesystem::path path = folder / (v.name + ".weights.toml");
    try {
      write_file_atomically(path, weights_to_toml(copy, "given = " + toml_string(file) + "\nfitted_for = " +
                                                            toml_string(given.variant) + "\n"));
    } catch (const FileWriteError& e) {
      throw InputError(std::string("--out: ") + e.what());
    }
    out.weights[v.name] = path;
  }
  return out;
}

}  // namespace

EqualPlayers equal_players(const CompareConfig& config, const std::vector<Variant>& variants,
                           const std::vector<std::string>& names_given) {
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
  if (config.weights == WeightsChoice::File) return given_weights_everywhere(config, variants);
  EqualPlayers out{config.player, "", {}};
  // Every variant's weights are fitted by today's evaluator and this recipe, so that the players
  // differ in nothing but what the rules taught them.
  const std::string recipe = recipe_text(fitting_recipe("", config.fit_games));
  std::vector<WeightsSource> sources;
  std::vector<Variant> to_fit;
  for (const Variant& v : variants) {
    try {
      sources.push_back(weights_source(v, variants, recipe));
    } catch (const WeightsError& e) {
      throw InputError(std::string("the weights of ") + v.name + ": " + e.what());
    }
    if (sources.back().file.empty() && cached_weights(config, v).empty()) to_fit.push_back(v);
  }
  announce_fits(config, to_fit);
  std::vector<std::string> notes;
  std::vector<CachedWeights> fits;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const Variant& v = variants[i];
    const WeightsSource& source = sources[i];
    if (!source.file.empty()) {
      const std::string file = source.file.filename().string();
      if (source.same_rules_as.empty()) {
        notes.push_back(v.name + "'s from the file beside its rules, " + file);
      } else {
        out.weights[v.name] = source.file;
        notes.push_back(v.name + "'s from the file beside " + source.same_rules_as + "'s rules, which are the same, " +
                        file);
      }
      continue;
    }
    try {
      if (!source.refused.empty())
        std::fprintf(stderr, "compare: %s: %s; fitting them anew\n", v.name.c_str(), source.refused.c_str());
      const CachedWeights fitted = fitted_weights(config, names_given.at(i), v);
      fits.push_back(fitted);
      resolve_weights(v, fitted.file.string());
      out.weights[v.name] = fitted.file;
      notes.push_back(v.name + "'s fitted by the bundled weights' recipe (" + std::to_string(config.fit_games) +
                      " self-play games, Texel's method on the piece values)" +
                      (source.refused.empty() ? "" : ", since " + source.refused) +
                      (fitted.fitting_seconds > 0 ? ", in " + duration_text(fitted.fitting_seconds) + ", kept in "
                                                  : ", found in the cache ") +
                      fitted.file.string());
    } catch (const WeightsError& e) {
      throw InputError(std::string("the weights of ") + v.name + ": " + e.what());
    }
  }
  out.note = "tuned weights in every variant, fitted by evaluator " + evaluator_version() + " and the recipe \"" +
             recipe + "\": " + (variants.size() <= MAX_NOTED_VARIANTS ? join(notes, "; ") : counted(sources, fits));
  return out;
}

}  // namespace jungle::research
