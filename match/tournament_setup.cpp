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
#include "support/nearest_names.h"
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
    if (!fs::is_directory(text, ec)) {
      const std::string suggestion = did_you_mean(text, {"auto"});
      throw TournamentError("--tb-adjudicate: no folder \"" + excerpt(text, 200) + "\"" +
                            (suggestion.empty() ? "" : ": " + suggestion) +
                            " (give auto, or the --dir of jungle tablebase build)");
    }
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

// The one reading of a tournament's settings into its setup, for a new run (make_setup: the
// settings as typed, the variants loaded) and for a worker rank (setup_from_fingerprint: rank 0's,
// in their canonical form): each setting by its type's parser, then the checks that need them
// all; a bad one is a TournamentError naming its option. The openings rule is read only when
// `read_openings` (rank 0: a file rule reads its file).
Setup read_setup(const TournamentSettings& settings, std::vector<Variant> variants, bool read_openings) {
  Setup s;
  s.variants = std::move(variants);
  s.given_weights.resize(s.variants.size());
  // The engines' definitions first, as the command line read them before anything else; those
  // among the players are kept.
  std::map<std::string, EngineConfig> defined;
  for (const std::string& text : settings.engines) {
    EngineConfig engine;
    try {
      engine = parse_engine_config(text);
    } catch (const std::invalid_argument& e) {
      throw TournamentError(e.what());
    }
    if (!defined.emplace(engine.name, engine).second)
      throw TournamentError("--engine: the name " + engine.name + " is given twice");
  }
  if (settings.players.empty()) throw TournamentError("--players: no player given");
  std::set<std::string> seen;
  for (const std::string& text : settings.players) {
    TournamentPlayer player;
    if (auto it = defined.find(text); it != defined.end()) {
      player.engine = text;
      s.engines.insert(*it);
    } else {
      try {
        player.builtin = parse_player_spec(text, s.context.get());
      } catch (const PlayerSpecError& e) {
        throw TournamentError("--players: " + std::string(e.what()) + (defined.empty() ? "" : ", or an --engine name"));
      }
    }
    s.players.push_back(std::move(player));
    if (!seen.insert(s.players.back().name()).second)
      throw TournamentError("--players: player " + s.players.back().name() + " is given twice");
  }
  s.gauntlet = settings.gauntlet;
  if (s.gauntlet && s.players.size() < 2)
    throw TournamentError("--gauntlet: the first player plays each of the others; give at least two players");
  s.games_per_pair = settings.games_per_pair;
  if (s.games_per_pair <= 0 || s.games_per_pair % 2)
    throw TournamentError("--games must be even and positive (each opening is played twice, colours swapped), not " +
                          std::to_string(s.games_per_pair));
  const long long players = static_cast<long long>(s.players.size());
  const long long pairings = players == 1 ? 1 : players * (players - 1) / 2;
  const long long total = static_cast<long long>(s.variants.size()) * pairings * s.games_per_pair;
  if (total > MAX_TOURNAMENT_GAMES)
    throw TournamentError("--games " + std::to_string(s.games_per_pair) + ": the tournament would have " +
                          std::to_string(total) + " games, more than the " + std::to_string(MAX_TOURNAMENT_GAMES) +
                          " one run may have (each is kept in memory for the report); split it into several runs");
  try {
    if (read_openings) s.openings = parse_opening_rule(settings.openings);
    if (!settings.each.empty()) s.each = parse_engine_defaults(settings.each);
    if (!settings.draw.empty()) s.draw = parse_draw_adjudication(settings.draw);
    if (!settings.resign.empty()) s.resign = parse_resign_adjudication(settings.resign);
  } catch (const std::invalid_argument& e) {
    throw TournamentError(e.what());
  }
  if (settings.margin_ms < 0) throw TournamentError("--timemargin must not be negative");
  s.margin_ms = settings.margin_ms;
  // The engines' limits and adjudication act on engines alone, and run.json records them only
  // then: without engines they are checked above, not kept.
  if (s.engines.empty()) s.each = {}, s.draw = {}, s.resign = {}, s.margin_ms = 0;
  s.seed = settings.seed;
  s.paired_variants = settings.paired_variants;
  s.tb_adjudicate = settings.tb_adjudicate;
  if (!s.tb_adjudicate.empty()) s.tablebases = open_tablebases(s.tb_adjudicate, s.variants, *s.context);
  if (!settings.sprt.empty()) {
    try {
      s.sprt = stats::parse_sprt_params(settings.sprt);
    } catch (const std::invalid_argument& e) {
      throw TournamentError(e.what());
    }
    if (!settings.sprt_variants.empty()) {
      s.sprt_variants = settings.sprt_variants;
      const std::vector<std::string>& named = s.sprt_variants;
      const bool known = std::all_of(named.begin(), named.end(), [&](const std::string& n) {
        return std::any_of(s.variants.begin(), s.variants.end(), [&](const Variant& v) { return v.name == n; });
      });
      if (named.size() != 2 || named[0] == named[1] || !known || s.players.size() != 1)
        throw TournamentError("--sprt-variants names two of the tournament's variants, played by one player");
    } else if (s.players.size() != 2 || s.variants.size() != 1) {
      throw TournamentError("--sprt tests two players in one variant; this tournament has " +
                            std::to_string(s.players.size()) + " players and " + std::to_string(s.variants.size()) +
                            " variants (or give --sprt-variants V1,V2 with one player)");
    }
  }
  for (const auto& [name, engine] : s.engines)
    if (s.engine_config(name).limits.value_or(TimeControl{}).empty())
      throw TournamentError("engine " + name + " has no limits: give --each tc=...|st=...|nodes=...|depth=... or its own");
  return s;
}

}  // namespace

std::vector<std::string> Setup::player_names() const {
  std::vector<std::string> names;
  for (const TournamentPlayer& p : players) names.push_back(p.name());
  return names;
}

EngineConfig Setup::engine_config(const std::string& name) const { return engines.at(name).over(each); }

TimeControl Setup::limits_of(const TournamentPlayer& player) const {
  if (player.builtin) return {};
  return engine_config(player.engine).limits.value_or(TimeControl{});
}

std::int64_t Setup::margin_of(const TournamentPlayer& player) const {
  if (player.builtin) return margin_ms;
  return engine_config(player.engine).margin_ms.value_or(margin_ms);
}

ResolvedWeights Setup::default_weights(std::size_t variant) const {
  if (given_weights[variant]) return *given_weights[variant];
  try {
    return context->weights(variants[variant], "");
  } catch (const WeightsError& e) {
    throw TournamentError(std::string("the weights beside the rules of ") + variants[variant].name + ": " + e.what());
  }
}

TournamentSettings Setup::settings() const {
  if (!openings) throw std::logic_error("Setup::settings: a worker rank's setup has no openings rule");
  TournamentSettings t;
  t.players = player_names();
  t.games_per_pair = games_per_pair;
  t.openings = openings->text();
  t.seed = seed;
  t.sprt = sprt ? stats::sprt_params_text(*sprt) : "";
  t.tb_adjudicate = tb_adjudicate;
  t.sprt_variants = sprt_variants;
  t.paired_variants = paired_variants;
  t.gauntlet = gauntlet;
  // Recorded only with engines, so that a folder of built-in players reads as before (the
  // limits and adjudication act on engines alone).
  for (const auto& [name, engine] : engines) t.engines.push_back(engine.text());
  t.each = engines.empty() ? "" : each.text();
  t.margin_ms = margin_ms;
  t.draw = draw.enabled() ? draw.text() : "";
  t.resign = resign.enabled() ? resign.text() : "";
  return t;
}

RunRecord Setup::fingerprint() const {
  RunRecord f;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const Variant& v = variants[i];
    const ResolvedWeights weights = default_weights(i);
    f.variants.push_back({v.name, rules_hash(v), variant_to_toml(v), weights.origin, weights.provenance.fitted_by,
                          weights.provenance.evaluator, weights.provenance.recipe, weights_digest(*weights.weights)});
  }
  f.settings = settings();
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
  if (config.variants.empty()) throw TournamentError("--variants: no variant given");
  if (config.players.empty()) throw TournamentError("--players: no player given");
  if (!config.loaded_variants.empty() && config.loaded_variants.size() != config.variants.size())
    throw std::logic_error("TournamentConfig: loaded_variants are not the variants");
  std::vector<Variant> variants;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < config.variants.size(); ++i) {
    variants.push_back(config.loaded_variants.empty() ? load_variant(config.variants[i]) : config.loaded_variants[i]);
    if (!seen.insert(variants.back().name).second)
      throw TournamentError("--variants: variant " + variants.back().name + " is given twice");
  }
  std::vector<std::optional<ResolvedWeights>> given_weights = read_given_weights(config.default_weights, variants);
  // As typed, but --sprt-variants each by the name its rules carry when given as --variants gave
  // it (a name or a rules file).
  TournamentSettings settings = config;
  for (std::string& named : settings.sprt_variants)
    if (const auto at = std::find(config.variants.begin(), config.variants.end(), named); at != config.variants.end())
      named = variants[std::size_t(at - config.variants.begin())].name;
  Setup s = read_setup(settings, std::move(variants), true);
  s.given_weights = std::move(given_weights);
  // Weights that do not fit a variant's rules stop the tournament now, not in its games, whose
  // players find them read.
  for (std::size_t i = 0; i < s.players.size(); ++i)
    if (const std::optional<PlayerSpec>& spec = s.players[i].builtin)
      for (const Variant& v : s.variants) {
        try {
          check_player_weights(*spec, config.players[i], v, *s.context);
        } catch (const PlayerSpecError& e) {
          throw TournamentError("--players: " + std::string(e.what()) + (config.engines.empty() ? "" : ", or an --engine name"));
        }
      }
  s.engine_startup_timeout = config.engine_startup_timeout;
  return s;
}

Setup setup_from_fingerprint(const RunRecord& f) {
  std::vector<Variant> variants;
  for (const RecordedVariant& v : f.variants) {
    variants.push_back(load_variant_text(v.toml, "rank 0's rules for " + v.name));
    if (rules_hash(variants.back()) != v.rules_hash)
      throw TournamentError("the rules of " + v.name + " read differently here than on rank 0");
  }
  return read_setup(f.settings, std::move(variants), false);
}

}  // namespace jungle
