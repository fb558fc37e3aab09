// The report's numbers for small hand-built sets of games, checked against values worked out by
// hand; the JSON, CSV, Markdown and HTML writers; reading and merging results files.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/variant_loader.h"
#include "match/tournament.h"
#include "report/charts.h"
#include "report/report.h"
#include "research/game_summary.h"
#include "results/merged_results.h"
#include "stats/variant_comparison.h"

using namespace jungle;

namespace {

research::SummaryOptions with_baseline(const std::string& name) {
  research::SummaryOptions options;
  options.baseline = name;
  return options;
}

// A game without moves: the statistics that need no rules read only players, result and reason.
StoredGame game(const std::string& variant, const std::string& white, const std::string& black, Result result,
                int pair, EndReason reason = EndReason::Den) {
  StoredGame g;
  g.record.variant = variant;
  g.record.white = white;
  g.record.black = black;
  g.record.result = result;
  g.record.reason = result == Result::Draw && reason == EndReason::Den ? EndReason::Repetition : reason;
  g.pair = pair;
  g.opening = pair;  // one pairing: each opening is played by one pair
  return g;
}

constexpr Result W = Result::WhiteWins, B = Result::BlackWins, D = Result::Draw;

// Two players p and q under an unknown variant "alpha". From p's side, pair by pair:
//   pair 0: p-q 1-0 (p wins), q-p 1-0 (p loses)     -> W + L  = WL+DD
//   pair 1: p-q ½   (draw),   q-p 0-1 (p wins)      -> D + W  = WD
//   pair 2: p-q 1-0 (p wins), q-p 0-1 (p wins)      -> W + W  = WW
//   pair 3: p-q 0-1 (p loses), q-p ½ (draw)         -> L + D  = LD
//   pair 4: p-q 1-0 (p wins), its partner missing   -> unpaired
// p as white: W D W L W = +3 =1 -1; as black: L W W D = +2 =1 -1; total +5 =2 -2, score 6/9.
// White (the first player): wins in games 0, 1, 4, 8; draws 2, 7; losses 3, 5, 6: +4 =2 -3.
std::vector<StoredGame> two_player_games() {
  return {game("alpha", "p", "q", W, 0), game("alpha", "q", "p", W, 0), game("alpha", "p", "q", D, 1),
          game("alpha", "q", "p", B, 1), game("alpha", "p", "q", W, 2), game("alpha", "q", "p", B, 2),
          game("alpha", "p", "q", B, 3), game("alpha", "q", "p", D, 3), game("alpha", "p", "q", W, 4)};
}

// First-player wins and losses, no draws, every game its own pair.
void add_games(std::vector<StoredGame>& games, const std::string& variant, int wins, int losses) {
  for (int i = 0; i < wins + losses; ++i)
    games.push_back(game(variant, "x", "x", i < wins ? W : B, int(games.size())));
}

// base 50/50, b 65/35, c 40/60, d 55/45 (first-player wins/losses of 100 games each).
std::vector<StoredGame> four_variant_games() {
  std::vector<StoredGame> games;
  add_games(games, "base", 50, 50);
  add_games(games, "b", 65, 35);
  add_games(games, "c", 40, 60);
  add_games(games, "d", 55, 45);
  return games;
}

const report::VariantSummary& variant(const report::Summary& s, const std::string& name) {
  for (const report::VariantSummary& v : s.variants)
    if (v.name == name) return v;
  throw std::runtime_error("no variant " + name);
}

// Sets an environment variable for one scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value, 1);
  }
  ~ScopedEnv() {
    if (old_) ::setenv(name_, old_->c_str(), 1);
    else ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(Report, FirstPlayerAndPairingCountedByHand) {
  const report::Summary s = research::summarize(two_player_games());
  ASSERT_EQ(s.variants.size(), 1u);
  EXPECT_EQ(s.games, 9u);
  EXPECT_EQ(s.players, (std::vector<std::string>{"p", "q"}));
  const report::VariantSummary& v = s.variants[0];
  EXPECT_EQ(v.first_player.wdl, (stats::Wdl{4, 2, 3}));
  EXPECT_NEAR(v.first_player.score, 5.0 / 9, 1e-12);
  EXPECT_NEAR(v.first_player.win_rate, 4.0 / 9, 1e-12);
  EXPECT_NEAR(v.first_player.decisive_share.mean, 4.0 / 7, 1e-12);
  // The first player's figures count the openings of pairs 0-3 and game 8 as the independent
  // units. White's points: 2, 1/2, 1, 1/2 of 2 and 1 of 1; residuals from 5/9 of each game: 8/9,
  // -11/18, -1/9, -11/18, 4/9; squares 566/324, over 9², times G/(G-1) = 5/4: 2830/104976.
  // As independent games, σ²/(N-1) with σ² = (4·(4/9)² + 2·(1/18)² + 3·(5/9)²)/9 = 558/2916:
  // 558/23328, so the design effect is (2830/104976)/(558/23328) = 2830/2511. Two different
  // players in every game: no floor (and none needed here).
  EXPECT_EQ(v.first_player.units, 5u);
  EXPECT_EQ(v.first_player.floor, stats::VarianceFloor::None);
  EXPECT_NEAR(v.first_player.score_variance, 2830.0 / 104976, 1e-12);
  EXPECT_NEAR(v.first_player.design_effect, 2830.0 / 2511, 1e-12);
  EXPECT_EQ(v.first_player.degrees_of_freedom, 4.0);
  // Sign test over units: pair 0 and game 8 won, pairs 1 and 3 lost, pair 2 level: 2 of 4, p = 1.
  EXPECT_NEAR(v.first_player.p_value, 1.0, 1e-12);

  ASSERT_EQ(v.pairings.size(), 1u);
  const report::PairingSummary& p = v.pairings[0];
  EXPECT_EQ(p.first, "p");
  EXPECT_EQ(p.second, "q");
  EXPECT_EQ(p.as_white, (stats::Wdl{3, 1, 1}));
  EXPECT_EQ(p.as_black, (stats::Wdl{2, 1, 1}));
  EXPECT_EQ(p.wdl, (stats::Wdl{5, 2, 2}));
  EXPECT_NEAR(p.wdl.score(), 6.0 / 9, 1e-12);
  EXPECT_EQ(p.pentanomial, (stats::Pentanomial{0, 1, 1, 1, 1}));
  EXPECT_EQ(p.unpaired, 1u);
  // Both estimates come from the statistics library over these counts.
  EXPECT_NEAR(p.elo.elo, stats::elo_wdl(5, 2, 2).elo, 1e-9);
  EXPECT_NEAR(p.elo_pentanomial.elo, stats::elo_pentanomial({0, 1, 1, 1, 1}).elo, 1e-9);

  // "alpha" has no rules anywhere: said in one line, and no replay figures.
  EXPECT_FALSE(v.replay.has_value());
  EXPECT_NE(v.note.find("rules of alpha not found"), std::string::npos);
  EXPECT_EQ(v.note.find('\n'), std::string::npos);
}

TEST(Report, TheGamesOfOneOpeningAreOneUnitAcrossPairings) {
  // Three players, every pairing plays openings 0 and 1 with colours swapped (as
  // schedule_round_robin does). White wins all six games of opening 0, and two of six of
  // opening 1 (the games of pairing p-q).
  std::vector<StoredGame> games;
  int pair = 0;
  for (int opening = 0; opening < 2; ++opening)
    for (const auto& [a, b] : {std::pair{"p", "q"}, std::pair{"p", "r"}, std::pair{"q", "r"}}) {
      const Result r = opening == 0 || (std::string(a) == "p" && std::string(b) == "q") ? W : B;
      for (StoredGame g : {game("alpha", a, b, r, pair), game("alpha", b, a, r, pair)}) {
        g.opening = opening;
        games.push_back(g);
      }
      ++pair;
    }
  const report::Summary summary = research::summarize(games);
  const report::VariantSummary& v = summary.variants[0];
  EXPECT_EQ(v.first_player.units, 2u);
  // s = 8/12 = 2/3; units score 6 and 2 of 6: residuals 2 and -2, variance 2/1 · 8/12² = 1/9,
  // against s(1-s)/11 = 2/99 for twelve independent games: a design effect of 5.5.
  EXPECT_NEAR(v.first_player.score_variance, 1.0 / 9, 1e-12);
  EXPECT_NEAR(v.first_player.design_effect, 5.5, 1e-12);
  // One unit won, one lost.
  EXPECT_NEAR(v.first_player.p_value, 1.0, 1e-12);
  EXPECT_EQ(v.pairings.size(), 3u);
}

TEST(Report, SelfPlayIsCountedFromWhitesSide) {
  // Pair 0: white wins both games (WW from white's side); pair 1: white wins one, draws one (WD).
  const std::vector<StoredGame> games = {game("alpha", "x", "x", W, 0), game("alpha", "x", "x", W, 0),
                                         game("alpha", "x", "x", W, 1), game("alpha", "x", "x", D, 1)};
  const report::Summary s = research::summarize(games);
  const report::PairingSummary& p = s.variants[0].pairings[0];
  EXPECT_EQ(p.as_white, (stats::Wdl{3, 1, 0}));
  EXPECT_EQ(p.as_black, (stats::Wdl{0, 1, 3}));
  EXPECT_EQ(p.wdl, p.as_white);
  EXPECT_EQ(p.pentanomial, (stats::Pentanomial{0, 0, 0, 1, 1}));
}

TEST(Report, SelfPlayRowsUseTheFirstPlayersClusteredVariance) {
  // Self-play pairs, white's points: WW 2, WW 2, LL 0, WD 3/2; N = 8, s = 5.5/8 = 0.6875.
  // Residuals 0.625, 0.625, -1.375, 0.125, squares 2.6875: v = 4/3 · 2.6875/64 = 0.0559896.
  // White +5 =1 -2: σ² = (5·0.3125² + 0.1875² + 2·0.6875²)/8 = 0.18359375, σ²/7 = 0.0262277;
  // deff = 2.134752. Four units: t with 3 df.
  const std::vector<StoredGame> games = {game("alpha", "x", "x", W, 0), game("alpha", "x", "x", W, 0),
                                         game("alpha", "x", "x", W, 1), game("alpha", "x", "x", W, 1),
                                         game("alpha", "x", "x", B, 2), game("alpha", "x", "x", B, 2),
                                         game("alpha", "x", "x", W, 3), game("alpha", "x", "x", D, 3)};
  const report::Summary summary = research::summarize(games);
  const report::VariantSummary& v = summary.variants[0];
  EXPECT_EQ(v.first_player.floor, stats::VarianceFloor::Independent);
  EXPECT_NEAR(v.first_player.design_effect, 2.134752, 1e-6);
  EXPECT_EQ(v.first_player.degrees_of_freedom, 3.0);
  const report::PairingSummary& p = v.pairings[0];
  EXPECT_NEAR(p.design_effect, 2.134752, 1e-6);
  EXPECT_EQ(p.score_wilson.low, v.first_player.score_wilson.low);
  EXPECT_EQ(p.score_wilson.high, v.first_player.score_wilson.high);
  EXPECT_EQ(p.elo.margin, v.first_player.elo.margin);
  // ± t(3)·sqrt(0.0559896) = 3.182446·0.236621 = 0.753034 around 0.6875: past 1, so no margin.
  EXPECT_TRUE(std::isinf(p.elo.margin));
  // Wider than the per-game figures it replaces.
  const stats::Interval per_game = stats::wilson_score(5, 1, 2);
  EXPECT_LT(p.score_wilson.low, per_game.low);
}

TEST(Report, TheFloorGuardsSelfPlayOnly) {
  // The same results, first between two players, then in self-play. Between p and q: p wins
  // pairs 0-2 with both colours (the first player scores 1 of 2), white wins both games of
  // pair 3 (2 of 2). s = 5/8; residuals -1/4, -1/4, -1/4, 3/4, v_c = 4/3 · (3/4)/8² = 1/64;
  // σ² = (5/8)(3/8) = 15/64, σ²/7 = 15/448; deff = 7/15.
  std::vector<StoredGame> two_players, self_play;
  for (int pair = 0; pair < 4; ++pair) {
    two_players.push_back(game("alpha", "p", "q", W, pair));
    two_players.push_back(game("alpha", "q", "p", pair == 3 ? W : B, pair));
    self_play.push_back(game("alpha", "x", "x", W, pair));
    self_play.push_back(game("alpha", "x", "x", pair == 3 ? W : B, pair));
  }
  // Between two players the pairs really cancel: the clustered variance stands.
  const stats::FirstPlayerStats a = research::summarize(two_players).variants[0].first_player;
  EXPECT_EQ(a.floor, stats::VarianceFloor::None);
  EXPECT_NEAR(a.design_effect, 7.0 / 15, 1e-12);
  EXPECT_NEAR(a.score_variance, 1.0 / 64, 1e-15);
  // In self-play the floor keeps the variance of eight independent games.
  const stats::FirstPlayerStats b = research::summarize(self_play).variants[0].first_player;
  EXPECT_EQ(b.floor, stats::VarianceFloor::Independent);
  EXPECT_EQ(b.design_effect, 1.0);
  EXPECT_NEAR(b.score_variance, 15.0 / 448, 1e-15);
}

TEST(Report, BaselineComparisonWithHolmByHand) {
  // Decisive shares against base's 50/100, pooled two-proportion z-test:
  //   b 65/100: pooled 0.575, se = sqrt(0.575·0.425·0.02) = 0.069911, z = 0.15/se = 2.14560, p = 0.031905
  //   c 40/100: pooled 0.450, se = sqrt(0.450·0.550·0.02) = 0.070356, z = -1.42134,          p = 0.155218
  //   d 55/100: pooled 0.525, se = sqrt(0.525·0.475·0.02) = 0.070622, z = 0.70799,           p = 0.478950
  // Holm, ascending: 3·0.031905 = 0.095716; max(that, 2·0.155218) = 0.310437; max(that, 0.478950).
  const report::Summary s = research::summarize(four_variant_games(), with_baseline("base"));
  EXPECT_EQ(s.baseline, "base");
  EXPECT_FALSE(variant(s, "base").vs_baseline.has_value());
  const double p[] = {0.0319052552, 0.1552184897, 0.4789500234};
  const double holm[] = {0.0957157657, 0.3104369794, 0.4789500234};
  const char* names[] = {"b", "c", "d"};
  const double difference[] = {0.15, -0.10, 0.05};
  for (int i = 0; i < 3; ++i) {
    const report::VariantSummary& v = variant(s, names[i]);
    ASSERT_TRUE(v.vs_baseline.has_value()) << names[i];
    EXPECT_EQ(v.vs_baseline->baseline, "base");
    EXPECT_NEAR(v.vs_baseline->difference.difference, difference[i], 1e-12) << names[i];
    EXPECT_NEAR(v.vs_baseline->difference.p_value, p[i], 1e-8) << names[i];
    EXPECT_NEAR(v.vs_baseline->p_holm, holm[i], 1e-8) << names[i];
    EXPECT_LT(v.vs_baseline->difference.interval.low, difference[i]);
    EXPECT_GT(v.vs_baseline->difference.interval.high, difference[i]);
  }
}

TEST(Report, DefaultBaselineIsStandardElseTheFirst) {
  EXPECT_EQ(research::summarize(four_variant_games()).baseline, "base");
  std::vector<StoredGame> games = four_variant_games();
  add_games(games, "standard", 5, 5);
  EXPECT_EQ(research::summarize(games).baseline, "standard");
  EXPECT_THROW(research::summarize(games, with_baseline("nosuch")), std::invalid_argument);
}

TEST(Report, RulesFromBundledNamesAndPathsGiveReplayFigures) {
  // Real games: greedy self-play under ludii, the record naming the variant by its file's path.
  const std::string path = std::string(JUNGLE_SOURCE_DIR) + "/variants/ludii.toml";
  const Variant ludii = load_variant(path);
  std::vector<StoredGame> games;
  for (int i = 0; i < 4; ++i) {
    StoredGame g;
    g.record = play_game(ludii, {}, "greedy", "greedy", 100 + i);
    g.record.variant = path;
    g.pair = i / 2;
    games.push_back(g);
  }
  const report::VariantSummary v = research::summarize(games).variants[0];
  EXPECT_TRUE(v.note.empty()) << v.note;
  EXPECT_EQ(v.max_plies, ludii.end.max_plies);
  ASSERT_TRUE(v.replay.has_value());
  std::uint64_t plies = 0;
  for (const StoredGame& g : games) plies += g.record.moves.size();
  EXPECT_EQ(v.replay->positions, plies);
  EXPECT_GT(v.replay->branching_factor, 1.0);

  // A move that is not legal under the rules named: a one-line note instead of replay figures.
  games[0].record.moves[0] = "a1a9";
  const report::VariantSummary w = research::summarize(games).variants[0];
  EXPECT_FALSE(w.replay.has_value());
  EXPECT_NE(w.note.find("do not replay"), std::string::npos) << w.note;
}

TEST(Report, SprtOfTwoVariantsByHand) {
  // A: +60 =0 -40, s = 0.6, σ² = 0.24, elo = 70.4365, Var = (400/(ln10·0.24))²·0.24/99 = 1270.112;
  // B: +50 =0 -50, s = 0.5, σ² = 0.25, elo = 0,       Var = (400/(ln10·0.25))²·0.25/99 = 1219.308;
  // (100 single-game units: the clustered variance is σ²/(N-1).)
  // H0 0, H1 50: LLR = 50·(2·70.4365 - 50)/(2·2489.420) = 0.912592.
  std::vector<StoredGame> games;
  add_games(games, "a", 60, 40);
  add_games(games, "b", 50, 50);
  const report::Summary s = research::summarize(games);
  const report::SprtSummary t = research::sprt_variants(s, "a", "b", {.elo0 = 0, .elo1 = 50});
  EXPECT_NEAR(t.result.llr, 0.912592, 1e-5);
  EXPECT_NEAR(t.result.upper, std::log(0.95 / 0.05), 1e-12);
  EXPECT_EQ(t.result.verdict, stats::SprtVerdict::Continue);
  EXPECT_THROW(research::sprt_variants(s, "a", "nosuch", {}), std::invalid_argument);
}

TEST(Report, SprtOfTwoPlayersPicksTheModel) {
  std::vector<StoredGame> games = two_player_games();
  // One game is unpaired: the trinomial, over p's +5 =2 -2.
  report::SprtSummary t = research::sprt_players(games, "p", "q", {});
  EXPECT_EQ(t.counts, "trinomial");
  EXPECT_EQ(t.wdl, (stats::Wdl{5, 2, 2}));
  EXPECT_NEAR(t.result.llr, stats::sprt(stats::Wdl{5, 2, 2}).llr, 1e-12);
  // Every game paired: the pentanomial.
  games.pop_back();
  t = research::sprt_players(games, "p", "q", {});
  EXPECT_EQ(t.counts, "pentanomial");
  EXPECT_EQ(t.pentanomial, (stats::Pentanomial{0, 1, 1, 1, 1}));
  EXPECT_THROW(research::sprt_players(games, "p", "nobody", {}), std::invalid_argument);
}

TEST(Report, JsonHoldsTheNumbers) {
  std::ostringstream out;
  report::write_json(out, research::summarize(two_player_games()));
  const nlohmann::json j = nlohmann::json::parse(out.str());
  EXPECT_EQ(j["format"], "jungle-summary/1");
  EXPECT_EQ(j["games"], 9);
  const nlohmann::json& v = j["variants"][0];
  EXPECT_EQ(v["name"], "alpha");
  EXPECT_EQ(v["first_player"]["wdl"]["wins"], 4);
  EXPECT_EQ(v["first_player"]["wdl"]["draws"], 2);
  EXPECT_EQ(v["first_player"]["wdl"]["losses"], 3);
  EXPECT_NEAR(v["first_player"]["score"].get<double>(), 5.0 / 9, 1e-12);
  EXPECT_EQ(v["first_player"]["score_wilson"].size(), 2u);
  EXPECT_TRUE(v["replay"].is_null());
  EXPECT_TRUE(v["note"].is_string());
  EXPECT_EQ(v["outcomes"]["end_reasons"]["den"], 7);
  EXPECT_EQ(v["outcomes"]["end_reasons"]["repetition"], 2);
  const nlohmann::json& p = v["pairings"][0];
  EXPECT_EQ(p["first"], "p");
  EXPECT_EQ(p["as_white"]["wins"], 3);
  EXPECT_EQ(p["pentanomial"], nlohmann::json::parse("[0, 1, 1, 1, 1]"));
  EXPECT_EQ(p["unpaired"], 1);
}

// Issue 42: an A/A comparison (each opening's games alike under both variants) leaves the paired
// difference no variance, a design effect of +infinity, written "infinite"; with no draw on either
// side the draw rate has no variance even unpaired, 0/0, NaN, written null.
TEST(Report, JsonTellsAnInfiniteDesignEffectFromNaN) {
  std::vector<StoredGame> games;
  for (const char* variant : {"base", "same"})
    for (int opening = 0; opening < 4; ++opening)
      for (Result r : {W, opening % 2 ? W : B}) games.push_back(game(variant, "x", "x", r, opening));
  report::Summary s = research::summarize(games);
  stats::ComparisonPlan plan;
  plan.base = "base";
  plan.variants = {"same"};
  s.comparison = stats::compare_variants(games, plan);
  std::ostringstream out;
  report::write_json(out, s);
  const nlohmann::json j = nlohmann::json::parse(out.str());
  const nlohmann::json& figures = j["comparison"]["variants"][0]["figures"];
  EXPECT_EQ(figures["score"]["design_effect"], "infinite") << figures.dump(1);
  EXPECT_TRUE(figures["draw rate"]["design_effect"].is_null()) << figures.dump(1);
  EXPECT_EQ(figures["score"]["variance"], 0.0);
}

// Issue 42: the verdict's table writes its numbers as the verdict's sentence does: a true minus
// sign, and "< 0.001" for a p-value below it, never "0.000". By hand, over 10 openings of two
// games: the base's first player scores 2 in 9 and 1 in one, the variant's 0 in 9 and 1 in one;
// difference 1/20 - 19/20 = -0.9; influence differences -0.1 (×9) and 0.9, variance
// 10/9/10²·(9·0.01 + 0.81) = 0.01; t = -9 on 9 df, p below 0.001; interval -0.9 ± 2.2622·0.1.
TEST(Report, VerdictTableWritesMinusAndSmallPAsTheProse) {
  std::vector<StoredGame> games;
  for (int opening = 0; opening < 10; ++opening) {
    const bool last = opening == 9;
    for (Result r : {W, last ? B : W}) games.push_back(game("base", "x", "x", r, opening));
    for (Result r : {B, last ? W : B}) games.push_back(game("other", "x", "x", r, opening));
  }
  report::Summary s = research::summarize(games);
  stats::ComparisonPlan plan;
  plan.base = "base";
  plan.variants = {"other"};
  research::attach_comparison(s, stats::compare_variants(games, plan));
  std::ostringstream md, html;
  report::write_markdown(md, s);
  report::write_html(html, s, "t");
  EXPECT_TRUE(std::regex_search(
      md.str(), std::regex(R"(\| other +\| score \(primary\) +\| +0\.950 \| +0\.050 \| +−0\.900 \| +−1\.126 to −0\.674 \| +< 0\.001 \|)")))
      << md.str();
  EXPECT_NE(md.str().find("(p < 0.001;"), std::string::npos);  // the prose, alike
  // Each cell names its column, for the page's cards on a phone.
  EXPECT_NE(html.str().find("<td data-label=\"95% interval\" class=\"num\">−1.126 to −0.674</td>"), std::string::npos);
  EXPECT_NE(html.str().find("<td data-label=\"p (Holm)\" class=\"num\">&lt; 0.001</td>"), std::string::npos);
  for (const std::string& text : {md.str(), html.str()}) EXPECT_EQ(text.find("-0.900"), std::string::npos);
}

TEST(Report, CsvHasAHeaderAndARowPerVariant) {
  std::ostringstream out;
  report::write_variants_csv(out, research::summarize(four_variant_games()));
  std::istringstream in(out.str());
  std::string header, row;
  std::getline(in, header);
  std::getline(in, row);
  EXPECT_EQ(header.rfind("variant,games,first_wins,first_draws,first_losses,units,design_effect,first_score,", 0), 0u) << header;
  for (const char* column : {",diff_p_holm,", ",balance,", ",plies_median,", ",end_den,", ",end_limit,", ",note"})
    EXPECT_NE(header.find(column), std::string::npos) << column;
  // Each game has an opening of its own: 100 units and a design effect of 1.
  EXPECT_EQ(row.rfind("base,100,50,0,50,100,1,0.5,", 0), 0u) << row;
  int lines = 2;
  while (std::getline(in, row)) ++lines;
  EXPECT_EQ(lines, 5);  // the header and four variants

  std::ostringstream pairings;
  report::write_pairings_csv(pairings, research::summarize(two_player_games()));
  EXPECT_EQ(pairings.str().rfind("variant,first,second,white_wins,white_draws,white_losses,", 0), 0u);
  EXPECT_NE(pairings.str().find("\nalpha,p,q,3,1,1,2,1,1,5,2,2,"), std::string::npos) << pairings.str();
}

TEST(Report, MarkdownHasEverySection) {
  std::ostringstream out;
  report::write_markdown(out, research::summarize(four_variant_games()));
  for (const char* heading : {"## First-player advantage", "## Against the baseline, base", "## Balance",
                              "## Game length", "## End reasons", "## Players"})
    EXPECT_NE(out.str().find(heading), std::string::npos) << heading;
  EXPECT_NE(out.str().find("| b "), std::string::npos);
}

TEST(Report, HtmlInlinesGnuplotCharts) {
  std::ostringstream out;
  const std::vector<std::string> problems = report::write_html(out, research::summarize(four_variant_games()), "t");
  const std::string html = out.str();
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("<table>"), std::string::npos);
  if (!charts::gnuplot_available()) GTEST_SKIP() << "gnuplot is not installed";
  EXPECT_TRUE(problems.empty()) << problems.front();
  // Two forest plots (decisive share, draw rate), score chart, one histogram per variant, end
  // reasons: 8 charts, ids kept apart.
  std::size_t charts = 0;
  for (std::size_t at = html.find("<svg"); at != std::string::npos; at = html.find("<svg", at + 1)) ++charts;
  EXPECT_EQ(charts, 8u);
  EXPECT_EQ(html.find("<?xml"), std::string::npos);
  EXPECT_NE(html.find("id='c1-gpPt0'"), std::string::npos);
  EXPECT_NE(html.find("id='c8-gpPt0'"), std::string::npos);
}

TEST(Report, HtmlWithoutGnuplotSaysSoAndKeepsTheTables) {
  ScopedEnv env("JUNGLE_GNUPLOT", "/nonexistent/gnuplot");
  std::ostringstream out;
  const std::vector<std::string> problems = report::write_html(out, research::summarize(four_variant_games()), "t");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("not found"), std::string::npos);
  EXPECT_NE(out.str().find("Charts are missing"), std::string::npos);
  EXPECT_EQ(out.str().find("<svg"), std::string::npos);
  EXPECT_NE(out.str().find("<table>"), std::string::npos);
}

TEST(Report, ReadMergedKeepsPairsAndOpeningsOfDifferentFilesApart) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "jungle-test-report-merge";
  std::filesystem::create_directories(dir);
  std::vector<std::filesystem::path> files;
  for (int f = 0; f < 2; ++f) {
    files.push_back(dir / ("games" + std::to_string(f) + ".jsonl"));
    std::ofstream out(files.back());
    for (int i = 0; i < 2; ++i) {
      StoredGame g = game("alpha", i ? "q" : "p", i ? "p" : "q", W, 0);
      g.index = i;
      out << to_json_line(g) << "\n";
    }
  }
  const std::vector<StoredGame> games = read_merged(files);
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(games[0].pair, 0);
  EXPECT_EQ(games[1].pair, 0);
  EXPECT_EQ(games[2].pair, 1);
  EXPECT_EQ(games[3].pair, 1);
  EXPECT_EQ(games[1].opening, 0);
  EXPECT_EQ(games[2].opening, 1);
  // Two pairs of W + L from p's side, not one group of four; two openings, two units.
  const report::Summary s = research::summarize(games);
  EXPECT_EQ(s.variants[0].pairings[0].pentanomial, (stats::Pentanomial{0, 0, 2, 0, 0}));
  EXPECT_EQ(s.variants[0].first_player.units, 2u);
  std::filesystem::remove_all(dir);
}

}  // namespace
