// `jungle engine`: the built-in searcher behind the engine protocol (docs/protocol.md), for
// tournament managers and for other people's tools.
#include <iostream>

#include "cli/command.h"
#include "protocol/engine_server.h"

namespace jungle::cli {

Command add_engine_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "engine", "Speak the engine protocol (UCI as Fairy-Stockfish speaks it, see docs/protocol.md) on standard "
                "input and output, with the built-in alpha-beta searcher behind it");
  cmd->footer("Commands: uci, isready, ucinewgame, setoption name N value V, position startpos|fen F [moves ...],\n"
              "go [wtime T btime T winc T binc T movestogo N | movetime T | depth D | nodes N | infinite], stop, "
              "quit.\nOptions: Hash (MB), UCI_Variant (a bundled or loaded variant), VariantPath (a rules file "
              "to load), Seed, Contempt (what a foreseen draw costs the side to move, default 10), MoveOverhead (ms "
              "left on the clock for the answer's way back, default 10, raised to the lag the manager's clocks show), Weights (a weights file of jungle tune, used for "
              "the rules it was tuned for; untuned; or <empty>, the tuned weights beside each variant's rules), "
              "Tablebases (a folder of endgame tables, or auto for jungle tablebase's cache folder; default empty: "
              "none; only tables already on disk are used, none is built).");
  return {cmd, [] {
            std::ios::sync_with_stdio(false);
            // Untied: reading would flush cout from this thread, racing the search thread's writes.
            std::cin.tie(nullptr);
            return run_uci_engine(std::cin, std::cout);
          }};
}

}  // namespace jungle::cli
