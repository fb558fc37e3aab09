#include "cli/play_options.h"

#include "cli/argument_checks.h"

namespace jungle::cli {

CLI::Option* add_player_option(CLI::App& cmd, std::string& player, const std::string& help) {
  return cmd.add_option("--player", player, help)->capture_default_str();
}

CLI::Option* add_games_option(CLI::App& cmd, int& games, const std::string& help) {
  return cmd.add_option("--games", games, help)->capture_default_str();
}

CLI::Option* add_openings_option(CLI::App& cmd, std::string& openings, const std::string& help) {
  return cmd.add_option("--openings", openings, help)->capture_default_str();
}

CLI::Option* add_seed_option(CLI::App& cmd, std::uint64_t& seed, const std::string& help) {
  return cmd.add_option("--seed", seed, help)->capture_default_str();
}

CLI::Option* add_threads_option(CLI::App& cmd, int& threads, const std::string& help) {
  return cmd.add_option("--threads", threads, help)->check(whole_number_in(0, 1024))->capture_default_str();
}

}  // namespace jungle::cli
