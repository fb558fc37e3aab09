// Reports over finished games: per variant the first player's advantage, balance metrics,
// durations and end reasons; per pair of players W/D/L by colour, score, Elo and pentanomial
// counts; each variant against a baseline with Holm-adjusted p-values; optional SPRT verdicts.
//
// summarize() turns games into plain data (the structs below); the writers print that data as
// Markdown (the terminal), JSON, CSV and a self-contained HTML page with gnuplot charts. Nothing
// here plays a game: `jungle stats` feeds it results files, `jungle study` a fresh tournament.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "engine/variant_toml.h"
#include "report/report_folder.h"
#include "results/results_file.h"
#include "search/piece_values.h"
#include "stats/balance.h"
#include "stats/statistics.h"
#include "stats/variant_comparison.h"
#include "tablebase/compare.h"

namespace jungle::report {

struct Options {
  // The variant the others are compared with; empty: "standard" if present, else the first.
  std::string baseline;
  // Rules for variants that are not bundled (a name is looked up here first, then loaded as a
  // bundled name or, if the record names one, a TOML path).
  std::vector<Variant> rules;
  int bin_width = 10;  // plies per bin of the game-length histograms
  double confidence = 0.95;
};

// Two players under one variant, counted from `first`'s point of view. first is the white player
// of the pairing's first game. Self-play (first == second) is counted from white's side, so that
// its score and Elo say what the first move is worth.
struct PairingSummary {
  std::string first, second;
  stats::Wdl as_white, as_black;  // first's results with each colour (self-play: white's, black's)
  stats::Wdl wdl;                 // what score and Elo are of: first's total (self-play: white's)
  // Two players: stats::wilson_score and stats::elo_wdl over wdl (cutechess-cli's per-game
  // variance). Self-play: the first player's figures over these games, clustered by opening as
  // the first-player table (first_player_of).
  stats::Interval score_wilson;
  stats::EloEstimate elo;
  double design_effect = 1;       // self-play: first_player_of's; two players: 1 (games as units)
  // Over the colour-swapped pairs (two games sharing a pair id and an opening), by first's points
  // in both games (self-play: white's points in both).
  stats::Pentanomial pentanomial;
  stats::EloEstimate elo_pentanomial;  // NaN fields when there is no pair
  std::uint64_t unpaired = 0;          // games whose partner is missing: in wdl, not in pentanomial
};

// A variant's figure next to the baseline's: the difference of the first player's share of
// decisive games (stats::compare_first_players), or of the draw rate (stats::compare_draw_rates).
struct BaselineComparison {
  std::string baseline;
  stats::ProportionDifference difference;  // Newcombe interval, pooled z-test p, both clustered
  double p_holm = 1;  // Holm-adjusted over every variant compared on the same figure; the
                      // decisive-share and the draw-rate tests are two families, adjusted apart
  // Taken from `jungle compare`'s verdict (attach_comparison): the paired difference over the
  // openings, its interval, and p Holm-adjusted over the verdict's tests.
  bool paired = false;
};

struct VariantSummary {
  std::string name;
  std::uint64_t games = 0;
  // Why rules-based metrics are missing (rules not found, games that do not replay); empty if none.
  std::string note;
  int max_plies = 0;  // the variant's ply limit; 0 if unknown or none
  stats::FirstPlayerStats first_player;  // the games of one opening id are one unit
  std::optional<BaselineComparison> vs_baseline;  // absent for the baseline and when not comparable
  std::optional<BaselineComparison> score_vs_baseline;  // the score's: only from a compare's verdict
  std::optional<BaselineComparison> draws_vs_baseline;  // the draw rate's; absent for the baseline
  std::vector<RuleSetting> rules;  // the resolved rules (rule_settings); empty when not found
  stats::OutcomeMetrics outcomes;
  stats::DurationStats duration;
  std::optional<stats::ReplayStats> replay;  // absent when the rules are missing
  std::vector<PairingSummary> pairings;      // in the order they first appear
};

// One row of the perft table (`jungle perft-table`, `jungle study`).
struct PerftRow {
  std::string variant;
  std::vector<std::uint64_t> counts;  // counts[d - 1]: perft(d) from the start
  double seconds = 0;
};

// An SPRT between two players (games of A against B) or two variants (first-player advantage).
struct SprtSummary {
  enum class Kind { Players, Variants } kind = Kind::Players;
  std::string a, b;
  std::string counts;        // "pentanomial", "trinomial" or "two-sample normal"
  stats::SprtParams params;  // params.method: the LLR's model, shown as llr_method_name
  stats::SprtResult result;
  stats::Wdl wdl;                  // players: A's results against B; variants: A's first player
  stats::Wdl wdl_b;                // variants: B's first player
  stats::Pentanomial pentanomial;  // players, pentanomial model
};

// How a results file was made, as the report's first table says. From the run.json a
// tournament or a study keeps beside its games.jsonl; for a plain games file, what its games
// show (players, games) and "unknown" for the rest.
struct RunSettings {
  std::string source;  // the results file
  std::string command, seed, openings, players, games, threads, version, date;
  // --tb-adjudicate and the tables it found per variant, e.g. "auto: standard 64 tables of 2
  // pieces, 448 of 3 (/root/.cache/jungle/tablebases/0123456789abcdef)"; empty without it.
  std::string tablebases;
  // Per variant, what a player without weights= evaluated with ("standard: standard.weights.toml;
  // mine: untuned"); empty when run.json does not say.
  std::string default_weights;
  // The same in full, a variant each, when some player evaluated with them: the file ("untuned"
  // for none), the rules it was fitted for and the command that fitted it (its [tuning] command;
  // "" when the file does not say).
  struct VariantWeights {
    std::string variant, file, rules_hash, fitted_by, evaluator, recipe;
  };
  std::vector<VariantWeights> weights;
  // Not empty when the variants' players evaluated with weights obtained differently (tuned in
  // some, untuned in others): the results then compare players as well as rules.
  std::string weights_warning;
};

// The settings of one results file, whose games (as read) are `games`. Throws ResultsError
// naming run.json when it is there but cannot be read.
RunSettings run_settings(const std::filesystem::path& results_file, std::span<const StoredGame> games);

struct Summary {
  std::uint64_t games = 0;
  double confidence = 0.95;
  std::string baseline;  // empty with no games
  std::vector<std::string> players;
  std::vector<VariantSummary> variants;  // in the order they first appear
  std::vector<PerftRow> perft;           // filled by `jungle study`
  // Filled by `jungle study`: each variant's piece values (tuned and untuned), and a line on how
  // the games' players used them when the table alone would mislead (a player that does not
  // evaluate, or one told weights=untuned); empty otherwise.
  std::vector<PieceValues> piece_values;
  std::string piece_values_note;
  std::vector<SprtSummary> sprt;
  std::vector<std::string> sources;  // the files read, or where the games came from
  // Filled by `jungle stats`: the games of the files left out because they do not replay
  // (read_replayed), "FILE:LINE: game N: why"; every figure is of the games kept.
  std::vector<std::string> left_out;
  std::vector<RunSettings> runs;     // filled by the commands: one per results file
  // For the HTML page's game viewer (game_viewer.h): the first MAX_VIEWED_GAMES games in the
  // order read, and the rules found for the variants.
  std::vector<GameRecord> viewed_games;
  std::vector<Variant> rules;
  // Filled by `jungle compare`: the verdict, shown first, and the endgames when the variants'
  // rules differ; both finished by research/ (compare.h), shown here as they are.
  std::optional<stats::Comparison> comparison;
  std::optional<tablebase::EndgameComparison> endgames;
};

// The end reasons a report shows: the rules' five always, a tournament's (forfeits,
// adjudication) only when some game ended so.
std::vector<EndReason> shown_end_reasons(const Summary& summary);

// Everything above but perft, piece values, sprt and runs (the commands add those). Throws std::invalid_argument for an unknown baseline.
Summary summarize(const std::vector<StoredGame>& games, const Options& options = {});

// Adds `jungle compare`'s verdict to the summary, and puts its paired figures in place of the
// baseline comparisons that treat each variant's games alone (vs_baseline, draws_vs_baseline), so
// that every table, chart, CSV and JSON of the report gives one answer to one question.
void attach_comparison(Summary& summary, stats::Comparison comparison);

// Reads results files (results_file.h) and merges them. Pair and opening ids are renumbered so
// that the pairs and openings of different files stay apart. Throws ResultsError naming FILE:LINE;
// warnings about cut-off last lines join *warnings if given. *per_file, if given, gets the
// number of games of each file, which follow one another in the order of the files.
std::vector<StoredGame> read_merged(const std::vector<std::filesystem::path>& files,
                                    std::vector<std::string>* warnings = nullptr,
                                    std::vector<std::size_t>* per_file = nullptr);

// read_merged, then each file's games replayed (results/replay_check.h) under the first rules
// found of: `rules` (a command's --rules), the rules its run.json records, a bundled variant of
// the name, and checked against the players its run.json lists. A game that does not replay (or
// whose players are not the run's) is left out and a line naming it, "FILE:LINE: game N: why",
// joins *left_out; a game whose variant has no rules anywhere is kept unreplayed (its
// variant's summary notes the missing rules). *per_file, if given, counts the games kept.
std::vector<StoredGame> read_replayed(const std::vector<std::filesystem::path>& files, const std::vector<Variant>& rules,
                                      std::vector<std::string>& left_out, std::vector<std::string>* warnings = nullptr,
                                      std::vector<std::size_t>* per_file = nullptr);

// The SPRT of player a against player b over their games (any variant, either colour). Uses the
// pentanomial when every one of their games is in a colour-swapped pair, else the trinomial.
// Throws std::invalid_argument when a and b never met.
SprtSummary sprt_players(const std::vector<StoredGame>& games, const std::string& a, const std::string& b,
                         const stats::SprtParams& params);

// H0: elo(A) - elo(B) = elo0 against H1: = elo1, elo(V) the first player's advantage in variant V
// (stats::elo_from_score of its score). Two independent samples, so the normal approximation of
// the GSPRT with the delta method: θ̂ = elo(sA) - elo(sB),
//   Var θ̂ = Σ (400 / (ln 10 · s(1-s)))² · v   (v = FirstPlayerStats::score_variance, clustered),
//   LLR = (elo1 - elo0)(2θ̂ - elo0 - elo1) / (2 Var θ̂).
// LLR 0 (continue) while either score is 0 or 1 or has no variance. params.method is ignored.
// Throws std::invalid_argument when a variant is not in the summary.
SprtSummary sprt_variants(const Summary& summary, const std::string& a, const std::string& b,
                          const stats::SprtParams& params);

// ---------------------------------------------------------------------------------------------
// Writers

// The report as Markdown: tables aligned for a terminal.
void write_markdown(std::ostream& out, const Summary& summary);

// Every number of the summary; NaN and infinities as null. Format "jungle-summary/1".
void write_json(std::ostream& out, const Summary& summary);

// One row per variant (summary.csv) / per variant and pairing (pairings.csv): a header row, RFC 4180
// quoting, '\n' line ends, NaN and infinities as empty fields.
void write_variants_csv(std::ostream& out, const Summary& summary);
void write_pairings_csv(std::ostream& out, const Summary& summary);

// A self-contained HTML page: the tables, and SVG charts drawn by gnuplot (each variant's
// difference from the baseline, first-player score by variant, game-length histograms, end
// reasons). Without gnuplot, or when it fails, the page says
// so and keeps the tables. Returns those problems, one line each, for standard error.
std::vector<std::string> write_html(std::ostream& out, const Summary& summary, const std::string& title);

// The report's files, for write_report_folder: summary.json, summary.csv, pairings.csv and
// report.html (write_html's problems). They write `summary`, which must outlive them.
ReportFiles summary_files(const Summary& summary, const std::string& title);

}  // namespace jungle::report
