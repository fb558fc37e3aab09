// `jungle stats`: the report over results files, SPRT verdicts, and the sample-size helper.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <set>

#include "cli/argument_checks.h"
#include "cli/command.h"
#include "cli/report_output.h"
#include "engine/variant_loader.h"
#include "match/matchmaking.h"
#include "players/player.h"
#include "report/report.h"
#include "research/game_summary.h"
#include "research/run_settings.h"
#include "results/merged_results.h"
#include "results/run_file.h"
#include "stats/variant_comparison.h"
#include "support/excerpt.h"
#include "support/files.h"
#include "support/nearest_names.h"
#include "support/text.h"

namespace jungle::cli {

namespace {

struct StatsArgs {
  std::vector<std::string> files, rules_files;
  std::string baseline, variants, out;
  std::string sprt, sprt_players, sprt_variants;
  int bin_width = 10;
  double sample_size = 0, sample_size_elo = 0, draw_rate = 0;
  // The two-variant forms: games per variant to detect a difference with a given power.
  double sample_size_diff = 0, sample_size_draw_diff = 0, sample_size_decisive_diff = 0, baseline_score = 0.5;
  double power = 0.8, alpha = 0.05, deff = 1;
  // The design effect (and draw rate) measured in these games, and the games/s to price them at.
  // A comparison's folder measures two: a single figure's (the clustering's) and a difference's
  // (that over the pairing's), since the pairing only cancels what the two variants share.
  std::string from;
  std::optional<double> difference_deff;  // set by --from; else the differences take deff
  double games_per_second = 0;
  bool any_sample_size() const {
    return sample_size != 0 || sample_size_elo != 0 || sample_size_diff != 0 || sample_size_draw_diff != 0 ||
           sample_size_decisive_diff != 0;
  }
};

// A variant as the games name it: `given` itself when `played` says some game has it; else, when
// `given` is a rules file (a tournament's --variants takes paths), the name in it. Anything else
// is left as given, for the caller to refuse as a variant without games.
std::string variant_name(std::string given, const std::function<bool(const std::string&)>& played) {
  std::error_code ec;
  if (played(given) || !std::filesystem::is_regular_file(given, ec)) return given;
  try {
    return load_variant(given).name;
  } catch (const VariantError&) {
    return given;
  }
}

stats::SprtParams parse_sprt(const std::string& text) {
  try {
    return stats::parse_sprt_params(text);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

// "A,B" into two player specs (a spec may hold commas: see split_player_specs), normalised.
std::pair<std::string, std::string> two_players(const std::string& text) {
  std::vector<std::string> specs = split_player_specs(text);
  if (specs.size() != 2) throw UsageError("--sprt-players: name two players, as A,B");
  for (std::string& spec : specs) {
    try {
      spec = parse_player_spec(spec).text();
    } catch (const PlayerSpecError&) {
      // Not a spec this build knows: compare the text as written.
    }
  }
  return {specs[0], specs[1]};
}

// Below these half-widths the answer runs past 10^8 games: no study is that size, and tinier
// ones only overflow.
constexpr double MIN_SCORE_HALFWIDTH = 1e-4, MIN_ELO_HALFWIDTH = 0.1, MAX_ELO_HALFWIDTH = 1000;

// "385 games" or, with a design effect, "578 games (385 × deff 1.5)": n·deff rounded up.
std::string games_times_deff(double games, double deff, const char* unit) {
  char text[160];
  // The tiny shave keeps 385 × 1.2 = 462.00000000000006 at 462.
  const auto total = (unsigned long long)std::ceil(games * deff * (1 - 1e-12));
  if (deff == 1) std::snprintf(text, sizeof text, "%llu %s", total, unit);
  else std::snprintf(text, sizeof text, "%llu %s (%.1f × deff %g)", total, unit, games, deff);
  return text;
}

// A results folder (a tournament's --out) stands for its games.jsonl.
std::vector<std::string> results_files(const std::vector<std::string>& given) {
  std::vector<std::string> files;
  for (const std::string& name : given) {
    std::error_code ec;
    const std::filesystem::path inside = std::filesystem::path(name) / "games.jsonl";
    files.push_back(std::filesystem::is_directory(name, ec) && std::filesystem::is_regular_file(inside, ec)
                        ? inside.string()
                        : name);
  }
  return files;
}

// ", about 12 minutes at 12.5 games/s" for n games; "" without a rate.
std::string time_at(double games, double games_per_second) {
  if (!(games_per_second > 0)) return "";
  return ", about " + duration_text(games / games_per_second) + " at " + fmt::format("{:g}", games_per_second) +
         " games/s";
}

// --from FILE: the design effect and draw rate of those games: the clustering's (the largest of
// its variants' first-player deff), by which games need more than independent ones; for a
// comparison's folder (paired variants), the differences' is that divided by the pairing's, by
// which paired games need fewer. A single figure is not paired: it keeps the clustering's.
void measured_from(StatsArgs& args) {
  std::vector<std::string> warnings, left_out;
  const std::vector<std::string> files = results_files({args.from});
  const std::vector<StoredGame> games = read_replayed({files.begin(), files.end()}, {}, left_out, &warnings);
  for (const std::string& w : warnings) std::cerr << "warning: " << w << "\n";
  for (const std::string& game : left_out) std::cerr << "warning: left out, as it does not replay: " << game << "\n";
  if (games.empty()) throw UsageError("--from: no games in " + args.from);
  research::SummaryOptions options;
  for (Variant& v : recorded_rules(files[0])) options.rules.push_back(std::move(v));
  const report::Summary summary = research::summarize(games, options);
  const std::optional<RunRecord> run = read_run_file(std::filesystem::path(files[0]).parent_path());
  double deff = 0, draws = 0;
  for (const report::VariantSummary& v : summary.variants) {
    deff = std::max(deff, v.first_player.design_effect);
    draws += double(v.first_player.wdl.draws) / double(summary.games);
  }
  if (!(deff > 0) || !std::isfinite(deff)) throw UsageError("--from: " + args.from + " has too few openings to measure a design effect");
  args.deff = deff;
  if (args.draw_rate == 0) args.draw_rate = std::min(draws, 0.99);
  std::string text = fmt::format("design effect {:.3g} (the clustering's)", deff);
  if (run && run->settings.paired_variants && run->variants.size() > 1) {
    stats::ComparisonPlan plan;
    plan.base = run->variants[0].name;
    for (std::size_t i = 1; i < run->variants.size(); ++i) plan.variants.push_back(run->variants[i].name);
    const stats::Comparison c = stats::compare_variants(games, plan);
    double paired = INFINITY;
    for (const stats::VariantComparison& v : c.variants)
      paired = std::min(paired, v.figures.at(0).difference.design_effect);
    // Unpaired, a difference's games would need the clustering's deff; paired, that over the pairing's.
    if (std::isfinite(paired) && paired > 0) {
      args.difference_deff = deff / paired;
      text += fmt::format(" for a single figure, {:.3g} (the clustering's over the pairing's) for a difference",
                          *args.difference_deff);
    }
  }
  std::printf("From %s: %s, draw rate %.3g\n", args.from.c_str(), text.c_str(), args.draw_rate);
}

int sample_size(StatsArgs args) {
  if (!args.from.empty()) measured_from(args);
  if (!(args.draw_rate >= 0 && args.draw_rate < 1)) throw UsageError("--draw-rate must be at least 0 and below 1");
  if (!(args.deff > 0 && args.deff <= 100)) throw UsageError("--deff must be above 0 and at most 100");
  if (!(args.games_per_second >= 0)) throw UsageError("--games-per-second must not be negative");
  const double rate = args.games_per_second;
  const double diff_deff = args.difference_deff.value_or(args.deff);
  auto total = [&](double n, double deff) { return std::ceil(n * deff * (1 - 1e-12)); };
  if (!(args.power > 0 && args.power < 1)) throw UsageError("--power must lie strictly between 0 and 1");
  if (!(args.alpha > 0 && args.alpha < 1)) throw UsageError("--alpha must lie strictly between 0 and 1");
  if (args.sample_size != 0) {
    if (!(args.sample_size >= MIN_SCORE_HALFWIDTH && args.sample_size < 0.5))
      throw UsageError("--sample-size: the half-width must be at least 0.0001 and below 0.5");
    const double n = double(stats::games_for_score_halfwidth(args.sample_size, args.draw_rate));
    std::printf("%s for a 95%% interval of ±%g on a score near 1/2 at draw rate %g%s\n",
                games_times_deff(n, args.deff, "games").c_str(), args.sample_size, args.draw_rate,
                time_at(total(n, args.deff), rate).c_str());
  }
  if (args.sample_size_elo != 0) {
    if (!(args.sample_size_elo >= MIN_ELO_HALFWIDTH && args.sample_size_elo <= MAX_ELO_HALFWIDTH))
      throw UsageError("--sample-size-elo: the half-width must be from 0.1 to 1000 Elo");
    const double n = double(stats::games_for_elo_halfwidth(args.sample_size_elo, args.draw_rate));
    std::printf("%s for a 95%% interval of ±%g Elo near 0 Elo at draw rate %g%s\n",
                games_times_deff(n, args.deff, "games").c_str(), args.sample_size_elo, args.draw_rate,
                time_at(total(n, args.deff), rate).c_str());
  }
  if (args.sample_size_diff != 0) {
    const double s1 = args.baseline_score, s2 = s1 + args.sample_size_diff, d = args.draw_rate;
    auto fits = [d](double s) { return s >= d / 2 && s <= 1 - d / 2; };
    if (!fits(s1)) throw UsageError("--baseline-score: at draw rate D the score must lie in [D/2, 1 - D/2]");
    if (!fits(s2) || std::fabs(args.sample_size_diff) < MIN_SCORE_HALFWIDTH)
      throw UsageError("--sample-size-diff: the baseline score plus the difference must lie in [D/2, 1 - D/2] "
                       "(D the draw rate), and the difference be at least 0.0001");
    const double n = stats::scores_sample_size(s1, s2, d, args.alpha, args.power);
    std::printf("%s to tell a first-player score of %g from %g (draw rate %g in both) with power %g at "
                "two-sided alpha %g%s\n",
                games_times_deff(n, diff_deff, "games per variant").c_str(), s2, s1, d, args.power, args.alpha,
                time_at(2 * total(n, diff_deff), rate).c_str());
  }
  if (args.sample_size_draw_diff != 0) {
    const double p1 = args.draw_rate, p2 = p1 + args.sample_size_draw_diff;
    if (!(p2 >= 0 && p2 <= 1) || std::fabs(args.sample_size_draw_diff) < MIN_SCORE_HALFWIDTH)
      throw UsageError("--sample-size-draw-diff: the draw rate plus the difference must lie in [0, 1], and the "
                       "difference be at least 0.0001");
    const double n = stats::proportions_sample_size(p1, p2, args.alpha, args.power);
    std::printf("%s to tell a draw rate of %g from %g with power %g at two-sided alpha %g%s\n",
                games_times_deff(n, diff_deff, "games per variant").c_str(), p2, p1, args.power, args.alpha,
                time_at(2 * total(n, diff_deff), rate).c_str());
  }
  if (args.sample_size_decisive_diff != 0) {
    // The first player's share of the decisive games, W/(W+L): a proportion of the (1 - d)·N
    // decisive games, so N = the proportions' size / (1 - d).
    const double p1 = args.baseline_score, p2 = p1 + args.sample_size_decisive_diff;
    if (!(p1 >= 0 && p1 <= 1 && p2 >= 0 && p2 <= 1) || std::fabs(args.sample_size_decisive_diff) < MIN_SCORE_HALFWIDTH)
      throw UsageError("--sample-size-decisive-diff: --baseline-score (here the base's decisive share) and it plus "
                       "the difference must lie in [0, 1], and the difference be at least 0.0001");
    const double n = stats::proportions_sample_size(p1, p2, args.alpha, args.power) / (1 - args.draw_rate);
    std::printf("%s to tell a first player's share of the decisive games of %g from %g (draw rate %g) with power "
                "%g at two-sided alpha %g%s\n",
                games_times_deff(n, diff_deff, "games per variant").c_str(), p2, p1, args.draw_rate, args.power,
                args.alpha, time_at(2 * total(n, diff_deff), rate).c_str());
  }
  std::printf("These count independent games. Colour-swapped pairs of one opening are correlated, which multiplies "
              "the games needed by the design effect (deff in the report's first-player table: 1 for independent "
              "games, about 2 when each pair is one game played twice, below 1 where pairs between two players "
              "cancel); --deff F multiplies by F%s.\n",
              args.difference_deff ? " (done above; a difference's by the deff over the pairing's)"
              : args.deff == 1     ? ""
                                   : " (done above)");
  return 0;
}

// Keeps the games of the listed variants; each must have some.
std::vector<StoredGame> only_variants(std::vector<StoredGame> games, const std::string& list) {
  std::set<std::string> wanted;
  auto played = [&](const std::string& name) {
    return std::any_of(games.begin(), games.end(), [&](const StoredGame& g) { return g.record.variant == name; });
  };
  for (std::string_view given : split(list, ','))
    if (!given.empty()) wanted.insert(variant_name(std::string(given), played));
  for (const std::string& name : wanted)
    if (!played(name)) {
      std::set<std::string> names;
      for (const StoredGame& g : games) names.insert(g.record.variant);
      const std::string suggestion = did_you_mean(name, {names.begin(), names.end()});
      throw UsageError("--variants: no games of variant \"" + excerpt(name) + "\"" +
                       (suggestion.empty() ? "" : ": " + suggestion));
    }
  std::erase_if(games, [&](const StoredGame& g) { return !wanted.count(g.record.variant); });
  return games;
}

int run_stats(StatsArgs args) {
  if (args.any_sample_size()) return sample_size(args);
  args.files = results_files(args.files);
  if (args.files.empty()) throw UsageError("name at least one results file (games.jsonl), or --sample-size and its kin");
  if (!args.sprt.empty() && args.sprt_players.empty() && args.sprt_variants.empty())
    throw UsageError("--sprt needs --sprt-players A,B or --sprt-variants A,B");
  // The report's folder is checked before the games are read and summarized.
  if (!args.out.empty()) {
    try {
      check_writable_folder(args.out);
    } catch (const FileWriteError& e) {
      throw UsageError(std::string("--out: ") + e.what());
    }
  }

  std::vector<StoredGame> games;
  std::vector<std::string> warnings, left_out;
  std::vector<report::RunSettings> runs;
  // --rules first, so that they override the rules a results folder keeps in its run.json.
  std::vector<Variant> given_rules;
  for (const std::string& file : args.rules_files) given_rules.push_back(load_variant_file(file));
  // A ResultsError goes on to main: FILE:LINE: message, exit 1. A game that does not replay is
  // left out, and the report says which and why.
  std::vector<std::size_t> per_file;
  games = read_replayed({args.files.begin(), args.files.end()}, given_rules, left_out, &warnings, &per_file);
  // Each file's settings from its own games (those kept), before --variants leaves some out.
  std::size_t first = 0;
  for (std::size_t f = 0; f < args.files.size(); ++f) {
    runs.push_back(research::run_settings(args.files[f], std::span(games).subspan(first, per_file[f])));
    first += per_file[f];
  }
  for (const std::string& warning : warnings) std::cerr << "warning: " << warning << "\n";
  if (!left_out.empty())
    std::cerr << "warning: " << left_out.size()
              << (left_out.size() == 1 ? " game left out, as it does not replay; the report names it"
                                       : " games left out, as they do not replay; the report names them")
              << " (Games left out)\n";
  if (games.empty()) throw UsageError("no games in " + join(args.files) + (left_out.empty() ? "" : " that replay"));
  if (!args.variants.empty()) games = only_variants(std::move(games), args.variants);

  research::SummaryOptions options;
  options.baseline = args.baseline;
  options.bin_width = args.bin_width;
  options.rules = std::move(given_rules);
  for (const std::string& file : args.files)
    for (Variant& v : recorded_rules(file)) options.rules.push_back(std::move(v));
  report::Summary summary;
  try {
    summary = research::summarize(games, options);
    summary.sources = args.files;
    summary.left_out = std::move(left_out);
    summary.runs = std::move(runs);
    const stats::SprtParams params = args.sprt.empty() ? stats::SprtParams{} : parse_sprt(args.sprt);
    if (args.sprt.empty() && (!args.sprt_players.empty() || !args.sprt_variants.empty()))
      std::fprintf(stderr, "note: no --sprt bounds given: the test uses elo0=%g,elo1=%g,alpha=%g,beta=%g\n", params.elo0,
                   params.elo1, params.alpha, params.beta);
    if (!args.sprt_players.empty()) {
      const auto [a, b] = two_players(args.sprt_players);
      summary.sprt.push_back(research::sprt_players(games, a, b, params));
    }
    if (!args.sprt_variants.empty()) {
      const std::vector<std::string_view> names = split(args.sprt_variants, ',');
      if (names.size() != 2) throw UsageError("--sprt-variants: name two variants, as A,B");
      auto in_summary = [&](const std::string& name) {
        return std::any_of(summary.variants.begin(), summary.variants.end(),
                           [&](const report::VariantSummary& v) { return v.name == name; });
      };
      summary.sprt.push_back(research::sprt_variants(summary, variant_name(std::string(names[0]), in_summary),
                                                   variant_name(std::string(names[1]), in_summary), params));
    }
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  } catch (const UsageError&) {
    throw;
  } catch (const std::runtime_error& e) {
    // A numerical library's failure (Boost's root finders) on bounds it cannot handle.
    throw UsageError("--sprt: cannot compute the test (" + std::string(e.what()) + ")");
  }

  report::write_markdown(std::cout, summary);
  print_run_warnings(summary);
  if (!args.out.empty()) write_report(args.out, summary, "Jungle results");
  return 0;
}

}  // namespace

Command add_stats_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "stats",
      "Report over results files (games.jsonl of `jungle tournament`): first-player advantage, balance, game "
      "length, end reasons and the players' results, as Markdown; with --out also JSON, CSV and HTML with charts");
  auto args = std::make_shared<StatsArgs>();
  cmd->add_option("FILE", args->files, "Results files (games.jsonl), or the folders that hold them; several are merged");
  cmd->add_option("--baseline", args->baseline,
                  "Variant the others are compared with (default: standard if present, else the first)");
  cmd->add_option("--variants", args->variants, "Only these variants, comma-separated");
  cmd->add_option("--rules", args->rules_files,
                  "Variant files for variants that are not bundled (their rules give the ply limit and the replay); "
                  "a tournament's folder keeps its rules in run.json, which these override")
      ->check(existing_file());
  cmd->add_option("--bin-width", args->bin_width, "Plies per bin of the game-length histograms")
      ->check(whole_number_in(1, 10000))
      ->capture_default_str();
  cmd->add_option("--sprt", args->sprt,
                  "SPRT hypotheses: elo0=E0,elo1=E1[,alpha=A,beta=B,model=normalized|logistic|bayesian|normal] or "
                  "E0,E1[,A,B] (default 0,5,0.05,0.05)");
  cmd->add_option("--sprt-players", args->sprt_players,
                  "SPRT of player A against player B over their games (pentanomial if all are paired): A,B");
  cmd->add_option("--sprt-variants", args->sprt_variants,
                  "SPRT of the first player's Elo in variant A minus that in variant B: A,B");
  cmd->add_option("--out", args->out, "Also write summary.json, summary.csv, pairings.csv and report.html here");
  cmd->add_option("--sample-size", args->sample_size,
                  "Print the games a 95% interval of ± HALFWIDTH on the score needs (no FILE needed)")
      ->type_name("HALFWIDTH");
  cmd->add_option("--sample-size-elo", args->sample_size_elo,
                  "Print the games a 95% interval of ± ELO needs, near 0 Elo (no FILE needed)")
      ->type_name("ELO");
  cmd->add_option("--sample-size-diff", args->sample_size_diff,
                  "Print the games per variant that tell a first-player score of --baseline-score + DIFF from "
                  "--baseline-score with --power at --alpha (two-sided; no FILE needed)")
      ->type_name("DIFF");
  cmd->add_option("--sample-size-draw-diff", args->sample_size_draw_diff,
                  "Print the games per variant that tell a draw rate of --draw-rate + DIFF from --draw-rate with "
                  "--power at --alpha (two-sided; no FILE needed)")
      ->type_name("DIFF");
  cmd->add_option("--sample-size-decisive-diff", args->sample_size_decisive_diff,
                  "Print the games per variant that tell a first player's share of the decisive games of "
                  "--baseline-score + DIFF from --baseline-score, at --draw-rate, with --power at --alpha")
      ->type_name("DIFF");
  cmd->add_option("--from", args->from,
                  "For the sample sizes: the design effect and draw rate measured in these games (a results file or "
                  "folder; a jungle compare folder also gives the pairing's, which only the differences' sizes take)")
      ->type_name("FILE");
  cmd->add_option("--games-per-second", args->games_per_second,
                  "For the sample sizes: the time they would take at this rate (compare's verdict says the rate it "
                  "measured)")
      ->type_name("RATE");
  cmd->add_option("--draw-rate", args->draw_rate,
                  "Draw rate for the sample sizes (for --sample-size-draw-diff, the baseline's)")
      ->capture_default_str();
  cmd->add_option("--baseline-score", args->baseline_score,
                  "The baseline's first-player score for --sample-size-diff, its share of the decisive games for "
                  "--sample-size-decisive-diff")
      ->capture_default_str();
  cmd->add_option("--power", args->power, "Power for --sample-size-diff and --sample-size-draw-diff")
      ->capture_default_str();
  cmd->add_option("--alpha", args->alpha, "Two-sided level for --sample-size-diff and --sample-size-draw-diff")
      ->capture_default_str();
  cmd->add_option("--deff", args->deff,
                  "Design effect multiplying every sample size: the report's deff for colour-swapped pairs of one "
                  "opening (1: independent games)")
      ->capture_default_str();
  return {cmd, [args] { return run_stats(*args); }};
}

}  // namespace jungle::cli
