// The game viewer's embedded data: what the page's script reads, and that no text from a results
// file can end the script element. The script itself is checked in headless Chromium
// (tests/cli/viewer.cmake).
#include <gtest/gtest.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include "report/game_viewer.h"
#include "report/report.h"
#include "research/game_summary.h"

using namespace jungle;

namespace {

const std::string DATA_OPEN = "<script type=\"application/json\" id=\"gv-data\">";

GameRecord record(const std::string& variant, const std::string& white, const std::string& black,
                  std::vector<std::string> moves = {}) {
  GameRecord r;
  r.variant = variant;
  r.white = white;
  r.black = black;
  r.moves = std::move(moves);
  r.plies = int(r.moves.size());
  return r;
}

std::string viewer(const std::vector<GameRecord>& records, const std::vector<Variant>& rules, std::uint64_t total) {
  std::ostringstream out;
  report::write_game_viewer(out, records, rules, total);
  return out.str();
}

// The embedded text as written, between the element's tags.
std::string raw_data(const std::string& html) {
  const std::size_t begin = html.find(DATA_OPEN);
  EXPECT_NE(begin, std::string::npos);
  const std::size_t from = begin + DATA_OPEN.size();
  return html.substr(from, html.find("</script>", from) - from);
}

nlohmann::json data(const std::string& html) { return nlohmann::json::parse(raw_data(html)); }

}  // namespace

TEST(GameViewer, EmbedsEachVariantsTerrainAndStart) {
  Variant islands;
  islands.name = "islands";
  const std::vector<std::string> rows = {"..tdt..", "...t...", ".......", "~~.~.~~", ".......",
                                         "~~.~.~~", ".......", "...T...", "..TDT.."};
  for (int i = 0; i < RANK_NB; ++i) ASSERT_TRUE(parse_terrain_row(rows[i], RANK_NB - 1 - i, islands.terrain));
  islands.start = "7/7/7/7/7/7/7/7/3l3 w";
  islands.conclude();
  const nlohmann::json d = data(viewer({record("standard", "p", "q"), record("islands", "q", "p")},
                                       {Variant(), islands}, 2));
  ASSERT_EQ(d["variants"].size(), 2u);
  EXPECT_EQ(d["variants"][0]["terrain"], "..tdt../...t.../......./.~~.~~./.~~.~~./.~~.~~./......./...T.../..TDT..");
  EXPECT_EQ(d["variants"][0]["start"], "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w");
  EXPECT_EQ(d["variants"][1]["name"], "islands");
  EXPECT_EQ(d["variants"][1]["terrain"], "..tdt../...t.../......./~~.~.~~/......./~~.~.~~/......./...T.../..TDT..");
  EXPECT_EQ(d["variants"][1]["start"], "7/7/7/7/7/7/7/7/3l3 w");
  // The script maps these marks to what it draws.
  EXPECT_EQ(d["terrain_chars"]["water"], "~");
  EXPECT_EQ(d["terrain_chars"]["den_black"], "d");
  EXPECT_EQ(d["games"][1]["v"], 1);
}

TEST(GameViewer, KeepsEachGamesMovesStartAndEnd) {
  GameRecord r = record("standard", "random", "greedy", {"a3a4", "g7g6", "a4a5"});
  r.opening = {"a3a4"};
  r.fen = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w";
  r.result = Result::BlackWins;
  r.reason = EndReason::Time;
  const nlohmann::json g = data(viewer({r}, {Variant()}, 1))["games"][0];
  EXPECT_EQ(g["n"], 1);
  EXPECT_EQ(g["m"], "a3a4 g7g6 a4a5");
  EXPECT_EQ(g["o"], 1);
  EXPECT_EQ(g["f"], r.fen);
  EXPECT_EQ(g["r"], "0-1");
  EXPECT_EQ(g["e"], "time");
  const nlohmann::json d = data(viewer({r}, {Variant()}, 1));
  EXPECT_EQ(d["players"], nlohmann::json({"random", "greedy"}));
  // Every reason, in the order of EndReason, whatever reasons there are.
  ASSERT_EQ(d["reasons"].size(), std::size_t(END_REASON_NB));
  EXPECT_EQ(d["reasons"][0], "den");
}

TEST(GameViewer, NoTextFromAResultsFileEndsTheScript) {
  const std::string hostile = "</script><script>alert(1)</script><!--";
  const std::string html = viewer({record("standard", hostile, "\xff" "bad")}, {Variant()}, 1);
  // '<' only inside strings, written as \u003c: nothing in the element can close or comment it.
  EXPECT_EQ(raw_data(html).find('<'), std::string::npos);
  const nlohmann::json d = data(html);
  EXPECT_EQ(d["players"][0], hostile);
  EXPECT_EQ(d["players"][1], "\xEF\xBF\xBD" "bad");  // not UTF-8: U+FFFD
}

TEST(GameViewer, EmbedsAtMostTheCapAndSaysHowManyAreLeftOut) {
  const std::vector<GameRecord> records(report::MAX_VIEWED_GAMES, record("standard", "p", "q", {"a3a4"}));
  const std::string html = viewer(records, {Variant()}, report::MAX_VIEWED_GAMES + 5);
  EXPECT_EQ(data(html)["games"].size(), report::MAX_VIEWED_GAMES);
  EXPECT_NE(html.find("The page holds the first 20000 games of 20005"), std::string::npos);
  EXPECT_EQ(viewer(records, {Variant()}, report::MAX_VIEWED_GAMES).find("The page holds"), std::string::npos);
}

TEST(GameViewer, LeavesOutGamesWithoutRulesAndKeepsTheNumbers) {
  const std::string html =
      viewer({record("standard", "p", "q"), record("nosuch", "p", "q"), record("standard", "q", "p")}, {Variant()}, 3);
  const nlohmann::json games = data(html)["games"];
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0]["n"], 1);
  EXPECT_EQ(games[1]["n"], 3);
  EXPECT_NE(html.find("1 game cannot be shown"), std::string::npos);
}

TEST(GameViewer, TheReportPassesItsGamesAndRules) {
  std::vector<StoredGame> games(3);
  for (int i = 0; i < 3; ++i) {
    games[i].record = record(i == 1 ? "nosuch" : "standard", "p", "q", {"a3a4"});
    games[i].pair = games[i].opening = i;
  }
  const report::Summary s = research::summarize(games);
  ASSERT_EQ(s.viewed_games.size(), 3u);
  EXPECT_EQ(s.viewed_games[1].variant, "nosuch");
  ASSERT_EQ(s.rules.size(), 1u);
  EXPECT_EQ(s.rules[0].name, "standard");
  std::ostringstream html;
  report::write_html(html, s, "t");
  EXPECT_NE(html.str().find("<section id=\"games\">"), std::string::npos);
  EXPECT_EQ(data(html.str())["games"].size(), 2u);
}
