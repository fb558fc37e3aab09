// The evaluator's version (search/evaluator_version.h) and the weights files that record it: a
// version is a fingerprint of what the evaluation computes, so it must see a change of one term,
// and every bundled weights file must have been fitted by today's evaluator, by the recipe that
// compare fits other variants with.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <string>

#include "engine/variant_loader.h"
#include "research/compare_config.h"
#include "research/weights_fitting.h"
#include "search/evaluator_version.h"
#include "search/weights_file.h"

using namespace jungle;

namespace {

int as_is(const Evaluator& evaluator, const Position& pos) { return evaluator.evaluate(pos); }

TEST(EvaluatorVersion, IsTheFingerprintOfTheEvaluation) {
  const std::string& version = evaluator_version();
  ASSERT_EQ(version.size(), 15u);
  EXPECT_EQ(version.substr(0, 3), "ev-");
  for (char c : version.substr(3)) EXPECT_TRUE(std::isxdigit(static_cast<unsigned char>(c)) && !std::isupper(c)) << version;
  EXPECT_EQ(evaluation_fingerprint(as_is), version);
}

// A term that only some positions reach, worth one unit: a rat in the water of the side to move,
// or a weight scaled by a thousandth; either changes the version.
TEST(EvaluatorVersion, SeesOneTermChange) {
  const std::string version = evaluator_version();
  EXPECT_NE(evaluation_fingerprint([](const Evaluator& e, const Position& pos) {
              const Bitboard rats = pos.pieces(pos.side_to_move(), RAT) & e.variant().water_bb;
              return e.evaluate(pos) + (rats ? 1 : 0);
            }),
            version);
  EXPECT_NE(evaluation_fingerprint([](const Evaluator& e, const Position& pos) {
              return e.evaluate(pos) + e.piece_value(LION) / 1000;
            }),
            version);
}

// Regenerate a stale file with the command its [tuning] table names: the bundled weights must be
// today's evaluator's, fitted by compare's recipe, or compare would refit them on every machine.
TEST(BundledWeights, AreFittedByTodaysEvaluatorAndRecipe) {
  const std::string recipe = research::recipe_text(research::fitting_recipe("", research::BUNDLED_FIT_GAMES));
  for (const Variant& v : bundled_variants()) {
    SCOPED_TRACE(v.name);
    const std::filesystem::path file = weights_path_beside(v);
    ASSERT_TRUE(std::filesystem::exists(file)) << file;
    const WeightsFile weights = read_weights_file(file);
    EXPECT_EQ(weights.provenance.evaluator, evaluator_version()) << "refit " << file << ": " << weights.provenance.fitted_by;
    EXPECT_EQ(weights.provenance.recipe, recipe) << file;
  }
}

}  // namespace
