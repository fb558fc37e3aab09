#include "match/tournament.h"

#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <optional>

#include "distributed/mpi_context.h"
#include "distributed/work_queue.h"
#include "match/fixture_player.h"
#include "match/game_collector.h"
#include "match/games_progress.h"
#include "match/pgn_context.h"
#include "match/pgn_out.h"
#include "match/tournament_job.h"
#include "match/tournament_setup.h"
#include "players/player.h"
#include "players/player_context.h"
#include "search/evaluator_version.h"
#include "results/replay_check.h"
#include "results/results_folder.h"
#include "support/cpu_time.h"
#include "support/version.h"

namespace jungle {

namespace fs = std::filesystem;

namespace {

// One game of built-in players, who find their files in `context`.
GameRecord play_specs(const Variant& variant, const std::vector<std::string>& opening, const PlayerSpec& white,
                      const PlayerSpec& black, std::uint64_t seed, const std::shared_ptr<PlayerContext>& context) {
  BuiltinContestant w(make_player(white, player_seed(seed, WHITE), context)),
      b(make_player(black, player_seed(seed, BLACK), context));
  return play_game(variant, "", opening, w, b, GameRules{}, seed);
}

}  // namespace

GameRecord play_game(const Variant& variant, const std::vector<std::string>& opening, const PlayerSpec& white,
                     const PlayerSpec& black, std::uint64_t seed) {
  // The game's: its two players read one weights file once.
  return play_specs(variant, opening, white, black, seed, std::make_shared<PlayerContext>());
}

GameRecord play_game(const Variant& variant, const std::vector<std::string>& opening, const std::string& white,
                     const std::string& black, std::uint64_t seed) {
  const auto context = std::make_shared<PlayerContext>();
  return play_specs(variant, opening, parse_player_spec(white, context.get()), parse_player_spec(black, context.get()),
                    seed, context);
}

namespace {

// When this process started, near enough: set as the program's statics are.
const std::chrono::system_clock::time_point PROCESS_START = std::chrono::system_clock::now();

// This process as one typing of a command: its host, pid and start time (microseconds, so that a
// pid the system reuses is another invocation).
std::string this_invocation(const std::string& host) {
  const auto start = std::chrono::duration_cast<std::chrono::microseconds>(PROCESS_START.time_since_epoch());
  return host + ":" + std::to_string(::getpid()) + ":" + std::to_string(start.count());
}

// Who ran it, where, when and how: one entry per start of the command, resumed ones included.
RunStart run_start(const TournamentConfig& config, const Setup& setup, int threads) {
  char host[256] = "";
  ::gethostname(host, sizeof host - 1);
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  RunStart start{config.command_line, program_version(), date, host, threads};
  start.invocation = config.invocation.empty() ? this_invocation(host) : config.invocation;
  start.games = config.games_per_pair;
  start.evaluator = evaluator_version();
  // Threads per rank, then; the other ranks' hosts are theirs to know.
  if (distributed::ranks() > 1) start.ranks = distributed::ranks();
  if (!setup.tb_adjudicate.empty()) start.tablebases = setup.tables_found();
  return start;
}

// openings[variant][k]: made before any game, so that every thread count sees the same ones.
std::vector<std::vector<Opening>> make_openings(const Setup& setup) {
  std::vector<std::vector<Opening>> openings(setup.variants.size());
  for (std::size_t v = 0; v < setup.variants.size(); ++v)
    for (int k = 0; k < setup.games_per_pair / 2; ++k) {
      try {
        openings[v].push_back(
            setup.paired_variants
                ? make_paired_opening(setup.variants, *setup.openings, setup.seed, int(v), k).opening
                : make_opening(setup.variants[v], *setup.openings, setup.seed, int(v), k));
      } catch (const std::runtime_error& e) {
        throw TournamentError(e.what());
      }
    }
  return openings;
}

// Games found in games.jsonl must be the very games the schedule lists at their index.
void check_stored(const std::vector<StoredGame>& stored, const std::vector<Fixture>& fixtures, const Setup& setup,
                  const std::vector<std::vector<Opening>>& openings, const fs::path& file) {
  const std::vector<std::string> players = setup.player_names();
  for (const StoredGame& g : stored) {
    auto misfit = [&](const std::string& what) {
      throw TournamentError(file.string() + ":" + std::to_string(g.line) + ": game " + std::to_string(g.index) +
                            " does not belong to this tournament (" + what + ")");
    };
    if (g.index >= int(fixtures.size())) misfit("the tournament has " + std::to_string(fixtures.size()) + " games");
    const Fixture& f = fixtures[g.index];
    const GameRecord& r = g.record;
    if (r.variant != setup.variants[f.variant].name) misfit("variant " + r.variant);
    if (r.white != players[f.white] || r.black != players[f.black])
      misfit("players " + r.white + " and " + r.black);
    if (r.seed != f.seed) misfit("seed " + std::to_string(r.seed));
    const Opening& opening = openings[f.variant][f.opening];
    if (g.pair != f.pair || g.opening != f.opening || r.opening != opening.moves || r.fen != opening.fen)
      misfit("pair or opening");
  }
}

// --sprt's test, told the games already stored; nothing without --sprt.
std::optional<SequentialTest> sequential_test(const Setup& setup, int games_in_schedule,
                                              const std::vector<StoredGame>& stored) {
  if (!setup.sprt) return std::nullopt;
  std::optional<SequentialTest> test =
      setup.sprt_variants.empty()
          ? SequentialTest::of_players(*setup.sprt, setup.players[0].name(), setup.players[1].name())
          : SequentialTest::of_variants(*setup.sprt, setup.sprt_variants[0], setup.sprt_variants[1],
                                        games_in_schedule / (setup.games_per_pair / 2));
  for (const StoredGame& g : stored) test->add(g);
  return test;
}

// A game another rank played, as the dealer hands it over: its record and line, or the problem.
struct DealtGame {
  StoredGame game;
  std::string line, problem;
};

DealtGame read_dealt(distributed::TaskResult&& result) {
  DealtGame dealt{{}, result.text + "\n", result.failed ? result.text : ""};
  if (!dealt.problem.empty()) return dealt;
  try {
    dealt.game = parse_results_line(result.text);
    if (dealt.game.index != result.task)
      throw std::invalid_argument("game " + std::to_string(dealt.game.index) + " in its place");
  } catch (const std::invalid_argument& e) {
    dealt.problem = "game " + std::to_string(result.task) + ": another rank sent a record that does not read (" +
                    e.what() + ")";
  }
  return dealt;
}

TournamentRun play_tournament(const TournamentConfig& config) {
  const Setup setup = make_setup(config);
  const std::vector<Fixture> fixtures =
      schedule_round_robin(int(setup.variants.size()), int(setup.players.size()), setup.games_per_pair, setup.seed,
                           setup.paired_variants, setup.gauntlet);
  const std::vector<std::vector<Opening>> openings = make_openings(setup);
  probe_engines(setup);  // before anything is written

  // The folder: locked, claimed for this tournament, its games checked against the schedule.
  const int threads = config.threads > 0 ? config.threads : omp_get_num_procs();
  ResultsFolder folder(config.out);
  const RunRecord record = folder.claim(setup.fingerprint(), run_start(config, setup, threads));
  TournamentRun run;
  // Replayed under the tournament's rules and between its players (run.json's, by claim()): a
  // stored game whose moves, result or players are wrong would count in every report and test of
  // the resumed run (ResultsError, FILE:LINE: game N: why). Before the schedule's check, so that a
  // renamed player is named as every reader names it.
  run.games = replayed_games(folder.games_file(), folder.stored_games(), setup.variants, setup.player_names());
  check_stored(run.games, fixtures, setup, openings, folder.games_file());
  std::optional<PgnOut> pgn_out;
  if (!config.pgnout.empty())
    pgn_out.emplace(config.pgnout, tournament_pgn_context(folder.games_file(), record), setup.variants);
  folder.open(record);
  run.resumed = int(run.games.size());
  for (const Variant& v : setup.variants) run.variants.push_back(v.name);
  run.rules = setup.variants;
  run.players = setup.player_names();
  run.sprt_variants = setup.sprt_variants;

  // The games still to play: those not stored, and none once the test has decided.
  std::optional<SequentialTest> test = sequential_test(setup, int(fixtures.size()), run.games);
  std::vector<bool> stored(fixtures.size(), false);
  for (const StoredGame& g : run.games) stored[std::size_t(g.index)] = true;
  std::vector<int> todo;
  for (const Fixture& f : fixtures)
    if (!stored[std::size_t(f.index)] && !(test && test->decided())) todo.push_back(f.index);

  // Played on this rank's threads, and under MPI on every other rank's too.
  GamesProgress progress(config.progress, int(fixtures.size()), run.resumed);
  GameCollector collector(folder, run, test, progress, int(fixtures.size()), pgn_out ? &*pgn_out : nullptr,
                          config.progress ? config.rating_interval : 0);
  std::optional<EngineLog> engine_log;
  if (!config.engine_log.empty()) {
    try {
      engine_log.emplace(config.engine_log);
    } catch (const std::runtime_error& e) {
      throw TournamentError(e.what());
    }
  }
  FixturePlayer player(setup, openings, threads, engine_log ? &*engine_log : nullptr);
  std::optional<distributed::Dealer> dealer;
  dealer.emplace(std::move(todo), [&](distributed::TaskResult&& result) {
    DealtGame dealt = read_dealt(std::move(result));
    if (!collector.add(std::move(dealt.game), std::move(dealt.line), std::move(dealt.problem))) dealer->stop();
  });
  const auto start = std::chrono::steady_clock::now();
  dealer->announce("tournament", tournament_job(setup, openings, config.threads));
  double cpu_seconds = 0;
  int timed_games = 0;
  std::uint64_t searched_nodes = 0, searched_moves = 0;
#pragma omp parallel num_threads(threads) reduction(+ : cpu_seconds, timed_games, searched_nodes, searched_moves)
  for (int i; (i = dealer->next()) >= 0;) {
    std::string problem, line;
    StoredGame g;
    const double cpu_start = thread_cpu_seconds();
    try {
      PlayedFixture played = player.play(fixtures[std::size_t(i)]);
      g = std::move(played.game);
      line = to_json_line(g) + "\n";
      cpu_seconds += thread_cpu_seconds() - cpu_start;
      ++timed_games;
      searched_nodes += played.searched.nodes;
      searched_moves += played.searched.moves;
    } catch (const std::exception& e) {
      problem = "game " + std::to_string(i) + ": " + e.what();
    }
    if (!collector.add(std::move(g), std::move(line), std::move(problem))) dealer->stop();
  }
  collector.show_final_score();
  run.cpu_seconds = cpu_seconds;
  run.timed_games = timed_games;
  run.searched_nodes = searched_nodes;
  run.searched_moves = searched_moves;
  std::string error = collector.error();
  if (std::string rank_error = dealer->finish(); !rank_error.empty() && error.empty()) error = rank_error;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!error.empty()) throw TournamentError(error);
  if (test) run.sprt_decided_after = test->decided();
  std::sort(run.games.begin(), run.games.end(),
            [](const StoredGame& a, const StoredGame& b) { return a.index < b.index; });
  return run;
}

}  // namespace

TournamentRun run_tournament(const TournamentConfig& config) {
  try {
    return play_tournament(config);
  } catch (const ResultsFolderError& e) {
    throw TournamentError(e.what());
  }
}

}  // namespace jungle
