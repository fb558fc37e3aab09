// A tournament's settings: every option that makes a tournament the one it is, each once, in one
// plain record. The command line fills it as typed (match/tournament_config.h); the setup checks
// it and keeps it in the canonical form run.json records (match/tournament_setup.h); run.json
// writes, reads and compares it by the one list of fields below (results/run_file.cpp); the
// report's Settings table shows it (report/report_settings.cpp).
//
// A new option: its field here, its line in visit_settings, its command-line flag, its use.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace jungle {

// The largest numbers run.json may hold, far above any real run's (a tournament has at most
// 1,000,000 games, match/tournament_config.h) and small enough for the ints that hold them.
inline constexpr int MAX_RECORDED_GAMES = 100'000'000;  // games per pairing and variant
inline constexpr int MAX_RECORDED_THREADS = 1'000'000;  // threads, MPI ranks
inline constexpr std::int64_t MAX_RECORDED_TIMEMARGIN = 86'400'000;  // ms: a day (--timemargin takes an hour)

// The defaults of the options every command that plays games has (cli/play_options.h): --openings
// (tournament, study, compare, ladder; tune's self-play has its own), four random plies, so that
// games differ from the start; --seed; --threads.
inline constexpr const char* DEFAULT_OPENINGS = "random:plies=4";
inline constexpr std::uint64_t DEFAULT_SEED = 1;  // --seed
inline constexpr int DEFAULT_THREADS = 0;          // --threads: every core

// The defaults are the command line's. Texts are the options' own forms ("" when not given);
// the setup rewrites each in its canonical form (OpeningRule::text(), ...).
struct TournamentSettings {
  std::vector<std::string> players;         // player specs (players/player.h), or engine names
  int games_per_pair = 2;                   // even: each opening twice, colours swapped
  std::string openings = DEFAULT_OPENINGS;  // see OpeningRule
  std::uint64_t seed = DEFAULT_SEED;
  // --sprt elo0=,elo1=[,alpha=,beta=,model=] (statistics.h): with two players in one variant, stop
  // once the test of players[0] against players[1] decides.
  std::string sprt;
  // --tb-adjudicate: a folder of endgame tables, or "auto" (the default cache folder). A game ends
  // as soon as its position is in a table on disk (adjudication.h).
  std::string tb_adjudicate;
  // With sprt and one player: the test is of the first move's worth in these two variants
  // (report::sprt_variants), elo(V1) - elo(V2).
  std::vector<std::string> sprt_variants;
  // Every variant plays the first variant's openings with its game seeds (matchmaking.h), so that
  // variants are compared on the same games.
  bool paired_variants = false;
  // The first player plays each of the others, who do not play each other (matchmaking.h).
  bool gauntlet = false;
  // Engines (protocol/engine_player.h), each as EngineConfig::text() reads it; their names may
  // then stand in `players`. The four after it are their limits and adjudication.
  std::vector<std::string> engines;
  std::string each;            // --each: time_control.h's form; for engines without their own
  std::int64_t margin_ms = 0;  // --timemargin
  std::string draw, resign;    // adjudication.h's forms
};

// How run.json holds a setting.
enum class Recorded {
  Always,       // written always; a file without it, or with an empty list, is refused
  WhenGiven,    // written when given (not empty, not false); older folders or other runs lack it
  WithEngines,  // written, and then required, when there are engines: a folder of built-in
                // players reads as it did before engines were added
};

struct SettingField {
  const char* key;  // in run.json; a difference names the option "--" + key, '_' as '-'
  Recorded recorded;
  std::uint64_t min = 0, max = 0;  // a number's range in run.json
  bool identifies = true;          // false: runs of one tournament may differ in it (--games grows)
};

// Every setting with its field, in run.json's order: the one list that writes, reads and compares
// them (nlohmann's NLOHMANN_DEFINE_TYPE_* lists in the same way, but cannot check ranges, leave
// out what was not given, or name the field at fault). `visit(field, value)` is called for each;
// `Settings` is TournamentSettings, const or not.
template <typename Settings, typename Visit>
void visit_settings(Settings& s, Visit&& visit) {
  visit(SettingField{"players", Recorded::Always}, s.players);
  visit(SettingField{"games", Recorded::Always, 1, MAX_RECORDED_GAMES, false}, s.games_per_pair);
  visit(SettingField{"openings", Recorded::Always}, s.openings);
  visit(SettingField{"seed", Recorded::Always, 0, UINT64_MAX}, s.seed);
  visit(SettingField{"sprt", Recorded::WhenGiven}, s.sprt);
  visit(SettingField{"tb_adjudicate", Recorded::WhenGiven}, s.tb_adjudicate);
  visit(SettingField{"sprt_variants", Recorded::WhenGiven}, s.sprt_variants);
  visit(SettingField{"paired_variants", Recorded::WhenGiven}, s.paired_variants);
  visit(SettingField{"gauntlet", Recorded::WhenGiven}, s.gauntlet);
  visit(SettingField{"engines", Recorded::WithEngines}, s.engines);
  visit(SettingField{"each", Recorded::WithEngines}, s.each);
  visit(SettingField{"timemargin", Recorded::WithEngines, 0, MAX_RECORDED_TIMEMARGIN}, s.margin_ms);
  visit(SettingField{"draw", Recorded::WithEngines}, s.draw);
  visit(SettingField{"resign", Recorded::WithEngines}, s.resign);
}

}  // namespace jungle
