#include "report/report_tables.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>

#include "support/text.h"

namespace jungle::report::detail {

std::string format(const char* pattern, double x) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, pattern, x);
  return buffer;
}

namespace {

std::string percent(double x) { return std::isnan(x) ? "–" : fixed(100 * x, 1) + "%"; }

std::string interval(const stats::Interval& i, int decimals) {
  return fixed(i.low, decimals) + "–" + fixed(i.high, decimals);
}


// Where a compare report's differences come from: the verdict's, so that a reader meets one
// interval for one question.
std::string verdict_figures_text(const stats::Comparison& c) {
  return "The difference is the Verdict's: paired over the openings, its 95% interval, and p Holm-adjusted over "
         "the verdict's " + std::to_string(c.tests) + (c.tests == 1 ? " test." : " tests.");
}

// A negative number with a true minus sign (−), as the prose writes it, not the hyphen; CSV and
// JSON keep the ASCII form for machines.
std::string true_minus(const std::string& text) { return text.starts_with('-') ? "−" + text.substr(1) : text; }



// "+23 ± 15": an Elo estimate with its margin.
std::string elo(const stats::EloEstimate& e) {
  if (std::isnan(e.elo)) return "–";
  return signed_fixed(e.elo, 0) + " ± " + fixed(e.margin, 0);
}

// Built with += throughout this file: GCC 12 gives a false -Wrestrict for "literal" + std::string.
std::string wdl(const stats::Wdl& w) {
  std::string out = "+";
  out += std::to_string(w.wins);
  out += " =";
  out += std::to_string(w.draws);
  out += " -";
  out += std::to_string(w.losses);
  return out;
}

// "[LL, LD, WL+DD, WD, WW]"
std::string pentanomial(const stats::Pentanomial& p) {
  std::string out = "[";
  for (std::uint64_t n : {p.ll, p.ld, p.wl_dd, p.wd, p.ww}) {
    if (out.size() > 1) out += ", ";
    out += std::to_string(n);
  }
  out += "]";
  return out;
}

// The histogram as a row of block characters, the tallest its own fullest bin, so that every
// row shows its shape (with one scale for all, a variant whose games pile up in one bin left the
// others a row of ▁); an empty bin is a space.
std::string sparkline(const std::vector<std::uint64_t>& counts) {
  static const char* const blocks[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
  const std::uint64_t highest = counts.empty() ? 0 : *std::max_element(counts.begin(), counts.end());
  std::string out;
  for (std::uint64_t c : counts)
    out += c == 0 ? " " : blocks[std::min<std::uint64_t>(7, (c * 8 - 1) / highest)];
  return out;
}

Section perft_section(const Summary& s) {
  Section sec{"perft", "Perft from each variant's start position", {}, {}, {}};
  sec.explanations.push_back("Leaf nodes of the move tree at each depth, counted on one thread. The speed is that "
                             "thread's CPU time over at least " + fixed(MIN_PERFT_SPEED_SECONDS, 1) +
                             " s of counting (the deepest depth again until then), so that other work on the "
                             "machine does not count.");
  const std::size_t depth = s.perft.front().counts.size();
  sec.table.header.push_back("variant");
  for (std::size_t d = 1; d <= depth; ++d) sec.table.header.push_back("depth " + std::to_string(d));
  sec.table.header.push_back("M nodes/s");
  sec.table.numeric.assign(sec.table.header.size(), true);
  sec.table.numeric[0] = false;
  for (const PerftRow& r : s.perft) {
    std::vector<std::string> row = {r.variant};
    for (std::uint64_t n : r.counts) row.push_back(with_commas(n));
    row.resize(depth + 1);
    row.push_back(r.seconds > 0 ? fixed(r.nodes_per_second() / 1e6, 1) : "–");
    sec.table.rows.push_back(row);
  }
  return sec;
}

Section first_player_section(const Summary& s) {
  Section sec{"first-player", "First-player advantage", {}, {}, {}};
  sec.explanations.push_back(
      "Results of the player who moves first" + std::string(s.comparison ? ", each variant alone (its difference "
      "from the base is the Verdict's)" : "") + ". Score (W + D/2)/N with a Wilson interval; win rate W/N with "
      "Wilson and Clopper-Pearson intervals; all intervals " + fixed(100 * s.confidence, 0) + "%.");
  sec.explanations.push_back(
      "Games of one opening are not independent, so the games of each opening are one unit and variances are "
      "the clustered ones over the units (Cochran's ratio variance with its G/(G−1), G units). deff: the score's "
      "variance over that of as many independent games (about 2 when every pair is one game played twice); "
      "the score interval uses N/deff games, the win-rate intervals and the comparison below their own "
      "proportions' effective numbers of games. With self-play deff is taken at least 1, so that pairs which "
      "offset each other by chance never narrow an interval; between two different players it is not, since "
      "colour-swapped pairs do cancel their difference in strength (the pentanomial variance, as fastchess).");
  sec.explanations.push_back(
      "Below 30 units the intervals take Student's t with G−1 degrees of freedom, the effective numbers of "
      "games Korn and Graubard's factor (t(N−1)/t(G−1))², as R's survey package. p: exact two-sided sign test "
      "against 1/2 over the units the first player won or lost on points. Elo: the first move's worth in "
      "logistic Elo, with its margin.");
  std::vector<std::string> variances;  // per variant, which variance its figures use
  sec.table.header = {"variant", "games", "units", "deff",   "W",          "D",               "L",
                      "score",   "interval", "win rate", "Wilson", "Clopper-Pearson", "p", "Elo"};
  sec.table.numeric.assign(sec.table.header.size(), true);
  sec.table.numeric[0] = false;
  for (const VariantSummary& v : s.variants) {
    const stats::FirstPlayerStats& f = v.first_player;
    sec.table.rows.push_back({v.name, std::to_string(v.games), std::to_string(f.units), fixed(f.design_effect, 2),
                              std::to_string(f.wdl.wins), std::to_string(f.wdl.draws), std::to_string(f.wdl.losses),
                              fixed(f.score, 3), interval(f.score_wilson, 3), fixed(f.win_rate, 3),
                              interval(f.win_rate_wilson, 3), interval(f.win_rate_clopper_pearson, 3),
                              p_value(f.p_value), elo(f.elo)});
    std::string variance = f.floor == stats::VarianceFloor::Independent
                               ? ": self-play, clustered variance with deff at least 1"
                               : ": two different players in every game, clustered (pentanomial) variance as it is";
    if (f.units < 2) variance = ": fewer than two units, no variance to measure (no intervals)";
    else if (f.degrees_of_freedom < INFINITY) variance += ", t with " + fixed(f.degrees_of_freedom, 0) + " df";
    variances.push_back(variance);
  }
  // Which variance each row uses: one line when every variant uses the same.
  const bool alike = std::all_of(variances.begin(), variances.end(), [&](const std::string& x) { return x == variances[0]; });
  if (alike && s.variants.size() > 1) sec.notes.push_back("every variant" + variances[0]);
  else
    for (std::size_t i = 0; i < variances.size(); ++i) sec.notes.push_back(s.variants[i].name + variances[i]);
  return sec;
}

Section baseline_section(const Summary& s) {
  Section sec{"baseline", "Against the baseline, " + s.baseline, {}, {}, {}};
  std::size_t compared = 0;
  for (const VariantSummary& v : s.variants) compared += v.vs_baseline.has_value();
  const std::string what = "The first player's share of the decisive games, W/(W+L), minus " + s.baseline +
                           "'s (draws left out: more draws is not less first-move advantage). ";
  if (s.comparison)
    sec.explanations.push_back(what + verdict_figures_text(*s.comparison) + " The share is each variant alone.");
  else
    sec.explanations.push_back(
        what + "Each variant alone: Newcombe's hybrid score interval and p from the two-proportion z-test, both at "
        "each side's effective number of decisive games (the openings as units, as above); p Holm-adjusted over the " +
        std::to_string(compared) + " comparison" + (compared == 1 ? "" : "s") + ".");
  sec.table.header = {"variant", "decisive", "share", "difference", "interval", "p", "p (Holm)"};
  sec.table.numeric = {false, true, true, true, true, true, true};
  for (const VariantSummary& v : s.variants) {
    const std::string decisive = std::to_string(v.first_player.wdl.wins + v.first_player.wdl.losses);
    if (v.name == s.baseline) {
      sec.table.rows.push_back({v.name, decisive, fixed(v.first_player.decisive_share.mean, 3), "baseline", "", "", ""});
    } else if (v.vs_baseline) {
      const stats::ProportionDifference& d = v.vs_baseline->difference;
      sec.table.rows.push_back({v.name, decisive, fixed(v.first_player.decisive_share.mean, 3), signed_fixed(d.difference, 3),
                                signed_fixed(d.interval.low, 3) + " to " + signed_fixed(d.interval.high, 3),
                                p_value(d.p_value), p_value(v.vs_baseline->p_holm)});
    } else {
      sec.table.rows.push_back({v.name, decisive, fixed(v.first_player.decisive_share.mean, 3), "–", "–", "–", "–"});
      sec.notes.push_back(v.name + ": not compared, for want of decisive games in two openings (no variance to measure)");
    }
  }
  return sec;
}

// Per variant, the weights a player without weights= evaluated with, where they came from and
// how they were fitted: what makes the variants' players of equal standing, or not.
Section weights_section(const Summary& s) {
  Section sec{"weights", "Weights", {}, {}, {}};
  sec.explanations.push_back(
      "What a player without weights= evaluated with in each variant: the weights file (untuned: the weights "
      "derived from the rules), the rules hash it was fitted for, and the command, evaluator version and recipe "
      "that fitted it, from the file's [tuning] table (– where it does not say). Weights fitted by another "
      "evaluator version or recipe make another player.");
  const bool several = s.runs.size() > 1;
  if (several) sec.table.header.push_back("results file");
  for (const char* column : {"variant", "weights", "for rules", "fitted by", "evaluator", "recipe"})
    sec.table.header.push_back(column);
  sec.table.numeric.assign(sec.table.header.size(), false);
  for (const RunSettings& r : s.runs)
    for (const RunSettings::VariantWeights& w : r.weights) {
      std::vector<std::string> row;
      if (several) row.push_back(r.source);
      const bool untuned = w.file == "untuned";
      auto or_dash = [](const std::string& text) { return text.empty() ? std::string("–") : text; };
      for (const std::string& cell : {w.variant, untuned ? w.file : std::filesystem::path(w.file).filename().string(),
                                      untuned ? std::string("–") : w.rules_hash, or_dash(w.fitted_by),
                                      or_dash(w.evaluator), or_dash(w.recipe)})
        row.push_back(cell);
      sec.table.rows.push_back(std::move(row));
    }
  return sec;
}

// The games read but not counted, each with its place and why.
Section left_out_section(const Summary& s) {
  Section sec{"left-out", "Games left out", {}, {}, {}};
  sec.explanations.push_back(
      "These games do not replay under their variant's rules (a move that is not legal, or a result or end reason "
      "that their moves contradict) or are not between the run's players, so they are counted nowhere in this "
      "report: every figure is of the " +
      std::to_string(s.games) + " games kept.");
  sec.table.header = {"game left out: file:line: game index: why"};
  sec.table.numeric = {false};
  for (const std::string& line : s.left_out) sec.table.rows.push_back({line});
  return sec;
}

// The recipes that fitted the default weights played, each once, in the order first met: the
// report names them "recipe A", "recipe B", ... (recipe_name) and spells them out only in the
// settings, since each is a long sentence that the weights of every variant share.
std::vector<std::string> recipes_of(const Summary& s) {
  std::vector<std::string> out;
  for (const RunSettings& r : s.runs)
    for (const RunSettings::VariantWeights& w : r.weights)
      if (!w.recipe.empty() && std::find(out.begin(), out.end(), w.recipe) == out.end()) out.push_back(w.recipe);
  return out;
}

std::string recipe_name(std::size_t i) {
  return "recipe " + (i < 26 ? std::string(1, char('A' + i)) : std::to_string(i + 1));
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

// Every mention of a recipe by its name instead: quoted in prose (research/ writes `recipe "..."`),
// or a table's cell that is the recipe itself. The settings' rows that spell the recipes out stay.
void name_recipes(std::vector<Section>& sections, const std::vector<std::string>& recipes) {
  auto rename = [&](std::string& text) {
    for (std::size_t i = 0; i < recipes.size(); ++i) {
      if (text == recipes[i]) {
        text = recipe_name(i);
        continue;
      }
      replace_all(text, "recipe \"" + recipes[i] + "\"", recipe_name(i));
      replace_all(text, "\"" + recipes[i] + "\"", recipe_name(i));
    }
  };
  for (Section& sec : sections) {
    for (std::string& text : sec.explanations) rename(text);
    for (std::string& text : sec.notes) rename(text);
    for (std::vector<std::string>& row : sec.table.rows) {
      const bool spelt_out = sec.id == "settings" && !row.empty() && row.front().starts_with("recipe ");
      for (std::size_t c = spelt_out ? row.size() : 0; c < row.size(); ++c) rename(row[c]);
    }
  }
}

// How the games were made: the run's settings, and each recipe of the weights spelt out once.
Section settings_section(const Summary& s) {
  Section sec{"settings", "How the games were made", {}, {}, {}};
  std::vector<RunSettings> runs = s.runs;
  if (runs.empty()) {
    // Games handed over without their file: what they show, and nothing more.
    RunSettings r;
    r.source = r.command = r.seed = r.openings = r.threads = r.version = r.date = "unknown";
    r.players = s.players.empty() ? "unknown" : "";
    for (const std::string& p : s.players) r.players += (r.players.empty() ? "" : ", ") + p;
    r.games = std::to_string(s.games) + (s.games == 1 ? " game" : " games");
    runs.push_back(r);
  }
  sec.explanations.push_back(
      "From the run.json that `jungle tournament` and `jungle study` keep beside their games.jsonl; \"unknown\" "
      "where a results file has none. Program version: `git describe` of the build that played the games.");
  sec.table.header = {"setting"};
  if (runs.size() == 1) {
    sec.table.header.push_back("value");
  } else {
    for (const RunSettings& r : runs) sec.table.header.push_back(r.source);
  }
  sec.table.numeric.assign(sec.table.header.size(), false);
  const std::pair<const char*, std::string RunSettings::*> fields[] = {
      {"results file", &RunSettings::source}, {"command", &RunSettings::command},
      {"seed", &RunSettings::seed},           {"openings", &RunSettings::openings},
      {"players", &RunSettings::players},     {"games", &RunSettings::games},
      {"threads", &RunSettings::threads},     {"program version", &RunSettings::version},
      {"date (UTC)", &RunSettings::date}};
  const bool weights_known =
      std::any_of(runs.begin(), runs.end(), [](const RunSettings& r) { return !r.default_weights.empty(); });
  for (const auto& [name, field] : fields) {
    if (runs.size() > 1 && field == &RunSettings::source) continue;  // the header names them
    std::vector<std::string> row = {name};
    for (const RunSettings& r : runs) row.push_back(r.*field);
    sec.table.rows.push_back(row);
    // What the players evaluated with, beside them; only where run.json records it.
    if (field == &RunSettings::players && weights_known) {
      std::vector<std::string> weights = {"default weights"};
      for (const RunSettings& r : runs) weights.push_back(r.default_weights.empty() ? "unknown" : r.default_weights);
      sec.table.rows.push_back(weights);
    }
  }
  for (const RunSettings& r : runs)
    if (!r.weights_warning.empty()) sec.notes.push_back("warning: " + r.weights_warning);
  // Only where a run had it, so that other reports keep their rows.
  if (std::any_of(runs.begin(), runs.end(), [](const RunSettings& r) { return !r.tablebases.empty(); })) {
    std::vector<std::string> row = {"tablebase adjudication"};
    for (const RunSettings& r : runs) row.push_back(r.tablebases.empty() ? "off" : r.tablebases);
    sec.table.rows.push_back(row);
  }
  // Each recipe in the column of every run whose weights it fitted.
  const std::vector<std::string> recipes = recipes_of(s);
  for (std::size_t i = 0; i < recipes.size(); ++i) {
    std::vector<std::string> row = {recipe_name(i)};
    for (const RunSettings& r : runs) {
      const bool used = std::any_of(r.weights.begin(), r.weights.end(),
                                    [&](const RunSettings::VariantWeights& w) { return w.recipe == recipes[i]; });
      row.push_back(used ? recipes[i] : "");
    }
    sec.table.rows.push_back(row);
  }
  if (!recipes.empty())
    sec.explanations.push_back(std::string(recipes.size() == 1 ? "The recipe" : "Each recipe") +
                               " that fitted the weights is spelt out here once and named by its letter elsewhere.");
  return sec;
}

// Every key of every variant's resolved rules, side by side; a row is marked where the variants
// whose rules are known do not all agree.
Section rules_section(const Summary& s) {
  Section sec{"rules", "Rules compared", {}, {}, {}};
  std::vector<std::pair<std::string, std::string>> keys;  // (table, key) in the order first seen
  std::map<std::pair<std::string, std::string>, std::vector<std::string>> values;  // per variant, "" unknown
  for (std::size_t i = 0; i < s.variants.size(); ++i)
    for (const RuleSetting& r : s.variants[i].rules) {
      auto [it, fresh] = values.try_emplace({r.table, r.key}, s.variants.size());
      if (fresh) keys.push_back(it->first);
      it->second[i] = r.value;
    }
  std::size_t known = 0;
  for (const VariantSummary& v : s.variants) known += !v.rules.empty();
  std::size_t differing = 0;
  sec.table.header = {"≠", "rule"};
  for (const VariantSummary& v : s.variants) sec.table.header.push_back(v.name);
  sec.table.numeric.assign(sec.table.header.size(), false);
  for (const auto& key : keys) {
    const std::vector<std::string>& row_values = values[key];
    std::vector<std::string> present;
    for (std::size_t i = 0; i < row_values.size(); ++i)
      if (!s.variants[i].rules.empty()) present.push_back(row_values[i]);
    const bool differs = std::adjacent_find(present.begin(), present.end(), std::not_equal_to<>()) != present.end();
    differing += differs;
    std::vector<std::string> row = {differs ? "≠" : "", key.first.empty() ? key.second : key.first + "." + key.second};
    for (std::size_t i = 0; i < row_values.size(); ++i)
      row.push_back(s.variants[i].rules.empty() ? "unknown" : row_values[i]);
    sec.table.rows.push_back(row);
    sec.table.highlighted.push_back(differs);
  }
  std::string text = "Each variant's resolved rules, one row per key of its variant file (as `jungle rules` prints "
                     "them). ";
  if (known > 1) {
    text += std::to_string(differing);
    text += differing == 1 ? " row differs" : " rows differ";
    text += " between the variants; ";
    text += differing == 1 ? "it is" : "they are";
    text += " marked ≠.";
  }
  sec.explanations.push_back(text);
  for (const VariantSummary& v : s.variants)
    if (v.rules.empty()) sec.notes.push_back(v.name + ": rules not found (see Balance), shown as unknown");
  return sec;
}

}  // namespace

// One row per variant, one column per kind: the value the players evaluate with, the untuned one
// in brackets beside a tuned one, so that a column reads as what one piece is worth under each
// set of rules.
Section piece_values_section(const std::vector<PieceValues>& variants, const std::string& note) {
  Section sec{"pieces", "Piece values", {}, {}, {}};
  const bool any_tuned =
      std::any_of(variants.begin(), variants.end(), [](const PieceValues& v) { return v.tuned.has_value(); });
  std::string text = "What the evaluation counts each piece as worth, in each variant: ";
  text += any_tuned ? "the tuned value of its weights file (NAME.weights.toml, made by `jungle tune`) where it has "
                      "one, and in brackets the untuned value, "
                    : "the untuned values, ";
  text += "derived from its rules (the kinds a piece takes and that take it, the rat's and elephant's "
          "exceptions, jumps and swimming).";
  sec.explanations.push_back(text);
  if (!any_tuned)
    sec.explanations.push_back("No variant here has tuned weights (a NAME.weights.toml file), so these are the "
                               "values its players evaluate with.");
  sec.table.header = {"variant"};
  if (any_tuned) sec.table.header.push_back("weights");
  for (const char* kind : KIND_NAMES) sec.table.header.push_back(kind);
  sec.table.numeric.assign(sec.table.header.size(), true);
  sec.table.numeric[0] = false;
  if (any_tuned) sec.table.numeric[1] = false;
  // Where the tuned values came from, by folder: "FOLDER/: a.weights.toml, b.weights.toml".
  std::vector<std::pair<std::string, std::string>> folders;
  for (const PieceValues& v : variants) {
    std::vector<std::string> row = {v.variant};
    if (any_tuned) row.push_back(v.tuned ? "tuned" : "untuned");
    for (int k = 0; k < KIND_NB; ++k) {
      std::string cell;
      if (v.tuned) {
        cell += std::to_string((*v.tuned)[std::size_t(k)]);
        cell += " (";
        cell += std::to_string(v.untuned[std::size_t(k)]);
        cell += ")";
      } else {
        cell += std::to_string(v.untuned[std::size_t(k)]);
      }
      row.push_back(cell);
    }
    sec.table.rows.push_back(row);
    if (v.weights_file.empty()) continue;
    const std::filesystem::path file(v.weights_file);
    std::string folder = file.parent_path().string();
    folder += '/';
    auto it = std::find_if(folders.begin(), folders.end(), [&](const auto& f) { return f.first == folder; });
    if (it == folders.end()) it = folders.insert(folders.end(), {folder, ""});
    it->second.append(it->second.empty() ? "" : ", ").append(file.filename().string());
  }
  if (!folders.empty()) {
    std::string text = "tuned weights read from ";
    for (std::size_t i = 0; i < folders.size(); ++i)
      text.append(i ? "; " : "").append(folders[i].first).append(": ").append(folders[i].second);
    sec.notes.push_back(text);
  }
  if (!note.empty()) sec.notes.push_back(note);
  return sec;
}

namespace {

Section draws_section(const Summary& s) {
  Section sec{"draws", "Draw rate", {}, {}, {}};
  const bool compare = s.variants.size() > 1 && !s.baseline.empty();
  std::size_t compared = 0;
  for (const VariantSummary& v : s.variants) compared += v.draws_vs_baseline.has_value();
  std::string text = "Drawn games D/N with a " + fixed(100 * s.confidence, 0) +
                     "% Wilson interval at the effective number of games (the games of each opening as one unit, "
                     "as for the first player above).";
  if (compare && s.comparison) {
    text += " Against " + s.baseline + ": " + verdict_figures_text(*s.comparison);
  } else if (compare) {
    text += " Against " + s.baseline +
            ", each variant alone: the difference with Newcombe's interval and p from the two-proportion z-test, "
            "both at each side's effective number of games; p Holm-adjusted over the " +
            std::to_string(compared) + " draw-rate comparison" + (compared == 1 ? "" : "s") +
            ", separately from the decisive-share comparisons.";
  }
  sec.explanations.push_back(text);
  sec.table.header = {"variant", "games", "draws", "draw rate", s.comparison ? "interval, each alone" : "interval"};
  if (compare)
    for (const char* h : {"difference", "interval", "p", "p (Holm)"}) sec.table.header.push_back(h);
  sec.table.numeric.assign(sec.table.header.size(), true);
  sec.table.numeric[0] = false;
  for (const VariantSummary& v : s.variants) {
    const stats::FirstPlayerStats& f = v.first_player;
    std::vector<std::string> row = {v.name, std::to_string(v.games), std::to_string(f.wdl.draws),
                                    percent(f.draw_rate.mean),
                                    percent(f.draw_rate_wilson.low) + "–" + percent(f.draw_rate_wilson.high)};
    if (compare) {
      if (v.name == s.baseline) {
        for (const char* cell : {"baseline", "", "", ""}) row.push_back(cell);
      } else if (v.draws_vs_baseline) {
        const stats::ProportionDifference& d = v.draws_vs_baseline->difference;
        for (const std::string& cell :
             {signed_fixed(100 * d.difference, 1) + " pp",
              signed_fixed(100 * d.interval.low, 1) + " to " + signed_fixed(100 * d.interval.high, 1) + " pp",
              p_value(d.p_value), p_value(v.draws_vs_baseline->p_holm)})
          row.push_back(cell);
      } else {
        for (const char* cell : {"–", "–", "–", "–"}) row.push_back(cell);
      }
    }
    sec.table.rows.push_back(row);
  }
  return sec;
}

Section balance_section(const Summary& s) {
  Section sec{"balance", "Balance", {}, {}, {}};
  sec.explanations.push_back(
      "Browne's metrics as Ludii defines them. Balance 1 − |first-player wins − second-player wins|/N; completion: "
      "decisive games; drawishness: draws before the ply limit; timeouts: draws at it. Decision moves: positions "
      "with more than one legal move; branching: legal moves per position; captures: plies that took a piece; "
      "complexity: log10 of branching^(mean plies).");
  sec.table.header = {"variant",        "games",     "balance",  "completion", "drawishness",
                      "timeouts",       "ply limit", "decision moves", "branching", "captures", "complexity"};
  sec.table.numeric.assign(sec.table.header.size(), true);
  sec.table.numeric[0] = false;
  for (const VariantSummary& v : s.variants) {
    const stats::OutcomeMetrics& o = v.outcomes;
    std::vector<std::string> row = {v.name,
                                    std::to_string(v.games),
                                    fixed(o.balance, 3),
                                    percent(o.completion),
                                    percent(o.drawishness),
                                    percent(o.timeouts),
                                    v.max_plies > 0 ? std::to_string(v.max_plies) : "–"};
    if (v.replay)
      for (std::string cell : {percent(v.replay->decision_moves), fixed(v.replay->branching_factor, 1),
                               percent(v.replay->captures), fixed(v.replay->game_tree_complexity, 1)})
        row.push_back(cell);
    row.resize(sec.table.header.size(), "–");
    sec.table.rows.push_back(row);
    if (!v.note.empty()) sec.notes.push_back(v.note);
  }
  return sec;
}

Section duration_section(const Summary& s) {
  Section sec{"duration", "Game length", {}, {}, {}};
  const int bin = s.variants.front().duration.histogram.bin_width;
  sec.explanations.push_back("In plies, the opening included; sd is the sample standard deviation. The histogram has "
                             "bins of " + std::to_string(bin) + " plies from 0 to the longest game.");
  sec.explanations.back() += " Each row has its own vertical scale: its tallest bar is that variant's fullest "
                             "bin, so compare the shapes of the rows, not the heights of their bars.";
  sec.table.header = {"variant", "mean", "median", "sd", "min", "max", "histogram"};
  sec.table.numeric = {false, true, true, true, true, true, false};
  for (const VariantSummary& v : s.variants) {
    const stats::DurationStats& d = v.duration;
    sec.table.rows.push_back({v.name, fixed(d.mean, 1), fixed(d.median, 1), fixed(d.stddev, 1), std::to_string(d.min),
                              std::to_string(d.max), sparkline(d.histogram.counts)});
  }
  return sec;
}

Section end_reasons_section(const Summary& s) {
  Section sec{"end-reasons", "End reasons", {}, {}, {}};
  sec.explanations.push_back("Games by how they ended: a piece on the enemy den, every enemy piece captured, no "
                             "legal move, repetition, the ply limit, the no-capture limit; and, where a tournament of engines had them, "
                             "an illegal move, time, an engine that exited (each lost by that engine) and "
                             "adjudication; where a tournament had --tb-adjudicate, tablebase: the game reached a "
                             "position of an endgame table, whose value gave the result.");
  const std::vector<EndReason> shown = shown_end_reasons(s);
  sec.table.header = {"variant"};
  sec.table.numeric = {false};
  for (EndReason r : shown) {
    sec.table.header.push_back(r == EndReason::NoMoves ? "no moves" : end_reason_name(r));
    sec.table.numeric.push_back(true);
  }
  for (const VariantSummary& v : s.variants) {
    std::vector<std::string> row = {v.name};
    for (EndReason r : shown) {
      const std::uint64_t n = v.outcomes.end_reasons[std::size_t(r)];
      row.push_back(std::to_string(n) + " (" + percent(v.games ? double(n) / double(v.games) : NAN) + ")");
    }
    sec.table.rows.push_back(row);
  }
  return sec;
}

Section pairings_section(const Summary& s) {
  Section sec{"pairings", "Players", {}, {}, {}};
  sec.explanations.push_back(
      "Each pairing from the first-named player's side, moving first and moving second (self-play: from the first "
      "player's side, so that it measures the first move). "
      "Two players: score with a Wilson interval, Elo ± margin and LOS from the W/D/L with the per-game variance "
      "(cutechess-cli's). Self-play: score interval, Elo and LOS are the first player's, with the clustered "
      "variance by opening of the First-player advantage table. Pentanomial [LL, LD, WL+DD, WD, WW] over "
      "colour-swapped pairs of one opening, and the Elo from its variance (fastchess's).");
  sec.table.header = {"variant",  "players", "games", "moving first", "moving second",
                      "score",    "interval", "Elo",  "LOS",         "pentanomial", "Elo (pent.)"};
  sec.table.numeric = {false, false, true, true, true, true, true, true, true, false, true};
  for (const VariantSummary& v : s.variants)
    for (const PairingSummary& p : v.pairings) {
      const bool self_play = p.first == p.second;
      sec.table.rows.push_back(
          {v.name, p.first + " vs " + (self_play ? std::string("itself") : p.second),
           std::to_string(p.as_white.games() + (self_play ? 0 : p.as_black.games())), wdl(p.as_white),
           wdl(p.as_black), fixed(p.wdl.score(), 3), interval(p.score_wilson, 3), elo(p.elo), percent(p.elo.los),
           pentanomial(p.pentanomial), elo(p.elo_pentanomial)});
      if (p.unpaired)
        sec.notes.push_back(v.name + ", " + p.first + " vs " + p.second + ": " + std::to_string(p.unpaired) +
                            (p.unpaired == 1 ? " game without its colour-swapped partner is"
                                             : " games without their colour-swapped partner are") +
                            " left out of the pentanomial");
    }
  return sec;
}

Section sprt_section(const Summary& s) {
  Section sec{"sprt", "SPRT", {}, {}, {}};
  sec.explanations.push_back(
      "Sequential probability ratio tests of H0: Elo = elo0 against H1: Elo = elo1, in the Elo of the model: "
      "normalized (nElo, fastchess's default), logistic, bayesian (BayesElo) or normal (the normal approximation, "
      "logistic Elo). Players: A's Elo against B, from their games. Variants: the first move's Elo in A minus that "
      "in B.");
  sec.table.header = {"test", "model", "data", "elo0, elo1", "α, β", "LLR", "bounds", "verdict"};
  sec.table.numeric = {false, false, false, true, true, true, true, false};
  for (const SprtSummary& t : s.sprt) {
    const bool players = t.kind == SprtSummary::Kind::Players;
    const std::string data = !players                  ? t.a + " " + wdl(t.wdl) + ", " + t.b + " " + wdl(t.wdl_b)
                             : t.counts == "pentanomial" ? pentanomial(t.pentanomial)
                                                        : wdl(t.wdl);
    const char* verdict = t.result.verdict == stats::SprtVerdict::AcceptH1   ? "H1 accepted"
                          : t.result.verdict == stats::SprtVerdict::AcceptH0 ? "H0 accepted"
                                                                             : "continue";
    std::string test = players ? "players " : "variants ";
    test += t.a;
    test += " vs ";
    test += t.b;
    sec.table.rows.push_back({test, stats::llr_method_name(t.params.method), t.counts + " " + data,
                              signed_fixed(t.params.elo0, 1) + ", " + signed_fixed(t.params.elo1, 1),
                              format("%g", t.params.alpha) + ", " + format("%g", t.params.beta),
                              fixed(t.result.llr, 2), fixed(t.result.lower, 2) + ", " + fixed(t.result.upper, 2),
                              verdict});
  }
  return sec;
}

}  // namespace

std::string signed_fixed(double x, int decimals) {
  if (std::isnan(x)) return "–";
  if (std::fabs(x) < 0.5 * std::pow(10.0, -decimals)) x = 0;  // no "-0"
  std::string out = x >= 0 ? "+" : "";
  out += fixed(x, decimals);
  return true_minus(out);
}

std::string p_value(double p) {
  if (std::isnan(p)) return "–";
  return p >= 0.001 ? fixed(p, 3) : "< 0.001";
}

std::string level_text(double confidence) { return format("%g", 100 * confidence) + "%"; }

std::string fixed(double x, int decimals) {
  if (std::isnan(x)) return "–";
  if (std::isinf(x)) return x > 0 ? "∞" : "-∞";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, x);
  return buffer;
}


std::string overview(const Summary& s) {
  auto plural = [](std::size_t n, const char* word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
  };
  std::string text = plural(s.games, "game") + ", " + plural(s.variants.size(), "variant") + ", " +
                     plural(s.players.size(), "player");
  if (!s.players.empty()) {
    text += " (";
    text += join(s.players, ", ");
    text += ")";
  }
  if (!s.sources.empty()) {
    text += "; from ";
    text += join(s.sources, ", ");
  }
  if (!s.left_out.empty()) {
    text += ". ";
    text += plural(s.left_out.size(), "game");
    text += s.left_out.size() == 1 ? " left out, as it does not replay" : " left out, as they do not replay";
    text += " (see Games left out): every count here is of the games kept";
  }
  return text + ".";
}

bool between_players(const Summary& s) {
  for (const VariantSummary& v : s.variants)
    for (const PairingSummary& p : v.pairings)
      if (p.first != p.second) return true;
  return false;
}

std::vector<Section> sections(const Summary& s) {
  std::vector<Section> out;
  // The answer: a comparison's verdict or a factorial's effects; else the headline table, the
  // players' results in a tournament between players, the first player's advantage in self-play.
  if (s.factorial)
    for (Section& section : factorial_sections(*s.factorial)) out.push_back(std::move(section));
  if (s.comparison) out.push_back(verdict_section(*s.comparison));
  const bool players_first = between_players(s);
  auto players = [&] {
    if (!s.variants.empty()) out.push_back(pairings_section(s));
    if (!s.sprt.empty()) out.push_back(sprt_section(s));
  };
  if (players_first) players();
  // Then the figures.
  if (!s.variants.empty()) {
    out.push_back(first_player_section(s));
    if (s.variants.size() > 1) out.push_back(baseline_section(s));
    out.push_back(draws_section(s));
    out.push_back(balance_section(s));
    out.push_back(duration_section(s));
    out.push_back(end_reasons_section(s));
  }
  if (s.endgames) out.push_back(endgames_section(*s.endgames, true));
  if (!s.piece_values.empty()) out.push_back(piece_values_section(s.piece_values, s.piece_values_note));
  if (!s.perft.empty()) out.push_back(perft_section(s));
  if (!players_first) players();
  // Then how the games were made.
  out.push_back(settings_section(s));
  if (s.factorial) out.push_back(factorial_design_section(*s.factorial));
  if (!s.left_out.empty()) out.push_back(left_out_section(s));
  if (std::any_of(s.runs.begin(), s.runs.end(), [](const RunSettings& r) { return !r.weights.empty(); }))
    out.push_back(weights_section(s));
  const bool any_rules =
      std::any_of(s.variants.begin(), s.variants.end(), [](const VariantSummary& v) { return !v.rules.empty(); });
  if (any_rules) out.push_back(s.factorial ? factorial_rules_section(s) : rules_section(s));
  name_recipes(out, recipes_of(s));
  return out;
}

}  // namespace jungle::report::detail

namespace jungle::report {

std::vector<EndReason> shown_end_reasons(const Summary& s) {
  std::vector<EndReason> shown;
  for (int r = 0; r < END_REASON_NB; ++r) {
    const bool some = std::any_of(s.variants.begin(), s.variants.end(),
                                  [r](const VariantSummary& v) { return v.outcomes.end_reasons[r] > 0; });
    if (decided_by_rules(EndReason(r)) || some) shown.push_back(EndReason(r));
  }
  return shown;
}

}  // namespace jungle::report
