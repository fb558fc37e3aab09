#include "match/ladder.h"

#include <cstdio>

#include "engine/variant_loader.h"
#include "match/tournament.h"

namespace jungle {

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

LadderRun run_ladder(const LadderConfig& config) {
  if (config.levels.empty()) throw TournamentError("--levels: no level");
  // A bad variant is refused before the first run starts, not in the middle of the ladder.
  for (const std::string& variant : config.variants) load_variant(variant);
  TournamentConfig base;
  base.variants = config.variants;
  base.openings = config.openings;
  base.seed = config.seed;
  base.threads = config.threads;
  base.progress = config.progress;
  base.command_line = config.command_line;

  LadderRun ladder;
  const std::size_t runs = config.levels.size() + (config.match_games > 0 ? config.levels.size() - 1 : 0);
  std::size_t run_number = 0;
  auto play = [&](const std::vector<std::string>& players, int games, const std::filesystem::path& folder,
                  const std::string& what) {
    TournamentConfig tournament = base;
    tournament.players = players;
    tournament.games_per_pair = games;
    tournament.out = folder;
    if (config.progress)
      std::fprintf(stderr, "Ladder %zu/%zu: %s, %d games per variant, in %s\n", ++run_number, runs, what.c_str(), games,
                   folder.string().c_str());
    TournamentRun run = run_tournament(tournament);
    if (ladder.rules.empty()) ladder.rules = run.rules;
    ladder.resumed += run.resumed;
    ladder.played += run.played;
    ladder.seconds += run.seconds;
    return std::move(run.games);
  };

  for (std::size_t i = 0; i < config.levels.size(); ++i) {
    const LadderLevel& level = config.levels[i];
    ladder.self_play.push_back(
        play({level.spec}, config.games, self_play_folder(config.out, level), "self-play at " + level.label));
    if (i == 0 || config.match_games == 0) {
      ladder.match_below.emplace_back();
      continue;
    }
    const LadderLevel& lower = config.levels[i - 1];
    ladder.match_below.push_back(play({lower.spec, level.spec}, config.match_games,
                                      match_folder(config.out, lower, level), lower.label + " against " + level.label));
  }
  return ladder;
}

}  // namespace jungle
