// `jungle export`: results files in other tools' formats (PGN).
#include <iostream>
#include <map>

#include "cli/argument_checks.h"
#include "cli/command.h"
#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "match/pgn_context.h"
#include "results/pgn.h"
#include "results/replay_check.h"
#include "results/results_file.h"
#include "results/run_file.h"
#include "support/files.h"

namespace jungle::cli {

namespace {

struct ExportArgs {
  std::vector<std::string> files;
  bool pgn = false;
  std::string out;
};

// Every file's games as PGN, in the order given.
void write_games_pgn(std::ostream& out, const std::vector<std::string>& files) {
  for (const std::string& name : files) {
    // Each variant's rules: those the folder keeps in its run.json, else a bundled variant's.
    const std::vector<Variant> recorded = recorded_rules(name);
    // A game that does not replay, or is not between the run's players, is refused, not exported
    // (ResultsError: FILE:LINE).
    const std::vector<StoredGame> games = replayed_games(name, read_results(name), recorded, recorded_players(name));
    PgnContext context = tournament_pgn_context(name, read_run_file(std::filesystem::path(name).parent_path()));
    std::map<std::string, std::string> starts;
    for (const Variant& v : recorded) starts[v.name] = v.start;
    for (const StoredGame& g : games) {
      auto it = starts.find(g.record.variant);
      if (it == starts.end()) {
        const Variant bundled = load_variant(g.record.variant);
        it = starts.emplace(g.record.variant, bundled.start).first;
        context.rules[bundled.name] = {bundled.source.empty() ? "built in" : bundled.source, rules_hash(bundled)};
      }
      write_pgn(out, g, it->second, context);
    }
  }
}

int run_export(const ExportArgs& args) {
  if (!args.pgn) throw UsageError("choose a format: --pgn");
  if (args.out.empty()) {
    write_games_pgn(std::cout, args.files);
    std::cout.flush();
    if (!std::cout) throw UsageError("cannot write standard output");
    return 0;
  }
  // Checked before the games are read; written whole, so that a file that fails to read midway
  // leaves --out as it was rather than half of the games.
  try {
    check_writable(args.out);
    write_file_atomically(args.out, [&](std::ostream& out) { write_games_pgn(out, args.files); });
  } catch (const FileWriteError& e) {
    throw UsageError(std::string("--out: ") + e.what());
  }
  return 0;
}

}  // namespace

Command add_export_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("export", "Write results files' games in another format: PGN, for viewers and other tools");
  auto args = std::make_shared<ExportArgs>();
  cmd->add_option("FILE", args->files, "Results files (games.jsonl)")->required()->check(existing_file());
  cmd->add_flag("--pgn", args->pgn,
                "PGN with TimeControl, Variant, FEN, Termination and PlyCount beside the seven usual tags, and "
                "cutechess-cli's comment on each engine move ({+0.35/12 0.21s})");
  cmd->add_option("--out", args->out, "Write here instead of standard output");
  return {cmd, [args] { return run_export(*args); }};
}

}  // namespace jungle::cli
