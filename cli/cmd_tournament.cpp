// `jungle tournament`: round robins of players under rule variants, written to DIR/games.jsonl.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>

#include "cli/argument_checks.h"
#include "cli/command.h"
#include "cli/play_options.h"
#include "cli/report_output.h"
#include "engine/variant_loader.h"
#include "match/tournament.h"
#include "report/report.h"
#include "research/game_summary.h"
#include "research/run_settings.h"

namespace jungle::cli {

namespace {

struct TournamentArgs {
  std::vector<std::string> variants, players;
  std::string sprt_variants;
  std::optional<std::string> pgnout;
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

int run(const TournamentArgs& args) {
  TournamentConfig config = args.config;
  if (!args.variants.empty()) config.variants = split_variants(args.variants);
  config.players = split_players(args.players);
  config.command_line = command_line();
  if (args.pgnout) {
    std::string file = *args.pgnout;
    if (file.rfind("file=", 0) == 0) file.erase(0, 5);  // fastchess's -pgnout file=NAME
    if (file.empty()) throw UsageError("--pgnout: no file named");
    config.pgnout = file;
  }
  if (!args.sprt_variants.empty()) {
    if (config.sprt.empty()) throw UsageError("--sprt-variants needs --sprt elo0=,elo1=");
    config.sprt_variants = split_variants({args.sprt_variants});
  }
  TournamentRun result;
  run_reporting_failures([&] { result = run_tournament(config); });
  if (result.resumed > 0)
    std::fprintf(stderr, "Resumed: %d games were already in %s\n", result.resumed,
                 (config.out / "games.jsonl").string().c_str());
  if (result.played > 0)
    std::fprintf(stderr, "Played %d games in %.1f s, %.1f games/s\n", result.played, result.seconds,
                 result.seconds > 0 ? result.played / result.seconds : 0.0);
  // The report `jungle stats` gives for DIR/games.jsonl: on the terminal, and as files in DIR.
  research::SummaryOptions options;
  options.rules = result.rules;  // a variant from a TOML file is known by its path, not its name
  report::Summary summary = research::summarize(result.games, options);
  if (!config.sprt.empty()) {
    const stats::SprtParams params = stats::parse_sprt_params(config.sprt);
    summary.sprt.push_back(result.sprt_variants.empty()
                               ? research::sprt_players(result.games, result.players[0], result.players[1], params)
                               : research::sprt_variants(summary, result.sprt_variants[0], result.sprt_variants[1], params));
    if (result.sprt_decided_after)
      std::fprintf(stderr, "SPRT (%s): %s after %d games\n", stats::llr_method_name(summary.sprt.back().params.method),
                   summary.sprt.back().result.verdict == stats::SprtVerdict::AcceptH1 ? "H1 accepted" : "H0 accepted",
                   *result.sprt_decided_after);
  }
  summary.sources = {(config.out / "games.jsonl").string()};
  summary.runs = {research::run_settings(config.out / "games.jsonl", result.games)};
  report::write_markdown(std::cout, summary);
  print_run_warnings(summary);
  write_report(config.out, summary, "Jungle tournament");
  return 0;
}

}  // namespace

Command add_tournament_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "tournament",
      "Round robin of players under each variant; every game is appended to DIR/games.jsonl as it ends. "
      "Rerunning the same command resumes it; DIR/run.json records what the tournament is. Under mpirun every "
      "rank plays games dealt by rank 0, which alone writes DIR.");
  auto args = std::make_shared<TournamentArgs>();
  TournamentConfig& c = args->config;
  cmd->add_option("--variants", args->variants,
                  "Bundled variant names or TOML files, comma-separated (default: standard)");
  cmd->add_option("--players", args->players,
                  "Player specs: random, greedy, alphabeta:depth=N[,contempt=C], alphabeta:nodes=N[,contempt=C], "
                  "mcts:playouts=N[,rollout=random|greedy]; an alphabeta spec may add tablebases=DIR|auto to probe "
                  "the endgame tables already on disk there (auto: the cache folder of jungle tablebase; none is "
                  "built during play). Separate them with ',' or ';' or give --players "
                  "several times; a 'key=value' after a ',' continues the spec before it, so "
                  "random,mcts:playouts=100,rollout=greedy is two players. One player plays itself.")
      ->required();
  add_games_option(*cmd, c.games_per_pair,
                   "Games per pair of players per variant; even, since each opening is played twice with "
                   "colours swapped");
  add_openings_option(*cmd, c.openings,
                      "random:plies=K (K random legal plies from the start, none ending the game; every "
                      "pairing of a variant gets the same openings), none, or file=F,format=epd|moves"
                      "[,order=sequential|random][,plies=K][,start=N] (a position or a line of moves a line; start=N "
                      "begins at the N-th)");
  add_seed_option(*cmd, c.seed, "Seed of openings and players; with it the games do not depend on --threads");
  add_threads_option(*cmd, c.threads, "Games played at once, per MPI rank (0: every core)");
  cmd->add_option("--out", c.out, "Results directory: run.json and games.jsonl")->required();
  cmd->add_option("--pgnout", args->pgnout,
                  "Also append each game to FILE as PGN as it ends, with cutechess-cli's comments on engine moves "
                  "({+0.35/12 0.21s}); a resumed run appends only its new games. file=FILE, fastchess's form, is "
                  "read alike")
      ->type_name("FILE");
  cmd->add_option("--engine", c.engines,
                  "An engine speaking docs/protocol.md, as name=N,cmd=PATH[,dir=D][,args=A B][,option.X=Y ...]"
                  "[,tc=...|st=...|nodes=...|depth=...][,timemargin=MS][,timeout.uci=S][,timeout.isready=S]; "
                  "repeatable. Its name may then stand in --players")
      ->type_name("SPEC");
  cmd->add_option("--each", c.each,
                  "Every engine's defaults, each key used where an engine has none of its own: tc=[MOVES/]SECONDS[+INC], "
                  "st=SECONDS, nodes=N, depth=D, timemargin=MS, timeout.uci=S, timeout.isready=S (default 10 each), "
                  "and option.X=V (sent before an engine's own options); comma-separated");
  cmd->add_option("--timemargin", c.margin_ms, "Milliseconds an engine may overstep its clock, unless it or --each says timemargin=")
      ->check(whole_number_in(0, 3'600'000))
      ->capture_default_str();
  c.rating_interval = 10;
  cmd->add_option("--rating-interval", c.rating_interval,
                  "Print the running score (each pairing's wins, draws, losses, score and Elo, and the SPRT's "
                  "LLR) every N games and at the end; 0: never")
      ->check(whole_number_in(0, 1'000'000))
      ->capture_default_str();
  cmd->add_option("--sprt", c.sprt,
                  "Stop as soon as the SPRT of the first player against the second decides (two players, one "
                  "variant): elo0=E0,elo1=E1[,alpha=A,beta=B,model=normalized|logistic|bayesian|normal]");
  cmd->add_option("--sprt-variants", args->sprt_variants,
                  "With --sprt and one player: test the first move's worth in variant V1 against V2 (Elo V1 - V2) "
                  "instead, stopping as soon as the test decides")
      ->type_name("V1,V2");
  cmd->add_flag("--paired-variants", c.paired_variants,
               "Every variant plays the first variant's openings with its game seeds, so that variants are "
               "compared on the same games; an opening that does not fit a variant is replaced there");
  cmd->add_option("--log", c.engine_log,
                  "Append every line sent to or read from an engine to FILE, with the time, the engine and the game "
                  "(fastchess's -log); under mpirun, rank 0's engines")
      ->type_name("FILE");
  cmd->add_flag("--gauntlet", c.gauntlet,
               "The first player plays each of the others, who do not play each other (cutechess-cli's and "
               "fastchess's -tournament gauntlet)");
  cmd->add_option("--draw", c.draw, "Draw adjudication: movenumber=N,movecount=M,score=S (centipawns)");
  cmd->add_option("--resign", c.resign, "Resign adjudication: movecount=M,score=S[,twosided=true]");
  cmd->add_option("--tb-adjudicate", c.tb_adjudicate,
                  "End a game as soon as its position is in an endgame table on disk in this folder (auto: the "
                  "cache folder of jungle tablebase), with the table's result and end reason tablebase; off by "
                  "default. Tables are not built here: jungle tablebase build makes them")
      ->type_name("DIR|auto");
  c.progress = true;
  return {cmd, [args] { return run(*args); }};
}

}  // namespace jungle::cli
