// What a report shows of finished games, as plain records: per variant the first player's
// advantage, balance metrics, durations and end reasons; per pair of players W/D/L by colour,
// score, Elo and pentanomial counts; each variant against a baseline with Holm-adjusted p-values;
// SPRT verdicts; how each results file was made. research/game_summary.h fills them from games,
// report.h writes them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "engine/variant_toml.h"
#include "results/results_file.h"
#include "search/piece_values.h"
#include "stats/balance.h"
#include "stats/factorial_effects.h"
#include "stats/statistics.h"
#include "stats/variant_comparison.h"
#include "tablebase/compare.h"

namespace jungle::report {

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
  // The speed: the counting thread's CPU seconds over the nodes counted in them (every depth, and
  // the deepest again until MIN_PERFT_SPEED_SECONDS were spent).
  double seconds = 0;
  std::uint64_t timed_nodes = 0;
  double nodes_per_second() const { return seconds > 0 ? double(timed_nodes) / seconds : 0; }
};

// perft-table's and the study's speed column: a few tens of milliseconds of perft(6) on the wall
// clock of a shared machine varied five-fold between variants whose counts agree.
inline constexpr double MIN_PERFT_SPEED_SECONDS = 0.5;

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

// `jungle compare BASE A.toml B.toml ... --factorial`'s answer, finished by
// research/factorial_compare.h: the factors, the cells as played, and every effect.
struct FactorialFactorSummary {
  std::string name;  // the variant's, as the design and the effects name the factor
  std::string file;  // as given on the command line
  // Its rule differences from the base, "captures.elephant_captures_rat: false → true".
  std::vector<std::string> differences;
};

struct FactorialCellSummary {
  std::string name;                  // as its games are recorded (the base's name for no factor on)
  std::vector<std::string> factors;  // the factors on, in the factors' order
  std::uint64_t games = 0;           // the games its figures are of
  // The cell whose games it shares because their rules play alike (engine/variant.h,
  // plays_alike); empty when it played its own.
  std::string plays_as;
};

struct FactorialSummary {
  std::string base;
  std::vector<FactorialFactorSummary> factors;  // in the order given: factor j has letter 'A' + j
  std::vector<FactorialCellSummary> cells;      // in the design's order (analysis.design.cells)
  std::vector<std::string> notes;               // factors that change nothing, or only moot rules
  stats::FactorialAnalysis analysis;            // the design, every figure's effects, the most balanced
  // How the games were had, as stats::Comparison says it for compare.
  bool sequential = false;     // sized by precision (rounds), not a fixed --games
  std::string stopped_by;      // "precision", "max-time", or "games" (a fixed number)
  std::vector<stats::ComparisonRound> rounds;  // the widest main effect's half-width after each round
  std::uint64_t games_played = 0;  // distinct games: a cell that plays as another shares its games
  double games_per_second = 0;     // measured in this run; 0: unknown
  std::string player;              // the spec every cell was played with
  std::string weights;             // how the player's weights were chosen, in every cell
};

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
  // Filled by `jungle compare --factorial` in place of `comparison`: the effects, shown first.
  std::optional<FactorialSummary> factorial;
};

}  // namespace jungle::report
