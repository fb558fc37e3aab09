// The options of the commands that play games (tournament, study, compare, ladder, tune):
// --player, --games, --openings, --seed, --threads. Each is registered here alone, so that its
// name, its check and the showing of its default are the same in every command; the help text
// is each command's own, since what the option governs there differs (a study's games are per
// variant, a ladder's per level and variant), and so is where it stands among the command's
// options (the order of its --help).
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace jungle::cli {

// --player: the spec of the one player that plays itself (players/player.h).
CLI::Option* add_player_option(CLI::App& cmd, std::string& player, const std::string& help);
// --games: a number of games, even (each opening twice, colours swapped); the command adds its
// range, or leaves the check to the tournament's setup, whose message says why.
CLI::Option* add_games_option(CLI::App& cmd, int& games, const std::string& help);
// --openings: an OpeningRule's text (match/matchmaking.h), read by the tournament's setup.
CLI::Option* add_openings_option(CLI::App& cmd, std::string& openings, const std::string& help);
// --seed: of the openings and the players (and whatever else the command draws).
CLI::Option* add_seed_option(CLI::App& cmd, std::uint64_t& seed, const std::string& help);
// --threads: games at once, from 0 (every core) to 1024.
CLI::Option* add_threads_option(CLI::App& cmd, int& threads, const std::string& help);

}  // namespace jungle::cli
