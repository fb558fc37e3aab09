// A tournament's setup: its settings checked, read into typed values and resolved (variants
// loaded, player specs read, engines, limits, adjudication, openings, SPRT), before any game or
// file. Internal to match/.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "match/adjudication.h"
#include "match/matchmaking.h"
#include "match/tournament_config.h"
#include "players/player.h"
#include "players/player_context.h"
#include "protocol/engine_player.h"
#include "protocol/time_control.h"
#include "results/run_file.h"
#include "search/weights_file.h"
#include "stats/statistics.h"
#include "tablebase/disk_tables.h"

namespace jungle {

// One of a tournament's players: a built-in player by its spec, read once for the run, or an
// engine by its name in Setup::engines.
struct TournamentPlayer {
  std::optional<PlayerSpec> builtin;  // none: an engine
  std::string engine;                 // without builtin: the engine's name
  // As run.json, games.jsonl and the report name it: the spec's text, or the engine's name.
  std::string name() const { return builtin ? builtin->text() : engine; }
};

// What a tournament is: everything that decides which games are played, and how. Each setting
// is held typed, read from its text once by its type's parser (read_setup in
// tournament_setup.cpp) and written back by its type's text() (settings()). The engines' limits
// and adjudication are at their defaults unless an engine plays: they act on engines alone.
struct Setup {
  std::vector<TournamentPlayer> players;
  int games_per_pair = 2;
  // None on a worker rank: rank 0 alone makes the openings (its file need not exist elsewhere).
  std::optional<OpeningRule> openings;
  std::uint64_t seed = 1;
  std::optional<stats::SprtParams> sprt;  // of players[0] against players[1], or of two variants
  std::vector<std::string> sprt_variants;  // with sprt: the names of two variants, tested against each other
  std::string tb_adjudicate;  // a folder of endgame tables, or "auto"; empty: none
  bool paired_variants = false;
  bool gauntlet = false;
  std::map<std::string, EngineConfig> engines;  // by name: those among the players, as defined
  EngineConfig each;                            // --each: every engine's defaults
  std::int64_t margin_ms = 0;                   // --timemargin
  DrawAdjudication draw;
  ResignAdjudication resign;

  // What they resolve to, for playing.
  std::vector<Variant> variants;
  std::chrono::seconds engine_startup_timeout = EnginePlayer::STARTUP_TIMEOUT;
  // What the tournament's built-in players read from disk, read once for the run (weights files,
  // endgame tables: theirs and --tb-adjudicate's): handed to every player made for its games.
  std::shared_ptr<PlayerContext> context = std::make_shared<PlayerContext>();
  std::vector<std::shared_ptr<tablebase::DiskTables>> tablebases;  // per variant; null: not adjudicated
  // One a variant: the weights a player without weights= evaluates it with, when the tournament
  // is given them (TournamentConfig::default_weights; rank 0's, on a worker rank); nullopt: the
  // file beside its rules.
  std::vector<std::optional<ResolvedWeights>> given_weights;

  // The players' names, in order (TournamentPlayer::name).
  std::vector<std::string> player_names() const;

  // What a player without weights= evaluates variants[variant] with: the given weights, else
  // resolve_weights(variant, ""), read into `context`; a weights file that does not read, or is
  // of other rules, is a TournamentError naming the variant.
  ResolvedWeights default_weights(std::size_t variant) const;

  // An engine as it plays: its definition over --each.
  EngineConfig engine_config(const std::string& name) const;
  // Each side's limits: the engine's own, else --each; none for a built-in player.
  TimeControl limits_of(const TournamentPlayer& player) const;
  // How far a side may overstep its clock: the engine's timemargin, else --each's, else
  // --timemargin.
  std::int64_t margin_of(const TournamentPlayer& player) const;

  // The settings in their canonical form, as run.json records them: each written by its type's
  // text(); the engines' limits and adjudication only with engines. Not on a worker rank, which
  // has no openings rule (std::logic_error).
  TournamentSettings settings() const;

  // What run.json records of it (no runs): settings(), and the variants. The rules travel in
  // full, so that the folder reports and replays on its own; only their hash takes part in
  // comparing two tournaments.
  RunRecord fingerprint() const;

  // What --tb-adjudicate found, for run.json: per variant the folder and its tables by pieces.
  std::vector<FoundTables> tables_found() const;
};

// Checks the settings and resolves them; throws TournamentError (VariantError for a bad
// variant file) naming the option at fault. Reads files (variants, weights, openings) but
// writes nothing.
Setup make_setup(const TournamentConfig& config);

// A worker rank's setup: what it needs to play rank 0's fixtures, from rank 0's fingerprint,
// rules included, so that no variant or openings file need exist where the rank runs. The
// openings rule stays unread: rank 0 alone makes the openings (and runs the test).
// Rank 0's default weights, which need no file either, are the caller's to give (given_weights).
Setup setup_from_fingerprint(const RunRecord& fingerprint);

}  // namespace jungle
