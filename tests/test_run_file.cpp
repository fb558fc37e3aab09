// run.json read in full (results/run_file.h): a good record is accepted as written, and each kind
// of fault a hand edit can make is refused with the field it is in named.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "engine/variant_toml.h"
#include "match/tournament.h"
#include "results/results_file.h"
#include "results/run_file.h"

using namespace jungle;
namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

namespace {

RunRecord good_record() {
  const Variant standard = load_variant("standard");
  RunRecord r;
  r.variants = {{"standard", rules_hash(standard), variant_to_toml(standard)}};
  r.settings.players = {"random", "greedy"};
  r.settings.games_per_pair = 4;
  r.settings.openings = "random:plies=4";
  r.settings.seed = 7;
  r.runs = {RunStart{{"jungle", "tournament"}, "v1", "2026-01-01T00:00:00Z", "host", 2}};
  r.runs[0].games = 4;
  return r;
}

// The good record's run.json with one edit; parse_run_record's message, or "" when it reads.
std::string fault_after(const std::function<void(json&)>& edit) {
  json j = json::parse(run_record_text(good_record()));
  edit(j);
  try {
    parse_run_record(j.dump(2));
    return "";
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
}

}  // namespace

TEST(RunFile, AGoodRecordReadsBackAsWritten) {
  const std::string text = run_record_text(good_record());
  EXPECT_EQ(run_record_text(parse_run_record(text)), text);
  EXPECT_EQ(fault_after([](json&) {}), "");
}

TEST(RunFile, EveryNumberIsAWholeNumberInItsRange) {
  const std::string range = " is not a whole number from 1 to 100000000";
  EXPECT_EQ(fault_after([](json& j) { j["games"] = 1e20; }), "games: 1e+20" + range);
  EXPECT_EQ(fault_after([](json& j) { j["games"] = -4; }), "games: -4" + range);
  EXPECT_EQ(fault_after([](json& j) { j["games"] = 2.5; }), "games: 2.5" + range);
  EXPECT_EQ(fault_after([](json& j) { j["games"] = 0; }), "games: 0" + range);
  EXPECT_EQ(fault_after([](json& j) { j["games"] = "4"; }), "games: \"4\"" + range);
  // 2^31, one past the int the count is kept in.
  EXPECT_EQ(fault_after([](json& j) { j["games"] = 2147483648u; }), "games: 2147483648" + range);
  EXPECT_EQ(fault_after([](json& j) { j["runs"][0]["games"] = 1e20; }), "runs[0].games: 1e+20" + range);
  EXPECT_EQ(fault_after([](json& j) { j["runs"][0]["threads"] = -1; }),
            "runs[0].threads: -1 is not a whole number from 1 to 1000000");
  EXPECT_EQ(fault_after([](json& j) { j["seed"] = -1; }),
            "seed: -1 is not a whole number from 0 to 18446744073709551615");
}

TEST(RunFile, EveryFieldHasItsType) {
  EXPECT_EQ(fault_after([](json& j) { j["runs"] = 5; }), "runs: 5 is not a list");
  EXPECT_EQ(fault_after([](json& j) { j["runs"][0] = "x"; }), "runs[0]: is not a JSON object");
  EXPECT_EQ(fault_after([](json& j) { j["players"] = {"random", 1}; }), "players[1]: 1 is not a string");
  EXPECT_EQ(fault_after([](json& j) { j["runs"][0]["command"] = "jungle"; }),
            "runs[0].command: \"jungle\" is not a list of strings");
  EXPECT_EQ(fault_after([](json& j) { j["paired_variants"] = 1; }), "paired_variants: 1 is not true or false");
  EXPECT_EQ(fault_after([](json& j) { j["variants"] = json::array(); }), "variants: is empty");
  EXPECT_EQ(fault_after([](json& j) { j = json::array(); }), "run.json: is not a JSON object");
  EXPECT_EQ(fault_after([](json& j) { j["engines"] = {"a"}; }), "each: is missing");
  EXPECT_EQ(fault_after([](json& j) { j["runs"][0]["tablebases"] = {{"standard", {{"tables", {{"x", 3}}}}}}; }),
            "runs[0].tablebases.standard.tables.x: is not a number of pieces");
  try {
    parse_run_record("{ oops");
    ADD_FAILURE() << "not refused";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("not JSON (", 0), 0u) << e.what();
  }
}

TEST(RunFile, AMissingFieldIsNamed) {
  for (const char* field : {"format", "variants", "players", "games", "openings", "seed", "runs"})
    EXPECT_EQ(fault_after([&](json& j) { j.erase(field); }), std::string(field) + ": is missing");
  EXPECT_EQ(fault_after([](json& j) { j["variants"][0].erase("name"); }), "variants[0].name: is missing");
  EXPECT_EQ(fault_after([](json& j) { j["runs"][0].erase("threads"); }), "runs[0].threads: is missing");
  // What older folders lack reads: a run's invocation and games, a variant's rules text.
  EXPECT_EQ(fault_after([](json& j) {
              j["runs"][0].erase("games");
              j["variants"][0].erase("toml");
            }),
            "");
}

// Rules edited in run.json would be reported, and games replayed, as the rules played.
TEST(RunFile, TheRulesTextMustGiveItsRulesHash) {
  const std::string hash = rules_hash(load_variant("standard"));
  const std::string fault = fault_after([](json& j) {
    std::string toml = j["variants"][0]["toml"];
    toml.replace(toml.find("max_plies = 300"), 15, "max_plies = 200");
    j["variants"][0]["toml"] = toml;
  });
  EXPECT_EQ(fault.rfind("variants[0].toml: its rules hash to ", 0), 0u) << fault;
  EXPECT_NE(fault.find("not to the recorded rules hash \"" + hash + "\": the rules text was edited"), std::string::npos)
      << fault;
  EXPECT_NE(fault_after([](json& j) { j["variants"][0]["rules"] = "0123456789abcdef"; })
                .find("variants[0].toml: its rules hash to " + hash + ", not to the recorded rules hash \"0123456789abcdef\""),
            std::string::npos);
  EXPECT_EQ(fault_after([](json& j) { j["variants"][0]["name"] = "other"; }),
            "variants[0].toml: the rules are of variant \"standard\", not \"other\"");
  EXPECT_EQ(fault_after([](json& j) { j["variants"][0].erase("rules"); }),
            "variants[0].rules: is missing (the rules hash of its toml)");
}

// A folder's run.json: the error names the file and the field; a resume refuses it and leaves
// the folder as it was (it used to rewrite the bad number into a new run.json).
TEST(RunFile, AFolderWithABadRunJsonIsNotResumed) {
  const fs::path dir = fs::temp_directory_path() / ("jungle-run-file-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  TournamentConfig c;
  c.variants = {"standard"};
  c.players = {"random"};
  c.games_per_pair = 2;
  c.openings = "random:plies=4";
  c.threads = 1;
  c.out = dir;
  run_tournament(c);
  json j = json::parse(std::ifstream(dir / "run.json"));
  j["games"] = -4;
  std::ofstream(dir / "run.json") << j.dump(2);
  std::ifstream in(dir / "run.json");
  const std::string before((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string message = (dir / "run.json").string() + ": games: -4 is not a whole number from 1 to 100000000";
  try {
    read_run_file(dir);
    ADD_FAILURE() << "read";
  } catch (const ResultsError& e) {
    EXPECT_EQ(std::string(e.what()), message);
  }
  c.games_per_pair = 4;
  try {
    run_tournament(c);
    ADD_FAILURE() << "resumed";
  } catch (const ResultsError& e) {
    EXPECT_EQ(std::string(e.what()), message);
  }
  std::ifstream again(dir / "run.json");
  EXPECT_EQ(std::string((std::istreambuf_iterator<char>(again)), std::istreambuf_iterator<char>()), before);
  fs::remove_all(dir);
}
