// The rules suites (data/reference/perft/rules/VARIANT.epd): small sets of positions from which
// perft-diff finds a move generator that gets any one rule wrong. Each rule flip of
// tests/rule_flips.h is applied to the plain mailbox generator, and the suite must tell it from
// the engine within depth 3; the flips a variant's rules make invisible are listed below, each
// with the reason worked out from the rules, and checked to be invisible indeed.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/position.h"
#include "engine/rule_settings.h"
#include "engine/variant_loader.h"
#include "perft/batch.h"
#include "perft/perft.h"
#include "perft/perft_diff.h"
#include "perft/suite.h"
#include "perft/suite_diff.h"
#include "perft/random_positions.h"
#include "perft/rule_flips.h"
#include "perft/rules_suite.h"
#include "tests/mailbox.h"
#include "tests/mailbox_generator.h"
#include "tests/rule_flips.h"
#include "tests/temp_dir.h"

using namespace jungle;

namespace {

const std::vector<std::string> VARIANTS = {"standard", "viidakko", "jungla", "selva", "ludii", "van-rijn-vis", "online"};

const int RAT = 0, CAT = 1, DOG = 2, WOLF = 3, LEOPARD = 4, TIGER = 5, LION = 6, ELEPHANT = 7;
const std::vector<int> ALL_KINDS = {RAT, CAT, DOG, WOLF, LEOPARD, TIGER, LION, ELEPHANT};

// A flip that no legal position of the variant can show, and why. A flip of these changes only
// whether one piece may take another, a decision that reads nothing but the two pieces, their
// squares and the rules; so `attackers` x `defenders` on every pair of squares a capture may join
// is an exhaustive check of it.
struct Invisible {
  std::string flip;
  std::string reason;
  std::vector<int> attackers, defenders;
};

// Only the rat swims in every bundled variant, no trap borders the water, and the rat takes the
// elephant: a rat in the water takes a piece on land by rank (a rat) or by its exception (the
// elephant), never anything else, whatever water_to_land says of the other kinds.
std::vector<Invisible> water_to_land_of_the_middle_kinds() {
  const std::string why = "only the rat swims and no trap borders the water, so a rat in the water can take on land "
                          "only a rat (by rank) or the elephant (by its exception)";
  const char* const names[] = {"cat", "dog", "wolf", "leopard", "tiger", "lion"};
  std::vector<Invisible> out;
  for (int kind = CAT; kind <= LION; ++kind)
    out.push_back({std::string("water_to_land.") + names[kind - CAT], why, {RAT}, {kind}});
  return out;
}

std::vector<Invisible> invisible_flips(const std::string& variant) {
  std::vector<Invisible> out = water_to_land_of_the_middle_kinds();
  if (variant == "van-rijn-vis" || variant == "my-rules")
    out.push_back({"exceptions_outrank_traps",
                   "both exceptions allow the capture and a weakened attacker keeps its rank, so the rat and the "
                   "elephant take each other whether the exceptions are checked before the traps or after",
                   {RAT, ELEPHANT},
                   {RAT, ELEPHANT}});
  if (variant == "ludii")
    out.push_back({"trap_owners", "traps weaken everyone, so it does not matter whose den a trap guards", ALL_KINDS,
                   ALL_KINDS});
  return out;
}

// The rules of a bundled suite's variant, or of data/examples/my-rules.toml, a user's own: standard
// but the elephant takes the rat, and a rat in the water takes a rat on land.
Variant load_rules(const std::string& variant) {
  return variant == "my-rules" ? load_variant_file(JUNGLE_SOURCE_DIR "/data/examples/my-rules.toml")
                               : load_variant(variant);
}

std::filesystem::path suite_file(const std::string& variant) {
  return std::filesystem::path(JUNGLE_SOURCE_DIR) / "data" / "reference" / "perft" / "rules" / (variant + ".epd");
}

int deepest(const SuiteEntry& e) {
  int d = 0;
  for (const SuiteExpectation& x : e.expected) d = std::max(d, x.depth);
  return std::min(d, 3);
}

// The first suite position where perft-diff tells `theirs` from the engine, or -1.
int first_difference(const Variant& v, const std::vector<SuiteEntry>& suite, const Generator& theirs) {
  for (std::size_t i = 0; i < suite.size(); ++i)
    if (perft_diff(Position(v, suite[i].fen), deepest(suite[i]), theirs).kind != DiffKind::None) return int(i);
  return -1;
}

std::vector<std::string> flip_names(const mailbox::Rules& rules) {
  std::vector<std::string> names;
  for (const mailbox::RuleFlip& f : mailbox::rule_flips(rules)) names.push_back(f.name);
  return names;
}

// The list of flips keeps up with the schema: every key the move generator reads has a flip
// named after it ("ranks.rat", "rat_captures_elephant", "swimmers.dog", "blocked_by=none").
// The terrain has none: it is a map of the board, not one rule a flip could stand for, and the
// suites are drawn on each variant's own board.
TEST(RulesSuite, EveryMoveRuleHasAFlip) {
  const std::vector<std::string> names = flip_names(mailbox::Rules::from_variant(load_variant("standard")));
  auto named_after = [&](const std::string& stem) {
    return std::any_of(names.begin(), names.end(), [&](const std::string& n) {
      return n == stem || n.starts_with(stem + ".") || n.starts_with(stem + "=");
    });
  };
  for (const RuleKey& key : rule_keys()) {
    if (!key.spec->affects_moves() || key.path() == "board.terrain") continue;
    EXPECT_TRUE(named_after(key.path()) || named_after(key.key)) << "no flip for " << key.path();
  }
}

TEST(RulesSuite, CountsAgreeWithTheEngine) {
  for (const std::string& name : VARIANTS) {
    SCOPED_TRACE(name);
    const Variant v = load_variant(name);
    std::vector<SuiteEntry> suite = read_suite(suite_file(name));
    EXPECT_GE(suite.size(), 5u);
    EXPECT_LE(suite.size(), 30u);
    for (const SuiteEntry& e : suite) {
      Position pos(v, e.fen);
      for (const SuiteExpectation& x : e.expected)
        EXPECT_EQ(perft(pos, x.depth, PerftOptions{}), x.nodes) << "line " << e.line << " depth " << x.depth;
    }
  }
}

TEST(RulesSuite, TheRightRulesDifferNowhere) {
  for (const std::string& name : VARIANTS) {
    SCOPED_TRACE(name);
    const Variant v = load_variant(name);
    const mailbox::Rules rules = mailbox::Rules::from_variant(v);
    EXPECT_EQ(first_difference(v, read_suite(suite_file(name)), mailbox_generator(rules)), -1);
  }
}

TEST(RulesSuite, EveryFlipIsFoundUnlessListedInvisible) {
  for (const std::string& name : VARIANTS) {
    SCOPED_TRACE(name);
    const Variant v = load_variant(name);
    const mailbox::Rules rules = mailbox::Rules::from_variant(v);
    const std::vector<SuiteEntry> suite = read_suite(suite_file(name));
    std::map<std::string, std::string> invisible;
    for (const Invisible& x : invisible_flips(name)) invisible[x.flip] = x.reason;
    for (const mailbox::RuleFlip& flip : mailbox::rule_flips(rules)) {
      int found = first_difference(v, suite, mailbox_generator(mailbox::flipped(rules, flip)));
      if (invisible.count(flip.name))
        EXPECT_EQ(found, -1) << flip.name << " is listed as invisible (" << invisible[flip.name]
                             << ") but suite line " << suite[found].line << " shows it";
      else
        EXPECT_NE(found, -1) << "no position of the " << name << " suite shows the flip " << flip.name << ": "
                             << flip.description;
    }
  }
}

// The squares a capture from `from` may reach: its neighbours, and past a run of water in each
// direction the first square beyond it (a jump's landing).
std::vector<int> reach(const mailbox::Rules& r, int from) {
  auto water = [&](int sq) { return r.terrain[sq] == '~'; };
  auto step = [](int sq, int d) {
    const int df[4] = {0, 0, 1, -1}, dr[4] = {1, -1, 0, 0};
    int f = sq % mailbox::FILES + df[d], rk = sq / mailbox::FILES + dr[d];
    return f < 0 || f >= mailbox::FILES || rk < 0 || rk >= mailbox::RANKS ? -1 : rk * mailbox::FILES + f;
  };
  std::vector<int> out;
  for (int d = 0; d < 4; ++d) {
    int sq = step(from, d);
    if (sq < 0) continue;
    out.push_back(sq);
    if (!water(sq)) continue;
    while (sq >= 0 && water(sq)) sq = step(sq, d);
    if (sq >= 0) out.push_back(sq);
  }
  return out;
}

bool may_stand(const mailbox::Rules& r, int side, int kind, int sq) {
  return r.terrain[sq] != (side == mailbox::FIRST ? 'D' : 'd') && (r.terrain[sq] != '~' || r.swimmer[kind]);
}

TEST(RulesSuite, InvisibleFlipsChangeNoCapture) {
  std::vector<std::string> variants = VARIANTS;
  variants.push_back("my-rules");
  for (const std::string& name : variants) {
    SCOPED_TRACE(name);
    const mailbox::Rules rules = mailbox::Rules::from_variant(load_rules(name));
    const std::vector<std::string> names = flip_names(rules);
    for (const Invisible& x : invisible_flips(name)) {
      ASSERT_NE(std::find(names.begin(), names.end(), x.flip), names.end()) << x.flip;
      const mailbox::Rules wrong = mailbox::flipped(rules, *mailbox::find_rule_flip(rules, x.flip));
      int boards = 0;
      std::string changed;  // the first board whose moves the flip changes
      for (int side : {mailbox::FIRST, mailbox::SECOND})
        for (int a : x.attackers)
          for (int d : x.defenders)
            for (int from = 0; from < mailbox::SQUARES; ++from) {
              if (!may_stand(rules, side, a, from)) continue;
              for (int to : reach(rules, from)) {
                if (!may_stand(rules, 1 - side, d, to)) continue;
                mailbox::Board right{&rules, {}, side};
                right.cells[from] = {side, a};
                right.cells[to] = {1 - side, d};
                mailbox::Board flipped = right;
                flipped.rules = &wrong;
                ++boards;
                if (changed.empty() && mailbox::mailbox_moves(right) != mailbox::mailbox_moves(flipped))
                  changed = mailbox::board_fen(right);
              }
            }
      EXPECT_EQ(changed, "") << x.flip << " changes the moves of that board";
      EXPECT_GT(boards, 0) << x.flip;
    }
  }
}

// The separate program, end to end, as `jungle perft-diff --suite --batch` drives it: one
// `wrong_perftree --batch --flip NAME` process per thread finds each flip at the same positions,
// with the same verdicts, as the same flip in process.
TEST(RulesSuite, TheSuiteFindsEveryFlipOfWrongPerftree) {
  const Variant v = load_variant("standard");
  const mailbox::Rules rules = mailbox::Rules::from_variant(v);
  const std::vector<SuiteEntry> suite = read_suite(suite_file("standard"));
  const std::vector<int> depths = suite_depths(v, "standard.epd", suite, {}, false);
  std::map<std::string, std::string> invisible;
  for (const Invisible& x : invisible_flips("standard")) invisible[x.flip] = x.reason;
  for (const mailbox::RuleFlip& flip : mailbox::rule_flips(rules)) {
    SCOPED_TRACE(flip.name);
    const std::string command = std::string(WRONG_PERFTREE) + " --batch --flip " + flip.name;
    std::vector<PositionDiff> outside;
    const SuiteDiffSummary summary = diff_suite(v, suite, depths, 2, [&] { return batch_generator(command); },
                                                [&](const PositionDiff& r) { outside.push_back(r); });
    EXPECT_EQ(summary.errors, 0);
    EXPECT_EQ(summary.differ == 0, invisible.count(flip.name) == 1);
    ASSERT_EQ(outside.size(), suite.size());
    const Generator in_process = mailbox_generator(mailbox::flipped(rules, flip));
    for (std::size_t i = 0; i < suite.size(); ++i) {
      const DiffResult expected = perft_diff(Position(v, suite[i].fen), depths[i], in_process);
      EXPECT_EQ(outside[i].diff.kind, expected.kind) << "line " << suite[i].line;
      EXPECT_EQ(outside[i].diff.fen, expected.fen) << "line " << suite[i].line;
      EXPECT_EQ(outside[i].diff.extra, expected.extra) << "line " << suite[i].line;
      EXPECT_EQ(outside[i].diff.missing, expected.missing) << "line " << suite[i].line;
    }
  }
}

// --- jungle perft-suite: rules suites made from the engine's own flips (perft/rule_flips.h) ---

// The mailbox flip that a flip of perft/rule_flips.h stands for: the same name, or the mailbox's
// with the rules table's name in front ("water.swimmers.dog") or the choice's value behind
// ("traps.weakens=everyone").
bool stands_for(const std::string& ours, const std::string& theirs) {
  return ours == theirs || ours.ends_with("." + theirs) || ours.starts_with(theirs + "=");
}

// The position under rules that may refuse it (a flip that takes the rat out of the water leaves
// it there): its pieces, placed without the terrain checks.
Position position_under(const Variant& base, const Variant& rules, const std::string& fen) {
  const Position pos(base, fen);
  std::vector<Position::Placement> pieces;
  for (int s = 0; s < SQUARE_NB; ++s)
    if (pos.piece_on(Square(s)) != NO_PIECE) pieces.push_back({pos.piece_on(Square(s)), Square(s)});
  return Position::from_pieces(rules, pieces, pos.side_to_move());
}

// One flip of the engine's for each of the mailbox's, and the other way round.
TEST(RulesSuite, TheEnginesFlipsAreTheMailboxsFlips) {
  for (const std::string name : {"standard", "ludii", "my-rules"}) {
    SCOPED_TRACE(name);
    const Variant v = load_rules(name);
    const std::vector<RuleFlip> ours = rule_flips(v);
    const std::vector<std::string> theirs = flip_names(mailbox::Rules::from_variant(v));
    EXPECT_EQ(ours.size(), theirs.size());
    for (const RuleFlip& flip : ours) {
      auto twin = [&](const std::string& t) { return stands_for(flip.name, t); };
      EXPECT_EQ(std::count_if(theirs.begin(), theirs.end(), twin), 1) << flip.name;
    }
    for (const std::string& t : theirs) {
      auto twin = [&](const RuleFlip& f) { return stands_for(f.name, t); };
      EXPECT_EQ(std::count_if(ours.begin(), ours.end(), twin), 1) << t;
    }
  }
}

// Each flip of the engine's rules counts as the same flip of the mailbox generator, which shares no
// code with it, from random positions: the same rule set wrong the same way.
TEST(RulesSuite, TheEnginesFlipsCountAsTheMailboxs) {
  for (const std::string name : {"standard", "ludii", "my-rules"}) {
    SCOPED_TRACE(name);
    const Variant v = load_rules(name);
    const mailbox::Rules rules = mailbox::Rules::from_variant(v);
    std::mt19937_64 rng(55);
    std::vector<std::string> fens;
    while (fens.size() < 100) fens.push_back(random_fen(v, rng));
    for (const RuleFlip& flip : rule_flips(v)) {
      const Variant wrong = flipped(v, flip);
      const std::vector<std::string> names = flip_names(rules);
      const auto twin =
          std::find_if(names.begin(), names.end(), [&](const std::string& t) { return stands_for(flip.name, t); });
      ASSERT_NE(twin, names.end()) << flip.name;
      const mailbox::Rules wrong_rules = mailbox::flipped(rules, *mailbox::find_rule_flip(rules, *twin));
      int compared = 0;
      for (const std::string& fen : fens) {
        // Where the flipped rules refuse the position (a rat in the water that no longer swims),
        // the two generators owe each other nothing.
        try {
          Position(wrong, fen);
        } catch (const PositionError&) {
          continue;
        }
        Position pos = position_under(v, wrong, fen);
        mailbox::Board board = mailbox::board_from_fen(fen, wrong_rules);
        ASSERT_EQ(perft(pos, 2), mailbox::perft(board, 2)) << flip.name << " from " << fen;
        ++compared;
      }
      EXPECT_GE(compared, 30) << flip.name;
    }
  }
}

struct MadeSuite {
  Variant variant;
  RulesSuite made;
  std::vector<SuiteEntry> entries;
  std::optional<Variant> named;  // what its rules line names
};

// What `jungle perft-suite --variant V --candidates 2000` writes, read back as perft-diff reads it.
MadeSuite made_suite(const std::string& name) {
  MadeSuite m{load_rules(name), {}, {}, {}};
  const RulesSuiteOptions options{.seed = 1, .candidates = 2000};
  m.made = make_rules_suite(m.variant, options);
  const TempDir dir("made-suite-" + name);
  const std::filesystem::path file = dir / (name + ".epd");
  const std::string rules = name == "my-rules" ? JUNGLE_SOURCE_DIR "/data/examples/my-rules.toml" : name;
  std::ofstream(file) << format_rules_suite(m.made, m.variant.name, rules, "test", options);
  m.entries = read_suite(file);
  m.named = read_suite_rules(file);
  return m;
}

// The suite `jungle perft-suite` writes for a bundled variant and for a user's own, checked as the
// bundled suites are: the mailbox generator with any visible flip is told from the engine within
// depth 3, the counts are the mailbox's, and the flips it cannot show are those worked out by hand
// above (invisible_flips), no more.
TEST(RulesSuite, PerftSuiteFindsEveryVisibleFlipOfTheMailbox) {
  for (const std::string name : {"ludii", "my-rules"}) {
    SCOPED_TRACE(name);
    const MadeSuite m = made_suite(name);
    const Variant& v = m.variant;
    ASSERT_TRUE(m.named);
    EXPECT_TRUE(same_moves(*m.named, v));
    EXPECT_GE(m.entries.size(), 5u);
    EXPECT_LE(m.entries.size(), 30u);
    const mailbox::Rules rules = mailbox::Rules::from_variant(v);
    for (const SuiteEntry& e : m.entries)
      for (const SuiteExpectation& x : e.expected) {
        mailbox::Board board = mailbox::board_from_fen(e.fen, rules);
        EXPECT_EQ(mailbox::perft(board, x.depth), x.nodes) << "line " << e.line << " depth " << x.depth;
      }
    EXPECT_EQ(first_difference(v, m.entries, mailbox_generator(rules)), -1);

    std::set<std::string> invisible;
    for (const Invisible& x : invisible_flips(name)) invisible.insert(x.flip);
    for (const mailbox::RuleFlip& flip : mailbox::rule_flips(rules)) {
      const int found = first_difference(v, m.entries, mailbox_generator(mailbox::flipped(rules, flip)));
      if (invisible.count(flip.name))
        EXPECT_EQ(found, -1) << flip.name;
      else
        EXPECT_NE(found, -1) << "no position of the made " << name << " suite shows the flip " << flip.name;
    }
    std::set<std::string> unshown;
    for (const std::vector<std::string>* list : {&m.made.moot, &m.made.unseen})
      for (const std::string& ours : *list)
        for (const mailbox::RuleFlip& flip : mailbox::rule_flips(rules))
          if (stands_for(ours, flip.name)) unshown.insert(flip.name);
    EXPECT_EQ(unshown, invisible);
  }
}

}  // namespace
