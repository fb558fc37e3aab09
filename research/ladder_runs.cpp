#include "research/ladder_runs.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>

#include <nlohmann/json.hpp>

#include "engine/variant_loader.h"
#include "match/tournament.h"
#include "support/files.h"

namespace jungle::research {

namespace {

constexpr const char* CPU_FILE = "cpu.json";
constexpr const char* CPU_FORMAT = "jungle-ladder-cpu/1";

// Adds a session's CPU time and games to the folder's cpu.json and returns the sum. A file that
// cannot be written loses only the cost: a warning, and the games are there.
report::CpuTime add_run_cpu(const std::filesystem::path& folder, double seconds, int games) {
  report::CpuTime cpu = read_run_cpu(folder);
  if (games == 0) return cpu;
  cpu.seconds += seconds;
  cpu.games += std::uint64_t(games);
  const nlohmann::ordered_json j = {
      {"format", CPU_FORMAT},
      {"what", "CPU time of this run's games played by jungle ladder, each timed on the thread that played it"},
      {"cpu_seconds", cpu.seconds},
      {"games", cpu.games}};
  try {
    write_file_atomically(folder / CPU_FILE, j.dump(2) + "\n");
  } catch (const FileWriteError& e) {
    std::fprintf(stderr, "warning: the run's CPU time is not kept: %s\n", e.what());
  }
  return cpu;
}

}  // namespace

report::CpuTime read_run_cpu(const std::filesystem::path& folder) {
  std::ifstream in(folder / CPU_FILE);
  if (!in) return {};
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object() || j.value("format", "") != CPU_FORMAT) return {};
  const auto seconds = j.find("cpu_seconds"), games = j.find("games");
  if (seconds == j.end() || games == j.end() || !seconds->is_number() || !games->is_number_unsigned()) return {};
  const double s = seconds->get<double>();
  if (!std::isfinite(s) || s < 0) return {};
  return {s, games->get<std::uint64_t>()};
}

std::filesystem::path self_play_folder(const std::filesystem::path& out, const LadderLevel& level) {
  return out / ("selfplay-" + level.label);
}

std::filesystem::path match_folder(const std::filesystem::path& out, const LadderLevel& lower,
                                   const LadderLevel& upper) {
  std::string name = "match-";
  name += lower.label;
  name += "-vs-";
  name += upper.label;
  return out / name;
}

LadderRuns play_ladder_runs(const LadderConfig& config, const std::vector<LadderLevel>& levels, int match_games) {
  if (levels.empty()) throw TournamentError("--levels: no level");
  // A bad variant is refused before the first run starts, not in the middle of the ladder.
  for (const std::string& variant : config.variants) load_variant(variant);
  TournamentConfig base;
  base.variants = config.variants;
  base.openings = config.openings;
  base.seed = config.seed;
  base.threads = config.threads;
  base.progress = true;
  base.command_line = config.command_line;

  LadderRuns ladder;
  const std::size_t runs = levels.size() + (match_games > 0 ? levels.size() - 1 : 0);
  std::size_t run_number = 0;
  auto play = [&](const std::vector<std::string>& players, int games, const std::filesystem::path& folder,
                  const std::string& what, std::vector<report::CpuTime>& cpu) {
    TournamentConfig tournament = base;
    tournament.players = players;
    tournament.games_per_pair = games;
    tournament.out = folder;
    std::fprintf(stderr, "Ladder %zu/%zu: %s, %d games per variant, in %s\n", ++run_number, runs, what.c_str(), games,
                 folder.string().c_str());
    TournamentRun run = run_tournament(tournament);
    cpu.push_back(add_run_cpu(folder, run.cpu_seconds, run.timed_games));
    if (ladder.rules.empty()) ladder.rules = run.rules;
    ladder.resumed += run.resumed;
    ladder.played += run.played;
    ladder.seconds += run.seconds;
    return std::move(run.games);
  };

  for (std::size_t i = 0; i < levels.size(); ++i) {
    const LadderLevel& level = levels[i];
    ladder.self_play.push_back(
        play({level.spec}, config.games, self_play_folder(config.out, level), "self-play at " + level.label,
             ladder.self_play_cpu));
    if (i == 0 || match_games == 0) {
      ladder.match_below.emplace_back();
      ladder.match_cpu.emplace_back();
      continue;
    }
    const LadderLevel& lower = levels[i - 1];
    ladder.match_below.push_back(play({lower.spec, level.spec}, match_games, match_folder(config.out, lower, level),
                                      lower.label + " against " + level.label, ladder.match_cpu));
  }
  return ladder;
}

}  // namespace jungle::research
