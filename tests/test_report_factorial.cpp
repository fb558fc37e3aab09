// `jungle compare --factorial`'s report from simulated games whose effects are known by
// construction (tests/factorial_example.h): summary.json's effects and cells, the sentences that
// open the report for the significant effects and the most balanced combination, the effects'
// chart and the interaction plots, and pages whose elements close.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "report/charts.h"
#include "report/report.h"
#include "support/text.h"
#include "tests/factorial_example.h"
#include "tests/report_page.h"

using namespace jungle;
using test::section;
using test::svgs;

namespace {

double on(const stats::FactorialCell& c, std::size_t j) { return c.level(j) > 0 ? 1 : 0; }

// Three factors a, b, c over 60 openings. The first player wins with chance
//   0.1 + 0.3·[a on] + 0.4·[a and c on]  (draws 0.2 throughout, no opening shift),
// so its expected score (win + draw/2) is 0.2 in the cells without a, 0.5 with a alone and 0.9
// with a and c: a's main effect on the score is (0.5 + 0.9)/2 − (0.2 + 0.2)/2 = 0.5, c's 0.2, the
// interaction a × c 0.2, all clearly significant over 120 games a cell. b plays almost no part:
// with common random numbers every game of a cell with b on is its twin's with b off but one, the
// first game of the first opening, drawn where the twin's is decisive and won where it is drawn.
// So each term of b is a contrast of that one opening against the others, whose t statistic is 1
// at most, never significant (and every figure differs there: no exact twins, whose rounding
// errors stats/ would test). The most balanced combination is a alone or a--b, both 0.5 in
// expectation, and the other cannot be told apart from it; every other is 0.3 or more away.
simulation::SimulatedFactorial three_factors() {
  simulation::SimulatedFactorial spec;
  for (const char* name : {"a", "b", "c"})
    spec.factors.push_back({name, std::string(name) + ".toml", {"x." + std::string(name) + ": 0 → 1"}});
  spec.win = [](const stats::FactorialCell& c) { return 0.1 + 0.3 * on(c, 0) + 0.4 * on(c, 0) * on(c, 2); };
  spec.result = [](const stats::FactorialCell& c, int opening, int game, Result r) {
    if (c.level(1) < 0 || opening != 0 || game != 0) return r;
    return r == Result::Draw ? Result::WhiteWins : Result::Draw;
  };
  spec.opening_sd = 0;
  spec.openings = 60;
  spec.seed = 7;
  return spec;
}

const simulation::SimulatedReport& three_factor_report() {
  static const simulation::SimulatedReport report = simulation::simulate_factorial(three_factors());
  return report;
}

std::string json_text(const report::Summary& s) {
  std::ostringstream out;
  report::write_json(out, s);
  return out.str();
}

std::string markdown(const report::Summary& s) {
  std::ostringstream out;
  report::write_markdown(out, s);
  return out.str();
}

// Markdown's prose is wrapped at its spaces: its lines joined again, for a phrase to be found
// whole wherever a line breaks.
std::string unwrapped(std::string md) {
  std::replace(md.begin(), md.end(), '\n', ' ');
  return md;
}

std::string html(const report::Summary& s, std::vector<std::string>* problems = nullptr) {
  std::ostringstream out;
  const std::vector<std::string> found = report::write_html(out, s, "factorial");
  if (problems) *problems = found;
  return out.str();
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The texts a gnuplot SVG writes (its tick labels, title, key), in order.
std::vector<std::string> svg_texts(const std::string& svg) {
  std::vector<std::string> out;
  const std::regex text(R"(<text[^>]*>(?:<tspan[^>]*>)?([^<]*)<)");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1]);
  return out;
}

// Every element of these names opens and closes as often: enough of well-formed for a page
// written by hand.
void expect_balanced(const std::string& page) {
  // A scan by hand rather than std::regex: a page with its game viewer is large, and the
  // sanitizers' build compiles this file without optimisation, where 22 regex scans took 15 s.
  for (const std::string tag :
       {"section", "table", "thead", "tbody", "tr", "figure", "figcaption", "div", "svg", "p", "code"}) {
    std::size_t opened = 0, closed = 0;
    for (std::size_t at = page.find('<'); at != std::string::npos; at = page.find('<', at + 1)) {
      const bool closing = at + 1 < page.size() && page[at + 1] == '/';
      const std::size_t name = at + 1 + closing, after = name + tag.size();
      if (after >= page.size() || page.compare(name, tag.size(), tag) != 0) continue;
      if (closing && page[after] == '>') ++closed;
      if (!closing && (page[after] == '>' || std::isspace(static_cast<unsigned char>(page[after])))) ++opened;
    }
    EXPECT_EQ(opened, closed) << "<" << tag << ">";
  }
}

}  // namespace

TEST(ReportFactorial, JsonHasOneEffectPerFigureAndTerm) {
  const nlohmann::json j = nlohmann::json::parse(json_text(three_factor_report().summary));
  ASSERT_TRUE(j.contains("factorial"));
  const nlohmann::json& effects = j["factorial"]["effects"];
  std::set<std::pair<std::string, std::string>> seen;
  for (const nlohmann::json& e : effects) {
    const std::pair<std::string, std::string> key = {e["figure"], e["term"]};
    EXPECT_TRUE(seen.insert(key).second) << key.first << " " << key.second;
    for (const char* field : {"estimate", "p_value", "p_holm"}) EXPECT_TRUE(e[field].is_number()) << field;
    ASSERT_EQ(e["interval"].size(), 2u);
    EXPECT_LE(e["interval"][0].get<double>(), e["estimate"].get<double>());
    EXPECT_GE(e["interval"][1].get<double>(), e["estimate"].get<double>());
    EXPECT_TRUE(e["significant"].is_boolean());
  }
  std::set<std::pair<std::string, std::string>> expected;
  for (const char* figure : {"score", "decisive share", "draw rate"})
    for (const char* term : {"a", "b", "c", "a:b", "a:c", "b:c"}) expected.insert({figure, term});
  EXPECT_EQ(seen, expected);

  auto effect = [&](const std::string& figure, const std::string& term) {
    for (const nlohmann::json& e : effects)
      if (e["figure"] == figure && e["term"] == term) return e;
    return nlohmann::json();
  };
  // The model's effects on the score (within sampling error) and b's, exactly none.
  EXPECT_NEAR(effect("score", "a")["estimate"].get<double>(), 0.5, 0.08);
  EXPECT_NEAR(effect("score", "c")["estimate"].get<double>(), 0.2, 0.08);
  EXPECT_NEAR(effect("score", "a:c")["estimate"].get<double>(), 0.2, 0.08);
  for (const char* term : {"a", "c", "a:c"}) EXPECT_TRUE(effect("score", term)["significant"].get<bool>()) << term;
  for (const char* figure : {"score", "decisive share", "draw rate"})
    for (const char* term : {"b", "a:b", "b:c"}) {
      EXPECT_LT(std::abs(effect(figure, term)["estimate"].get<double>()), 0.02) << figure << " " << term;
      EXPECT_FALSE(effect(figure, term)["significant"].get<bool>()) << figure << " " << term;
    }
}

TEST(ReportFactorial, JsonHasEveryCellWithItsFactorsAndGames) {
  const nlohmann::json cells = nlohmann::json::parse(json_text(three_factor_report().summary))["factorial"]["cells"];
  ASSERT_EQ(cells.size(), 8u);
  std::set<std::string> names;
  for (const nlohmann::json& c : cells) {
    names.insert(c["name"].get<std::string>());
    // Named as compare names cells: the base for none on, else the factors on joined by "--".
    const std::vector<std::string> factors = c["factors"];
    EXPECT_EQ(c["name"].get<std::string>(), factors.empty() ? "standard" : join(factors, "--"));
    EXPECT_EQ(c["games"].get<std::uint64_t>(), 120u);  // 60 openings, two games each
  }
  EXPECT_EQ(names, (std::set<std::string>{"standard", "a", "b", "a--b", "c", "a--c", "b--c", "a--b--c"}));
}

// A fraction's combinations are every one of the 2^k, half of them played: those named by a cell.
TEST(ReportFactorial, JsonHasEveryCombinationOfAFraction) {
  simulation::SimulatedFactorial spec = three_factors();
  spec.factors.clear();
  for (const char* name : {"a", "b", "c", "d", "e"}) spec.factors.push_back({name, "", {}});
  const nlohmann::json f = nlohmann::json::parse(json_text(simulation::simulate_factorial(spec).summary))["factorial"];
  ASSERT_EQ(f["cells"].size(), 16u);
  ASSERT_EQ(f["combinations"].size(), 32u);
  std::set<std::string> cells, played, named;
  for (const nlohmann::json& c : f["cells"]) cells.insert(c["name"].get<std::string>());
  for (const nlohmann::json& c : f["combinations"]) {
    named.insert(c["name"].get<std::string>());
    if (c["played"].get<bool>()) played.insert(c["name"].get<std::string>());
    EXPECT_EQ(c["figures"]["score"]["observed"].is_null(), !c["played"].get<bool>());
  }
  EXPECT_EQ(played, cells);
  EXPECT_EQ(named.size(), 32u);  // every combination named as its cell would be, played or not
  EXPECT_EQ(named.count("a--b--c--d--e"), 1u);
  EXPECT_EQ(f["design"]["kind"], "fraction");
  EXPECT_EQ(f["design"]["generators"].size(), 1u);
}

TEST(ReportFactorial, ASignificantEffectOpensTheReportAndAnInsignificantOneDoesNot) {
  const std::string md = markdown(three_factor_report().summary);
  const std::size_t heading = md.find("## Factorial effects");
  ASSERT_NE(heading, std::string::npos);
  EXPECT_LT(heading, md.find("## First-player advantage"));  // the answer first, each cell alone after
  const std::size_t table = md.find("| figure", heading);
  ASSERT_NE(table, std::string::npos);
  const std::string opening = unwrapped(md.substr(heading, table - heading));
  EXPECT_NE(opening.find("The factor a raises the first player's score by"), std::string::npos) << opening;
  EXPECT_NE(opening.find("The factor c raises the first player's score by"), std::string::npos) << opening;
  EXPECT_NE(opening.find("The factors a and c interact on the first player's score: +"), std::string::npos) << opening;
  for (const std::string absent : {"The factor b ", "The factors a and b ", "The factors b and c "})
    EXPECT_EQ(opening.find(absent), std::string::npos) << absent;
  // The significant sentences come before the balanced one, which comes before the sizing.
  EXPECT_LT(opening.find("The factor a raises"), opening.find("Most balanced:"));
}

TEST(ReportFactorial, TheBalancedSentenceNamesTheCellNearestAHalf) {
  const std::string md = markdown(three_factor_report().summary);
  const std::size_t at = md.find("Most balanced: ");
  ASSERT_NE(at, std::string::npos);
  const std::string sentence = unwrapped(md.substr(at, md.find("\n\n", at) - at));  // its paragraph
  // a alone or a--b, the other its twin but for one game; every other combination is 0.3 or more away.
  const std::string suffix = ", the combination whose predicted first player's score is nearest 0.5: ";
  const bool a = sentence.starts_with("Most balanced: a" + suffix);
  const bool ab = sentence.starts_with("Most balanced: a--b" + suffix);
  EXPECT_TRUE(a || ab) << sentence;
  EXPECT_NE(sentence.find("observed "), std::string::npos) << sentence;  // a full factorial played it
  EXPECT_NE(sentence.find("1 other combination cannot be told apart from it"), std::string::npos) << sentence;
  EXPECT_TRUE(sentence.ends_with(a ? ": a--b." : ": a.")) << sentence;

  const nlohmann::json balanced =
      nlohmann::json::parse(json_text(three_factor_report().summary))["factorial"]["balanced"];
  EXPECT_EQ(balanced["name"], a ? "a" : "a--b");
  EXPECT_EQ(balanced["indistinguishable"], nlohmann::json::array({a ? "a--b" : "a"}));
}

TEST(ReportFactorial, NothingSignificantIsSaidSo) {
  simulation::SimulatedFactorial spec = three_factors();
  // No factor plays a part, and each game draws its own chance: a chance of a false "significant"
  // of 5% at most (Holm's family-wise rate), whatever the seed.
  spec.win = [](const stats::FactorialCell&) { return 0.4; };
  spec.result = nullptr;
  spec.common_random_numbers = false;
  spec.opening_sd = 0.05;
  const std::string md = unwrapped(markdown(simulation::simulate_factorial(spec).summary));
  EXPECT_NE(md.find("No main effect or two-factor interaction is significant"), std::string::npos);
  EXPECT_EQ(md.find("The factor "), std::string::npos);
}

TEST(ReportFactorial, TheEffectsChartHasEveryEffectLargestFirstAndAPlotForEachSignificantInteraction) {
  std::vector<std::string> problems;
  const std::string page = html(three_factor_report().summary, &problems);
  if (!charts::gnuplot_available()) GTEST_SKIP() << "gnuplot is not installed";
  EXPECT_TRUE(problems.empty()) << problems.front();
  const std::vector<std::string> charts = svgs(section(page, "factorial"));
  std::map<std::string, std::vector<std::string>> panels;  // by title, the texts after it
  std::vector<std::string> interactions;
  for (const std::string& svg : charts) {
    const std::vector<std::string> texts = svg_texts(svg);
    const auto title = std::find_if(texts.begin(), texts.end(),
                                    [](const std::string& t) { return t.starts_with("Effects on the "); });
    if (title != texts.end()) panels[*title] = texts;
    for (const std::string& t : texts)
      if (t.find(" × ") != std::string::npos && t.find(": ") != std::string::npos) interactions.push_back(t);
  }
  ASSERT_EQ(panels.size(), 3u);  // a panel a figure
  for (const auto& [title, texts] : panels) {
    std::vector<std::string> terms;
    for (const std::string& t : texts)
      if (t == "a" || t == "b" || t == "c" || t == "a × b" || t == "a × c" || t == "b × c") terms.push_back(t);
    EXPECT_EQ(std::set<std::string>(terms.begin(), terms.end()).size(), 6u) << title;
    EXPECT_EQ(terms.size(), 6u) << title;
  }
  // a's effect on the score (0.5) is the largest: the top row.
  const std::vector<std::string>& score = panels.at("Effects on the score (primary)");
  const auto first_term = std::find_if(score.begin(), score.end(), [](const std::string& t) {
    return t == "a" || t == "b" || t == "c" || t.find(" × ") != std::string::npos;
  });
  ASSERT_NE(first_term, score.end());
  EXPECT_EQ(*first_term, "a");
  // One interaction plot for a × c on the score, none for the interactions of b.
  EXPECT_EQ(std::count(interactions.begin(), interactions.end(), "a × c: score"), 1);
  for (const std::string& t : interactions) EXPECT_EQ(t.find("b"), std::string::npos) << t;
}

TEST(ReportFactorial, PagesCloseTheirElementsAndHoldEverySection) {
  simulation::SimulatedFactorial fraction = three_factors();
  fraction.factors.clear();
  for (const char* name :
       {"dog-above-wolf", "rat-takes-rat-ashore", "elephant-takes-rat", "den-only-wins", "no-moves-draw"})
    fraction.factors.push_back({name, std::string("data/examples/disputes/") + name + ".toml", {"x: 0 → 1"}});
  fraction.plan.margin = 0.05;
  fraction.rounds = {{20, 0.09}, {60, 0.05}};
  fraction.stopped_by = "max-time";
  for (const simulation::SimulatedFactorial& spec : {three_factors(), fraction}) {
    const simulation::SimulatedReport r = simulation::simulate_factorial(spec);
    const std::string page = html(r.summary);
    expect_balanced(page);
    for (const char* id : {"factorial", "factorial-cells", "factorial-balanced", "factorial-design", "first-player"})
      EXPECT_NE(page.find("<section id=\"" + std::string(id) + "\">"), std::string::npos) << id;
    // The design's factors and files, and every cell played in the cells' table.
    const std::string design = section(page, "factorial-design");
    for (const auto& factor : spec.factors) EXPECT_NE(design.find(factor.name), std::string::npos) << factor.name;
    // Without the break opportunities of the names joined by "--".
    const std::string cells =
        std::regex_replace(section(page, "factorial-cells"), std::regex("<wbr>|<span class=\"whole\">|</span>"), "");
    for (const report::FactorialCellSummary& c : r.summary.factorial->cells)
      EXPECT_NE(cells.find("<td data-label=\"combination\">" + c.name + "</td>"), std::string::npos) << c.name;
  }
  // The fraction: 16 cells of 32 combinations, its generator, and the aliases column.
  const simulation::SimulatedReport r = simulation::simulate_factorial(fraction);
  EXPECT_EQ(r.summary.factorial->cells.size(), 16u);
  const std::string md = markdown(r.summary);
  EXPECT_NE(md.find("E = ABCD"), std::string::npos);
  EXPECT_NE(md.find("| aliased with"), std::string::npos);
  const std::size_t cells = md.find("## Cells and combinations");
  ASSERT_NE(cells, std::string::npos);
  EXPECT_EQ(count(md.substr(cells, md.find("\n## ", cells + 1) - cells), "| not played "), 16u);  // all 32 shown
  EXPECT_NE(unwrapped(md).find("stopped by --max-time"), std::string::npos);
  EXPECT_NE(md.find("90% interval"), std::string::npos);
}

// Cells that play the same games (a cell that plays as another, research/factorial_cells.h, or a
// factor that changes nothing) make contrasts that are 0 exactly; summed over eight cells they
// are 0 only up to rounding (1e-17 with a variance of 1e-36, p < 1e-40), which stats/ treats as
// 0, so the report never opens with "The factor b raises the draw rate by 0.000: significant".
TEST(ReportFactorial, CellsThatPlayTheSameGamesHaveNoSignificantEffect) {
  simulation::SimulatedFactorial spec = three_factors();
  spec.result = nullptr;  // b changes no game at all
  const report::Summary s = simulation::simulate_factorial(spec).summary;
  for (const stats::FigureEffects& figure : s.factorial->analysis.figures)
    for (const stats::FactorialEffect& e : figure.effects)
      if ((e.term.word & 0b010) != 0) {
        EXPECT_FALSE(e.significant) << stats::figure_name(figure.figure) << " " << e.term.name << " "
                                    << e.estimate.estimate << " p " << e.estimate.p_value;
      }
  EXPECT_EQ(markdown(s).find("The factor b "), std::string::npos);
}
