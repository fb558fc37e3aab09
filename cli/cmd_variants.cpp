// `jungle variants`, `jungle check` and `jungle show`: looking at rules and positions.
#include <iostream>
#include <set>

#include "cli/command.h"
#include "engine/game.h"
#include "engine/variant_loader.h"
#include "perft/perftree.h"
#include "support/excerpt.h"

namespace jungle::cli {

Position make_position(const Variant& variant, const std::string& fen) {
  try {
    return Position(variant, fen.empty() ? variant.start : fen);
  } catch (const PositionError& e) {
    throw UsageError(std::string(fen.empty() ? "variant start" : "--fen") + ": " + e.what());
  }
}

Command add_variants_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("variants", "List the bundled variants with their descriptions");
  return {cmd, [] {
            for (const Variant& v : bundled_variants()) std::cout << v.name << "\n    " << v.description << "\n";
            return 0;
          }};
}

Command add_check_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "check",
      "Validate variant files: every mistake, with its parent's, as FILE:LINE:COLUMN: message "
      "(a TOML syntax error ends that file's list)");
  auto files = std::make_shared<std::vector<std::string>>();
  cmd->add_option("FILE", *files, "Variant TOML files")->required();
  return {cmd, [files] {
            // A parent's mistakes, met again through another file, are listed once.
            std::set<std::string> listed;
            for (const std::string& file : *files) {
              try {
                Variant v = load_variant_file(file);
                std::cout << file << ": ok (" << v.name << (v.extends.empty() ? "" : " extends " + v.extends)
                          << ")\n";
              } catch (const VariantError& first) {
                std::vector<VariantError> all = check_variant_file(file);
                if (all.empty()) all.push_back(first);  // the file changed in between
                // A file that cannot be read at all has no place to name: the argument is at fault.
                for (const VariantError& e : all)
                  if (const std::string line = e.located() ? e.what() : "error: check: " + std::string(e.what());
                      listed.insert(line).second)
                    std::cerr << line << "\n";
              }
            }
            // One mistake needs no count; several get one, as the last line.
            if (listed.size() > 1) std::cerr << listed.size() << " mistakes\n";
            return listed.empty() ? 0 : 1;
          }};
}

Command add_show_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("show", "Print the board with terrain and pieces");
  struct Options {
    std::string variant = "standard", fen, moves;
  };
  auto opts = std::make_shared<Options>();
  cmd->add_option("--variant", opts->variant, "Bundled variant name or TOML file")->capture_default_str();
  cmd->add_option("--fen", opts->fen, "Position (default: the variant's start)");
  cmd->add_option("--moves", opts->moves, "Legal moves to play first, as \"a3a4 g7g6\"")->type_name("MOVES");
  return {cmd, [opts] {
            Variant variant = load_variant_argument("--variant", opts->variant);
            // The same end rules as a game from this position: den, capture-all, no moves.
            Game game(variant, make_position(variant, opts->fen).fen());
            const std::vector<std::string> moves = split_moves(opts->moves);
            for (std::size_t i = 0; i < moves.size(); ++i) {
              const Move m = parse_move(game.position(), moves[i]);
              if (game.end() || m == MOVE_NONE || !game.play(m)) {
                std::string why = "--moves: move ";  // appended: GCC 12's false -Wrestrict on "..." + string
                why += std::to_string(i + 1) + " \"" + excerpt(moves[i]) + "\" is not legal in ";
                why += game.position().fen();
                if (game.end()) why += " (the game is over)";
                throw UsageError(why);
              }
            }
            std::cout << "Variant: " << variant.name << "\n" << game.position().pretty();
            if (const auto& end = game.end())
              std::cout << "Decided: " << result_name(end->result) << " by " << end_reason_name(end->reason)
                        << " (the game is over; no moves)\n";
            return 0;
          }};
}

}  // namespace jungle::cli
