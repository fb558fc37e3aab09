// `jungle stats`: the report over results files, SPRT verdicts, and the sample-size helper.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <set>

#include "command.h"
#include "excerpt.h"
#include "matchmaking.h"
#include "player.h"
#include "report.h"
#include "variant_loader.h"

namespace jungle::cli {

namespace {

struct StatsArgs {
  std::vector<std::string> files, rules_files;
  std::string baseline, variants, out;
  std::string sprt, sprt_players, sprt_variants;
  int bin_width = 10;
  double sample_size = 0, sample_size_elo = 0, draw_rate = 0;
};

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> out;
  for (std::size_t start = 0, end; start <= text.size(); start = end + 1) {
    end = std::min(text.find(separator, start), text.size());
    out.push_back(text.substr(start, end - start));
  }
  return out;
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
      spec = make_player(spec, 0)->spec();
    } catch (const PlayerSpecError&) {
      // Not a spec this build knows: compare the text as written.
    }
  }
  return {specs[0], specs[1]};
}

// Below these half-widths the answer runs past 10^8 games: no study is that size, and tinier
// ones only overflow.
constexpr double MIN_SCORE_HALFWIDTH = 1e-4, MIN_ELO_HALFWIDTH = 0.1, MAX_ELO_HALFWIDTH = 1000;

int sample_size(const StatsArgs& args) {
  if (!(args.draw_rate >= 0 && args.draw_rate < 1)) throw UsageError("--draw-rate must be at least 0 and below 1");
  if (args.sample_size != 0) {
    if (!(args.sample_size >= MIN_SCORE_HALFWIDTH && args.sample_size < 0.5))
      throw UsageError("--sample-size: the half-width must be at least 0.0001 and below 0.5");
    std::printf("%llu games for a 95%% interval of ±%g on a score near 1/2 at draw rate %g\n",
                (unsigned long long)stats::games_for_score_halfwidth(args.sample_size, args.draw_rate),
                args.sample_size, args.draw_rate);
  }
  if (args.sample_size_elo != 0) {
    if (!(args.sample_size_elo >= MIN_ELO_HALFWIDTH && args.sample_size_elo <= MAX_ELO_HALFWIDTH))
      throw UsageError("--sample-size-elo: the half-width must be from 0.1 to 1000 Elo");
    std::printf("%llu games for a 95%% interval of ±%g Elo near 0 Elo at draw rate %g\n",
                (unsigned long long)stats::games_for_elo_halfwidth(args.sample_size_elo, args.draw_rate),
                args.sample_size_elo, args.draw_rate);
  }
  return 0;
}

// Keeps the games of the listed variants; each must have some.
std::vector<StoredGame> only_variants(std::vector<StoredGame> games, const std::string& list) {
  std::set<std::string> wanted;
  for (const std::string& name : split(list, ','))
    if (!name.empty()) wanted.insert(name);
  for (const std::string& name : wanted)
    if (std::none_of(games.begin(), games.end(), [&](const StoredGame& g) { return g.record.variant == name; }))
      throw UsageError("--variants: no games of variant \"" + excerpt(name) + "\"");
  std::erase_if(games, [&](const StoredGame& g) { return !wanted.count(g.record.variant); });
  return games;
}

int run_stats(const StatsArgs& args) {
  if (args.sample_size != 0 || args.sample_size_elo != 0) return sample_size(args);
  if (args.files.empty()) throw UsageError("stats: name at least one results file (games.jsonl), or --sample-size");
  if (!args.sprt.empty() && args.sprt_players.empty() && args.sprt_variants.empty())
    throw UsageError("--sprt needs --sprt-players A,B or --sprt-variants A,B");

  std::vector<StoredGame> games;
  std::vector<std::string> warnings;
  std::vector<report::RunSettings> runs;
  try {
    std::vector<std::size_t> per_file;
    games = report::read_merged({args.files.begin(), args.files.end()}, &warnings, &per_file);
    // Each file's settings from its own games, before --variants leaves some out.
    std::size_t first = 0;
    for (std::size_t f = 0; f < args.files.size(); ++f) {
      runs.push_back(report::run_settings(args.files[f], std::span(games).subspan(first, per_file[f])));
      first += per_file[f];
    }
  } catch (const ResultsError& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  for (const std::string& warning : warnings) std::cerr << "warning: " << warning << "\n";
  if (games.empty()) throw UsageError("no games in " + join(args.files));
  if (!args.variants.empty()) games = only_variants(std::move(games), args.variants);

  report::Options options;
  options.baseline = args.baseline;
  options.bin_width = args.bin_width;
  // --rules first, so that they override the rules a results folder keeps in its run.json.
  for (const std::string& file : args.rules_files) options.rules.push_back(load_variant_file(file));
  try {
    for (const std::string& file : args.files)
      for (Variant& v : recorded_rules(file)) options.rules.push_back(std::move(v));
  } catch (const ResultsError& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  report::Summary summary;
  try {
    summary = report::summarize(games, options);
    summary.sources = args.files;
    summary.runs = std::move(runs);
    const stats::SprtParams params = args.sprt.empty() ? stats::SprtParams{} : parse_sprt(args.sprt);
    if (!args.sprt_players.empty()) {
      const auto [a, b] = two_players(args.sprt_players);
      summary.sprt.push_back(report::sprt_players(games, a, b, params));
    }
    if (!args.sprt_variants.empty()) {
      const std::vector<std::string> names = split(args.sprt_variants, ',');
      if (names.size() != 2) throw UsageError("--sprt-variants: name two variants, as A,B");
      summary.sprt.push_back(report::sprt_variants(summary, names[0], names[1], params));
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
  if (!args.out.empty()) write_report(args.out, summary, "Jungle results");
  return 0;
}

}  // namespace

void write_report(const std::filesystem::path& dir, const report::Summary& summary, const std::string& title) {
  std::vector<std::string> problems;
  try {
    problems = report::write_report_files(dir, summary, title);
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string("--out: ") + e.what());
  }
  for (const std::string& problem : problems) std::cerr << "warning: " << problem << "\n";
  std::cout << "\nReport: " << (dir / "report.html").string()
            << " (numbers in summary.json, summary.csv and pairings.csv beside it)\n";
}

Command add_stats_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "stats",
      "Report over results files (games.jsonl of `jungle tournament`): first-player advantage, balance, game "
      "length, end reasons and the players' results, as Markdown; with --out also JSON, CSV and HTML with charts");
  auto args = std::make_shared<StatsArgs>();
  cmd->add_option("FILE", args->files, "Results files; several are merged");
  cmd->add_option("--baseline", args->baseline,
                  "Variant the others are compared with (default: standard if present, else the first)");
  cmd->add_option("--variants", args->variants, "Only these variants, comma-separated");
  cmd->add_option("--rules", args->rules_files,
                  "Variant files for variants that are not bundled (their rules give the ply limit and the replay); "
                  "a tournament's folder keeps its rules in run.json, which these override")
      ->check(CLI::ExistingFile);
  cmd->add_option("--bin-width", args->bin_width, "Plies per bin of the game-length histograms")
      ->check(CLI::Range(1, 10000))
      ->capture_default_str();
  cmd->add_option("--sprt", args->sprt,
                  "SPRT hypotheses: elo0=E0,elo1=E1[,alpha=A,beta=B,model=exact|normal] or E0,E1[,A,B] "
                  "(default 0,5,0.05,0.05)");
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
  cmd->add_option("--draw-rate", args->draw_rate, "Draw rate for --sample-size and --sample-size-elo")
      ->capture_default_str();
  return {cmd, [args] { return run_stats(*args); }};
}

}  // namespace jungle::cli
