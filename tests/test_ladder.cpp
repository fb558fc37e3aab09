// The strength ladder: its levels as written on the command line, and its table from hand-made
// games whose scores, intervals and Elo are worked out by hand below.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "report/ladder_report.h"
#include "report/levels_report.h"
#include "research/ladder_levels.h"
#include "research/ladder_runs.h"
#include "research/ladder_summary.h"
#include "research/levels_summary.h"
#include "stats/trend.h"

namespace jungle {
namespace {

using research::LadderLevel;
using research::parse_ladder_levels;
using research::read_run_cpu;
using research::set_ladder_contempt;

std::vector<std::string> specs(const std::vector<LadderLevel>& levels) {
  std::vector<std::string> out;
  for (const LadderLevel& l : levels) out.push_back(l.spec);
  return out;
}

TEST(LadderLevels, RangesListsAndFormulasExpandByHand) {
  EXPECT_EQ(specs(parse_ladder_levels("depth=1..6")),
            (std::vector<std::string>{"alphabeta:depth=1", "alphabeta:depth=2", "alphabeta:depth=3", "alphabeta:depth=4",
                                      "alphabeta:depth=5", "alphabeta:depth=6"}));
  // 1000·4^k for k = 0..5.
  EXPECT_EQ(specs(parse_ladder_levels("nodes=1000*4^k,k=0..5")),
            (std::vector<std::string>{"alphabeta:nodes=1000", "alphabeta:nodes=4000", "alphabeta:nodes=16000",
                                      "alphabeta:nodes=64000", "alphabeta:nodes=256000", "alphabeta:nodes=1024000"}));
  EXPECT_EQ(specs(parse_ladder_levels("depth=1,2,4")),
            (std::vector<std::string>{"alphabeta:depth=1", "alphabeta:depth=2", "alphabeta:depth=4"}));
  EXPECT_EQ(specs(parse_ladder_levels("depth=1..3,5")),
            (std::vector<std::string>{"alphabeta:depth=1", "alphabeta:depth=2", "alphabeta:depth=3", "alphabeta:depth=5"}));
  // Factors in any order, k itself among them: 2^n·500·n for n = 1..3 is 1000, 4000, 12000.
  EXPECT_EQ(specs(parse_ladder_levels("nodes=2^n*500*n,n=1..3")),
            (std::vector<std::string>{"alphabeta:nodes=1000", "alphabeta:nodes=4000", "alphabeta:nodes=12000"}));
  EXPECT_EQ(parse_ladder_levels("depth=2")[0], (LadderLevel{"depth=2", "alphabeta:depth=2"}));
}

TEST(LadderLevels, ContemptJoinsEverySpecInItsNormalForm) {
  std::vector<LadderLevel> levels = parse_ladder_levels("depth=1..2");
  set_ladder_contempt(levels, 50);
  EXPECT_EQ(specs(levels), (std::vector<std::string>{"alphabeta:depth=1,contempt=50", "alphabeta:depth=2,contempt=50"}));
  EXPECT_EQ(levels[0].label, "depth=1");  // the tables' and folders' names stay
  // The default is left out, as players/player.h normalises it, so records match the levels.
  levels = parse_ladder_levels("nodes=1000");
  set_ladder_contempt(levels, 10);
  EXPECT_EQ(specs(levels), (std::vector<std::string>{"alphabeta:nodes=1000"}));
  set_ladder_contempt(levels, -5);
  EXPECT_EQ(specs(levels), (std::vector<std::string>{"alphabeta:nodes=1000,contempt=-5"}));
  try {
    set_ladder_contempt(levels, 1001);
    ADD_FAILURE() << "contempt 1001 accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "--contempt: must be a whole number from -1000 to 1000, not 1001");
  }
}

std::string refusal(const std::string& text) {
  try {
    parse_ladder_levels(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "accepted";
}

TEST(LadderLevels, BadFormsAreOneLineNamingLevels) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"elo=1..3", "expected depth=A..B"},
      {"depth", "expected depth=A..B"},
      {"depth=", "is not a number"},
      {"depth=1,x", "\"x\""},
      {"depth=3..1", "runs downwards"},
      {"depth=2,2", "must rise, but 2 follows 2"},
      {"depth=3,1", "must rise, but 1 follows 3"},
      {"depth=0..2", "from 1 to 64, not 0"},
      {"depth=65", "from 1 to 64, not 65"},
      {"depth=1..100", "more than 32 levels"},
      {"nodes=1000*4^j,k=0..5", "must be k"},
      {"nodes=1000*4^k,k=5", "needs a range"},
      {"nodes=1000*4^k,k=0..30", "passes it at k=15"},  // 1000·4^15 ≈ 1.07e12 > 1e12
      {"nodes=1000*4^k,2,k=0..2", "expected depth=A..B"},
  };
  for (const auto& [text, part] : cases) {
    const std::string message = refusal(text);
    EXPECT_EQ(message.rfind("--levels: ", 0), 0u) << text << ": " << message;
    EXPECT_NE(message.find(part), std::string::npos) << text << ": " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << text;
  }
}

// ---------------------------------------------------------------------------------------------

constexpr const char* LOW = "alphabeta:depth=1";
constexpr const char* MID = "alphabeta:depth=2";
constexpr const char* HIGH = "alphabeta:depth=3";

StoredGame game(const std::string& white, const std::string& black, Result result, int pair, EndReason reason) {
  StoredGame g;
  g.record.variant = "standard";
  g.record.white = white;
  g.record.black = black;
  g.record.opening = {"op" + std::to_string(pair)};  // pairs are found by their opening
  g.record.moves = g.record.opening;
  g.record.result = result;
  g.record.reason = reason;
  g.record.plies = 1;
  g.pair = pair;
  g.opening = pair;
  return g;
}

// `upper`'s points in the two games of each pair, the first game with `lower` as white: 8 pairs
// with pentanomial [LL, LD, WL+DD, WD, WW] = [0, 1, 2, 3, 2] from upper's side; upper scores
// W 8 (1 + 3 + 4), D 6 (1 + 2 + 3), L 2 (1 + 1).
std::vector<StoredGame> match(const std::string& lower, const std::string& upper) {
  const std::vector<std::pair<double, double>> points = {{0, 0.5}, {1, 0},   {0.5, 0.5}, {1, 0.5},
                                                         {1, 0.5}, {1, 0.5}, {1, 1},     {1, 1}};
  auto result_for_white = [](double white_points) {
    return white_points == 1 ? Result::WhiteWins : white_points == 0 ? Result::BlackWins : Result::Draw;
  };
  std::vector<StoredGame> games;
  for (int p = 0; p < int(points.size()); ++p) {
    games.push_back(game(lower, upper, result_for_white(1 - points[p].first), p, EndReason::Den));
    games.push_back(game(upper, lower, result_for_white(points[p].second), p, EndReason::Den));
  }
  for (std::size_t i = 0; i < games.size(); ++i) games[i].index = int(i);
  return games;
}

// Self-play in 40 colour-swapped pairs: 20 won by white both times (den), 10 drawn both times
// (repetition), 10 split (white wins one, loses one).
std::vector<StoredGame> self_play(const std::string& spec) {
  std::vector<StoredGame> games;
  for (int p = 0; p < 40; ++p) {
    const Result second = p < 20 ? Result::WhiteWins : p < 30 ? Result::Draw : Result::BlackWins;
    const Result first = p < 20 ? Result::WhiteWins : p < 30 ? Result::Draw : Result::WhiteWins;
    const EndReason reason = p >= 20 && p < 30 ? EndReason::Repetition : EndReason::Den;
    games.push_back(game(spec, spec, first, p, reason));
    games.push_back(game(spec, spec, second, p, reason));
  }
  for (std::size_t i = 0; i < games.size(); ++i) games[i].index = int(i);
  return games;
}

report::LadderSummary three_levels() {
  return research::summarize_ladder({{"depth=1", LOW, self_play(LOW), {}},
                                   {"depth=2", MID, self_play(MID), match(LOW, MID)},
                                   {"depth=3", HIGH, self_play(HIGH), match(MID, HIGH)}});
}

TEST(LadderReport, EloOverTheLevelBelowByHand) {
  const report::LadderSummary s = three_levels();
  ASSERT_EQ(s.variants.size(), 1u);
  const std::vector<report::LadderRow>& rows = s.variants[0].rows;
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_FALSE(rows[0].step);
  EXPECT_EQ(rows[0].elo_over_first, 0);
  ASSERT_TRUE(rows[1].step);
  const report::LadderStep& step = *rows[1].step;
  EXPECT_EQ(step.wdl, (stats::Wdl{8, 6, 2}));
  EXPECT_EQ(step.pentanomial, (stats::Pentanomial{0, 1, 2, 3, 2}));
  EXPECT_EQ(step.unpaired, 0u);
  // Pair scores x = points/2: 1/4 once, 1/2 twice, 3/4 three times, 1 twice, over 8 pairs:
  // s = 5.5/8 = 0.6875, elo = -400·log10(1/s - 1) = -400·log10(0.454545) = 136.969.
  // Per-pair variance Σ f·(x - s)² = 0.46875/8 = 0.05859375, σ = sqrt(0.05859375/8) = 0.0855816,
  // s ∓ 1.959964·σ = 0.519763 and 0.855237, whose Elo are 13.738 and 308.570: margin 147.416.
  EXPECT_NEAR(step.elo.score, 0.6875, 1e-12);
  EXPECT_NEAR(step.elo.elo, 136.9691, 1e-3);
  EXPECT_NEAR(step.elo.margin, 147.4158, 1e-3);
  // Two equal steps: twice the Elo, the margin sqrt(2) times.
  EXPECT_NEAR(rows[2].elo_over_first, 273.9381, 2e-3);
  EXPECT_NEAR(rows[2].elo_over_first_margin, 208.4774, 2e-3);
}

TEST(LadderReport, SelfPlayRowByHand) {
  const report::LadderSummary summary = three_levels();  // kept: row refers into it
  const report::LadderRow& row = summary.variants[0].rows[1];
  EXPECT_EQ(row.level, "depth=2");
  EXPECT_EQ(row.games, 80u);
  EXPECT_EQ(row.repetitions, 20u);
  const stats::FirstPlayerStats& f = row.first_player;
  EXPECT_EQ(f.wdl, (stats::Wdl{50, 20, 10}));
  EXPECT_EQ(f.units, 40u);
  // Score (50 + 20/2)/80 = 0.75. Per pair the points are 2 (WW), 1 (DD) or 1 (WL) against
  // s·2 = 1.5: residuals ±0.5, Σ r² = 40·0.25 = 10, v_c = 40/39 · 10/80² = 0.00160256.
  // One game's variance: 50/80·0.25² + 20/80·0.25² + 10/80·0.75² = 0.125, v_srs = 0.125/79,
  // deff = v_c/v_srs = 1.012821; 40 units: no Korn-Graubard factor. The Wilson interval of 0.75
  // at n = 80/deff = 78.9873 games (z = 1.959964): [0.644435, 0.832375].
  EXPECT_NEAR(f.score, 0.75, 1e-12);
  EXPECT_NEAR(f.design_effect, 1.012821, 1e-6);
  EXPECT_NEAR(f.score_wilson.low, 0.644435, 1e-6);
  EXPECT_NEAR(f.score_wilson.high, 0.832375, 1e-6);
  // Draw rate 20/80 = 0.25: draws per pair 0, 2 or 0 against 0.5, Σ r² = 20·0.25 + 10·2.25 +
  // 10·0.25 = 30, v = 40/39 · 30/80² = 0.00480769, n* = 80·0.25·0.75/(79·v) = 39.4937 games:
  // Wilson [0.141348, 0.402975].
  EXPECT_NEAR(f.draw_rate.mean, 0.25, 1e-12);
  EXPECT_NEAR(f.draw_rate_wilson.low, 0.141348, 1e-6);
  EXPECT_NEAR(f.draw_rate_wilson.high, 0.402975, 1e-6);
}

TEST(LadderReport, MissingMatchLeavesTheSumUndefinedAndForeignGamesAreRefused) {
  const report::LadderSummary s = research::summarize_ladder({{"depth=1", LOW, self_play(LOW), {}},
                                                            {"depth=2", MID, self_play(MID), {}},
                                                            {"depth=3", HIGH, self_play(HIGH), match(MID, HIGH)}});
  EXPECT_FALSE(s.variants[0].rows[1].step);
  EXPECT_TRUE(std::isnan(s.variants[0].rows[1].elo_over_first));
  EXPECT_TRUE(std::isnan(s.variants[0].rows[2].elo_over_first));
  EXPECT_THROW(research::summarize_ladder({{"depth=1", LOW, self_play(LOW), {}},
                                         {"depth=3", HIGH, self_play(HIGH), match(MID, HIGH)}}),
               std::invalid_argument);
}

TEST(LadderReport, JsonAndMarkdownCarryTheTable) {
  const report::LadderSummary s = three_levels();
  std::ostringstream json, markdown;
  report::write_ladder_json(json, s);
  report::write_ladder_markdown(markdown, s);
  EXPECT_NE(json.str().find("\"format\": \"jungle-ladder/1\""), std::string::npos);
  EXPECT_NE(json.str().find("\"pentanomial\": [\n"), std::string::npos);
  // The first level has no match: null, not a made-up number.
  EXPECT_NE(json.str().find("\"vs_below\": null"), std::string::npos);
  // depth=2: 80 games, 0.750 [0.644, 0.832], draws 25.0% [14.1, 40.3], repetition 25.0%, 16 match
  // games, W/D/L 8/6/2, +137 ± 147, and the same over the first level.
  const std::string& text = markdown.str();
  const std::size_t row = text.find("| depth=2 ", text.find("## standard"));  // the variant's table
  ASSERT_NE(row, std::string::npos) << text;
  const std::string line = text.substr(row, text.find('\n', row) - row);
  for (const char* cell : {" 80 |", " 0.750 [0.644, 0.832] |", " 25.0 [14.1, 40.3] |", " 25.0 |", " 16 |", " 8 / 6 / 2 |",
                           " +137 ± 147 |"})
    EXPECT_NE(line.find(cell), std::string::npos) << cell << " in " << line;
  EXPECT_NE(text.find(" +274 ± 208 |"), std::string::npos) << text;
}

TEST(LadderReport, DecisiveShareByHand) {
  const report::LadderSummary summary = three_levels();
  const report::LadderRow& row = summary.variants[0].rows[1];
  // Decisive games: 50 won, 10 lost by the first player, share 50/60 = 0.833333. Per pair the
  // first player's wins against R·(decisive games): WW 2 - 1.666667 = 0.333333 (20 pairs), WL
  // 1 - 1.666667 = -0.666667 (10 pairs), DD none; Σ r² = 20/9 + 40/9 = 6.666667 over G = 40 pairs
  // (the drawn ones count), v = 40/39 · 6.666667/60² = 0.00189934. n* = 60·(5/6)(1/6)/(59·v) =
  // 74.36, capped at the 60 decisive games; 30 openings with decisive games: no Korn-Graubard
  // factor. Wilson(50, 60) at z = 1.959964: [0.719684, 0.906868].
  EXPECT_NEAR(row.first_player.decisive_share.mean, 5.0 / 6.0, 1e-12);
  EXPECT_NEAR(row.decisive_share_wilson.low, 0.719684, 1e-6);
  EXPECT_NEAR(row.decisive_share_wilson.high, 0.906868, 1e-6);
  std::ostringstream markdown;
  report::write_ladder_markdown(markdown, summary);
  EXPECT_NE(markdown.str().find(" 0.833 [0.720, 0.907] |"), std::string::npos) << markdown.str();
}

TEST(Trend, WeightedLineByHand) {
  // Scores 0.50, 0.55, 0.62 at levels 0, 1, 2 with standard errors 0.02, 0.02, 0.01: weights
  // w = 1/se² = 2500, 2500, 10000, W = 15000.
  //   x̄ = (0 + 2500 + 20000)/15000 = 1.5,  ȳ = (1250 + 1375 + 6200)/15000 = 0.588333,
  //   Sxx = 2500·2.25 + 2500·0.25 + 10000·0.25 = 8750,
  //   Sxy = Σ w·x·y - W·x̄·ȳ = (1375 + 12400) - 13237.5 = 537.5,
  //   slope = 537.5/8750 = 0.0614286, intercept = 0.588333 - 1.5·0.0614286 = 0.496190,
  //   se = 1/√8750 = 0.0106904, interval 0.0614286 ± 1.959964·0.0106904 = [0.040476, 0.082381].
  // Residuals 0.0038095, -0.0076190, 0.0009524: Q = 2500·1.45125e-5 + 2500·5.80499e-5 +
  // 10000·9.0703e-7 = 0.190476 (4/21) on 1 df, p = 2·(1 - Φ(√0.190476 = 0.436436)) = 0.662521.
  const stats::WeightedLine l = stats::weighted_line({0, 1, 2}, {0.50, 0.55, 0.62}, {0.0004, 0.0004, 0.0001});
  EXPECT_EQ(l.points, 3u);
  EXPECT_NEAR(l.slope, 0.0614286, 1e-7);
  EXPECT_NEAR(l.intercept, 0.4961905, 1e-7);
  EXPECT_NEAR(l.slope_standard_error, 0.0106904, 1e-7);
  EXPECT_NEAR(l.slope_interval.low, 0.040476, 1e-6);
  EXPECT_NEAR(l.slope_interval.high, 0.082381, 1e-6);
  EXPECT_NEAR(l.lack_of_fit, 4.0 / 21.0, 1e-9);
  EXPECT_EQ(l.lack_of_fit_df, 1);
  EXPECT_NEAR(l.lack_of_fit_p, 0.662521, 1e-6);
  EXPECT_EQ(report::trend_sentence(l),
            "the first player's score rises with strength: slope +0.0614 (+0.0405 to +0.0824) per level");
  // With variances from 10 openings a level, Student's t with 9 df, 2.262157: ± 0.024184.
  const stats::WeightedLine t = stats::weighted_line({0, 1, 2}, {0.50, 0.55, 0.62}, {0.0004, 0.0004, 0.0001}, 0.95, 9);
  EXPECT_NEAR(t.slope_interval.low, 0.037245, 1e-6);
  EXPECT_NEAR(t.slope_interval.high, 0.085612, 1e-6);
}

TEST(Trend, FallingFlatAndRefusals) {
  // Two points, equal weights: the line through them, slope -0.1, se = √(1/(2·0.25/0.01)) =
  // √0.02 = 0.141421, interval -0.1 ± 0.277181 covers 0; no test of the fit (0 df).
  const stats::WeightedLine two = stats::weighted_line({0, 1}, {0.6, 0.5}, {0.01, 0.01});
  EXPECT_NEAR(two.slope, -0.1, 1e-12);
  EXPECT_NEAR(two.slope_standard_error, 0.141421, 1e-6);
  EXPECT_NEAR(two.lack_of_fit, 0, 1e-12);
  EXPECT_TRUE(std::isnan(two.lack_of_fit_p));
  EXPECT_EQ(report::trend_sentence(two),
            "the first player's score shows no trend with strength: slope −0.1000 (−0.3772 to +0.1772) per level");
  // Same points, variances 100 times smaller: se 0.0141421, interval -0.1 ± 0.027718, below 0.
  EXPECT_EQ(stats::direction(stats::weighted_line({0, 1}, {0.6, 0.5}, {0.0001, 0.0001}).slope_interval), -1);
  EXPECT_THROW(stats::weighted_line({0}, {0.5}, {0.01}), std::invalid_argument);
  EXPECT_THROW(stats::weighted_line({1, 1}, {0.5, 0.6}, {0.01, 0.01}), std::invalid_argument);
  EXPECT_THROW(stats::weighted_line({0, 1}, {0.5, 0.6}, {0.01, 0}), std::invalid_argument);
  EXPECT_THROW(stats::weighted_line({0, 1}, {0.5, 0.6}, {0.01}), std::invalid_argument);
}

TEST(LadderReport, TrendOverTheLevelsByHand) {
  // Three levels with the same self-play: slope 0, intercept 0.75, no scatter. Each score's
  // variance is v_c = 40/39 · 10/80² = 0.00160256 (SelfPlayRowByHand); x = 0, 1, 2, so Sxx =
  // 2/v and se = √(v/2) = 0.0283069; 40 openings a level: the normal's 1.959964, ± 0.0554806.
  const report::LadderSummary s = three_levels();
  ASSERT_TRUE(s.variants[0].trend);
  const report::LadderTrend& trend = *s.variants[0].trend;
  EXPECT_EQ(trend.levels, (std::vector<std::string>{"depth=1", "depth=2", "depth=3"}));
  EXPECT_TRUE(std::isinf(trend.degrees_of_freedom));
  EXPECT_NEAR(trend.line.slope, 0, 1e-12);
  EXPECT_NEAR(trend.line.intercept, 0.75, 1e-12);
  EXPECT_NEAR(trend.line.slope_interval.high, 0.0554806, 1e-7);
  EXPECT_NEAR(trend.line.slope_interval.low, -0.0554806, 1e-7);
  std::ostringstream json;
  report::write_ladder_json(json, s);
  EXPECT_NE(json.str().find("\"sentence\": \"the first player's score shows no trend with strength: slope +0.0000 "
                            "(−0.0555 to +0.0555) per level\""),
            std::string::npos)
      << json.str();
  // A level whose openings all end alike has no variance to weigh it by: one level left, no trend.
  std::vector<StoredGame> sweep;
  for (int p = 0; p < 4; ++p)
    for (int g = 0; g < 2; ++g) sweep.push_back(game(LOW, LOW, Result::WhiteWins, p, EndReason::Den));
  const report::LadderSummary one =
      research::summarize_ladder({{"depth=1", LOW, sweep, {}}, {"depth=2", MID, self_play(MID), {}}});
  EXPECT_FALSE(one.variants[0].trend);
  EXPECT_NE(one.variants[0].trend_note.find("1 level has one"), std::string::npos) << one.variants[0].trend_note;
}

TEST(LadderReport, CostPerGameByHand) {
  std::vector<research::LadderLevelGames> levels = {{"depth=1", LOW, self_play(LOW), {}},
                                                  {"depth=2", MID, self_play(MID), match(LOW, MID)}};
  levels[0].self_play_cpu = {0.16, 80};   // 2 ms a game
  levels[1].self_play_cpu = {1.2, 80};    // 15 ms
  levels[1].match_cpu = {0.136, 16};      // 8.5 ms
  const report::LadderSummary s = research::summarize_ladder(levels);
  ASSERT_EQ(s.costs.size(), 2u);
  EXPECT_NEAR(s.costs[1].self_play.per_game(), 0.015, 1e-15);
  EXPECT_TRUE(std::isnan(s.costs[0].match_below.per_game()));
  std::ostringstream markdown, json;
  report::write_ladder_markdown(markdown, s);
  report::write_ladder_json(json, s);
  const std::string& text = markdown.str();
  const std::size_t cost = text.find("## The cost of each level");
  ASSERT_NE(cost, std::string::npos) << text;
  // The rows of the cost table, after its heading: depth=1 2.0 ms and no match, depth=2 15.0 and 8.5.
  auto row = [&](const std::string& level) {
    const std::size_t at = text.find("| " + level + " ", cost);
    return at == std::string::npos ? std::string() : text.substr(at, text.find('\n', at) - at);
  };
  for (const char* cell : {" 80 |", " 2.0 |", " – |"}) EXPECT_NE(row("depth=1").find(cell), std::string::npos) << cell;
  for (const char* cell : {" 80 |", " 15.0 |", " 16 |", " 8.5 |"})
    EXPECT_NE(row("depth=2").find(cell), std::string::npos) << cell << " in " << row("depth=2");
  EXPECT_NE(json.str().find("\"cpu_seconds_per_game\": 0.015"), std::string::npos) << json.str();
}

TEST(LadderCpu, ARunFolderWithoutAReadableFileCostsNothingYet) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "jungle-test-ladder-cpu";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  EXPECT_EQ(read_run_cpu(dir).games, 0u);
  std::ofstream(dir / "cpu.json") << "{\"format\": \"jungle-ladder-cpu/1\", \"cpu_seconds\": 1.5, \"games\": 12}";
  const report::CpuTime cpu = read_run_cpu(dir);
  EXPECT_EQ(cpu.seconds, 1.5);
  EXPECT_EQ(cpu.games, 12u);
  std::ofstream(dir / "cpu.json") << "{\"format\": \"jungle-ladder-cpu/1\", \"cpu_seconds\": -1";
  EXPECT_EQ(read_run_cpu(dir).games, 0u);
  std::filesystem::remove_all(dir);
}


// compare --levels' sentence (report/levels_report.h), on lines worked out by hand: a slope whose
// interval covers 0 holds an effect whose pooled interval excludes it; one pointing the effect's
// way grows it; the other way fades it; about no effect, it only rises or falls.
TEST(LevelsReport, TheSentenceSaysHowTheEffectMovesWithStrength) {
  auto line = [](double slope, double low, double high) {
    stats::WeightedLine l;
    l.points = 3;
    l.slope = slope;
    l.slope_interval = {low, high};
    return l;
  };
  const stats::Interval positive{0.01, 0.05}, negative{-0.05, -0.01}, none{-0.02, 0.02};
  EXPECT_EQ(report::levels_sentence(line(0.001, -0.01, 0.012), positive),
            "the effect holds with strength: slope +0.0010 (−0.0100 to +0.0120) per level");
  EXPECT_EQ(report::levels_sentence(line(0.02, 0.01, 0.03), positive),
            "the effect grows with strength: slope +0.0200 (+0.0100 to +0.0300) per level");
  EXPECT_EQ(report::levels_sentence(line(0.02, 0.01, 0.03), negative),
            "the effect fades with strength: slope +0.0200 (+0.0100 to +0.0300) per level");
  EXPECT_EQ(report::levels_sentence(line(-0.02, -0.03, -0.01), negative),
            "the effect grows with strength: slope −0.0200 (−0.0300 to −0.0100) per level");
  EXPECT_EQ(report::levels_sentence(line(-0.02, -0.03, -0.01), none),
            "the difference falls with strength: slope −0.0200 (−0.0300 to −0.0100) per level");
  EXPECT_EQ(report::levels_sentence(line(0.0, -0.01, 0.01), none),
            "no effect at any level, and no trend with strength: slope +0.0000 (−0.0100 to +0.0100) per level");
}

}  // namespace
}  // namespace jungle
