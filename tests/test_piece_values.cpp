// Each variant's piece values side by side (the study's report, `jungle tune --table`): the
// untuned values its rules give, and the tuned ones of a weights file beside its rules.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "report/report.h"
#include "report/report_tables.h"
#include "search/piece_values.h"
#include "search/weights_file.h"
#include "tests/temp_dir.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

// A folder of its own, removed afterwards.
std::string markdown(const std::vector<PieceValues>& values, const std::string& note = "") {
  std::ostringstream out;
  report::detail::write_sections_markdown(out, {report::detail::piece_values_section(values, note)});
  return out.str();
}

// The Markdown row of `variant`: its cells, trimmed.
std::vector<std::string> row_of(const std::string& text, const std::string& variant) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("| " + variant + " ", 0) != 0) continue;
    std::vector<std::string> cells;
    std::istringstream cols(line.substr(1));
    for (std::string cell; std::getline(cols, cell, '|');) {
      cell.erase(0, cell.find_first_not_of(' '));
      cell.erase(cell.find_last_not_of(' ') + 1);
      cells.push_back(cell);
    }
    return cells;
  }
  return {};
}

}  // namespace

// EvalWeights::from_rules: 150 + 30 per kind the piece takes + 30 per kind that cannot take it
// + 40 per jump axis + 40 for a swimmer. Worked out here from the rules files:
//  - standard: the elephant takes 7 kinds (all but the rat) and is taken by 2 (the elephant and
//    the rat): 150 + 210 + 30·(8 − 2) = 540. The rat (a swimmer) takes 2 (rat, elephant) and is
//    taken by 7 (all but the elephant): 150 + 60 + 30·1 + 40 = 280.
//  - van-rijn-vis, where the elephant may take the rat: the elephant takes all 8, taken by 2:
//    150 + 240 + 180 = 570; the rat is taken by all 8: 150 + 60 + 0 + 40 = 250.
//  - the lion in both jumps both ways: takes 7 (not the elephant), taken by 2 (lion, elephant):
//    150 + 210 + 180 + 80 = 620.
TEST(PieceValues, UntunedValuesFollowEachVariantsRules) {
  TempDir empty("none");  // a weights folder without files: untuned only, whatever variants/ ships
  const PieceValues standard = piece_values(load_variant("standard"), empty.path());
  const PieceValues vrv = piece_values(load_variant("van-rijn-vis"), empty.path());
  EXPECT_EQ(standard.untuned[ELEPHANT], 540);
  EXPECT_EQ(vrv.untuned[ELEPHANT], 570);
  EXPECT_EQ(standard.untuned[RAT], 280);
  EXPECT_EQ(vrv.untuned[RAT], 250);
  EXPECT_EQ(standard.untuned[LION], 620);
  EXPECT_EQ(vrv.untuned[LION], 620);
  EXPECT_FALSE(standard.tuned);
  EXPECT_TRUE(standard.weights_file.empty());

  // Without any tuned weights the section says so in one line and shows the untuned values alone.
  const std::string text = markdown({standard, vrv});
  EXPECT_NE(text.find("No variant here has tuned weights"), std::string::npos) << text;
  EXPECT_EQ(text.find("tuned value of its weights file"), std::string::npos) << text;
  const std::vector<std::string> header = row_of(text, "variant");
  ASSERT_EQ(header.size(), 1u + KIND_NB) << text;  // variant, then one column per kind
  EXPECT_EQ(header[1 + ELEPHANT], "elephant");
  EXPECT_EQ(row_of(text, "standard")[1 + ELEPHANT], "540") << text;
  EXPECT_EQ(row_of(text, "van-rijn-vis")[1 + ELEPHANT], "570") << text;
  EXPECT_EQ(row_of(text, "van-rijn-vis")[1 + RAT], "250") << text;
}

// The standard rules copied to a folder of their own, and a weights file written beside them:
// the players' default weights, and so the tuned column.
TEST(PieceValues, AWeightsFileBesideTheRulesIsTheTunedColumn) {
  TempDir dir("beside");
  fs::copy_file(fs::path(JUNGLE_SOURCE_DIR) / "variants" / "standard.toml", dir.path() / "mine.toml");
  const Variant mine = load_variant_file(dir.path() / "mine.toml");
  EXPECT_FALSE(piece_values(mine).tuned);

  WeightsFile file{mine.name, rules_hash(mine), 1, EvalWeights::from_rules(mine)};
  file.weights.piece[ELEPHANT] = 777;
  file.weights.piece[RAT] = 321;
  std::ofstream(dir.path() / "mine.weights.toml") << weights_to_toml(file);
  const PieceValues tuned = piece_values(mine);
  ASSERT_TRUE(tuned.tuned);
  EXPECT_EQ((*tuned.tuned)[ELEPHANT], 777);
  EXPECT_EQ((*tuned.tuned)[RAT], 321);
  EXPECT_EQ(tuned.untuned[ELEPHANT], 540);
  EXPECT_EQ(fs::path(tuned.weights_file), dir.path() / "mine.weights.toml");

  // Beside a variant without a file: the tuned value with the untuned in brackets, and a
  // column saying which each row is.
  TempDir empty("none-2");
  const PieceValues vrv = piece_values(load_variant("van-rijn-vis"), empty.path());
  const std::string text = markdown({tuned, vrv}, "a note");
  const std::vector<std::string> row = row_of(text, "standard");
  ASSERT_EQ(row.size(), 2u + KIND_NB) << text;
  EXPECT_EQ(row[1], "tuned");
  EXPECT_EQ(row[2 + ELEPHANT], "777 (540)");
  EXPECT_EQ(row[2 + RAT], "321 (280)");
  EXPECT_EQ(row[2 + LION], "620 (620)");
  EXPECT_EQ(row_of(text, "van-rijn-vis")[1], "untuned");
  EXPECT_EQ(row_of(text, "van-rijn-vis")[2 + ELEPHANT], "570");
  std::string read_from = "tuned weights read from ";
  read_from.append(dir.path().string()).append("/: mine.weights.toml");
  EXPECT_NE(text.find(read_from), std::string::npos) << text;
  EXPECT_NE(text.find("- Note: a note"), std::string::npos) << text;

  // The report shows the section after the rules, and its JSON holds both sets of values.
  report::Summary summary;
  summary.piece_values = {tuned, vrv};
  std::ostringstream md, js;
  report::write_markdown(md, summary);
  EXPECT_NE(md.str().find("\n## Piece values\n"), std::string::npos) << md.str();
  report::write_json(js, summary);
  const nlohmann::json j = nlohmann::json::parse(js.str());
  ASSERT_EQ(j.at("piece_values").size(), 2u);
  EXPECT_EQ(j["piece_values"][0]["variant"], "standard");
  EXPECT_EQ(j["piece_values"][0]["tuned"]["elephant"], 777);
  EXPECT_EQ(j["piece_values"][0]["untuned"]["elephant"], 540);
  EXPECT_EQ(j["piece_values"][0]["weights_file"], tuned.weights_file);
  EXPECT_TRUE(j["piece_values"][1]["tuned"].is_null());
  EXPECT_EQ(j["piece_values"][1]["untuned"]["elephant"], 570);
}
