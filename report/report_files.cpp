// The machine-readable writers (JSON, CSV) and the report's files.
#include <bit>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "report/factorial_sentence.h"
#include "report/report.h"
#include "report/verdict_sentence.h"

namespace jungle::report {

namespace {

using json = nlohmann::ordered_json;  // fields in the order a person reads them

constexpr const char* FORMAT = "jungle-summary/1";

json to_json(const stats::Interval& i) { return json::array({i.low, i.high}); }

// A design effect: +infinity (the pairing left no variance, as in an A/A comparison) is an answer,
// not a missing one, so it is the string "infinite"; NaN (nothing to measure) stays null, as JSON
// has neither.
json design_effect_json(double deff) {
  if (std::isinf(deff) && deff > 0) return "infinite";
  return deff;
}

json to_json(const stats::Wdl& w) { return {{"wins", w.wins}, {"draws", w.draws}, {"losses", w.losses}}; }

json to_json(const stats::EloEstimate& e) {
  return {{"elo", e.elo}, {"margin", e.margin}, {"los", e.los}, {"score", e.score},
          {"score_low", e.score_low}, {"score_high", e.score_high}};
}

json to_json(const stats::Pentanomial& p) { return json::array({p.ll, p.ld, p.wl_dd, p.wd, p.ww}); }

json to_json(const PairingSummary& p) {
  return {{"first", p.first},
          {"second", p.second},
          {"self_play", p.first == p.second},
          {"as_white", to_json(p.as_white)},
          {"as_black", to_json(p.as_black)},
          {"wdl", to_json(p.wdl)},
          {"score", p.wdl.score()},
          {"score_wilson", to_json(p.score_wilson)},
          {"elo", to_json(p.elo)},
          {"pentanomial", to_json(p.pentanomial)},
          {"elo_pentanomial", to_json(p.elo_pentanomial)},
          {"unpaired", p.unpaired}};
}

json to_json(const VariantSummary& v) {
  const stats::FirstPlayerStats& f = v.first_player;
  json j;
  j["name"] = v.name;
  j["games"] = v.games;
  j["max_plies"] = v.max_plies;
  j["note"] = v.note.empty() ? json(nullptr) : json(v.note);
  j["first_player"] = {{"wdl", to_json(f.wdl)},
                       {"units", f.units},
                       {"design_effect", design_effect_json(f.design_effect)},
                       // true: deff taken at least 1 (self-play); false: the clustered variance as it is
                       {"design_effect_floored", f.floor == stats::VarianceFloor::Independent},
                       {"degrees_of_freedom", f.degrees_of_freedom},  // null: the normal (30 units or more)
                       {"score", f.score},
                       {"score_variance", f.score_variance},
                       {"score_wilson", to_json(f.score_wilson)},
                       {"win_rate", f.win_rate},
                       {"win_rate_wilson", to_json(f.win_rate_wilson)},
                       {"win_rate_clopper_pearson", to_json(f.win_rate_clopper_pearson)},
                       {"p_value", f.p_value},
                       {"elo", to_json(f.elo)},
                       {"decisive_share", f.decisive_share.mean},
                       {"draw_rate", f.draw_rate.mean},
                       {"draw_rate_wilson", to_json(f.draw_rate_wilson)}};
  auto comparison = [](const std::optional<BaselineComparison>& c) {
    if (!c) return json(nullptr);
    const stats::ProportionDifference& d = c->difference;
    return json{{"baseline", c->baseline}, {"difference", d.difference}, {"interval", to_json(d.interval)},
                {"p_value", d.p_value},    {"p_holm", c->p_holm},
                {"method", c->paired ? "paired over the openings (the verdict's)" : "each variant alone (Newcombe)"}};
  };
  if (v.score_vs_baseline) j["score_vs_baseline"] = comparison(v.score_vs_baseline);
  j["vs_baseline"] = comparison(v.vs_baseline);
  j["draws_vs_baseline"] = comparison(v.draws_vs_baseline);
  json rules = json::object();
  for (const RuleSetting& r : v.rules) rules[r.table.empty() ? r.key : r.table + "." + r.key] = r.value;
  j["rules"] = v.rules.empty() ? json(nullptr) : rules;
  const stats::OutcomeMetrics& o = v.outcomes;
  json reasons;
  for (std::size_t r = 0; r < o.end_reasons.size(); ++r) reasons[end_reason_name(EndReason(r))] = o.end_reasons[r];
  j["outcomes"] = {{"advantage", o.advantage},     {"balance", o.balance},   {"completion", o.completion},
                   {"drawishness", o.drawishness}, {"timeouts", o.timeouts}, {"end_reasons", reasons}};
  const stats::DurationStats& d = v.duration;
  j["duration"] = {{"mean", d.mean}, {"median", d.median}, {"stddev", d.stddev}, {"min", d.min}, {"max", d.max},
                   {"histogram", {{"bin_width", d.histogram.bin_width}, {"counts", d.histogram.counts}}}};
  j["replay"] = nullptr;
  if (v.replay)
    j["replay"] = {{"positions", v.replay->positions},
                   {"branching_factor", v.replay->branching_factor},
                   {"decision_moves", v.replay->decision_moves},
                   {"captures", v.replay->captures},
                   {"game_tree_complexity", v.replay->game_tree_complexity}};
  j["pairings"] = json::array();
  for (const PairingSummary& p : v.pairings) j["pairings"].push_back(to_json(p));
  return j;
}

json to_json(const stats::PairedDifference& d) {
  return {{"base", d.base},
          {"variant", d.variant},
          {"difference", d.difference},
          {"interval", to_json(d.interval)},
          {"base_interval", to_json(d.base_interval)},
          {"variant_interval", to_json(d.variant_interval)},
          {"variance", d.variance},
          {"unpaired_variance", d.unpaired_variance},
          {"design_effect", design_effect_json(d.design_effect)},
          {"p_value", d.p_value},
          {"openings", d.units},
          {"paired_openings", d.paired_units}};
}

json to_json(const stats::Comparison& c) {
  json variants = json::array();
  for (const stats::VariantComparison& v : c.variants) {
    json figures = json::object();
    for (const stats::FigureComparison& f : v.figures) {
      json figure = to_json(f.difference);
      figure["primary"] = f.primary;
      figure["p_holm"] = f.p_holm;
      figure["significant"] = f.significant;
      figure["more_games_a_variant"] = f.more_games;
      if (f.equivalence) {
        const stats::Equivalence& e = *f.equivalence;
        figure["equivalence"] = {{"interval_90", to_json(e.interval)},
                                 {"p_value", e.p_value},
                                 {"p_holm", e.p_holm},
                                 {"verdict", e.verdict == stats::Equivalence::Verdict::Equivalent   ? "equivalent"
                                             : e.verdict == stats::Equivalence::Verdict::Different ? "different"
                                                                                            : "undecided"},
                                 {"settling_games_a_variant", e.settling_games}};
      }
      figure["verdict"] = verdict_sentence(c, v, f);
      figures[stats::figure_name(f.figure)] = figure;
    }
    variants.push_back({{"base", v.base},
                        {"variant", v.variant},
                        {"openings", v.openings},
                        {"unpaired_openings", v.unpaired_openings},
                        {"figures", figures}});
  }
  json rounds = json::array();
  for (const stats::ComparisonRound& r : c.rounds)
    rounds.push_back({{"games_a_variant", 2 * r.openings}, {"half_width", r.half_width}});
  json precision_figures = json::array();
  for (stats::Figure f : c.plan.precision_figures) precision_figures.push_back(stats::figure_name(f));
  return {{"primary", stats::figure_name(c.plan.primary)},
          {"confidence", stats::COMPARISON_CONFIDENCE},
          {"family_wise_alpha", stats::COMPARISON_ALPHA},
          {"adjustment", "holm"},
          {"tests", c.tests},
          {"target_half_width", c.plan.target},
          {"precision_asked", c.plan.precision_asked > 0 ? c.plan.precision_asked : c.plan.target},
          {"precision_figures", precision_figures},
          {"margin", c.plan.margin},
          {"sized_by", c.sequential ? "precision" : "games"},
          {"stopped_by", c.stopped_by},
          {"underpowered", c.underpowered},
          {"rounds", rounds},
          {"fixed_design_games_a_variant", 2 * c.fixed_design_openings},
          {"games_per_second", c.games_per_second},
          {"player", c.player},
          {"weights", c.weights},
          {"variants", variants}};
}

json to_json(const stats::FactorialEstimate& e) {
  return {{"estimate", e.estimate},
          {"interval", to_json(e.interval)},
          {"variance", e.variance},
          {"unpaired_variance", e.unpaired_variance},
          {"design_effect", design_effect_json(e.design_effect)},
          {"degrees_of_freedom", e.degrees_of_freedom},
          {"p_value", e.p_value}};
}

const char* verdict_json(stats::Equivalence::Verdict v) {
  return v == stats::Equivalence::Verdict::Equivalent  ? "equivalent"
         : v == stats::Equivalence::Verdict::Different ? "different"
                                                       : "undecided";
}

// The factors on of a combination, by name.
json factors_json(const stats::FactorialDesign& design, stats::FactorWord on) {
  json names = json::array();
  for (std::size_t j = 0; j < design.factors.size(); ++j)
    if ((on >> j & 1U) != 0) names.push_back(design.factors[j]);
  return names;
}

// Every effect of every figure, one object each: figure and term as the summary.json has
// them ("score", "a:b"), then the rest of the record's numbers.
json effects_json(const FactorialSummary& f) {
  const stats::FactorialDesign& d = f.analysis.design;
  json effects = json::array();
  for (const stats::FigureEffects& figure : f.analysis.figures)
    for (const stats::FactorialEffect& e : figure.effects) {
      json aliases = json::array();
      for (stats::FactorWord w : e.term.aliases) aliases.push_back(term_key(d, w));
      json effect = {{"figure", stats::figure_name(figure.figure)},
                     {"term", term_key(d, e.term.word)},
                     {"kind", std::popcount(e.term.word) == 1 ? "main" : "interaction"},
                     {"estimate", e.estimate.estimate},
                     {"interval", to_json(e.estimate.interval)},
                     {"p_value", e.estimate.p_value},
                     {"p_holm", e.p_holm},
                     {"significant", e.significant},
                     {"primary", figure.primary},
                     {"variance", e.estimate.variance},
                     {"design_effect", design_effect_json(e.estimate.design_effect)},
                     {"aliases", aliases}};
      if (e.equivalence)
        effect["equivalence"] = {{"interval_90", to_json(e.equivalence->interval)},
                                 {"p_value", e.equivalence->p_value},
                                 {"p_holm", e.equivalence->p_holm},
                                 {"verdict", verdict_json(e.equivalence->verdict)},
                                 {"settling_games_a_cell", e.equivalence->settling_games}};
      if (e.significant) effect["sentence"] = effect_sentence(f, figure, e);
      effects.push_back(std::move(effect));
    }
  return effects;
}

// Every combination of levels, each figure observed (null when not played) and predicted.
json combinations_json(const FactorialSummary& f) {
  json combinations = json::array();
  const std::vector<stats::FigureEffects>& figures = f.analysis.figures;
  for (std::size_t i = 0; !figures.empty() && i < figures.front().combinations.size(); ++i) {
    const stats::FactorialCell& cell = figures.front().combinations[i].cell;
    json by_figure = json::object();
    for (const stats::FigureEffects& figure : figures) {
      const stats::FactorialCellFigure& c = figure.combinations.at(i);
      by_figure[stats::figure_name(figure.figure)] = {
          {"observed", c.played ? json(c.observed) : json(nullptr)},
          {"observed_interval", c.played ? to_json(c.observed_interval) : json(nullptr)},
          {"predicted", c.predicted.estimate},
          {"predicted_interval", to_json(c.predicted.interval)}};
    }
    const bool was_played = played(f, cell);
    combinations.push_back({{"name", cell.name},
                            {"factors", factors_json(f.analysis.design, cell.on)},
                            {"played", was_played},
                            {"figures", by_figure}});
  }
  return combinations;
}

json to_json(const FactorialSummary& f) {
  const stats::FactorialAnalysis& a = f.analysis;
  const stats::FactorialDesign& d = a.design;
  json factors = json::array();
  for (std::size_t j = 0; j < f.factors.size(); ++j)
    factors.push_back({{"letter", std::string(1, char('A' + j))},
                       {"name", f.factors[j].name},
                       {"file", f.factors[j].file},
                       {"differences", f.factors[j].differences}});
  json generators = json::array();
  for (const stats::FactorialGenerator& g : d.generators) generators.push_back(stats::generator_text(d, g));
  json defining = json::array();
  for (stats::FactorWord w : d.defining_words) defining.push_back(stats::word_letters(w));
  json cells = json::array();
  for (const FactorialCellSummary& c : f.cells) {
    cells.push_back({{"name", c.name}, {"factors", c.factors}, {"games", c.games}});
    if (!c.plays_as.empty()) cells.back()["plays_as"] = c.plays_as;
  }
  json figures = json::array();
  for (const stats::FigureEffects& figure : a.figures)
    figures.push_back({{"figure", stats::figure_name(figure.figure)},
                       {"primary", figure.primary},
                       {"grand_mean", to_json(figure.grand_mean)},
                       {"openings", figure.openings},
                       {"openings_in_every_cell", figure.openings_in_every_cell}});
  json indistinguishable = json::array();
  if (!a.figures.empty())
    for (std::size_t i : a.balanced.indistinguishable)
      indistinguishable.push_back(a.figures.front().combinations.at(i).cell.name);
  json rounds = json::array();
  for (const stats::ComparisonRound& r : f.rounds)
    rounds.push_back({{"games_a_cell", 2 * r.openings}, {"half_width", r.half_width}});
  return {{"base", f.base},
          {"design",
           {{"kind", d.fraction == 0 ? "full" : "fraction"},
            {"factors", d.factors.size()},
            {"fraction", d.fraction},
            {"cells", d.cells.size()},
            {"resolution", d.resolution},
            {"generators", generators},
            {"defining_relation", defining},
            {"description", stats::describe_design(d)}}},
          {"factors", factors},
          {"notes", f.notes},
          {"primary", stats::figure_name(a.plan.primary)},
          {"confidence", a.plan.confidence},
          {"family_wise_alpha", stats::COMPARISON_ALPHA},
          {"adjustment", "holm"},
          {"tests", a.tests},
          {"equivalence_tests", a.equivalence_tests},
          {"target_half_width", a.plan.target},
          {"precision_asked", a.plan.precision_asked > 0 ? a.plan.precision_asked : a.plan.target},
          {"margin", a.plan.margin},
          {"sized_by", f.sequential ? "precision" : "games"},
          {"stopped_by", f.stopped_by},
          {"rounds", rounds},
          {"widest_half_width", a.widest_half_width},
          {"resolved", a.resolved},
          {"fixed_design_games_a_cell", 2 * a.fixed_design_openings},
          {"games_played", f.games_played},
          {"games_per_second", f.games_per_second},
          {"player", f.player},
          {"weights", f.weights},
          {"figures", figures},
          {"effects", effects_json(f)},
          {"cells", cells},
          {"combinations", combinations_json(f)},
          {"balanced",
           {{"name", a.figures.empty() ? json(nullptr) : json(a.balanced.cell.name)},
            {"factors", factors_json(d, a.balanced.cell.on)},
            {"predicted", a.balanced.predicted.estimate},
            {"interval", to_json(a.balanced.predicted.interval)},
            {"indistinguishable", indistinguishable},
            {"sentence", balanced_sentence(f)}}}};
}

json to_json(const SprtSummary& t) {
  const char* verdict = t.result.verdict == stats::SprtVerdict::AcceptH1   ? "H1"
                        : t.result.verdict == stats::SprtVerdict::AcceptH0 ? "H0"
                                                                           : "continue";
  json j = {{"kind", t.kind == SprtSummary::Kind::Players ? "players" : "variants"},
            {"a", t.a},
            {"b", t.b},
            {"model", stats::llr_method_name(t.params.method)},
            {"counts", t.counts},
            {"elo0", t.params.elo0},
            {"elo1", t.params.elo1},
            {"alpha", t.params.alpha},
            {"beta", t.params.beta},
            {"llr", t.result.llr},
            {"lower", t.result.lower},
            {"upper", t.result.upper},
            {"verdict", verdict},
            {"wdl", to_json(t.wdl)}};
  if (t.kind == SprtSummary::Kind::Variants) j["wdl_b"] = to_json(t.wdl_b);
  if (t.counts == "pentanomial") j["pentanomial"] = to_json(t.pentanomial);
  return j;
}

// ---------------------------------------------------------------------------------------------
// CSV

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// Full precision, and nothing for NaN and infinities, which spreadsheets cannot read.
std::string csv_number(double x) {
  if (!std::isfinite(x)) return "";
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.10g", x);
  return buffer;
}

// A CSV table built column by column: each column is a name and how to get its cell.
template <class Row>
struct Column {
  std::string name;
  std::function<std::string(const Row&)> cell;
};

template <class Row>
Column<Row> number(std::string name, std::function<double(const Row&)> get) {
  return {std::move(name), [get](const Row& r) { return csv_number(get(r)); }};
}

template <class Row>
Column<Row> count(std::string name, std::function<std::uint64_t(const Row&)> get) {
  return {std::move(name), [get](const Row& r) { return std::to_string(get(r)); }};
}

template <class Row>
void write_csv(std::ostream& out, const std::vector<Column<Row>>& columns, const std::vector<Row>& rows) {
  for (std::size_t c = 0; c < columns.size(); ++c) out << (c ? "," : "") << columns[c].name;
  out << "\n";
  for (const Row& row : rows) {
    for (std::size_t c = 0; c < columns.size(); ++c) out << (c ? "," : "") << csv_field(columns[c].cell(row));
    out << "\n";
  }
}

}  // namespace

void write_json(std::ostream& out, const Summary& s) {
  json j;
  j["format"] = FORMAT;
  j["games"] = s.games;
  j["confidence"] = s.confidence;
  j["baseline"] = s.baseline;
  j["players"] = s.players;
  j["sources"] = s.sources;
  if (!s.left_out.empty()) j["left_out"] = s.left_out;  // the games not counted: they do not replay
  j["runs"] = json::array();
  for (const RunSettings& r : s.runs) {
    j["runs"].push_back({{"source", r.source},     {"command", r.command}, {"seed", r.seed},
                         {"openings", r.openings}, {"players", r.players}, {"games", r.games},
                         {"threads", r.threads},   {"version", r.version}, {"date", r.date}});
    // Only where run.json records them, so that other summaries read as before.
    if (!r.default_weights.empty()) j["runs"].back()["default_weights"] = r.default_weights;
    for (const RunSettings::VariantWeights& w : r.weights)
      j["runs"].back()["weights"].push_back(
          {{"variant", w.variant}, {"file", w.file}, {"rules_hash", w.rules_hash}, {"fitted_by", w.fitted_by},
           {"evaluator", w.evaluator}, {"recipe", w.recipe}});
    if (!r.weights_warning.empty()) j["runs"].back()["weights_warning"] = r.weights_warning;
  }
  j["variants"] = json::array();
  for (const VariantSummary& v : s.variants) j["variants"].push_back(to_json(v));
  j["perft"] = json::array();
  for (const PerftRow& r : s.perft) j["perft"].push_back({{"variant", r.variant}, {"counts", r.counts}, {"seconds", r.seconds}, {"timed_nodes", r.timed_nodes}});
  j["piece_values"] = json::array();
  for (const PieceValues& v : s.piece_values) {
    auto by_kind = [](const std::array<int, KIND_NB>& values) {
      json o = json::object();
      for (int k = 0; k < KIND_NB; ++k) o[KIND_NAMES[k]] = values[std::size_t(k)];
      return o;
    };
    j["piece_values"].push_back({{"variant", v.variant},
                                 {"untuned", by_kind(v.untuned)},
                                 {"tuned", v.tuned ? by_kind(*v.tuned) : json(nullptr)},
                                 {"weights_file", v.tuned ? json(v.weights_file) : json(nullptr)}});
  }
  if (!s.piece_values_note.empty()) j["piece_values_note"] = s.piece_values_note;
  j["sprt"] = json::array();
  for (const SprtSummary& t : s.sprt) j["sprt"].push_back(to_json(t));
  if (s.factorial) j["factorial"] = to_json(*s.factorial);
  if (s.comparison) j["comparison"] = to_json(*s.comparison);
  if (s.endgames) {
    json rows = json::array();
    for (const tablebase::CompareRow& row : s.endgames->rows) {
      json shares = json::array();
      for (const tablebase::Shares& v : row.variants)
        shares.push_back({{"won", v.win}, {"drawn", v.draw}, {"lost", v.loss}, {"longest_win", v.longest_win}});
      rows.push_back({{"signature", row.material.name()},
                      {"to_move", row.to_move == WHITE ? "first" : "second"},
                      {"spread", row.spread},
                      {"variants", shares}});
    }
    j["endgames"] = {{"variants", s.endgames->variants}, {"pieces", s.endgames->pieces}, {"rows", rows}};
    if (!s.endgames->left_out.empty()) j["endgames"]["left_out"] = s.endgames->left_out;
  }
  out << j.dump(2) << "\n";
}

void write_variants_csv(std::ostream& out, const Summary& s) {
  using V = VariantSummary;
  auto replay = [](double stats::ReplayStats::*field) {
    return [field](const V& v) { return v.replay ? (*v.replay).*field : NAN; };
  };
  auto baseline = [](auto get) {
    return [get](const V& v) { return v.vs_baseline ? get(*v.vs_baseline) : NAN; };
  };
  auto draws = [](auto get) {
    return [get](const V& v) { return v.draws_vs_baseline ? get(*v.draws_vs_baseline) : NAN; };
  };
  auto scores = [](auto get) {
    return [get](const V& v) { return v.score_vs_baseline ? get(*v.score_vs_baseline) : NAN; };
  };
  std::vector<Column<V>> columns = {
      {"variant", [](const V& v) { return v.name; }},
      count<V>("games", [](const V& v) { return v.games; }),
      count<V>("first_wins", [](const V& v) { return v.first_player.wdl.wins; }),
      count<V>("first_draws", [](const V& v) { return v.first_player.wdl.draws; }),
      count<V>("first_losses", [](const V& v) { return v.first_player.wdl.losses; }),
      count<V>("units", [](const V& v) { return v.first_player.units; }),
      number<V>("design_effect", [](const V& v) { return v.first_player.design_effect; }),
      number<V>("first_score", [](const V& v) { return v.first_player.score; }),
      number<V>("first_score_low", [](const V& v) { return v.first_player.score_wilson.low; }),
      number<V>("first_score_high", [](const V& v) { return v.first_player.score_wilson.high; }),
      number<V>("first_win_rate", [](const V& v) { return v.first_player.win_rate; }),
      number<V>("win_rate_wilson_low", [](const V& v) { return v.first_player.win_rate_wilson.low; }),
      number<V>("win_rate_wilson_high", [](const V& v) { return v.first_player.win_rate_wilson.high; }),
      number<V>("win_rate_cp_low", [](const V& v) { return v.first_player.win_rate_clopper_pearson.low; }),
      number<V>("win_rate_cp_high", [](const V& v) { return v.first_player.win_rate_clopper_pearson.high; }),
      number<V>("first_p_value", [](const V& v) { return v.first_player.p_value; }),
      number<V>("first_elo", [](const V& v) { return v.first_player.elo.elo; }),
      number<V>("first_elo_margin", [](const V& v) { return v.first_player.elo.margin; }),
      number<V>("decisive_share", [](const V& v) { return v.first_player.decisive_share.mean; }),
      {"baseline", [](const V& v) { return v.vs_baseline ? v.vs_baseline->baseline : std::string(); }},
      {"diff_method", [](const V& v) {
         return !v.vs_baseline && !v.draws_vs_baseline ? std::string()
                : (v.vs_baseline ? v.vs_baseline->paired : v.draws_vs_baseline->paired) ? "paired"
                                                                                          : "each alone";
       }},
      number<V>("score_diff_vs_baseline", scores([](const BaselineComparison& b) { return b.difference.difference; })),
      number<V>("score_diff_low", scores([](const BaselineComparison& b) { return b.difference.interval.low; })),
      number<V>("score_diff_high", scores([](const BaselineComparison& b) { return b.difference.interval.high; })),
      number<V>("score_diff_p_value", scores([](const BaselineComparison& b) { return b.difference.p_value; })),
      number<V>("score_diff_p_holm", scores([](const BaselineComparison& b) { return b.p_holm; })),
      number<V>("diff_vs_baseline", baseline([](const BaselineComparison& b) { return b.difference.difference; })),
      number<V>("diff_low", baseline([](const BaselineComparison& b) { return b.difference.interval.low; })),
      number<V>("diff_high", baseline([](const BaselineComparison& b) { return b.difference.interval.high; })),
      number<V>("diff_p_value", baseline([](const BaselineComparison& b) { return b.difference.p_value; })),
      number<V>("diff_p_holm", baseline([](const BaselineComparison& b) { return b.p_holm; })),
      number<V>("draw_rate", [](const V& v) { return v.first_player.draw_rate.mean; }),
      number<V>("draw_rate_low", [](const V& v) { return v.first_player.draw_rate_wilson.low; }),
      number<V>("draw_rate_high", [](const V& v) { return v.first_player.draw_rate_wilson.high; }),
      number<V>("draw_diff_vs_baseline", draws([](const BaselineComparison& b) { return b.difference.difference; })),
      number<V>("draw_diff_low", draws([](const BaselineComparison& b) { return b.difference.interval.low; })),
      number<V>("draw_diff_high", draws([](const BaselineComparison& b) { return b.difference.interval.high; })),
      number<V>("draw_diff_p_value", draws([](const BaselineComparison& b) { return b.difference.p_value; })),
      number<V>("draw_diff_p_holm", draws([](const BaselineComparison& b) { return b.p_holm; })),
      number<V>("balance", [](const V& v) { return v.outcomes.balance; }),
      number<V>("completion", [](const V& v) { return v.outcomes.completion; }),
      number<V>("drawishness", [](const V& v) { return v.outcomes.drawishness; }),
      number<V>("timeouts", [](const V& v) { return v.outcomes.timeouts; }),
      count<V>("max_plies", [](const V& v) { return std::uint64_t(v.max_plies); }),
      number<V>("plies_mean", [](const V& v) { return v.duration.mean; }),
      number<V>("plies_median", [](const V& v) { return v.duration.median; }),
      number<V>("plies_sd", [](const V& v) { return v.duration.stddev; }),
      count<V>("plies_min", [](const V& v) { return std::uint64_t(v.duration.min); }),
      count<V>("plies_max", [](const V& v) { return std::uint64_t(v.duration.max); }),
      number<V>("decision_moves", replay(&stats::ReplayStats::decision_moves)),
      number<V>("branching_factor", replay(&stats::ReplayStats::branching_factor)),
      number<V>("captures", replay(&stats::ReplayStats::captures)),
      number<V>("game_tree_complexity", replay(&stats::ReplayStats::game_tree_complexity)),
  };
  for (std::size_t r = 0; r < END_REASON_NB; ++r) {
    std::string name = std::string("end_") + end_reason_name(EndReason(r));
    for (char& c : name) c = c == '-' ? '_' : c;
    columns.push_back(count<V>(name, [r](const V& v) { return v.outcomes.end_reasons[r]; }));
  }
  columns.push_back({"note", [](const V& v) { return v.note; }});
  write_csv(out, columns, s.variants);
}

void write_pairings_csv(std::ostream& out, const Summary& s) {
  struct Row {
    const VariantSummary* variant;
    const PairingSummary* p;
  };
  std::vector<Row> rows;
  for (const VariantSummary& v : s.variants)
    for (const PairingSummary& p : v.pairings) rows.push_back({&v, &p});
  // Three W/D/L columns each for first's results as white, as black, and in total.
  std::vector<Column<Row>> columns = {
      {"variant", [](const Row& r) { return r.variant->name; }},
      {"first", [](const Row& r) { return r.p->first; }},
      {"second", [](const Row& r) { return r.p->second; }},
  };
  const std::pair<std::string, stats::Wdl PairingSummary::*> parts[] = {
      {"white_", &PairingSummary::as_white}, {"black_", &PairingSummary::as_black}, {"", &PairingSummary::wdl}};
  // Init-captures, since clang 14 cannot capture a structured binding (C++20 allows it).
  for (const auto& [prefix, part] : parts) {
    columns.push_back(count<Row>(prefix + "wins", [part = part](const Row& r) { return (r.p->*part).wins; }));
    columns.push_back(count<Row>(prefix + "draws", [part = part](const Row& r) { return (r.p->*part).draws; }));
    columns.push_back(count<Row>(prefix + "losses", [part = part](const Row& r) { return (r.p->*part).losses; }));
  }
  const std::vector<Column<Row>> rest = {
      number<Row>("score", [](const Row& r) { return r.p->wdl.score(); }),
      number<Row>("score_low", [](const Row& r) { return r.p->score_wilson.low; }),
      number<Row>("score_high", [](const Row& r) { return r.p->score_wilson.high; }),
      number<Row>("elo", [](const Row& r) { return r.p->elo.elo; }),
      number<Row>("elo_margin", [](const Row& r) { return r.p->elo.margin; }),
      number<Row>("los", [](const Row& r) { return r.p->elo.los; }),
      count<Row>("ll", [](const Row& r) { return r.p->pentanomial.ll; }),
      count<Row>("ld", [](const Row& r) { return r.p->pentanomial.ld; }),
      count<Row>("wl_dd", [](const Row& r) { return r.p->pentanomial.wl_dd; }),
      count<Row>("wd", [](const Row& r) { return r.p->pentanomial.wd; }),
      count<Row>("ww", [](const Row& r) { return r.p->pentanomial.ww; }),
      number<Row>("elo_pentanomial", [](const Row& r) { return r.p->elo_pentanomial.elo; }),
      number<Row>("elo_pentanomial_margin", [](const Row& r) { return r.p->elo_pentanomial.margin; }),
      number<Row>("los_pentanomial", [](const Row& r) { return r.p->elo_pentanomial.los; }),
      count<Row>("unpaired", [](const Row& r) { return r.p->unpaired; }),
  };
  columns.insert(columns.end(), rest.begin(), rest.end());
  write_csv(out, columns, rows);
}

ReportFiles summary_files(const Summary& summary, const std::string& title) {
  return {{quiet_file("summary.json", write_json, summary),
           quiet_file("summary.csv", write_variants_csv, summary),
           quiet_file("pairings.csv", write_pairings_csv, summary),
           {"report.html", [&summary, title](std::ostream& out) { return write_html(out, summary, title); }}},
          "report.html",
          "numbers in summary.json, summary.csv and pairings.csv beside it"};
}

}  // namespace jungle::report
