// The report's opening sections and their order: the run's settings, the rules compared side by
// side, the draw rate with its interval and test, and the charts' titles and scales.
#include <gtest/gtest.h>

#include <algorithm>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "match/tournament.h"
#include "report/charts.h"
#include "report/report.h"
#include "research/compare_config.h"
#include "research/game_summary.h"
#include "research/run_settings.h"
#include "research/levels_summary.h"
#include "research/weights_fitting.h"
#include "search/evaluator_version.h"
#include "support/version.h"
#include "tests/report_page.h"

using namespace jungle;
using test::svgs;
namespace fs = std::filesystem;

namespace {

constexpr Result W = Result::WhiteWins, B = Result::BlackWins, D = Result::Draw;

// A game without moves under `variant`; games with one `opening` are one unit.
StoredGame game(const std::string& variant, const std::string& white, const std::string& black, Result result,
                int opening) {
  StoredGame g;
  g.record.variant = variant;
  g.record.white = white;
  g.record.black = black;
  g.record.result = result;
  g.record.reason = result == D ? EndReason::Repetition : EndReason::Den;
  g.pair = g.opening = opening;
  return g;
}

// Self-play games of one variant, each its own opening: `draws` draws, then first-player wins.
void add_independent(std::vector<StoredGame>& games, const std::string& variant, int draws, int total) {
  for (int i = 0; i < total; ++i) games.push_back(game(variant, "x", "x", i < draws ? D : W, int(games.size())));
}

const report::VariantSummary& variant(const report::Summary& s, const std::string& name) {
  for (const report::VariantSummary& v : s.variants)
    if (v.name == name) return v;
  throw std::runtime_error("no variant " + name);
}

std::string markdown(const report::Summary& s) {
  std::ostringstream out;
  report::write_markdown(out, s);
  return out.str();
}

// The "## " headings of a Markdown report, in order.
std::vector<std::string> headings(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("## ", 0) == 0) out.push_back(line.substr(3));
  return out;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("jungle-test-report-sections-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(ReportDraws, WilsonIntervalOverIndependentGamesByHand) {
  // 4 draws in 10 games, each its own opening: p = 0.4, n* = 10 (variance 0.4·0.6/10).
  // Wilson, z = 1.959964, z² = 3.841459: centre (0.4 + z²/20)/(1 + z²/10) = 0.592073/1.384146
  // = 0.427751, half z·sqrt(0.024 + z²/400)/1.384146 = 0.259573: [0.168178, 0.687324]
  // (R: prop.test(4, 10, correct = FALSE)$conf.int = 0.1681803 0.6873262).
  std::vector<StoredGame> games;
  add_independent(games, "alpha", 4, 10);
  const report::Summary summary = research::summarize(games);
  const stats::FirstPlayerStats& f = summary.variants[0].first_player;
  EXPECT_NEAR(f.draw_rate.mean, 0.4, 1e-12);
  EXPECT_NEAR(f.draw_rate_wilson.low, 0.1681803, 1e-6);
  EXPECT_NEAR(f.draw_rate_wilson.high, 0.6873262, 1e-6);
}

TEST(ReportDraws, WilsonIntervalOverPairsUsesTheEffectiveNumberOfGames) {
  // Five openings played twice each: two pairs drawn twice, three won twice; 4 draws of 10.
  // Cluster sums 2, 2, 0, 0, 0 of size 2: with Cochran's G/(G-1) = 5/4,
  // v = 5/4·(2·(2 - 0.8)² + 3·0.8²)/10² = 0.06; Kish's n* = N·p(1-p)/((N-1)·v)
  // = 10·0.24/(9·0.06) = 4.4444. Five units (< 30): times Korn-Graubard's (t_9/t_4)²
  // = (2.262157/2.776445)² = 0.663846, so n = 2.950427. Wilson for p = 0.4 of 2.950427 games at
  // z = 1.959964: centre (0.4 + z²/2n)/(1 + z²/n) = 0.456559, half-width
  // z·sqrt(p(1-p)/n + z²/4n²)/(1 + z²/n) = 0.372749: [0.083810, 0.829309].
  std::vector<StoredGame> games;
  for (int opening = 0; opening < 5; ++opening)
    for (int i = 0; i < 2; ++i) games.push_back(game("alpha", "x", "x", opening < 2 ? D : W, opening));
  const report::Summary summary = research::summarize(games);
  const stats::FirstPlayerStats& f = summary.variants[0].first_player;
  EXPECT_EQ(f.units, 5u);
  EXPECT_NEAR(f.draw_rate.variance, 0.06, 1e-12);
  EXPECT_NEAR(f.draw_rate_wilson.low, 0.083810, 2e-6);
  EXPECT_NEAR(f.draw_rate_wilson.high, 0.829309, 2e-6);
}

TEST(ReportDraws, TestAgainstTheBaselineByHand) {
  // base 4/10 draws, more 8/10, independent games. Pooled p = 12/20 = 0.6, se = sqrt(0.6·0.4·(1/10
  // + 1/10)) = 0.219089, z = 0.4/0.219089 = 1.825742, p = 2(1 - Φ(z)) = 0.067889 (R:
  // prop.test(c(8, 4), c(10, 10), correct = FALSE)$p.value = 0.06788915). One comparison: Holm
  // leaves it as it is. Newcombe's interval from the Wilson intervals (0.4902, 0.9433) of 8/10 and
  // (0.1682, 0.6873) of 4/10: [0.4 - sqrt(0.3098² + 0.2873²), 0.4 + sqrt(0.1433² + 0.2318²)]
  // = [-0.0225, 0.6725].
  std::vector<StoredGame> games;
  add_independent(games, "base", 4, 10);
  add_independent(games, "more", 8, 10);
  const report::Summary s = research::summarize(games);
  EXPECT_EQ(s.baseline, "base");
  EXPECT_FALSE(variant(s, "base").draws_vs_baseline.has_value());
  ASSERT_TRUE(variant(s, "more").draws_vs_baseline.has_value());
  const report::BaselineComparison& c = *variant(s, "more").draws_vs_baseline;
  EXPECT_NEAR(c.difference.difference, 0.4, 1e-12);
  EXPECT_NEAR(c.difference.p_value, 0.06788915, 1e-6);
  EXPECT_NEAR(c.p_holm, 0.06788915, 1e-6);
  EXPECT_NEAR(c.difference.interval.low, -0.0225, 5e-4);
  EXPECT_NEAR(c.difference.interval.high, 0.6725, 5e-4);

  // A third variant as drawish as the base (p = 1): Holm over the two draw-rate tests alone gives
  // min(1, 2·0.06788915) = 0.1357783 and max(0.1357783, 1) = 1. Had the two decisive-share tests
  // (every decisive game a first-player win, so p = 1 each) joined the family, it would be
  // 4·0.06788915 = 0.2715566.
  std::vector<StoredGame> three = games;
  add_independent(three, "same", 4, 10);
  const report::Summary t = research::summarize(three);
  EXPECT_NEAR(variant(t, "more").draws_vs_baseline->p_holm, 0.1357783, 1e-6);
  EXPECT_NEAR(variant(t, "same").draws_vs_baseline->p_holm, 1.0, 1e-12);
  EXPECT_NEAR(variant(t, "more").vs_baseline->difference.p_value, 1.0, 1e-12);

  // The Markdown table says the same, next to the decisive-share comparison.
  const std::string text = markdown(s);
  const std::vector<std::string> h = headings(text);
  const auto baseline = std::find(h.begin(), h.end(), "Against the baseline, base");
  ASSERT_NE(baseline, h.end());
  ASSERT_NE(baseline + 1, h.end());
  EXPECT_EQ(*(baseline + 1), "Draw rate");
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\| more +\| +10 \| +8 \| +80\.0% \| +49\.0%–94\.3% \| +\+40\.0 pp \|)")))
      << text;
}

TEST(ReportRules, OnlyTheKeysThatDifferAreMarked) {
  // `jungle rules ludii --diff standard` (variants/ludii.toml against variants/standard.toml):
  // eight keys differ.
  const std::set<std::string> differing = {"captures.elephant_captures_rat", "end.capture_all", "ranks.dog",
                                           "ranks.wolf", "traps.weakened_attacker", "traps.weakens",
                                           "water.land_to_water", "water.water_to_land"};
  const std::vector<StoredGame> games = {game("standard", "x", "x", W, 0), game("ludii", "x", "x", B, 1)};
  const report::Summary s = research::summarize(games);

  // Markdown: the rows of the rules table that start with the ≠ marker.
  const std::string text = markdown(s);
  const std::size_t begin = text.find("## Rules compared"), end = text.find("\n## ", begin + 1);
  ASSERT_NE(begin, std::string::npos);
  std::istringstream rules(text.substr(begin, end - begin));
  std::set<std::string> marked;
  std::size_t rows = 0;
  const std::regex row(R"(^\| (≠|) *\| ([a-z_]+\.[a-z_.]+) +\|)");  // not the header
  for (std::string line; std::getline(rules, line);) {
    std::smatch m;
    if (!std::regex_search(line, m, row)) continue;
    ++rows;
    if (m[1] == "≠") marked.insert(m[2]);
  }
  EXPECT_EQ(marked, differing);
  EXPECT_GT(rows, differing.size() + 10);  // every key is shown, not only those that differ
  EXPECT_NE(text.find("8 rows differ"), std::string::npos);

  // HTML: those rows and no others carry the highlighting class.
  std::ostringstream html;
  report::write_html(html, s, "t");
  const std::string page = html.str();
  EXPECT_EQ(count(page, "<tr class=\"differs\">"), differing.size());
  for (const std::string& key : differing)
    EXPECT_NE(page.find("<tr class=\"differs\"><td data-label=\"≠\">≠</td><td data-label=\"rule\">" + key + "</td>"),
              std::string::npos)
        << key;
  EXPECT_NE(page.find("tr.differs td { background:"), std::string::npos);
}

// Issue 42: a list emptied by one variant (the lion and the tiger do not jump) is a row that
// differs, its value [] and never a blank cell.
TEST(ReportRules, AnEmptiedListIsAVisibleDifference) {
  Variant no_jumps;
  no_jumps.name = "no-jumps";
  no_jumps.jump_axes[LION] = no_jumps.jump_axes[TIGER] = 0;
  no_jumps.conclude();
  research::SummaryOptions options;
  options.rules = {Variant(), no_jumps};
  const std::vector<StoredGame> games = {game("standard", "x", "x", W, 0), game("no-jumps", "x", "x", B, 1)};
  const std::string text = markdown(research::summarize(games, options));
  EXPECT_NE(text.find("2 rows differ"), std::string::npos) << text;
  for (const char* kind : {"lion", "tiger"})
    EXPECT_TRUE(std::regex_search(
        text, std::regex(std::string(R"(\| ≠ +\| jumps\.)") + kind + R"( +\| \[ 'vertical', 'horizontal' \] +\| \[\] +\|)")))
        << kind << "\n" << text;
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\|  +\| jumps\.cat +\| \[\] +\| \[\] +\|)"))) << text;
}

// Issue 42: with every player naming weights=untuned (compare --weights untuned), no variant's
// default weights were played, and the "default weights" row must not name standard's tuned file.
TEST(ReportSettings, DefaultWeightsNoPlayerUsedAreNotNamed) {
  TournamentConfig config;
  config.variants = {"standard"};
  config.players = {"alphabeta:depth=1,weights=untuned"};
  config.games_per_pair = 2;
  config.threads = 1;
  config.out = fresh_dir("untuned");
  const TournamentRun run = run_tournament(config);
  const report::RunSettings s = research::run_settings(config.out / "games.jsonl", run.games);
  EXPECT_EQ(s.default_weights, "untuned, as the players' weights= say (no variant's default weights were played)");
  EXPECT_TRUE(s.weights.empty());  // nor a Weights section of files nobody played

  // A player without weights= did play standard's default, its tuned file.
  config.players = {"alphabeta:depth=1"};
  config.out = fresh_dir("tuned");
  const TournamentRun tuned = run_tournament(config);
  // With the evaluator and recipe that fitted it: today's and the bundled recipe, as the test
  // BundledWeights.AreFittedByTodaysEvaluatorAndRecipe requires of every bundled file.
  EXPECT_EQ(research::run_settings(config.out / "games.jsonl", tuned.games).default_weights,
            "standard: standard.weights.toml; every weights file fitted by evaluator " + evaluator_version() +
                ", recipe \"" + research::recipe_text(research::fitting_recipe("", research::BUNDLED_FIT_GAMES)) + "\"");
  fs::remove_all(config.out);
  fs::remove_all(fresh_dir("untuned"));
}

// Issue 42: the command row counts the commands typed, not the starts of a tournament: compare
// --precision starts one a round, all in one process, and so one invocation.
TEST(ReportSettings, CountsCommandsNotRounds) {
  TournamentConfig config;
  config.players = {"random"};
  config.threads = 1;
  config.out = fresh_dir("rounds");
  config.command_line = {"jungle", "compare", "standard", "jungla", "--precision", "0.2"};
  auto command = [&](int games) {
    config.games_per_pair = games;
    const TournamentRun run = run_tournament(config);
    return research::run_settings(config.out / "games.jsonl", run.games).command;
  };
  // Rounds of this process: one command, however many starts.
  command(2);
  command(4);
  EXPECT_EQ(command(6), "jungle compare standard jungla --precision 0.2");
  const nlohmann::json runs = nlohmann::json::parse(std::ifstream(config.out / "run.json"))["runs"];
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_FALSE(runs[0]["invocation"].get<std::string>().empty());
  EXPECT_EQ(runs[2]["invocation"], runs[0]["invocation"]);

  // Typed again (another invocation), then another command: each shown, in order.
  config.invocation = "second";
  EXPECT_EQ(command(8), "jungle compare standard jungla --precision 0.2 (run 2 times: resumed or extended)");
  config.invocation = "third";
  config.command_line = {"jungle", "tournament", "--players", "random", "--games", "10"};
  EXPECT_EQ(command(10), "jungle compare standard jungla --precision 0.2 (run 2 times); then jungle tournament "
                         "--players random --games 10");

  // A folder from before invocations were recorded: each start a command of its own, as it was.
  nlohmann::json old = nlohmann::json::parse(std::ifstream(config.out / "run.json"));
  for (nlohmann::json& run : old["runs"]) run.erase("invocation");
  std::ofstream(config.out / "run.json") << old.dump(2);
  EXPECT_EQ(research::run_settings(config.out / "games.jsonl", {}).command,
            "jungle compare standard jungla --precision 0.2 (run 4 times); then jungle tournament --players random "
            "--games 10");
  fs::remove_all(config.out);
}

TEST(ReportSettings, FromRunJsonElseUnknown) {
  TournamentConfig config;
  config.variants = {"standard"};
  config.players = {"random"};
  config.games_per_pair = 2;
  config.seed = 7;
  config.threads = 1;
  config.out = fresh_dir("run");
  config.command_line = {"jungle", "tournament", "--players", "random", "--seed", "7"};
  const TournamentRun run = run_tournament(config);
  const fs::path file = config.out / "games.jsonl";
  const report::RunSettings s = research::run_settings(file, run.games);
  EXPECT_EQ(s.command, "jungle tournament --players random --seed 7");
  EXPECT_EQ(s.seed, "7");
  EXPECT_EQ(s.openings, "random:plies=4");
  EXPECT_EQ(s.players, "random");
  EXPECT_EQ(s.games, "2 per pairing and variant (2 games in the file)");
  EXPECT_EQ(s.threads, "1");
  EXPECT_EQ(s.version, program_version());
  EXPECT_TRUE(std::regex_match(s.date, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)"))) << s.date;

  // The report says them after its figures, under "How the games were made".
  report::Summary summary = research::summarize(run.games);
  summary.runs = {s};
  const std::string text = markdown(summary);
  const std::vector<std::string> h = headings(text);
  const auto made = std::find(h.begin(), h.end(), "How the games were made");
  ASSERT_NE(made, h.end());
  EXPECT_GT(made - std::find(h.begin(), h.end(), "First-player advantage"), 0);
  for (const std::string row : {R"(\| command +\| jungle tournament --players random --seed 7 +\|)",
                                R"(\| seed +\| 7 +\|)", R"(\| openings +\| random:plies=4 +\|)",
                                R"(\| threads +\| 1 +\|)", R"(\| program version \| [^ ]+ +\|)"})
    EXPECT_TRUE(std::regex_search(text, std::regex(row))) << row << "\n" << text;

  // The same games without their run.json: what the games show, and "unknown" for the rest.
  const fs::path plain = fresh_dir("plain") / "games.jsonl";
  fs::copy_file(file, plain);
  const report::RunSettings p = research::run_settings(plain, run.games);
  for (const std::string* field : {&p.command, &p.seed, &p.openings, &p.threads, &p.version, &p.date})
    EXPECT_EQ(*field, "unknown");
  EXPECT_EQ(p.players, "random");
  EXPECT_EQ(p.games, "2 games");

  // A run.json that is not one: an error naming it.
  std::ofstream(config.out / "run.json") << "{ oops";
  EXPECT_THROW(research::run_settings(file, run.games), ResultsError);
  fs::remove_all(config.out);
  fs::remove_all(plain.parent_path());
}

TEST(ReportOrder, TheAnswerFirstThenTheFiguresThenHowTheGamesWereMade) {
  // Two players: the Players section first, the settings after every figure.
  std::vector<StoredGame> tournament = {game("alpha", "p", "q", W, 0), game("alpha", "q", "p", D, 0)};
  const std::vector<std::string> t = headings(markdown(research::summarize(tournament)));
  EXPECT_EQ(t, (std::vector<std::string>{"Players", "First-player advantage", "Draw rate", "Balance", "Game length",
                                         "End reasons", "How the games were made"}));

  // Self-play in several variants: the first player's advantage first, the players last of the
  // figures; then the settings, and the rules compared (both bundled variants' rules are known).
  std::vector<StoredGame> study;
  add_independent(study, "standard", 1, 4);
  add_independent(study, "ludii", 2, 4);
  const std::vector<std::string> v = headings(markdown(research::summarize(study)));
  EXPECT_EQ(v, (std::vector<std::string>{"First-player advantage", "Against the baseline, standard", "Draw rate",
                                         "Balance", "Game length", "End reasons", "Players",
                                         "How the games were made", "Rules compared"}));
}


// The tick labels of an SVG (gnuplot writes them as " 10").
std::vector<std::string> ticks(const std::string& svg) {
  std::vector<std::string> out;
  const std::regex text(R"(<text[^>]*>( [-0-9.]+)</text>)");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1]);
  return out;
}

// The tick labels of one axis of a gnuplot chart: the y axis's are right-aligned beside it
// (text-anchor "end"), the x axis's centred under it ("middle").
std::vector<std::string> axis_ticks(const std::string& svg, char axis) {
  std::vector<std::string> out;
  const std::regex text(std::string(R"(text-anchor=")") + (axis == 'y' ? "end" : "middle") +
                        R"(">\s*<text>( [-0-9.]+)</text>)");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1]);
  return out;
}

// The last cell of the Markdown table row of `variant` under the heading `section`, trimmed.
std::string last_cell(const std::string& markdown, const std::string& section, const std::string& variant) {
  std::istringstream in(markdown.substr(markdown.find("## " + section + "\n")));
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("| " + variant + " ", 0) != 0) continue;
    line.erase(line.find_last_not_of(" |") + 1);
    line.erase(0, line.rfind("| ") + 2);
    return line;
  }
  return "no row of " + variant;
}

TEST(ReportCharts, ForestFirstSharedLengthsOwnCountsHumanTitles) {
  if (!charts::gnuplot_available()) GTEST_SKIP() << "gnuplot is not installed";
  // Two variants whose games last differently: base 30 games of 5 plies; other 10 of 5, 10 of 25.
  std::vector<StoredGame> games;
  add_independent(games, "base", 10, 30);
  add_independent(games, "other", 5, 20);
  for (std::size_t i = 0; i < games.size(); ++i) games[i].record.plies = games[i].record.variant == "other" && i % 2 ? 25 : 5;
  std::ostringstream out;
  const std::vector<std::string> problems = report::write_html(out, research::summarize(games), "t");
  ASSERT_TRUE(problems.empty()) << problems.front();
  const std::string page = out.str();

  // No gnuplot internals anywhere: no data file, no plot command, no default titles.
  for (const char* internal : {"using 1:", "using 0:", "using 2:", "data.txt", "<title>gnuplot", "<title>Gnuplot"})
    EXPECT_EQ(page.find(internal), std::string::npos) << internal;

  const std::vector<std::string> charts = svgs(page);
  // Forest plots (decisive share, draw rate), score, two histograms, end reasons.
  ASSERT_EQ(charts.size(), 6u);
  for (const std::string& svg : charts) EXPECT_EQ(count(svg, "<title>"), 1u);
  EXPECT_NE(charts[0].find("<title>First player's share of decisive games, minus base's</title>"), std::string::npos);
  EXPECT_NE(charts[1].find("<title>Draw rate, minus base's</title>"), std::string::npos);
  // The histograms share their x scale (both to 30 plies: other's longest games, of 25, are in
  // the bin 20-29), but each has its own y scale, to its fullest bin: base's 0-9 holds all its
  // 30 games; other's 0-9 and 20-29 hold 10 each.
  EXPECT_NE(charts[3].find("<title>Game length, base</title>"), std::string::npos);
  EXPECT_NE(charts[4].find("<title>Game length, other</title>"), std::string::npos);
  EXPECT_EQ(axis_ticks(charts[3], 'x'), axis_ticks(charts[4], 'x'));
  ASSERT_FALSE(axis_ticks(charts[3], 'x').empty());
  EXPECT_EQ(axis_ticks(charts[3], 'x').back(), " 30");
  ASSERT_FALSE(axis_ticks(charts[3], 'y').empty());
  ASSERT_FALSE(axis_ticks(charts[4], 'y').empty());
  EXPECT_EQ(axis_ticks(charts[3], 'y').back(), " 30");
  EXPECT_EQ(axis_ticks(charts[4], 'y').back(), " 10");
  EXPECT_NE(page.find("each chart has its own vertical scale"), std::string::npos);
  // End reasons in percent: the axis ends at 100.
  const std::vector<std::string> reasons = ticks(charts[5]);
  EXPECT_NE(std::find(reasons.begin(), reasons.end(), " 100"), reasons.end());
  for (const std::string& label : reasons) EXPECT_NE(label, " 120") << "the shares' axis runs past 100%";
}

// Issue 55: the recipe that fitted the weights, a sentence of sixty words, is spelt out once, in the
// settings, and named "recipe A" wherever else the report would repeat it: the Weights table's
// rows, the default-weights row and a warning that quotes it.
TEST(ReportRecipes, EachRecipeSpeltOutOnceAndNamedElsewhere) {
  const std::string recipe = "500 self-play games of alphabeta:depth=3,contempt=50,weights=untuned from random:plies=8, "
                             "seed 101; Texel's method on pieces from untuned, quiescence positions after ply 8";
  const std::string other = "200 self-play games of alphabeta:depth=2 from random:plies=4, seed 7; Texel's method";
  std::vector<StoredGame> games;
  add_independent(games, "standard", 1, 4);
  add_independent(games, "ludii", 1, 4);
  report::Summary s = research::summarize(games);
  report::RunSettings run;
  run.source = "games.jsonl";
  run.players = "alphabeta:depth=2";
  run.default_weights = "ludii: ludii.weights.toml; standard: standard.weights.toml; every weights file fitted by "
                        "evaluator ev-1, recipe \"" + recipe + "\"";
  run.weights = {
      {"ludii", "variants/ludii.weights.toml", "c7aac47b60d6ddaf", "jungle tune --variant ludii", "ev-1", recipe},
      {"standard", "variants/standard.weights.toml", "387b770b72bb699b", "jungle tune --variant standard", "ev-1", other}};
  run.weights_warning = "the variants' weights were fitted differently: ludii by evaluator ev-1 and recipe \"" + recipe +
                        "\"; standard by evaluator ev-1 and recipe \"" + other + "\"";
  s.runs = {run};
  std::ostringstream html;
  report::write_html(html, s, "t");
  // The page's cells break after a comma (<wbr>): the recipe whole without them.
  for (const std::string& text : {markdown(s), std::regex_replace(html.str(), std::regex("<wbr>"), "")}) {
    EXPECT_EQ(count(text, recipe), 1u);
    EXPECT_EQ(count(text, other), 1u);
  }
  const std::string text = markdown(s);
  // In the order met: the Weights table's first row is ludii's.
  const std::string recipe_pattern = std::regex_replace(recipe, std::regex(R"([.()+|$^*?\[\]\\{}])"), R"(\$&)");
  EXPECT_TRUE(std::regex_search(text, std::regex("\\| recipe A +\\| " + recipe_pattern + " +\\|")));
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\| recipe B +\| 200 self-play games)")));
  EXPECT_TRUE(std::regex_search(
      text, std::regex(R"(\| ludii +\| ludii\.weights\.toml +\| c7aac47b60d6ddaf \| jungle tune --variant ludii +\| )"
                       R"(ev-1 +\| recipe A \|)")))
      << text;
  EXPECT_TRUE(std::regex_search(
      text, std::regex(R"(\| standard +\| standard\.weights\.toml +\| 387b770b72bb699b \| jungle tune --variant standard \| )"
                       R"(ev-1 +\| recipe B \|)")))
      << text;
  EXPECT_NE(text.find("every weights file fitted by evaluator ev-1, recipe A "), std::string::npos) << text;
  EXPECT_NE(text.find("- Note: warning: the variants' weights were fitted differently: ludii by evaluator ev-1 and"),
            std::string::npos);
  const std::string joined = std::regex_replace(text, std::regex("\\s+"), " ");  // the note's lines joined
  EXPECT_NE(joined.find("ludii by evaluator ev-1 and recipe A; standard by evaluator ev-1 and recipe B"),
            std::string::npos);
}

// Issue 55: Markdown reads in a terminal: every line of prose (not a table's row) within 100
// columns, wrapped at its spaces, the words in their order.
TEST(ReportMarkdown, ProseIsWrappedTo100Columns) {
  std::vector<StoredGame> games = {game("standard", "x", "x", W, 0), game("ludii", "x", "x", B, 1)};
  add_independent(games, "standard", 1, 6);
  report::Summary s = research::summarize(games);
  const std::string path = "/" + std::string(150, 'x') + "/games.jsonl";
  s.sources = {path};  // in the line under the title: a word longer than a line
  const std::string text = markdown(s);
  std::istringstream in(text);
  std::size_t prose = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("|")) continue;
    ++prose;
    std::size_t width = 0;
    for (unsigned char c : line) width += (c & 0xC0) != 0x80;
    // A word longer than a line has one of its own.
    if (line.find(path) != std::string::npos)
      EXPECT_EQ(line, path + ".");
    else
      EXPECT_LE(width, 100u) << line;
  }
  EXPECT_GT(prose, 40u);
  EXPECT_NE(text.find("\n" + path + ".\n"), std::string::npos);
  // The words are those of the sections, in order: the first player's explanation, joined again.
  std::string joined = text;
  std::replace(joined.begin(), joined.end(), '\n', ' ');
  EXPECT_NE(joined.find("Results of the player who moves first. Score (W + D/2)/N with a Wilson interval; win rate W/N "
                        "with Wilson and Clopper-Pearson intervals; all intervals 95%."),
            std::string::npos);
}

// The texts of an SVG: each with its font size, and its place (gnuplot's translate(x,y)).
struct SvgText {
  std::string text;
  double size, x, y;
};
std::vector<SvgText> svg_texts(const std::string& svg) {
  std::vector<SvgText> out;
  const std::regex text(
      R"re(translate\(([-0-9.]+),([-0-9.]+)\)[^>]*font-size="([0-9.]+)"[^>]*>\s*<text>([^<]*)</text>)re");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator(); ++it)
    out.push_back({(*it)[4], std::stod((*it)[3]), std::stod((*it)[1]), std::stod((*it)[2])});
  return out;
}

// The width of an SVG's viewBox, as written.
std::string view_width(const std::string& svg) {
  std::smatch m;
  if (!std::regex_search(svg, m, std::regex(R"(viewBox="0 0 ([0-9.]+) )"))) return "";
  return m[1];
}

// The HTML report of independent games of "base" (10 draws in 30) and of `other` (5 in 20).
std::string page_of_two_variants(const std::string& other) {
  std::vector<StoredGame> games;
  add_independent(games, "base", 10, 30);
  add_independent(games, other, 5, 20);
  std::ostringstream out;
  EXPECT_TRUE(report::write_html(out, research::summarize(games), "t").empty());
  return out.str();
}

// Issue 55: a chart scales to the page, at most to its own width, and its text is sized for a phone:
// drawn 366 px wide (a 390 px window less the page's margins), every text is 10 px or more.
TEST(ReportCharts, EveryChartScalesAndItsTextReadsOnAPhone) {
  if (!charts::gnuplot_available()) GTEST_SKIP() << "gnuplot is not installed";
  const std::vector<std::string> charts = svgs(page_of_two_variants("other-variant-with-a-long-name"));
  ASSERT_EQ(charts.size(), 6u);
  for (const std::string& svg : charts) {
    const std::string box = view_width(svg);
    ASSERT_FALSE(box.empty());
    EXPECT_NE(svg.find("<svg style=\"max-width: " + box + "px\""), std::string::npos);
    const double width = std::stod(box);
    const std::vector<SvgText> texts = svg_texts(svg);
    EXPECT_FALSE(texts.empty());
    for (const SvgText& t : texts) EXPECT_GE(t.size * 366 / width, 10) << t.text << " in a chart " << width << " wide";
  }
}

// Issue 55: a stacked bar's key lists the series in the stack's order: the first series, leftmost in
// every bar, first, the key read down each column (gnuplot fills a column, then the next).
TEST(ReportCharts, AStackedBarsKeyIsInTheStacksOrder) {
  if (!charts::gnuplot_available()) GTEST_SKIP() << "gnuplot is not installed";
  charts::StackedBars bars;
  bars.labels = {"alpha", "beta", "gamma"};
  bars.series = {"den", "capture-all", "no-moves", "repetition", "limit", "no-capture", "adjudication"};
  bars.values = {{50, 10, 0, 20, 10, 10, 0}, {30, 30, 10, 10, 10, 5, 5}, {100, 0, 0, 0, 0, 0, 0}};
  const std::vector<SvgText> texts = svg_texts(charts::stacked_bar_chart(bars, "How games end", "% of games", 100));
  std::vector<SvgText> key;
  for (const SvgText& t : texts)
    if (std::find(bars.series.begin(), bars.series.end(), t.text) != bars.series.end()) key.push_back(t);
  ASSERT_EQ(key.size(), bars.series.size());
  std::stable_sort(key.begin(), key.end(), [](const SvgText& a, const SvgText& b) {
    return std::abs(a.x - b.x) > 1 ? a.x < b.x : a.y < b.y;  // by column, then down it
  });
  for (std::size_t i = 0; i < key.size(); ++i) EXPECT_EQ(key[i].text, bars.series[i]) << i;
}

// Issue 55: one unit per chart: the differences from the baseline, the decisive share's as the draw
// rate's, in percentage points, and said so on the axis.
TEST(ReportCharts, TheDifferencesShareOneUnit) {
  if (!charts::gnuplot_available()) GTEST_SKIP() << "gnuplot is not installed";
  const std::string page = page_of_two_variants("other");
  const std::vector<std::string> charts = svgs(page);
  ASSERT_GE(charts.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    std::vector<std::string> labels;
    for (const SvgText& t : svg_texts(charts[i])) labels.push_back(t.text);
    EXPECT_NE(std::find(labels.begin(), labels.end(), "difference in percentage points"), labels.end()) << i;
  }
  EXPECT_EQ(page.find("difference in W/(W+L)"), std::string::npos);
}

// A chart to a few games counts them in whole games: its fullest bin holds 3, so the y axis runs
// 0, 1, 2, 3 (gnuplot left alone steps such an axis by 0.5).
TEST(ReportCharts, AShortHistogramCountsWholeGames) {
  if (!charts::gnuplot_available()) GTEST_SKIP() << "gnuplot is not installed";
  const std::string svg = charts::histogram_chart({1, 3, 2}, 10, 30, 3, "t");
  EXPECT_EQ(axis_ticks(svg, 'y'), (std::vector<std::string>{" 0", " 1", " 2", " 3"}));
}

// The Markdown histogram column: each row scaled to its own fullest bin (bins of 10 plies, a bin
// of c games of a row whose fullest holds m drawn as block (8c - 1)/m of ▁▂▃▄▅▆▇█).
TEST(ReportDuration, EachSparklineHasItsOwnScale) {
  std::vector<StoredGame> games;
  add_independent(games, "spike", 0, 40);  // 40 games of 5 plies: one bin of 40
  add_independent(games, "spread", 0, 7);  // 5, 15, 15, 25, 25, 25, 25 plies: bins of 1, 2, 4
  const int spread_plies[] = {5, 15, 15, 25, 25, 25, 25};
  for (std::size_t i = 0; i < games.size(); ++i)
    games[i].record.plies = i < 40 ? 5 : spread_plies[i - 40];
  const std::string text = markdown(research::summarize(games));
  EXPECT_EQ(last_cell(text, "Game length", "spike"), "█");
  // 1 of 4: (8 - 1)/4 = 1, ▂; 2 of 4: 15/4 = 3, ▄; 4 of 4: █. (Scaled to spike's 40 they were ▁▁▁.)
  EXPECT_EQ(last_cell(text, "Game length", "spread"), "▂▄█");
  EXPECT_NE(text.find("Each row has its own vertical scale"), std::string::npos);
}

}  // namespace
