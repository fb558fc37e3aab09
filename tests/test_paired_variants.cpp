// Paired variants (match/matchmaking.h): every variant of a comparison plays the first
// variant's openings with its game seeds, and an opening that does not fit a variant is
// replaced there alone.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <tuple>

#include "engine/variant_loader.h"
#include "match/matchmaking.h"
#include "match/tournament.h"
#include "results/results_file.h"

using namespace jungle;
namespace fs = std::filesystem;

namespace {

// Standard without the second player's cat (f8): an opening that moves it does not fit.
Variant no_black_cat() {
  return load_variant_text("name = \"no-black-cat\"\nextends = \"standard\"\n[board]\n"
                           "start = \"l5t/1d5/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w\"\n",
                           "no-black-cat.toml");
}

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("jungle-paired-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

}  // namespace

TEST(PairedVariants, EveryVariantGetsTheFirstVariantsGameSeeds) {
  const std::vector<Fixture> paired = schedule_round_robin(3, 2, 6, 42, true);
  const std::vector<Fixture> unpaired = schedule_round_robin(3, 2, 6, 42, false);
  ASSERT_EQ(paired.size(), unpaired.size());
  std::map<std::tuple<int, int, int>, std::uint64_t> seed_of;  // (opening, white, black)
  for (std::size_t i = 0; i < paired.size(); ++i) {
    const Fixture& f = paired[i];
    const auto [it, first] = seed_of.emplace(std::tuple{f.opening, f.white, f.black}, f.seed);
    EXPECT_EQ(it->second, f.seed) << "fixture " << i;
    // The first variant's games are those of an unpaired tournament.
    if (f.variant == 0) EXPECT_EQ(f.seed, unpaired[i].seed);
    else EXPECT_NE(unpaired[i].seed, paired[i].seed);
  }
}

// Within four plies only the cat can start a move on f8 (nothing reaches f8 in one move), so
// an opening fits the variant without that cat exactly when no move starts on f8.
TEST(PairedVariants, AnOpeningThatDoesNotFitIsReplacedThereAlone) {
  const std::vector<Variant> variants = {load_variant("standard"), no_black_cat()};
  const OpeningRule rule = parse_opening_rule("random:plies=4");
  int replaced = 0;
  for (int k = 0; k < 200; ++k) {
    const Opening shared = make_opening(variants[0], rule, 7, 0, k);
    const bool moves_the_cat =
        std::any_of(shared.moves.begin(), shared.moves.end(), [](const std::string& m) { return m.starts_with("f8"); });
    EXPECT_EQ(make_paired_opening(variants, rule, 7, 0, k).opening, shared);
    const VariantOpening there = make_paired_opening(variants, rule, 7, 1, k);
    EXPECT_EQ(there.paired, !moves_the_cat) << k;
    EXPECT_EQ(opening_fits(variants[1], shared), !moves_the_cat) << k;
    if (there.paired) {
      EXPECT_EQ(there.opening, shared);
    } else {
      ++replaced;
      EXPECT_TRUE(opening_fits(variants[1], there.opening));
      EXPECT_EQ(there.opening, make_opening(variants[1], rule, 7, 1, k));
    }
  }
  EXPECT_GT(replaced, 0);
  EXPECT_LT(replaced, 200);
}

// A/A: a variant file that only extends standard, played by a deterministic player, plays the
// very same games as standard.
// From a file, an opening that does not fit a variant is replaced there by the file's next one
// that fits: line 1 moves the second player's cat, line 2 its dog, line 3 its rat.
TEST(PairedVariants, AFileOpeningThatDoesNotFitIsReplacedByTheFilesNext) {
  const fs::path dir = fresh_dir("file-openings");
  std::ofstream(dir / "book.txt") << "a3a4 f8f7\na3a4 b8b7\ng3g4 a7a6\n";
  std::ofstream(dir / "cats.txt") << "a3a4 f8f7\ng3g4 f8e8\n";
  const std::vector<Variant> variants = {load_variant("standard"), no_black_cat()};
  const OpeningRule book = parse_opening_rule("file=" + (dir / "book.txt").string() + ",format=moves");
  const std::vector<std::string> line1 = {"a3a4", "f8f7"}, line2 = {"a3a4", "b8b7"}, line3 = {"g3g4", "a7a6"};

  const VariantOpening base0 = make_paired_opening(variants, book, 7, 0, 0);
  EXPECT_EQ(base0.opening.moves, line1);
  EXPECT_TRUE(base0.paired);
  const VariantOpening there0 = make_paired_opening(variants, book, 7, 1, 0);
  EXPECT_EQ(there0.opening.moves, line2);
  EXPECT_FALSE(there0.paired);
  const VariantOpening there1 = make_paired_opening(variants, book, 7, 1, 1);
  EXPECT_EQ(there1.opening.moves, line2);
  EXPECT_TRUE(there1.paired);
  // Opening 3 is line 1 again (the file wraps round); its replacement is still the next that fits.
  EXPECT_EQ(make_paired_opening(variants, book, 7, 1, 3).opening.moves, line2);
  EXPECT_EQ(make_paired_opening(variants, book, 7, 1, 2).opening.moves, line3);

  // A file none of whose openings fits the variant is refused, naming the file and the variant.
  const OpeningRule cats = parse_opening_rule("file=" + (dir / "cats.txt").string() + ",format=moves");
  try {
    make_paired_opening(variants, cats, 7, 1, 0);
    ADD_FAILURE() << "a file of openings that all move the missing cat was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("cats.txt: no opening of the file fits variant no-black-cat"), std::string::npos)
        << e.what();
  }
  fs::remove_all(dir);
}

TEST(PairedVariants, IdenticalRulesPlayIdenticalGames) {
  const fs::path dir = fresh_dir("aa");
  std::ofstream(dir / "same.toml") << "name = \"same\"\nextends = \"standard\"\n";
  TournamentConfig c;
  c.variants = {"standard", (dir / "same.toml").string()};
  c.players = {"alphabeta:depth=1,weights=untuned"};
  c.games_per_pair = 8;
  c.seed = 5;
  c.threads = 2;
  c.paired_variants = true;
  c.out = dir / "out";
  const TournamentRun run = run_tournament(c);
  std::map<std::pair<int, int>, const GameRecord*> standard;  // (opening, colour game)
  for (const StoredGame& g : run.games)
    if (g.record.variant == "standard") standard[{g.opening, g.index % 2}] = &g.record;
  int compared = 0;
  for (const StoredGame& g : run.games) {
    if (g.record.variant != "same") continue;
    const GameRecord& twin = *standard.at({g.opening, g.index % 2});
    EXPECT_EQ(g.record.opening, twin.opening);
    EXPECT_EQ(g.record.moves, twin.moves);
    EXPECT_EQ(g.record.result, twin.result);
    ++compared;
  }
  EXPECT_EQ(compared, 8);

  // The pairing is part of what the tournament is: the same folder without it is refused.
  c.paired_variants = false;
  try {
    run_tournament(c);
    ADD_FAILURE() << "an unpaired run was added to a paired tournament";
  } catch (const TournamentError& e) {
    EXPECT_NE(std::string(e.what()).find("made with --paired-variants on, not off"), std::string::npos) << e.what();
  }
  fs::remove_all(dir);
}
