// A tournament as the command line gives it, and the one error a bad setting or an unusable
// results folder gets. See tournament.h for what a tournament does with them.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "protocol/engine_player.h"
#include "results/tournament_settings.h"

namespace jungle {

// More games than this in one run are refused before any work: every game is kept in memory
// for the report (a random game's record takes about 10 kB).
constexpr long long MAX_TOURNAMENT_GAMES = 1'000'000;

// The settings that make the tournament the one it is, as typed (results/tournament_settings.h:
// what run.json records, once checked), and how this run plays them.
struct TournamentConfig : TournamentSettings {
  std::vector<std::string> variants = {"standard"};  // bundled names or TOML paths
  int threads = DEFAULT_THREADS;  // 0: every core
  std::filesystem::path out;
  // --pgnout: each game played now also appended here as PGN; not part of what the tournament
  // is, so that a resumed run may add it or leave it out.
  std::filesystem::path pgnout;
  bool progress = false;  // a progress line on standard error
  // With progress: the running score (match/running_score.h) every this many games and at the
  // end; 0: none.
  int rating_interval = 0;
  // --log: every line to and from the engines, appended here (protocol/engine_log.h); empty: none.
  std::filesystem::path engine_log;
  std::vector<std::string> command_line;  // as typed, for run.json's record of each run
  // Which typing of the command this run is, so that the report counts commands, not the rounds
  // one command plays (compare --precision calls run_tournament once a round): every run of one
  // invocation carries the same. Empty: this process's (its host, pid and start time), right for
  // any command that runs in a process of its own; a caller running several commands in one
  // process (the tests) sets one each.
  std::string invocation;
  // How long an engine may take to answer `uci` and `isready` (no option: tests shorten it).
  std::chrono::seconds engine_startup_timeout = EnginePlayer::STARTUP_TIMEOUT;
  // `variants` already loaded, in their order, by a caller that has read them (compare, tune's
  // self-play), so that they are not read again; empty: the tournament loads them.
  std::vector<Variant> loaded_variants;
  // By variant name: the weights file a player without weights= evaluates that variant with, in
  // place of the file beside its rules (weights_file.h): compare's fitted weights, or those of the
  // same rules under another name. Checked against the variant's rules.
  std::map<std::string, std::filesystem::path> default_weights;
};

// A mistake in the configuration or a results directory that cannot be used; one line.
// (A garbled games.jsonl throws ResultsError, bad variant files VariantError.)
struct TournamentError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace jungle
