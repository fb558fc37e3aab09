// DIR/run.json, the record a tournament keeps beside its games (games.jsonl, results_file.h):
// what the tournament is, so that a rerun resumes only the same tournament and the folder
// reports and replays on its own, and who started it, where, when and how. Written and read
// here alone. Its fields, in the order written:
//
//   format         "jungle-tournament/2" (/2: fixtures listed opening by opening, so that --games can grow)
//   variants       [{name, rules: the rules hash, toml: the resolved rules as a variant file,
//                    default_weights: what a player without weights= evaluates with there, the
//                    tuned weights file beside the rules or "untuned"; absent in older folders;
//                    default_weights_fitted_by, default_weights_evaluator, default_weights_recipe:
//                    the command, evaluator version and recipe that fitted them, when their file says;
//                    default_weights_digest: a hash of their values, so that a resumed run with
//                    other weights is refused}]
//   players, games, openings, seed, and the rest of the tournament's settings
//                  (results/tournament_settings.h: each as the setup's canonical text; those
//                  given only sometimes written only when given, the engines' only with engines)
//   runs           one entry a start of the command: command (its words), version, date (UTC),
//                  host, threads; ranks under MPI; tablebases with --tb-adjudicate (per variant
//                  the folder, "" when its rules have none, and its tables counted by pieces);
//                  invocation: the same in every entry one typed command made (a compare
//                  --precision run starts once a round), absent in older folders; games: the
//                  games per pairing and variant that start asked for (compare's rounds), absent
//                  in older folders; evaluator: the playing program's evaluator version, absent
//                  in older folders
//
// Everything but `runs`, `games` and the default weights is the tournament's fingerprint: two runs
// with equal fingerprints are the same tournament, and `games` may grow between them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/variant.h"
#include "results/tournament_settings.h"

namespace jungle {

inline constexpr const char* RUN_FORMAT = "jungle-tournament/2";

struct RecordedVariant {
  std::string name;
  std::string rules_hash;  // rules_hash() of the rules below
  std::string toml;        // variant_to_toml() of the rules
  std::string default_weights{};  // a weights file, "untuned", or "" when not recorded
  std::string default_weights_fitted_by{};  // the weights file's [tuning] command, or ""
  std::string default_weights_evaluator{};  // ... its evaluator version, or ""
  std::string default_weights_recipe{};     // ... its recipe, or ""
  std::string default_weights_digest{};     // weights_digest() of the weights, or "" in older folders
};

// What --tb-adjudicate found for one variant.
struct FoundTables {
  std::string variant;
  std::string folder;            // "" when the variant's rules have no tables
  std::map<int, int> by_pieces;  // number of tables of each size
};

struct RunStart {
  std::vector<std::string> command;  // as typed
  std::string version;               // program_version()
  std::string date;                  // UTC, as 2026-12-05T06:24:19Z
  std::string host;
  int threads = 0;                   // per rank
  int ranks = 0;                     // MPI ranks; 0: one process (not written)
  std::optional<std::vector<FoundTables>> tablebases{};  // with --tb-adjudicate
  // Equal in the starts of one typed command ("host:pid:start time"); "" in older folders, where
  // each start counts as a command of its own.
  std::string invocation{};
  int games = 0;  // games per pairing and variant asked for; 0: not recorded
  std::string evaluator{};  // the playing program's evaluator_version(); "" in older folders
};

struct RunRecord {
  std::string format = RUN_FORMAT;
  std::vector<RecordedVariant> variants;
  TournamentSettings settings;  // in the setup's canonical form (match/tournament_setup.h)
  std::vector<RunStart> runs;
};

// What differs between the tournament a folder holds and the one asked for, as the option that
// would have to change ("--seed 1, not 2"), the first in run.json's order; "" when they are the
// same tournament. `games` and `runs` are not compared.
std::string run_difference(const RunRecord& there, const RunRecord& here);

// run.json's text, and back. The text ends with '\n'. Reading checks every field, and throws
// std::invalid_argument "FIELD: what" ("runs[2].games: 1e+20 is not a whole number from 1 to
// 100000000") when the text is not JSON, a field is missing or of the wrong type, a number is
// out of range, or a variant's rules text (toml) does not load or does not give its recorded rules
// hash. Fields that older folders lack (a run's invocation and games, the default weights, a
// variant's rules text) may be missing; so may those written only when given (sprt, ...).
std::string run_record_text(const RunRecord& record);
RunRecord parse_run_record(const std::string& text);

// DIR/run.json: nothing when there is none; ResultsError "DIR/run.json: FIELD: what" when it does
// not read.
std::optional<RunRecord> read_run_file(const std::filesystem::path& dir);

// Writes DIR/run.json whole, or throws FileWriteError (support/files.h).
void write_run_file(const std::filesystem::path& dir, const RunRecord& record);

// The rules a folder's run.json keeps (each variant's `toml`), so that it reports and replays
// after the rules files are gone. Nothing when there is no run.json; ResultsError when it
// cannot be read or its rules do not load.
std::vector<Variant> recorded_rules(const std::filesystem::path& results_file);

// The players a folder's run.json lists (its tournament's --players, as the games name them), the
// only ones its games may have (results/replay_check.h). Nothing when there is no run.json;
// ResultsError when it cannot be read.
std::vector<std::string> recorded_players(const std::filesystem::path& results_file);

}  // namespace jungle
