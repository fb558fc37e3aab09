// `jungle tablebase build|stats|probe|compare`: endgame tablebases of any variant.
#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/argument_checks.h"
#include "cli/command.h"
#include "engine/movegen.h"
#include "engine/variant_loader.h"
#include "report/report_tables.h"
#include "support/files.h"
#include "support/text.h"
#include "tablebase/compare.h"
#include "tablebase/probe.h"
#include "tablebase/tablebase.h"

namespace jungle::cli {

namespace {

using namespace jungle::tablebase;

struct TablebaseArgs {
  std::string variant = "standard", material, fen, dir, html;
  std::vector<std::string> variants;
  int pieces = 0, threads = 0;
  bool json = false;
};

// Errors of the tables become one line naming the argument they came from.
template <class Fn>
auto blaming(const std::string& argument, Fn&& fn) {
  try {
    return fn();
  } catch (const TablebaseError& e) {
    std::string message = argument;
    message += ": ";
    message += e.what();
    throw UsageError(message);
  }
}

std::filesystem::path root_folder(const TablebaseArgs& args) {
  return args.dir.empty() ? blaming("--dir", [] { return default_folder(); }) : std::filesystem::path(args.dir);
}

std::unique_ptr<Tablebase> open_tables(const Variant& variant, const TablebaseArgs& args, const std::string& blame) {
  auto tables = blaming(blame, [&] { return std::make_unique<Tablebase>(variant, root_folder(args), args.threads); });
  tables->on_built = [](const Material& m, double seconds) {
    std::fprintf(stderr, "built %s in %.2f s\n", m.name().c_str(), seconds);
  };
  return tables;
}

// A failure to write --html's file as one line naming the option.
template <class Fn>
void html_output(Fn&& fn) {
  try {
    fn();
  } catch (const FileWriteError& e) {
    throw UsageError("--html: " + std::string(e.what()));
  }
}

Material parse_material(const std::string& text) {
  return blaming("--material", [&] { return Material::parse(text); });
}

// A table, built with its smaller ones if missing; a file that cannot be read or written names itself.
const Table& table_of(Tablebase& tables, const Material& m) {
  try {
    return tables.table(m);
  } catch (const TablebaseError& e) {
    throw UsageError(e.what());
  } catch (const std::filesystem::filesystem_error& e) {
    throw UsageError(std::string("--dir: ") + e.what());
  }
}

int run_build(const TablebaseArgs& args) {
  if (args.material.empty() == (args.pieces == 0)) throw UsageError("give exactly one of --material and --pieces");
  if (args.pieces && (args.pieces < 2 || args.pieces > MAX_TABLE_PIECES))
    throw UsageError("--pieces " + std::to_string(args.pieces) + ": tables hold 2 to " +
                     std::to_string(MAX_TABLE_PIECES) + " pieces");
  const Variant variant = load_variant_argument("--variant", args.variant);
  auto tables = open_tables(variant, args, "--variant");
  const auto start = std::chrono::steady_clock::now();
  std::vector<Material> wanted;
  if (args.pieces) wanted = all_materials(args.pieces);
  else wanted.push_back(parse_material(args.material));
  // The tables of the most pieces asked for are not needed again here: memory stays at one of
  // them and the smaller ones.
  const int largest = wanted.back().size();
  for (const Material& m : wanted) {
    table_of(*tables, m);
    if (m.size() == largest) tables->forget(m);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << wanted.size() << (wanted.size() == 1 ? " table" : " tables") << " of " << variant.name << " in "
            << tables->folder().string() << " (" << std::fixed << std::setprecision(2) << seconds << " s)\n";
  return 0;
}

int run_stats(const TablebaseArgs& args) {
  const Material material = parse_material(args.material);
  const Variant variant = load_variant_argument("--variant", args.variant);
  auto tables = open_tables(variant, args, "--variant");
  const std::array<SideStats, COLOR_NB> stats = table_of(*tables, material).stats();
  if (args.json) {
    nlohmann::ordered_json out;
    for (Color c : {WHITE, BLACK}) {
      const SideStats& s = stats[c];
      out[c == WHITE ? "w" : "b"] = {{"wins", s.wins}, {"draws", s.draws}, {"losses", s.losses}, {"longest", s.longest}};
    }
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << material.name() << " under " << variant.name << ": positions by the side to move's result; longest: "
            << "the most plies to the end of a won or lost position\n";
  std::cout << "to move        wins      draws     losses  longest\n";
  for (Color c : {WHITE, BLACK}) {
    const SideStats& s = stats[c];
    std::cout << std::left << std::setw(8) << (c == WHITE ? "w" : "b") << std::right << std::setw(11) << s.wins
              << std::setw(11) << s.draws << std::setw(11) << s.losses << std::setw(9) << s.longest << "\n";
  }
  return 0;
}

int run_probe(const TablebaseArgs& args) {
  const Variant variant = load_variant_argument("--variant", args.variant);
  const Position pos = make_position(variant, args.fen);
  if (pos.den_entered()) throw UsageError("--fen: a den has been entered; the game is over");
  const Material material = blaming("--fen", [&] { return Material::of(pos); });
  auto tables = open_tables(variant, args, "--variant");
  const std::optional<Value> value = table_of(*tables, material).probe(pos);
  if (!value) throw UsageError("--fen: not a position of the table " + material.name());
  std::cout << "value: " << value_name(*value) << (legal_moves(pos).size == 0 ? " (no legal move)" : "") << "\n";
  std::cout << "moves:";
  for (const MoveValue& mv : value_keeping_moves(*tables, pos, *value)) std::cout << ' ' << move_to_string(mv.move);
  std::cout << "\n";
  return 0;
}

int run_compare(const TablebaseArgs& args) {
  if (args.pieces != 2 && args.pieces != 3) throw UsageError("--pieces must be 2 or 3");
  if (args.variants.size() < 2) throw UsageError("--variants: name at least two variants, separated by commas");
  std::vector<Variant> variants;
  variants.reserve(args.variants.size());
  for (const std::string& name : args.variants) variants.push_back(load_variant_argument("--variants", name));
  std::vector<std::unique_ptr<Tablebase>> owned;
  std::vector<Tablebase*> tables;
  for (const Variant& v : variants) {
    owned.push_back(open_tables(v, args, "--variants"));
    tables.push_back(owned.back().get());
  }
  // The report's file is checked before the tables are built and compared, not after.
  if (!args.html.empty()) html_output([&] { check_writable(args.html); });
  EndgameComparison endgames;
  endgames.pieces = args.pieces;
  for (const Variant& v : variants) endgames.variants.push_back(v.name);
  try {
    endgames.rows = compare_tables(tables, args.pieces);
  } catch (const TablebaseError& e) {
    throw UsageError(e.what());
  } catch (const std::filesystem::filesystem_error& e) {
    throw UsageError(std::string("--dir: ") + e.what());
  }
  const report::detail::Section section = report::detail::endgames_section(endgames, false);
  report::detail::write_sections_markdown(std::cout, {section});
  if (!args.html.empty()) {
    const std::string overview = "Tablebases of " + join(endgames.variants, ", ") +
                                 ": every position of every signature, solved by retrograde analysis.";
    html_output([&] {
      write_file_atomically(args.html, [&](std::ostream& out) {
        report::detail::write_tables_html(out, "Endgame tablebases compared", overview, {section});
      });
    });
    std::cout << "\nReport: " << args.html << "\n";
  }
  return 0;
}

}  // namespace

Command add_tablebase_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "tablebase", "Endgame tablebases of up to 4 pieces for any variant: build, stats, probe, compare");
  cmd->require_subcommand(1);
  auto args = std::make_shared<TablebaseArgs>();
  auto common = [&](CLI::App* sub) {
    sub->add_option("--dir", args->dir,
                    "The tables' folder (default $XDG_CACHE_HOME/jungle/tablebases or ~/.cache/jungle/tablebases); "
                    "a subfolder per rules hash");
    sub->add_option("--threads", args->threads, "Threads for building (default: all)")->check(whole_number_from(0));
  };
  auto* build = cmd->add_subcommand("build", "Build (and cache) one table and the smaller ones, or all up to N pieces");
  build->add_option("--variant", args->variant, "Bundled variant name or TOML file")->capture_default_str();
  build->add_option("--material", args->material, "A signature like E/r or LT/e");
  build->add_option("--pieces", args->pieces, "Every signature of up to N pieces (2 to 4)");
  common(build);
  auto* stats = cmd->add_subcommand("stats", "Wins, draws, losses and the longest distance per side to move");
  stats->add_option("--variant", args->variant, "Bundled variant name or TOML file")->capture_default_str();
  stats->add_option("--material", args->material, "A signature like E/r or LT/e")->required();
  stats->add_flag("--json", args->json, "Only {\"w\": {...}, \"b\": {...}} on standard output");
  common(stats);
  auto* probe = cmd->add_subcommand("probe", "A position's value and every move that keeps it");
  probe->add_option("--variant", args->variant, "Bundled variant name or TOML file")->capture_default_str();
  probe->add_option("--fen", args->fen, "The position (up to 4 pieces, one of a kind a side)")->required();
  common(probe);
  auto* compare = cmd->add_subcommand("compare", "Per signature, each variant's won/drawn/lost shares, most different first");
  compare->add_option("--variants", args->variants, "Variants, separated by commas")->delimiter(',')->required();
  compare->add_option("--pieces", args->pieces, "2 or 3")->required();
  compare->add_option("--html", args->html, "Also write the table as an HTML page in the report's style");
  common(compare);
  return {cmd, [args, build, stats, probe, compare] {
            if (*build) return run_build(*args);
            if (*stats) return run_stats(*args);
            if (*probe) return run_probe(*args);
            if (*compare) return run_compare(*args);
            return 1;
          }};
}

}  // namespace jungle::cli
