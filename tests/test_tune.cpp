// Evaluation weights and their tuning: the weights file's round trip and its one-line errors,
// the check against the rules a file was tuned for, the sampling of positions, and Texel's
// method recovering piece values that are known because they made the results.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>

#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "match/tournament.h"
#include "players/player.h"
#include "search/evaluate.h"
#include "search/search.h"
#include "search/weights_file.h"
#include "tune/texel.h"

using namespace jungle;

namespace {

WeightsFile distinct_weights(const Variant& v) {
  WeightsFile file{v.name, rules_hash(v), 1, EvalWeights::from_rules(v)};
  // Every weight different from every other (7 and 113 are coprime, 3 + 7i never a multiple of
  // 113 below i = 48) and within every range, so that a key read into the wrong place shows.
  static_assert(WEIGHT_NB < 48);
  for (int i = 0; i < WEIGHT_NB; ++i) weight_at(file.weights, i) = (3 + 7 * i) % 113;
  return file;
}

std::string error_of(const std::string& text) {
  try {
    read_weights_text(text, "w.toml");
  } catch (const WeightsError& e) {
    return e.what();
  }
  return "no error";
}

// Random games (each a few hundred plies of captures), the material of whose positions varies widely.
std::vector<GameRecord> random_games(const Variant& v, int n) {
  std::vector<GameRecord> games;
  for (int i = 0; i < n; ++i) games.push_back(play_game(v, {}, "random", "random", std::uint64_t(1000 + i)));
  return games;
}

}  // namespace

TEST(Weights, UntunedWeightsEvaluateAsTheEvaluatorWithoutWeights) {
  const Variant v = load_variant("ludii");
  const Evaluator plain(v), weighted(v, EvalWeights::from_rules(v));
  Game game(v);
  Rng rng(7);
  for (int ply = 0; ply < 80 && !game.end(); ++ply) {
    EXPECT_EQ(plain.evaluate(game.position()), weighted.evaluate(game.position()));
    game.play(random_move(game.position(), rng));
  }
}

// The untuned elephant of standard takes 7 kinds (all but the rat), and 2 take it (the rat and
// the other elephant): 150 + 30*7 + 30*(8-2) = 540; in ludii it takes the rat too: 570.
TEST(Weights, UntunedPieceValuesFollowTheRules) {
  EXPECT_EQ(EvalWeights::from_rules(load_variant("standard")).piece[ELEPHANT], 540);
  EXPECT_EQ(EvalWeights::from_rules(load_variant("ludii")).piece[ELEPHANT], 570);
}

TEST(Weights, FileRoundTrip) {
  const Variant v = load_variant("standard");
  const WeightsFile file = distinct_weights(v);
  const WeightsFile back = read_weights_text(weights_to_toml(file, "games = 3\n"), "w.toml");
  EXPECT_EQ(back.variant, "standard");
  EXPECT_EQ(back.rules_hash, rules_hash(v));
  EXPECT_EQ(back.weights, file.weights);
}

TEST(Weights, BadFilesGiveOneLineNamingTheLineAndKey) {
  const Variant v = load_variant("standard");
  const std::string good = weights_to_toml(distinct_weights(v));
  // Line 5 is "[pieces]  # ...", line 6 "rat = 3".
  std::string bad = good;
  bad.replace(bad.find("rat = 3"), 7, "rat = 0");
  EXPECT_EQ(error_of(bad), "w.toml:6:7: pieces.rat must be from 1 to 2000, not 0");
  bad = good;
  bad.replace(bad.find("rat = 3"), 7, "rta = 3");
  EXPECT_EQ(error_of(bad).rfind("w.toml:6:1: unknown key \"rta\" in [pieces] (it has rat, cat, ", 0), 0u) << error_of(bad);
  bad = good;
  bad.replace(bad.find("rat = 3"), 7, "rat = \"3\"");
  EXPECT_EQ(error_of(bad), "w.toml:6:7: pieces.rat must be an integer");
  bad = good;
  bad.replace(bad.find("far = "), 4, "#ar");
  EXPECT_NE(error_of(bad).find("missing key \"advance.far\""), std::string::npos);
  bad = good;
  bad.replace(bad.find("by_distance = ["), 15, "by_distance = [1, ");
  EXPECT_NE(error_of(bad).find("must be an array of 12 integers"), std::string::npos);
  // The defence table: every key required, within its range.
  bad = good;
  bad.replace(bad.find("open_entry_ours = "), 15, "#pen_entry_ours");
  EXPECT_NE(error_of(bad).find("missing key \"defence.open_entry_ours\""), std::string::npos) << error_of(bad);
  bad = good;
  const std::size_t theirs = bad.find("open_entry_theirs = ");
  bad.replace(theirs, bad.find('\n', theirs) - theirs, "open_entry_theirs = 1001");
  EXPECT_NE(error_of(bad).find("defence.open_entry_theirs must be from -1000 to 1000, not 1001"), std::string::npos)
      << error_of(bad);
  EXPECT_EQ(error_of("variant = \"standard\"\nrules_hash = \"xyz\"\n"),
            "w.toml:2:14: rules_hash must be 16 lower-case hex digits, as jungle tune writes it");
  // A TOML syntax error (an array never closed) is placed in the file, on its one line.
  EXPECT_EQ(error_of("variant = [\n").substr(0, 9), "w.toml:1:");
  EXPECT_EQ(error_of(good), "no error");
}

TEST(Weights, RefusedUnderOtherRules) {
  const Variant standard = load_variant("standard"), ludii = load_variant("ludii");
  const WeightsFile file = distinct_weights(standard);
  EXPECT_NO_THROW(check_weights_match(file, "w.toml", standard));
  EXPECT_THROW(check_weights_match(file, "w.toml", ludii), WeightsError);
}

// The shipped weights must fit the shipped rules: a rules file changed without retuning fails here.
TEST(Weights, BundledWeightsFitTheirRules) {
  for (const Variant& v : bundled_variants()) {
    SCOPED_TRACE(v.name);
    EXPECT_NO_THROW(resolve_weights(v, ""));
    EXPECT_EQ(*resolve_weights(v, UNTUNED_WEIGHTS).weights, EvalWeights::from_rules(v));
  }
}

TEST(Weights, PlayerSpecs) {
  EXPECT_EQ(make_player("alphabeta:depth=2,weights=untuned", 1)->spec(), "alphabeta:depth=2,weights=untuned");
  EXPECT_EQ(make_player("mcts:playouts=9,weights=untuned", 1)->spec(), "mcts:playouts=9,weights=untuned");
  EXPECT_THROW(make_player("alphabeta:depth=2,weights=/no/such.weights.toml", 1), PlayerSpecError);
  EXPECT_THROW(make_player("alphabeta:depth=2,weights=", 1), PlayerSpecError);
}

// Each sampled position is quiet, and its target is its game's result from its side to move's view.
TEST(Texel, SamplesQuietPositionsWithTheMoversResult) {
  const Variant v = load_variant("standard");
  const std::vector<GameRecord> games = random_games(v, 4);
  SampleOptions options;
  options.skip_plies = 3;
  const std::vector<TexelPosition> positions = sample_positions(v, {games[0]}, options);
  ASSERT_FALSE(positions.empty());
  const float white = float(white_points(games[0]));
  for (const TexelPosition& p : positions) {
    EXPECT_EQ(p.result, p.position.side_to_move() == WHITE ? white : 1 - white);
    for (Move m : legal_moves(p.position)) EXPECT_EQ(p.position.piece_on(to_sq(m)), NO_PIECE);
  }
  options.max_positions = 5;
  EXPECT_EQ(sample_positions(v, games, options).size(), 5u);
}

// Positions of random games, each labelled by a synthetic result model: the side to move wins
// with probability sigmoid(K * e), e the evaluation with known piece values (far from the
// untuned ones), else loses. Tuning the piece values from the untuned start, with K given, must
// find the known values: with about 20,000 labelled positions the error of each fitted value,
// from the curvature of the squared error, is under 10 points for the kinds whose material
// varies much in random games; 12% is the tolerance.
TEST(Texel, RecoversKnownPieceValues) {
  const Variant v = load_variant("standard");
  SampleOptions sampling;
  sampling.max_positions = 20000;
  std::vector<TexelPosition> positions = sample_positions(v, random_games(v, 160), sampling);
  ASSERT_EQ(positions.size(), 20000u);

  EvalWeights truth = EvalWeights::from_rules(v);
  truth.piece = {420, 200, 260, 320, 480, 640, 760, 520};
  constexpr double K = 0.004;
  const Evaluator eval(v, truth);
  Rng rng(11);
  for (TexelPosition& p : positions)
    p.result = rng.unit() < 1 / (1 + std::exp(-K * eval.evaluate(p.position))) ? 1.0f : 0.0f;

  TuneOptions options;
  options.k = K;
  for (int k = 0; k < KIND_NB; ++k) options.weights.push_back(k);
  options.first_step = 32;
  const TuneResult result = tune_weights(v, positions, EvalWeights::from_rules(v), options);
  EXPECT_LT(result.error_after, result.error_before);
  for (int k = 0; k < KIND_NB; ++k) {
    SCOPED_TRACE(KIND_NAMES[k]);
    EXPECT_NEAR(result.weights.piece[k], truth.piece[k], 0.12 * truth.piece[k]);
  }
  // What was not tuned stays.
  EXPECT_EQ(result.weights.advance, truth.advance);
}

// The same positions and options give the same weights with one thread and with two.
TEST(Texel, DeterministicForAnyThreads) {
  const Variant v = load_variant("ludii");
  SampleOptions sampling;
  sampling.max_positions = 1000;
  const std::vector<TexelPosition> positions = sample_positions(v, random_games(v, 10), sampling);
  TuneOptions options;
  options.max_sweeps = 2;
  options.ridge = 1e-4;
  options.threads = 1;
  const TuneResult one = tune_weights(v, positions, EvalWeights::from_rules(v), options);
  options.threads = 2;
  const TuneResult two = tune_weights(v, positions, EvalWeights::from_rules(v), options);
  EXPECT_EQ(one.weights, two.weights);
  EXPECT_EQ(one.k, two.k);
}

namespace {

// Material only, with values that make the exchanges below plain arithmetic.
EvalWeights material_only(const Variant& v) {
  EvalWeights w = EvalWeights::from_rules(v);
  for (int i = KIND_NB; i < WEIGHT_NB; ++i) weight_at(w, i) = 0;
  w.piece = {100, 200, 300, 400, 500, 600, 700, 800};
  return w;
}

std::string leaf_fen(const Variant& v, const std::string& fen) {
  const std::optional<Position> leaf = quiescence_leaf(Position(v, fen), Evaluator(v, material_only(v)));
  return leaf ? leaf->fen() : "none";
}

}  // namespace

// Hand-made standard positions, both elephants far from everything so that no capture takes a
// side's last piece: the leaf follows the exchange as far as it pays and stops where it stops.
TEST(Texel, QuiescenceLeafFollowsTheExchange) {
  const Variant v = load_variant("standard");
  // Nothing to take: the position is its own leaf.
  EXPECT_EQ(leaf_fen(v, "6e/7/7/7/7/7/D6/7/6E w"), "6e/7/7/7/7/7/D6/7/6E w");
  // The dog on a3 takes the undefended cat on a4; then black has nothing to take.
  EXPECT_EQ(leaf_fen(v, "6e/7/7/7/7/c6/D6/7/6E w"), "6e/7/7/7/7/D6/7/7/6E b");
  // The wolf on a5 would retake: dog (300) for cat (200) loses, so white stands pat, though
  // the position has a capture (the quiet sampling drops it).
  EXPECT_EQ(leaf_fen(v, "6e/7/7/7/w6/c6/D6/7/6E w"), "6e/7/7/7/w6/c6/D6/7/6E w");
  // The black elephant on the trap c1 is about to enter the white den: standing pat is no
  // option, and the dog takes it (a piece on an enemy trap is anyone's prey).
  EXPECT_EQ(leaf_fen(v, "6t/7/7/7/7/7/7/7/1De3E w"), "6t/7/7/7/7/7/7/7/2D3E b");
  // ... and with nothing to take it, white loses: the rules decide, there is no leaf.
  EXPECT_EQ(leaf_fen(v, "6t/7/7/7/7/7/7/7/2e3E w"), "none");
  // The dog next to the black den enters it: the rules decide, there is no leaf.
  EXPECT_EQ(leaf_fen(v, "2D3e/7/7/7/7/7/7/7/6E w"), "none");
}

// Each position taken from a game is a quiescence leaf labelled with the game's result for the
// side to move at the leaf.
TEST(Texel, SamplesQuiescenceLeavesWithTheirMoversResult) {
  const Variant v = load_variant("standard");
  const std::vector<GameRecord> games = random_games(v, 2);
  SampleOptions options;
  options.skip_plies = 3;
  options.quiescence_leaves = EvalWeights::from_rules(v);
  const Evaluator eval(v, *options.quiescence_leaves);
  for (const GameRecord& game : games) {
    const float white = float(white_points(game));
    const std::vector<TexelPosition> positions = sample_positions(v, {game}, options);
    ASSERT_FALSE(positions.empty());
    for (const TexelPosition& p : positions) {
      EXPECT_EQ(p.result, p.position.side_to_move() == WHITE ? white : 1 - white);
      // A leaf is its own leaf.
      const std::optional<Position> again = quiescence_leaf(p.position, eval);
      ASSERT_TRUE(again);
      EXPECT_EQ(again->fen(), p.position.fen());
    }
  }
}
