// `jungle tournament`: round robins of players under rule variants, written to DIR/games.jsonl.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>

#include "command.h"
#include "statistics.h"
#include "tournament.h"
#include "variant_loader.h"

namespace jungle::cli {

namespace {

struct TournamentArgs {
  std::vector<std::string> variants, players;
  TournamentConfig config;
};

// Comma-separated lists, possibly given several times.
std::vector<std::string> split_variants(const std::vector<std::string>& values) {
  std::vector<std::string> out;
  for (const std::string& value : values)
    for (std::size_t start = 0, end; start <= value.size(); start = end + 1) {
      end = std::min(value.find(',', start), value.size());
      if (end > start) out.push_back(value.substr(start, end - start));
    }
  return out;
}

std::vector<std::string> split_players(const std::vector<std::string>& values) {
  std::vector<std::string> out;
  for (const std::string& value : values)
    for (std::string& spec : split_player_specs(value)) out.push_back(std::move(spec));
  return out;
}

// One pairing from its first player's point of view.
struct PairingTally {
  stats::Wdl as_white, as_black;
  stats::Pentanomial pairs;
};

void add_pair_score(stats::Pentanomial& p, double points) {
  const int half_points = int(std::lround(points * 2));  // 0..4
  std::uint64_t* bins[] = {&p.ll, &p.ld, &p.wl_dd, &p.wd, &p.ww};
  ++*bins[half_points];
}

// Ends a summary line with the Elo difference that the pairs' scores give, and its 95% margin.
void print_elo(const stats::Pentanomial& pairs, const char* label) {
  if (pairs.pairs() > 0) {
    const stats::EloEstimate elo = stats::elo_pentanomial(pairs);
    const double shown = std::abs(elo.elo) < 0.5 ? 0.0 : elo.elo;  // not "-0"
    std::printf("; %s %+.0f +/- %.0f", label, shown, elo.margin);
  }
  std::printf("\n");
}

// Per variant and pairing: W/D/L of the first player by colour, its score, and the Elo
// difference from the pentanomial (the games come in colour-swapped pairs). A player that plays
// itself is shown from white's side.
void print_summary(const TournamentRun& run) {
  std::map<std::pair<std::string, std::pair<std::string, std::string>>, PairingTally> tallies;
  std::vector<std::pair<std::string, std::pair<std::string, std::string>>> order;
  std::map<int, double> pair_points;  // pair id -> the first player's points so far
  for (const StoredGame& g : run.games) {
    const GameRecord& r = g.record;
    // The first player is the one listed first in --players; with one player, white.
    const auto rank = [&](const std::string& spec) {
      return std::find(run.players.begin(), run.players.end(), spec) - run.players.begin();
    };
    const bool first_is_white = rank(r.white) <= rank(r.black);
    const auto key = std::make_pair(r.variant, first_is_white ? std::make_pair(r.white, r.black)
                                                              : std::make_pair(r.black, r.white));
    if (!tallies.count(key)) order.push_back(key);
    PairingTally& t = tallies[key];
    stats::Wdl& wdl = first_is_white ? t.as_white : t.as_black;
    const bool won = r.result == (first_is_white ? Result::WhiteWins : Result::BlackWins);
    const double points = r.result == Result::Draw ? 0.5 : won ? 1.0 : 0.0;
    (r.result == Result::Draw ? wdl.draws : won ? wdl.wins : wdl.losses)++;
    if (pair_points.count(g.pair)) {
      add_pair_score(t.pairs, pair_points[g.pair] + points);
      pair_points.erase(g.pair);
    } else {
      pair_points[g.pair] = points;
    }
  }
  std::string variant;
  for (const auto& key : order) {
    if (key.first != variant) {
      std::printf("%s%s\n", variant.empty() ? "" : "\n", key.first.c_str());
      variant = key.first;
    }
    const PairingTally& t = tallies[key];
    if (key.second.first == key.second.second) {  // self-play: how much the first move is worth
      const stats::Wdl& w = t.as_white;
      std::printf("  %s vs itself: %llu games; white +%llu =%llu -%llu, score %.1f%%", key.second.first.c_str(),
                  (unsigned long long)w.games(), (unsigned long long)w.wins, (unsigned long long)w.draws,
                  (unsigned long long)w.losses, 100 * w.score());
      print_elo(t.pairs, "white's edge in Elo");
      continue;
    }
    const stats::Wdl total{t.as_white.wins + t.as_black.wins, t.as_white.draws + t.as_black.draws,
                           t.as_white.losses + t.as_black.losses};
    std::printf("  %s vs %s: %llu games; as white +%llu =%llu -%llu, as black +%llu =%llu -%llu; score %.1f/%llu (%.1f%%)",
                key.second.first.c_str(), key.second.second.c_str(), (unsigned long long)total.games(),
                (unsigned long long)t.as_white.wins, (unsigned long long)t.as_white.draws,
                (unsigned long long)t.as_white.losses, (unsigned long long)t.as_black.wins,
                (unsigned long long)t.as_black.draws, (unsigned long long)t.as_black.losses,
                total.wins + total.draws / 2.0, (unsigned long long)total.games(), 100 * total.score());
    print_elo(t.pairs, "Elo");
  }
}

int run(const TournamentArgs& args) {
  TournamentConfig config = args.config;
  if (!args.variants.empty()) config.variants = split_variants(args.variants);
  config.players = split_players(args.players);
  TournamentRun result;
  try {
    result = run_tournament(config);
  } catch (const VariantError& e) {
    // An unknown name is reported at "NAME:1:1"; only a file's mistakes need a location.
    const bool unknown_name = e.message.starts_with("unknown variant");
    throw UsageError("--variants: " + (unknown_name ? e.message : std::string(e.what())));
  } catch (const TournamentError& e) {
    throw UsageError(e.what());
  } catch (const ResultsError& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  if (result.resumed > 0)
    std::fprintf(stderr, "Resumed: %d games were already in %s\n", result.resumed,
                 (config.out / "games.jsonl").string().c_str());
  if (result.played > 0)
    std::fprintf(stderr, "Played %d games in %.1f s, %.1f games/s\n", result.played, result.seconds,
                 result.seconds > 0 ? result.played / result.seconds : 0.0);
  print_summary(result);
  // The full report beside the games (report.html, summary.json/csv); `jungle stats` prints it.
  for (const std::string& problem :
       report::write_report_files(config.out, report::summarize(result.games), "Jungle tournament"))
    std::cerr << "warning: " << problem << "\n";
  std::fprintf(stderr, "Report: %s\n", (config.out / "report.html").string().c_str());
  return 0;
}

}  // namespace

Command add_tournament_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "tournament",
      "Round robin of players under each variant; every game is appended to DIR/games.jsonl as it ends. "
      "Rerunning the same command resumes it; DIR/run.json records what the tournament is.");
  auto args = std::make_shared<TournamentArgs>();
  TournamentConfig& c = args->config;
  cmd->add_option("--variants", args->variants,
                  "Bundled variant names or TOML files, comma-separated (default: standard)");
  cmd->add_option("--players", args->players,
                  "Player specs: random, greedy, alphabeta:depth=N, alphabeta:nodes=N, "
                  "mcts:playouts=N[,rollout=random|greedy]. Separate them with ',' or ';' or give --players "
                  "several times; a 'key=value' after a ',' continues the spec before it, so "
                  "random,mcts:playouts=100,rollout=greedy is two players. One player plays itself.")
      ->required();
  cmd->add_option("--games", c.games_per_pair,
                  "Games per pair of players per variant; even, since each opening is played twice with "
                  "colours swapped")
      ->capture_default_str();
  cmd->add_option("--openings", c.openings,
                  "random:plies=K (K random legal plies from the start, none ending the game; every "
                  "pairing of a variant gets the same openings) or none")
      ->capture_default_str();
  cmd->add_option("--seed", c.seed, "Seed of openings and players; with it the games do not depend on --threads")
      ->capture_default_str();
  cmd->add_option("--threads", c.threads, "Games played at once (0: every core)")
      ->check(CLI::Range(0, 1024))
      ->capture_default_str();
  cmd->add_option("--out", c.out, "Results directory: run.json and games.jsonl")->required();
  c.progress = true;
  return {cmd, [args] { return run(*args); }};
}

}  // namespace jungle::cli
