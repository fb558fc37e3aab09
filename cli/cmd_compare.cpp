// `jungle compare BASE VARIANT...`: does a rule change change who wins? Every variant is played
// by the same player with weights obtained the same way, from the base's openings with the same
// game seeds (paired variants), and the report opens with a verdict a figure: the first
// player's score, its share of the decisive games and the draw rate, each against the base's.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "engine/variant_loader.h"
#include "match/tournament.h"
#include "players/player.h"
#include "report/comparison.h"
#include "results/run_file.h"
#include "search/weights_file.h"
#include "support/text.h"

namespace jungle::cli {

namespace {

struct CompareArgs {
  std::vector<std::string> variants;  // BASE first
  // The study's player (cmd_study.cpp says why): about 60 ms of CPU a game.
  std::string player = "alphabeta:depth=4,contempt=50";
  std::string weights = "auto";
  int games = 200;
  double precision = 0;  // 0: play --games and stop
  std::string max_time;
  std::string openings = "random:plies=4";
  std::uint64_t seed = 1;
  int threads = 0;
  std::filesystem::path out = "out/compare";
};

// "90s", "30m", "2h", or seconds alone.
double parse_duration(const std::string& text) {
  double value = 0;
  char unit = 's';
  int used = 0;
  if (std::sscanf(text.c_str(), "%lf%n", &value, &used) != 1 || !(value > 0) || !std::isfinite(value))
    throw UsageError("--max-time: expected a duration such as 90s, 30m or 2h, not \"" + text + "\"");
  if (std::size_t(used) < text.size()) {
    unit = text[std::size_t(used)];
    if (std::size_t(used) + 1 != text.size() || (unit != 's' && unit != 'm' && unit != 'h'))
      throw UsageError("--max-time: expected a duration such as 90s, 30m or 2h, not \"" + text + "\"");
  }
  return value * (unit == 'h' ? 3600 : unit == 'm' ? 60 : 1);
}

// The player spec every variant is played with, and a note on how its weights were chosen. Every
// variant's player must stand on equal terms: with `auto`, each plays the tuned weights beside its
// rules when every variant has such a file, and else every variant plays the untuned ones.
std::pair<std::string, std::string> equal_players(const CompareArgs& args, const std::vector<Variant>& variants) {
  std::optional<std::string> given;
  try {
    given = evaluation_weights(args.player);
  } catch (const PlayerSpecError& e) {
    throw UsageError(std::string("--player: ") + e.what());
  }
  if (!given) return {args.player, "the player does not evaluate positions: no weights"};
  if (!given->empty())
    throw UsageError("--player: give no weights=; compare chooses them so that every variant's player stands on "
                     "equal terms (--weights auto|untuned)");
  if (args.weights == "untuned") return {args.player + ",weights=untuned", "untuned weights in every variant (--weights untuned)"};
  std::vector<std::string> untuned, tuned;
  for (const Variant& v : variants) {
    try {
      (resolve_weights(v, "").origin == UNTUNED_WEIGHTS ? untuned : tuned).push_back(v.name);
    } catch (const WeightsError& e) {
      throw UsageError(std::string("the weights beside ") + v.name + "'s rules: " + e.what());
    }
  }
  if (untuned.empty()) return {args.player, "each variant's tuned weights, the file beside its rules"};
  if (tuned.empty()) return {args.player, "untuned weights in every variant: none has a weights file"};
  const std::string missing = untuned.size() == 1 ? untuned[0] + " has"
                                                  : join(std::vector(untuned.begin(), untuned.end() - 1), ", ") +
                                                        " and " + untuned.back() + " have";
  return {args.player + ",weights=untuned",
          "untuned weights in every variant, since " + missing +
              " no weights file beside its rules (tuned weights in some variants and not in others would compare "
              "players, not rules; jungle tune --selfplay fits a variant's)"};
}

int run_compare(const CompareArgs& args) {
  if (args.variants.size() < 2) throw UsageError("compare: name the base variant and at least one variant to compare");
  if (args.weights != "auto" && args.weights != "untuned")
    throw UsageError("--weights: auto or untuned, not \"" + args.weights + "\"");
  if (args.games < 2 || args.games % 2) throw UsageError("--games must be even and at least 2");
  if (args.precision < 0 || args.precision >= 0.5) throw UsageError("--precision must lie between 0 and 0.5");
  const double max_seconds = args.max_time.empty() ? INFINITY : parse_duration(args.max_time);
  std::vector<Variant> variants;
  run_reporting_failures([&] {
    for (const std::string& name : args.variants) variants.push_back(load_variant(name));
  });
  const auto [player, weights_note] = equal_players(args, variants);

  TournamentConfig config;
  config.variants = args.variants;
  config.players = {player};
  config.openings = args.openings;
  config.seed = args.seed;
  config.threads = args.threads;
  config.out = args.out;
  config.paired_variants = true;
  config.progress = true;
  config.command_line = command_line();
  std::vector<std::string> compared;
  for (std::size_t i = 1; i < variants.size(); ++i) compared.push_back(variants[i].name);
  std::fprintf(stderr, "Comparing %s with %s: %s; %s\n", join(compared, ", ").c_str(), variants[0].name.c_str(),
               player.c_str(), weights_note.c_str());

  const auto start = std::chrono::steady_clock::now();
  auto seconds_spent = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  TournamentRun run;
  report::Comparison comparison;
  int played = 0;
  double playing_seconds = 0;
  // A folder that already holds more games (an earlier run) goes on from the round that holds them.
  int first_round = 1, first_games = args.games;
  if (args.precision > 0) {
    std::optional<RunRecord> there;
    run_reporting_failures([&] { there = read_run_file(args.out); });
    while (there && first_games < there->games_per_pair && first_games <= MAX_TOURNAMENT_GAMES)
      first_games *= 2, ++first_round;
  }
  for (int round = first_round, games = first_games;; ++round, games *= 2) {
    config.games_per_pair = games;
    run_reporting_failures([&] { run = run_tournament(config); });
    played += run.played;
    playing_seconds += run.seconds;
    const double rate = playing_seconds > 0 ? played / playing_seconds : 0;
    const bool sequential = args.precision > 0;
    const double confidence = sequential ? report::round_confidence(round) : 0.95;
    try {
      comparison = report::compare_variants(run.games, variants[0].name, compared, confidence,
                                            sequential ? args.precision : 0.01, rate);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    if (!sequential) break;
    comparison.method = "round " + std::to_string(round) + " of --precision's rounds, whose levels 1 − 0.05·6/(π²r²) " +
                        "keep 95% coverage whichever round stops (Bonferroni over the rounds)";
    if (report::precise_enough(comparison)) {
      comparison.stopped_by = "precision: every interval within ±" + fmt::format("{:g}", args.precision);
      break;
    }
    // The next round plays as many games again; stop before it if it would not fit the time left.
    const double next_round_seconds = rate > 0 ? double(games) * double(variants.size()) / rate : 0;
    if (seconds_spent() + next_round_seconds > max_seconds ||
        2LL * games * (long long)variants.size() > MAX_TOURNAMENT_GAMES) {
      comparison.stopped_by = "max-time: the next round would not have fitted in " + args.max_time;
      break;
    }
  }

  report::Options options;
  options.rules = run.rules;
  options.baseline = variants[0].name;
  report::Summary summary = report::summarize(run.games, options);
  comparison.player = player;
  comparison.weights = weights_note;
  summary.comparison = comparison;
  summary.sources = {(args.out / "games.jsonl").string()};
  summary.runs = {report::run_settings(args.out / "games.jsonl", run.games)};
  report::write_markdown(std::cout, summary);
  write_report(args.out, summary, "Jungle comparison: " + join(compared, ", ") + " against " + variants[0].name);
  return 0;
}

}  // namespace

Command add_compare_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "compare",
      "Does a rule change change who wins? Plays BASE and each VARIANT with the same player, weights obtained the same "
      "way, the same openings and game seeds, and opens the report with a verdict per variant: the first player's "
      "score, its share of the decisive games and the draw rate against BASE's, paired over the openings. Rerunning "
      "resumes; a larger --games or a smaller --precision extends. Under mpirun every rank plays games dealt by "
      "rank 0.");
  auto args = std::make_shared<CompareArgs>();
  cmd->add_option("variants", args->variants, "BASE, then each VARIANT: bundled names or rules files")->required();
  cmd->add_option("--player", args->player, "The player of every variant, in self-play (see `jungle tournament --players`)")
      ->capture_default_str();
  cmd->add_option("--weights", args->weights,
                  "auto: the tuned weights beside each variant's rules when every variant has them, else untuned "
                  "weights in every variant; untuned: untuned in every variant")
      ->capture_default_str();
  cmd->add_option("--games", args->games,
                  "Games per variant; even (each opening twice, colours swapped). With --precision, the first round's")
      ->capture_default_str();
  cmd->add_option("--precision", args->precision,
                  "Play rounds, twice as many games each, until every difference's interval is within ±H "
                  "(or --max-time is spent)")
      ->type_name("H");
  cmd->add_option("--max-time", args->max_time, "With --precision: no round that would end past this (90s, 30m, 2h)")
      ->type_name("DURATION");
  cmd->add_option("--openings", args->openings, "random:plies=K, none, or file=F,format=epd|moves[,...]")
      ->capture_default_str();
  cmd->add_option("--seed", args->seed, "Seed of openings and players")->capture_default_str();
  cmd->add_option("--threads", args->threads, "Games played at once, per MPI rank (0: every core)")
      ->check(CLI::Range(0, 1024))
      ->capture_default_str();
  cmd->add_option("--out", args->out, "Results and report directory")->capture_default_str();
  return {cmd, [args] { return run_compare(*args); }};
}

}  // namespace jungle::cli
