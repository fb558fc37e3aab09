#include "research/compare_games.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "research/input_error.h"
#include "results/run_file.h"
#include "support/text.h"

namespace jungle::research {

RoundsStart rounds_start(const CompareConfig& config) {
  RoundsStart out;
  out.first_openings = std::uint64_t(config.games ? *config.games : config.pilot_games) / 2;
  std::optional<RunRecord> there;
  run_reporting_failures([&] { there = read_run_file(config.out); });
  if (there) {
    for (const RunStart& run : there->runs)
      if (run.games > 0) out.earlier_rounds.push_back(std::uint64_t(run.games) / 2);
    if (!config.games)
      out.first_openings = std::max(out.first_openings, std::uint64_t(there->settings.games_per_pair) / 2);
  }
  return out;
}

CompareTournament::CompareTournament(const CompareConfig& config, const std::vector<Variant>& variants,
                                     const EqualPlayers& players, std::chrono::steady_clock::time_point start)
    : max_seconds_(config.max_seconds), start_(start) {
  tournament_.variants.clear();
  for (const Variant& v : variants) tournament_.variants.push_back(v.name);
  tournament_.loaded_variants = variants;
  tournament_.default_weights = players.weights;
  tournament_.players = {players.player};
  tournament_.openings = config.openings;
  tournament_.seed = config.seed;
  tournament_.threads = config.threads;
  tournament_.out = config.out;
  tournament_.paired_variants = true;
  tournament_.progress = true;
  tournament_.command_line = config.command_line;
}

std::vector<StoredGame> CompareTournament::play(std::uint64_t openings) {
  tournament_.games_per_pair = int(2 * openings);
  run_reporting_failures([&] { run_ = run_tournament(tournament_); });
  played_ += run_.played;
  playing_seconds_ += run_.seconds;
  effort_.cpu_seconds += run_.cpu_seconds;
  effort_.timed_games += run_.timed_games;
  effort_.searched_nodes += run_.searched_nodes;
  effort_.searched_moves += run_.searched_moves;
  return run_.games;
}

// As many openings as the time left allows, at the rate measured so far, and the tournament's cap.
std::uint64_t CompareTournament::affordable(std::uint64_t wanted) const {
  const double games_an_opening = 2.0 * double(tournament_.variants.size());
  const std::uint64_t now = std::uint64_t(tournament_.games_per_pair) / 2;
  std::uint64_t allowed = std::min<std::uint64_t>(wanted, std::uint64_t(MAX_TOURNAMENT_GAMES / games_an_opening));
  if (const double rate = games_per_second(); rate > 0 && std::isfinite(max_seconds_)) {
    const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double left = std::max(0.0, max_seconds_ - spent);
    allowed = std::min<std::uint64_t>(allowed, now + std::uint64_t(left * rate / games_an_opening));
  }
  return allowed;
}

void announce_settling_target(const std::string& intervals, double margin, double target, double precision_asked) {
  std::fprintf(stderr,
               "compare: --margin %g is settled either way, equivalent or different, once %s are within ±%.3g: the "
               "rounds play to that, not to the ±%g of --precision\n",
               margin, intervals.c_str(), target, precision_asked);
}

ComparisonGames CompareTournament::games(const std::string& unit) {
  ComparisonGames out{[this](std::uint64_t openings) { return play(openings); },
                      [this](std::uint64_t openings) { return affordable(openings); },
                      [this] { return games_per_second(); }, {}};
  out.expect = [this, unit](std::uint64_t openings, double target) {
    const std::uint64_t played = std::uint64_t(tournament_.games_per_pair) / 2;
    const std::uint64_t a_unit = 2 * openings, more = 2 * (openings - std::min(openings, played)) * tournament_.variants.size();
    std::string time;
    if (const double rate = games_per_second(); rate > 0) time = ", " + duration_text(double(more) / rate) + " more at the rate so far";
    std::fprintf(stderr, "Rounds: the first round's variance says about %s games a %s for ±%.3g (%s in all)%s\n",
                 with_commas(a_unit).c_str(), unit.c_str(), target, with_commas(a_unit * tournament_.variants.size()).c_str(), time.c_str());
  };
  return out;
}

}  // namespace jungle::research
