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
#include "match/tournament_setup.h"
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

namespace {

std::string file_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

const fs::path RUN_FILES = fs::path(JUNGLE_SOURCE_DIR) / "tests" / "data" / "run-files";

// The run.json of a tournament written by the released version (dbdf28a), read.
RunRecord released(const std::string& name) { return parse_run_record(file_text(RUN_FILES / name)); }

}  // namespace

// Folders written by released versions: tests/data/run-files (dbdf28a, every setting given in one
// or the other) and the strength runs of data/ (older: no invocation, games or default weights).
// Each reads, and a resume would write it back byte for byte.
TEST(RunFile, FoldersOfReleasedVersionsReadAndWriteBackUnchanged) {
  std::vector<fs::path> files = {RUN_FILES / "engines.run.json", RUN_FILES / "sprt-variants.run.json"};
  for (const auto& entry : fs::directory_iterator(fs::path(JUNGLE_SOURCE_DIR) / "data" / "strength-runs"))
    if (fs::exists(entry.path() / "run.json")) files.push_back(entry.path() / "run.json");
  ASSERT_GE(files.size(), 3u);
  for (const fs::path& file : files) {
    SCOPED_TRACE(file.string());
    const std::string text = file_text(file);
    EXPECT_EQ(run_record_text(parse_run_record(text)), text);
  }
}

// What the released version recorded for the commands that made the files (their runs[0].command):
// each setting in its canonical form, by hand.
TEST(RunFile, TheSettingsOfAReleasedFolderReadAsRecorded) {
  const TournamentSettings e = released("engines.run.json").settings;
  EXPECT_EQ(e.players, (std::vector<std::string>{"tuned", "untuned", "random"}));
  EXPECT_EQ(e.games_per_pair, 2);
  EXPECT_EQ(e.openings, "random:plies=2");
  EXPECT_EQ(e.seed, 5u);
  EXPECT_EQ(e.engines, (std::vector<std::string>{"name=tuned,cmd=/tmp/run-old-jungle,args=engine",
                                                 "name=untuned,cmd=/tmp/run-old-jungle,args=engine,option.Weights=untuned,depth=2"}));
  EXPECT_EQ(e.each, "depth=1");
  EXPECT_EQ(e.margin_ms, 50);
  EXPECT_EQ(e.draw, "movenumber=10,movecount=4,score=5");
  EXPECT_EQ(e.resign, "movecount=3,score=900,twosided=false");
  EXPECT_EQ(e.sprt, "");
  EXPECT_EQ(e.tb_adjudicate, "");
  EXPECT_TRUE(e.sprt_variants.empty());
  EXPECT_FALSE(e.paired_variants);

  const RunRecord s = released("sprt-variants.run.json");
  EXPECT_EQ(s.settings.players, (std::vector<std::string>{"greedy"}));
  EXPECT_EQ(s.settings.games_per_pair, 4);
  EXPECT_EQ(s.settings.openings, "random:plies=4");
  EXPECT_EQ(s.settings.seed, 11u);
  EXPECT_EQ(s.settings.sprt, "elo0=0,elo1=50,alpha=0.05,beta=0.05,model=normalized");
  EXPECT_EQ(s.settings.tb_adjudicate, "auto");
  EXPECT_EQ(s.settings.sprt_variants, (std::vector<std::string>{"standard", "ludii"}));
  EXPECT_TRUE(s.settings.paired_variants);
  EXPECT_TRUE(s.settings.engines.empty());
  EXPECT_EQ(s.settings.each, "");
  EXPECT_EQ(s.settings.margin_ms, 0);
  ASSERT_EQ(s.runs.size(), 1u);
  ASSERT_TRUE(s.runs[0].tablebases.has_value());
  EXPECT_EQ(s.runs[0].tablebases->size(), 2u);
}

// The same command typed today is the same tournament as the one the released version recorded:
// the setup puts every setting in the form that version wrote.
TEST(RunFile, TheSetupRecordsTheSettingsAsTheReleasedVersionDid) {
  TournamentConfig c;
  c.engines = {"name=tuned,cmd=/tmp/run-old-jungle,args=engine",
               "name=untuned,cmd=/tmp/run-old-jungle,args=engine,option.Weights=untuned,depth=2"};
  c.players = {"tuned", "untuned", "random"};
  c.each = "depth=1";
  c.margin_ms = 50;
  c.draw = "movenumber=10,movecount=4,score=5";
  c.resign = "movecount=3,score=900";
  c.games_per_pair = 2;
  c.seed = 5;
  c.openings = "random:plies=2";
  RunRecord now = make_setup(c).fingerprint();
  RunRecord then = released("engines.run.json");
  EXPECT_EQ(run_difference(then, now), "");
  EXPECT_EQ(now.settings.resign, then.settings.resign);  // twosided=false, as the rules write it

  c = TournamentConfig{};
  c.variants = {"standard", "ludii"};
  c.players = {"greedy"};
  c.sprt = "elo0=0,elo1=50";
  c.sprt_variants = {"standard", "ludii"};
  c.paired_variants = true;
  c.games_per_pair = 4;
  c.tb_adjudicate = "auto";
  c.seed = 11;
  now = make_setup(c).fingerprint();
  then = released("sprt-variants.run.json");
  EXPECT_EQ(run_difference(then, now), "");
  EXPECT_EQ(now.settings.sprt, "elo0=0,elo1=50,alpha=0.05,beta=0.05,model=normalized");
  // --draw and the rest are the engines': a tournament of built-in players does not record them.
  c.draw = "movenumber=10,movecount=4,score=5";
  EXPECT_EQ(make_setup(c).fingerprint().settings.draw, "");
}

// Each setting that tells tournaments apart is named as its option, with its value there and
// here ("none" where not given); games may grow and runs are added, so neither is a difference.
TEST(RunFile, EachDifferingSettingIsNamedAsItsOption) {
  const RunRecord there = good_record();
  auto difference = [&](const std::function<void(TournamentSettings&)>& edit) {
    RunRecord here = there;
    edit(here.settings);
    return run_difference(there, here);
  };
  EXPECT_EQ(difference([](TournamentSettings&) {}), "");
  EXPECT_EQ(difference([](TournamentSettings& s) { s.games_per_pair = 8; }), "");
  EXPECT_EQ(difference([](TournamentSettings& s) { s.players = {"random"}; }), "--players random,greedy, not random");
  EXPECT_EQ(difference([](TournamentSettings& s) { s.openings = "none"; }), "--openings random:plies=4, not none");
  EXPECT_EQ(difference([](TournamentSettings& s) { s.seed = 8; }), "--seed 7, not 8");
  EXPECT_EQ(difference([](TournamentSettings& s) { s.sprt = "elo0=0,elo1=5"; }), "--sprt none, not elo0=0,elo1=5");
  EXPECT_EQ(difference([](TournamentSettings& s) { s.tb_adjudicate = "auto"; }), "--tb-adjudicate none, not auto");
  EXPECT_EQ(difference([](TournamentSettings& s) { s.sprt_variants = {"a", "b"}; }), "--sprt-variants none, not a,b");
  EXPECT_EQ(difference([](TournamentSettings& s) { s.paired_variants = true; }), "--paired-variants off, not on");
  EXPECT_EQ(difference([](TournamentSettings& s) { s.engines = {"name=a,cmd=x"}; }), "--engines none, not name=a,cmd=x");
  EXPECT_EQ(difference([](TournamentSettings& s) { s.each = "depth=1"; }), "--each none, not depth=1");
  EXPECT_EQ(difference([](TournamentSettings& s) { s.margin_ms = 50; }), "--timemargin 0, not 50");
  EXPECT_EQ(difference([](TournamentSettings& s) { s.draw = "movenumber=1"; }), "--draw none, not movenumber=1");
  EXPECT_EQ(difference([](TournamentSettings& s) { s.resign = "movecount=3"; }), "--resign none, not movecount=3");
  RunRecord more = there;
  more.runs.push_back(more.runs[0]);
  EXPECT_EQ(run_difference(there, more), "");
}

// What is not given is not written: a tournament of built-in players without options has the
// fields of the first run.json format, in their order; with an engine, its four limits follow it.
TEST(RunFile, OnlyTheSettingsGivenAreWritten) {
  RunRecord r = good_record();
  auto keys = [](const RunRecord& record) {
    std::vector<std::string> out;
    const json parsed = json::parse(run_record_text(record));
    for (const auto& [key, value] : parsed.items()) out.push_back(key);
    return out;
  };
  EXPECT_EQ(keys(r), (std::vector<std::string>{"format", "variants", "players", "games", "openings", "seed", "runs"}));
  r.settings.draw = "movenumber=1";  // without engines, not recorded
  EXPECT_EQ(keys(r), (std::vector<std::string>{"format", "variants", "players", "games", "openings", "seed", "runs"}));
  r.settings.engines = {"name=a,cmd=x"};
  r.settings.paired_variants = true;
  EXPECT_EQ(keys(r), (std::vector<std::string>{"format", "variants", "players", "games", "openings", "seed",
                                               "paired_variants", "engines", "each", "timemargin", "draw", "resign",
                                               "runs"}));
  const RunRecord back = parse_run_record(run_record_text(r));
  EXPECT_EQ(back.settings.engines, r.settings.engines);
  EXPECT_EQ(back.settings.draw, "movenumber=1");
  EXPECT_TRUE(back.settings.paired_variants);
  EXPECT_EQ(fault_after([](json& j) {
              j["engines"] = {"name=a,cmd=x"};
              j["each"] = "";
              j["timemargin"] = 86'400'001;
              j["draw"] = j["resign"] = "";
            }),
            "timemargin: 86400001 is not a whole number from 0 to 86400000");
}
