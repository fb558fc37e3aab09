// What a caller such as `jungle compare` hands the tournament through its configuration rather
// than through names and files: each variant's default weights (TournamentConfig::default_weights)
// and the variants already loaded (TournamentConfig::loaded_variants).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "match/tournament.h"
#include "search/eval_weights.h"
#include "search/weights_file.h"
#include "tests/temp_dir.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

TournamentConfig depth2_config(const fs::path& out, const std::string& player) {
  TournamentConfig c;
  c.variants = {"standard"};
  c.players = {player};
  c.games_per_pair = 4;
  c.seed = 20261206;
  c.threads = 1;
  c.out = out;
  return c;
}

std::vector<std::vector<std::string>> moves_of(const TournamentRun& run) {
  std::vector<std::vector<std::string>> out;
  for (const StoredGame& g : run.games) out.push_back(g.record.moves);
  return out;
}

}  // namespace

// Standard has tuned weights beside its rules. Given a file of its untuned weights, a player
// without weights= plays them: the very moves of a player told weights=untuned, on the same seeds.
// run.json names the given file as the default weights.
TEST(GivenWeights, APlayerWithoutWeightsPlaysTheGivenFile) {
  TempDir dir("weights");
  const Variant standard = load_variant("standard");
  const fs::path file = dir / "untuned.weights.toml";
  std::ofstream(file) << weights_to_toml(
      WeightsFile{"standard", rules_hash(standard), 1, EvalWeights::from_rules(standard)});

  TournamentConfig given = depth2_config(dir / "given", "alphabeta:depth=2");
  given.default_weights = {{"standard", file}};
  const TournamentRun with_given = run_tournament(given);
  const TournamentRun told_untuned = run_tournament(depth2_config(dir / "told", "alphabeta:depth=2,weights=untuned"));
  ASSERT_EQ(with_given.games.size(), 4u);
  EXPECT_EQ(moves_of(with_given), moves_of(told_untuned));

  std::ifstream run_file(dir / "given" / "run.json");
  const nlohmann::json run = nlohmann::json::parse(run_file);
  EXPECT_EQ(run["variants"][0]["default_weights"], file.string());
}

// Weights for a variant the tournament does not play are a mistake of the caller's, said so.
TEST(GivenWeights, WeightsForAVariantNotPlayedAreRefused) {
  TempDir dir("stray");
  TournamentConfig c = depth2_config(dir / "out", "random");
  c.default_weights = {{"ludii", dir / "ludii.weights.toml"}};
  try {
    run_tournament(c);
    FAIL() << "weights for a variant not played were taken";
  } catch (const TournamentError& e) {
    EXPECT_STREQ(e.what(), "default weights for ludii, which is not among the variants");
  }
}

// Variants already loaded are played as they are: the name beside them is not read again (here it
// names no file at all), and the games carry the loaded variant's own name.
TEST(GivenWeights, LoadedVariantsAreNotReadAgain) {
  TempDir dir("loaded");
  TournamentConfig c = depth2_config(dir / "out", "random");
  c.variants = {(dir / "no-such-rules.toml").string()};
  c.loaded_variants = {load_variant_text("name = \"mine\"\nextends = \"standard\"\n", "mine's text")};
  const TournamentRun run = run_tournament(c);
  ASSERT_EQ(run.games.size(), 4u);
  for (const StoredGame& g : run.games) EXPECT_EQ(g.record.variant, "mine");
}
