#include "match/tournament_setup.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <stdexcept>

#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "engine/variant_toml.h"
#include "players/player.h"
#include "search/weights_file.h"
#include "support/excerpt.h"
#include "tablebase/tablebase.h"

namespace jungle {

namespace fs = std::filesystem;

namespace {

// --tb-adjudicate's tables for each variant: only those on disk, never built here. A variant the
// tables cannot hold (a repetition that is not a draw) or without tables is played out, and a
// note says so.
std::vector<std::shared_ptr<tablebase::DiskTables>> open_tablebases(const std::string& text,
                                                                    const std::vector<Variant>& variants,
                                                                    PlayerContext& context) {
  fs::path root;
  if (text == "auto") {
    try {
      root = tablebase::default_folder();
    } catch (const tablebase::TablebaseError& e) {
      throw TournamentError(std::string("--tb-adjudicate auto: ") + e.what());
    }
  } else {
    std::error_code ec;
    if (!fs::is_directory(text, ec))
      throw TournamentError("--tb-adjudicate: no folder \"" + excerpt(text, 200) +
                            "\" (give auto, or the --dir of jungle tablebase build)");
    root = text;
  }
  std::vector<std::shared_ptr<tablebase::DiskTables>> out;
  for (const Variant& v : variants) {
    try {
      out.push_back(context.tables(v, root));
      if (out.back()->on_disk().empty())
        std::fprintf(stderr, "note: --tb-adjudicate: no tables of variant %s in %s; jungle tablebase build makes them\n",
                     v.name.c_str(), out.back()->folder().string().c_str());
    } catch (const tablebase::TablebaseError& e) {
      std::fprintf(stderr, "note: --tb-adjudicate: variant %s is played out: %s\n", v.name.c_str(), e.what());
      out.push_back(nullptr);
    }
  }
  return out;
}

// TournamentConfig::default_weights, per variant.
std::vector<std::optional<ResolvedWeights>> read_given_weights(const std::map<std::string, fs::path>& files,
                                                               const std::vector<Variant>& variants) {
  std::vector<std::optional<ResolvedWeights>> out(variants.size());
  for (const auto& [name, file] : files) {
    // (clang 14 cannot capture a structured binding: hence `wanted`.)
    const auto v = std::find_if(variants.begin(), variants.end(),
                                [&wanted = name](const Variant& x) { return x.name == wanted; });
    if (v == variants.end()) throw TournamentError("default weights for " + name + ", which is not among the variants");
    try {
      out[std::size_t(v - variants.begin())] = resolve_weights(*v, file.string());
    } catch (const WeightsError& e) {
      throw TournamentError("the weights of " + name + ": " + e.what());
    }
  }
  return out;
}

}  // namespace

EngineConfig Setup::engine_config(const std::string& name) const { return engines.at(name).over(each); }

TimeControl Setup::limits_of(const std::string& player) const {
  if (!engines.contains(player)) return {};
  return engine_config(player).limits.value_or(TimeControl{});
}

std::int64_t Setup::margin_of(const std::string& player) const {
  if (!engines.contains(player)) return settings.margin_ms;
  return engine_config(player).margin_ms.value_or(settings.margin_ms);
}

ResolvedWeights Setup::default_weights(std::size_t variant) const {
  if (given_weights[variant]) return *given_weights[variant];
  try {
    return players->weights(variants[variant], "");
  } catch (const WeightsError& e) {
    throw TournamentError(std::string("the weights beside the rules of ") + variants[variant].name + ": " + e.what());
  }
}

RunRecord Setup::fingerprint() const {
  RunRecord f;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const Variant& v = variants[i];
    const ResolvedWeights weights = default_weights(i);
    f.variants.push_back({v.name, rules_hash(v), variant_to_toml(v), weights.origin, weights.provenance.fitted_by,
                          weights.provenance.evaluator, weights.provenance.recipe, weights_digest(*weights.weights)});
  }
  f.settings = settings;
  return f;
}

std::vector<FoundTables> Setup::tables_found() const {
  std::vector<FoundTables> found;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    FoundTables t{variants[i].name, "", {}};
    if (const auto& tables = tablebases[i]) {
      t.folder = tables->folder().string();
      for (const std::string& name : tables->on_disk()) ++t.by_pieces[int(name.size()) - 1];  // "LT/e": 3 pieces
    }
    found.push_back(std::move(t));
  }
  return found;
}

Setup make_setup(const TournamentConfig& config) {
  Setup s;
  // As typed; below, each setting that has a canonical form is rewritten in it. One that has
  // none (a number, a flag, a folder) is recorded as given.
  TournamentSettings& settings = s.settings = config;
  settings.players.clear();
  settings.sprt_variants.clear();
  settings.engines.clear();
  // The engines' definitions first, as the command line read them before anything else.
  std::vector<EngineConfig> defined;
  for (const std::string& text : config.engines) {
    try {
      defined.push_back(parse_engine_config(text));
    } catch (const std::invalid_argument& e) {
      throw TournamentError(e.what());
    }
  }
  if (config.variants.empty()) throw TournamentError("--variants: no variant given");
  if (config.players.empty()) throw TournamentError("--players: no player given");
  if (!config.loaded_variants.empty() && config.loaded_variants.size() != config.variants.size())
    throw std::logic_error("TournamentConfig: loaded_variants are not the variants");
  std::set<std::string> seen;
  for (std::size_t i = 0; i < config.variants.size(); ++i) {
    s.variants.push_back(config.loaded_variants.empty() ? load_variant(config.variants[i]) : config.loaded_variants[i]);
    if (!seen.insert(s.variants.back().name).second)
      throw TournamentError("--variants: variant " + s.variants.back().name + " is given twice");
  }
  seen.clear();
  s.given_weights = read_given_weights(config.default_weights, s.variants);
  std::map<std::string, EngineConfig> engines;
  for (const EngineConfig& engine : defined)
    if (!engines.emplace(engine.name, engine).second)
      throw TournamentError("--engine: the name " + engine.name + " is given twice");
  for (const std::string& spec : config.players) {
    if (auto it = engines.find(spec); it != engines.end()) {
      settings.players.push_back(spec);
      s.engines.insert(*it);
    } else {
      try {
        settings.players.push_back(make_player(spec, 0, s.players)->spec());
        // Weights that do not fit a variant's rules stop the tournament now, not in its games,
        // whose players find them read.
        for (const Variant& v : s.variants) validate_player_spec(spec, v, s.players.get());
      } catch (const PlayerSpecError& e) {
        throw TournamentError("--players: " + std::string(e.what()) + (engines.empty() ? "" : ", or an --engine name"));
      }
    }
    if (!seen.insert(settings.players.back()).second)
      throw TournamentError("--players: player " + settings.players.back() + " is given twice");
  }
  if (config.gauntlet && settings.players.size() < 2)
    throw TournamentError("--gauntlet: the first player plays each of the others; give at least two players");
  if (config.games_per_pair <= 0 || config.games_per_pair % 2)
    throw TournamentError("--games must be even and positive (each opening is played twice, colours swapped), not " +
                          std::to_string(config.games_per_pair));
  const long long players = static_cast<long long>(settings.players.size());
  const long long pairings = players == 1 ? 1 : players * (players - 1) / 2;
  const long long total = static_cast<long long>(s.variants.size()) * pairings * config.games_per_pair;
  if (total > MAX_TOURNAMENT_GAMES)
    throw TournamentError("--games " + std::to_string(config.games_per_pair) + ": the tournament would have " +
                          std::to_string(total) + " games, more than the " + std::to_string(MAX_TOURNAMENT_GAMES) +
                          " one run may have (each is kept in memory for the report); split it into several runs");
  try {
    s.openings = parse_opening_rule(config.openings);
  } catch (const std::invalid_argument& e) {
    throw TournamentError(e.what());
  }
  settings.openings = s.openings.text();
  try {
    if (!config.each.empty()) s.each = parse_engine_defaults(config.each);
    if (!config.draw.empty()) s.draw = parse_draw_adjudication(config.draw);
    if (!config.resign.empty()) s.resign = parse_resign_adjudication(config.resign);
  } catch (const std::invalid_argument& e) {
    throw TournamentError(e.what());
  }
  if (config.margin_ms < 0) throw TournamentError("--timemargin must not be negative");
  if (!config.tb_adjudicate.empty()) s.tablebases = open_tablebases(config.tb_adjudicate, s.variants, *s.players);
  // Recorded only with engines, so that a folder of built-in players reads as before (the
  // limits and adjudication act on engines alone).
  for (const auto& [name, engine] : s.engines) settings.engines.push_back(engine.text());
  settings.each = s.engines.empty() ? "" : s.each.text();
  settings.margin_ms = s.engines.empty() ? 0 : config.margin_ms;
  settings.draw = s.engines.empty() || !s.draw.enabled() ? "" : s.draw.text();
  settings.resign = s.engines.empty() || !s.resign.enabled() ? "" : s.resign.text();
  s.engine_startup_timeout = config.engine_startup_timeout;
  if (!config.sprt.empty()) {
    try {
      s.sprt = stats::parse_sprt_params(config.sprt);
    } catch (const std::invalid_argument& e) {
      throw TournamentError(e.what());
    }
    settings.sprt = stats::sprt_params_text(*s.sprt);
    if (!config.sprt_variants.empty()) {
      // Each as --variants gave it (a name or a rules file) or by the name its rules carry.
      for (const std::string& given : config.sprt_variants) {
        const auto at = std::find(config.variants.begin(), config.variants.end(), given);
        settings.sprt_variants.push_back(
            at == config.variants.end() ? given : s.variants[std::size_t(at - config.variants.begin())].name);
      }
      const std::vector<std::string>& named = settings.sprt_variants;
      const bool known = std::all_of(named.begin(), named.end(), [&](const std::string& n) {
        return std::any_of(s.variants.begin(), s.variants.end(), [&](const Variant& v) { return v.name == n; });
      });
      if (named.size() != 2 || named[0] == named[1] || !known || settings.players.size() != 1)
        throw TournamentError("--sprt-variants names two of the tournament's variants, played by one player");
    } else if (settings.players.size() != 2 || s.variants.size() != 1) {
      throw TournamentError("--sprt tests two players in one variant; this tournament has " +
                            std::to_string(settings.players.size()) + " players and " +
                            std::to_string(s.variants.size()) +
                            " variants (or give --sprt-variants V1,V2 with one player)");
    }
  }
  for (const auto& [name, engine] : s.engines)
    if (s.limits_of(name).empty())
      throw TournamentError("engine " + name + " has no limits: give --each tc=...|st=...|nodes=...|depth=... or its own");
  return s;
}

Setup setup_from_fingerprint(const RunRecord& f) {
  Setup s;
  s.settings = f.settings;
  for (const RecordedVariant& v : f.variants) {
    s.variants.push_back(load_variant_text(v.toml, "rank 0's rules for " + v.name));
    if (rules_hash(s.variants.back()) != v.rules_hash)
      throw TournamentError("the rules of " + v.name + " read differently here than on rank 0");
  }
  s.given_weights.resize(s.variants.size());
  for (const std::string& text : s.settings.engines) {
    EngineConfig engine = parse_engine_config(text);
    s.engines.emplace(engine.name, engine);
  }
  if (!s.settings.each.empty()) s.each = parse_engine_defaults(s.settings.each);
  if (!s.settings.draw.empty()) s.draw = parse_draw_adjudication(s.settings.draw);
  if (!s.settings.resign.empty()) s.resign = parse_resign_adjudication(s.settings.resign);
  if (!s.settings.tb_adjudicate.empty())
    s.tablebases = open_tablebases(s.settings.tb_adjudicate, s.variants, *s.players);
  return s;
}

}  // namespace jungle
