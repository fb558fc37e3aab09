#include "match/pgn_context.h"

#include <stdexcept>

#include "protocol/engine_player.h"
#include "protocol/time_control.h"

namespace jungle {

namespace {

// Each player's limits: an engine's own, else --each; a built-in player has none.
std::map<std::string, std::string> time_controls(const TournamentSettings& settings) {
  std::map<std::string, std::string> out;
  for (const std::string& player : settings.players) out[player] = pgn_time_control(TimeControl{});
  std::optional<TimeControl> each;
  try {
    if (!settings.each.empty()) each = parse_time_control(settings.each);
  } catch (const std::invalid_argument&) {
    // A run.json edited by hand: its engines' limits are unknown, not an error of the games.
  }
  for (const std::string& text : settings.engines) {
    try {
      const EngineConfig engine = parse_engine_config(text);
      if (engine.limits) out[engine.name] = pgn_time_control(*engine.limits);
      else if (each) out[engine.name] = pgn_time_control(*each);
      else out.erase(engine.name);
    } catch (const std::invalid_argument&) {
      // Likewise: left unknown ("?").
    }
  }
  return out;
}

}  // namespace

PgnContext tournament_pgn_context(const std::filesystem::path& games_file, const std::optional<RunRecord>& run) {
  PgnContext c;
  c.mark_opening = true;
  c.event = "jungle tournament " + std::filesystem::absolute(games_file).parent_path().filename().string();
  if (!run) return c;
  if (!run->runs.empty()) {
    const RunStart& first = run->runs.front();
    c.site = first.host.empty() ? "?" : first.host;
    const std::string& date = first.date;  // 2026-12-01T05:13:22Z
    if (date.size() >= 10) c.date = date.substr(0, 4) + "." + date.substr(5, 2) + "." + date.substr(8, 2);
  }
  c.time_controls = time_controls(run->settings);
  // Folders from before run.json kept the rules have only their hash: no file holds those rules.
  const std::string run_file = (games_file.parent_path() / "run.json").string();
  for (const RecordedVariant& v : run->variants)
    if (!v.toml.empty()) c.rules[v.name] = {run_file, v.rules_hash};
  return c;
}

}  // namespace jungle
