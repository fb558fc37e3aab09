// Endgame tablebases: signatures, un-moves against the move generator, every table built here
// checked against its own moves (minimax consistency), colour symmetry, the file format, and
// positions whose values are worked out by hand.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <cstring>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "tablebase/compare.h"
#include "tablebase/generate.h"
#include "tablebase/probe.h"
#include "tablebase/tablebase.h"
#include "tablebase/unmoves.h"

using namespace jungle;
using namespace jungle::tablebase;
namespace fs = std::filesystem;

namespace {

// A tablebase in a folder of its own, removed afterwards, that remembers what it built and how
// much of that has been checked.
struct TestTables {
  explicit TestTables(const Variant& v, const std::string& name)
      : variant(v),
        root(fs::temp_directory_path() / ("jungle-tb-" + std::to_string(::getpid()) + "-" + name)),
        tables(variant, root, 1) {
    tables.on_built = [this](const Material& m, double) { built.push_back(m); };
  }
  ~TestTables() { fs::remove_all(root); }
  TestTables(const TestTables&) = delete;
  TestTables& operator=(const TestTables&) = delete;

  // The table of the position's material, found by a key of its kinds: the checks probe every
  // move of every position, and naming the material each time cost more than the probes.
  const Table& table_of(const Position& pos) {
    unsigned key = 0;
    for (Color c : {WHITE, BLACK})
      for (int k = 0; k < KIND_NB; ++k)
        if (pos.pieces(c, Kind(k))) key |= 1u << (int(c) * KIND_NB + k);
    const Table*& table = by_kinds[key];
    if (!table) table = &tables.table(Material::of(pos));
    return *table;
  }

  Variant variant;
  fs::path root;
  Tablebase tables;
  std::vector<Material> built;
  std::size_t checked = 0;  // built[0 .. checked) have been checked for consistency
  std::unordered_map<unsigned, const Table*> by_kinds;
};

// The tables of a bundled variant, shared by every test of this process that uses them: a
// table is built once, and checked for consistency once, by the first test that builds it.
TestTables& shared_tables(const std::string& variant) {
  static std::map<std::string, std::unique_ptr<TestTables>> shared;
  std::unique_ptr<TestTables>& tables = shared[variant];
  if (!tables) tables = std::make_unique<TestTables>(load_variant(variant), "shared-" + variant);
  return *tables;
}

// Orders values from the mover's view: a shorter win is better, a longer loss is better.
int goodness(const Value& v) {
  switch (v.outcome) {
    case tablebase::Outcome::Win: return 100000 - v.distance;
    case tablebase::Outcome::Loss: return -100000 + v.distance;
    default: return 0;
  }
}

// The value of a move for its mover, by the rules as the issue states them, written out here
// rather than taken from probe.cpp: a den entry wins at once; taking the last enemy piece wins
// under capture_all = "win", and otherwise leaves the opponent without a move (no_moves);
// anything else is the opponent's value one ply further.
Value move_value_by_rules(TestTables& t, const Position& pos, Move m) {
  const Variant& v = t.variant;
  const Color us = pos.side_to_move();
  Position after = pos;
  Undo undo;
  after.do_move(m, undo);
  if (after.pieces(us) & v.den_bb[~us]) return {tablebase::Outcome::Win, 1};
  if (!after.pieces(~us)) {
    if (v.end.capture_all == CaptureAllResult::Win) return {tablebase::Outcome::Win, 1};
    return v.end.no_moves == NoMovesResult::Loss ? Value{tablebase::Outcome::Win, 1} : Value{tablebase::Outcome::Draw, 0};
  }
  const std::optional<Value> reply = t.table_of(after).probe(after);
  EXPECT_TRUE(reply) << after.fen();
  if (!reply) return {};
  if (reply->outcome == tablebase::Outcome::Draw) return {tablebase::Outcome::Draw, 0};
  return {reply->outcome == tablebase::Outcome::Win ? tablebase::Outcome::Loss : tablebase::Outcome::Win, reply->distance + 1};
}

// Each won position has a move to a position lost one ply sooner and none better; each lost
// one only moves to won positions, one of them a ply sooner; each draw has no move to a lost
// position and one to a drawn one (or no move at all under no_moves = "draw"). Together: the
// stored value is the best value of the moves, and a position without moves is no_moves's.
void expect_consistent(TestTables& t, const Material& material) {
  const Table& table = t.tables.table(material);
  std::uint64_t checked = 0;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const std::optional<Value> value = table.value(i);
    Square squares[MAX_TABLE_PIECES];
    table.squares(i, squares);
    ASSERT_EQ(value.has_value(), valid_placement(t.variant, table.pieces(), squares)) << material.name() << " " << i;
    if (!value) continue;
    const Position pos = position_at(t.variant, table, i);
    const MoveList moves = legal_moves(pos);
    if (moves.size == 0) {
      const Value expected = t.variant.end.no_moves == NoMovesResult::Loss ? Value{tablebase::Outcome::Loss, 0} : Value{};
      ASSERT_EQ(*value, expected) << material.name() << " " << pos.fen();
      ++checked;
      continue;
    }
    Value best{tablebase::Outcome::Loss, -1};
    for (Move m : moves) {
      const Value mv = move_value_by_rules(t, pos, m);
      if (goodness(mv) > goodness(best)) best = mv;
    }
    ASSERT_EQ(*value, best) << material.name() << " " << pos.fen() << ": stored " << value_name(*value)
                            << ", best move " << value_name(best);
    ++checked;
  }
  EXPECT_GT(checked, 0u);
}

// Every table built and not yet checked (by this test or an earlier one sharing the tables).
void expect_all_built_consistent(TestTables& t) {
  ASSERT_FALSE(t.built.empty());
  for (; t.checked < t.built.size(); ++t.checked) expect_consistent(t, t.built[t.checked]);
}

Value probe_fen(TestTables& t, const std::string& fen) {
  const Position pos(t.variant, fen);
  const std::optional<Value> v = t.tables.probe(pos);
  EXPECT_TRUE(v) << fen;
  return v.value_or(Value{});
}

std::vector<std::string> keeping(TestTables& t, const std::string& fen) {
  const Position pos(t.variant, fen);
  std::vector<std::string> out;
  for (const MoveValue& mv : value_keeping_moves(t.tables, pos, *t.tables.probe(pos)))
    out.push_back(move_to_string(mv.move));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST(TablebaseMaterial, ParsesSignaturesInCanonicalOrder) {
  EXPECT_EQ(Material::parse("E/r").name(), "E/r");
  EXPECT_EQ(Material::parse("TL/e").name(), "LT/e");  // strongest first, whatever the order written
  const Material m = Material::parse("LT/er");
  EXPECT_EQ(m.pieces(), (std::vector<Piece>{make_piece(WHITE, LION), make_piece(WHITE, TIGER),
                                            make_piece(BLACK, ELEPHANT), make_piece(BLACK, RAT)}));
  EXPECT_EQ(m.without(make_piece(WHITE, LION)).name(), "T/er");
}

TEST(TablebaseMaterial, RefusesBadSignatures) {
  for (const char* bad : {"Er", "E/", "/r", "EE/r", "e/R", "X/r", "ELT/rc", "E/r/c"})
    EXPECT_THROW(Material::parse(bad), TablebaseError) << bad;
  try {
    Material::parse("EE/r");
  } catch (const TablebaseError& e) {
    EXPECT_NE(std::string(e.what()).find("two pieces of one kind"), std::string::npos) << e.what();
  }
}

TEST(TablebaseMaterial, AllSignaturesSmallestFirst) {
  // 8 kinds a side: 64 two-piece signatures, and 2 * 8 * 28 with three pieces.
  const std::vector<Material> all = all_materials(3);
  EXPECT_EQ(all.size(), 64u + 2 * 8 * 28);
  EXPECT_EQ(all_materials(2).size(), 64u);
  for (std::size_t i = 1; i < all.size(); ++i) EXPECT_LE(all[i - 1].size(), all[i].size());
}

// Every position of a table has exactly the predecessors that the move generator, run forwards
// from every position, says lead into it by a move that stays in the table.
TEST(TablebaseUnmoves, MatchTheMoveGeneratorRunForwards) {
  for (const char* name : {"standard", "ludii", "van-rijn-vis"})
    for (const char* signature : {"LT/r", "R/rd"}) {
      const Variant variant = load_variant(name);
      const Table table(Material::parse(signature));
      std::vector<std::pair<std::size_t, std::size_t>> forward, backward;  // (position, predecessor)
      for (std::size_t i = 0; i < table.size(); ++i) {
        Square squares[MAX_TABLE_PIECES];
        table.squares(i, squares);
        if (!valid_placement(variant, table.pieces(), squares)) continue;
        const Position pos = position_at(variant, table, i);
        for (Move m : legal_moves(pos)) {
          if (pos.piece_on(to_sq(m)) != NO_PIECE || (variant.den_bb[~pos.side_to_move()] & square_bb(to_sq(m))))
            continue;
          Square after[MAX_TABLE_PIECES];
          std::copy(squares, squares + table.pieces().size(), after);
          *std::find(after, after + table.pieces().size(), from_sq(m)) = to_sq(m);
          forward.push_back({table.index(after, ~pos.side_to_move()), i});
        }
      }
      // Table entries fill in only for positions, so un-move from each of them.
      const Unmoves unmoves(variant, table);
      for (std::size_t i = 0; i < table.size(); ++i) {
        Square squares[MAX_TABLE_PIECES];
        table.squares(i, squares);
        if (!valid_placement(variant, table.pieces(), squares)) continue;
        unmoves.for_each(i, [&](std::size_t p) { backward.push_back({i, p}); });
      }
      std::sort(forward.begin(), forward.end());
      std::sort(backward.begin(), backward.end());
      EXPECT_GT(forward.size(), 1000u);
      EXPECT_TRUE(forward == backward) << name << " " << signature << ": " << forward.size() << " moves forwards, "
                                       << backward.size() << " backwards";
    }
}

TEST(TablebaseConsistency, TwoPieceTablesOfEveryBundledVariant) {
  for (const Variant& v : bundled_variants()) {
    if (v.end.repetition_result == RepetitionResult::Forbidden || v.end.repetition_result == RepetitionResult::Loss)
      continue;
    TestTables& t = shared_tables(v.name);
    for (const Material& m : all_materials(2)) t.tables.table(m);
    // Built here, each once (the folder is fresh): other tests may have added larger ones.
    EXPECT_EQ(std::count_if(t.built.begin(), t.built.end(), [](const Material& m) { return m.size() == 2; }), 64);
    expect_all_built_consistent(t);
  }
}

TEST(TablebaseConsistency, ThreePieceTablesWithTheirSmallerOnes) {
  for (const char* name : {"standard", "ludii", "van-rijn-vis"}) {
    TestTables& t = shared_tables(name);
    for (const char* signature : {"LT/r", "E/rc", "R/rw"}) t.tables.table(Material::parse(signature));
    expect_all_built_consistent(t);
  }
}

// X/y with white to move is the mirror image of Y/x with black to move: the board turned upside
// down (rank r to rank 10 - r) and the colours swapped, the standard terrain being symmetric.
TEST(TablebaseSymmetry, ColoursSwappedOnTheMirroredBoard) {
  for (const char* name : {"standard", "ludii"}) {
    TestTables& t = shared_tables(name);
    for (const char* signature : {"E/r", "LT/r", "R/rd"}) {
      const Material m = Material::parse(signature);
      Material mirror;
      mirror.kinds[WHITE] = m.kinds[BLACK];
      mirror.kinds[BLACK] = m.kinds[WHITE];
      const Table& table = t.tables.table(m);
      const Table& other = t.tables.table(mirror);
      const std::size_t n = table.pieces().size();
      std::size_t compared = 0;
      for (std::size_t i = 0; i < table.size(); ++i) {
        Square squares[MAX_TABLE_PIECES], mirrored[MAX_TABLE_PIECES];
        table.squares(i, squares);
        // Table order is white's kinds then black's: in the mirror, black's come first.
        const std::size_t whites = m.kinds[WHITE].size(), blacks = n - whites;
        for (std::size_t p = 0; p < n; ++p) {
          const Square s = squares[p];
          const Square flipped = make_square(file_of(s), RANK_NB - 1 - rank_of(s));
          mirrored[p < whites ? blacks + p : p - whites] = flipped;
        }
        const Color stm = Table::side_to_move(i);
        ASSERT_EQ(table.value(i), other.value(other.index(mirrored, ~stm))) << signature << " " << i;
        compared += table.value(i).has_value();
      }
      EXPECT_GT(compared, 0u);
    }
  }
}

// A piece with no legal move: the white rat in the corner a1, boxed in by a black cat on a2
// and a black dog on b1, which a rat does not outrank. White to move has no move: under the
// standard no_moves = "loss" that is a loss in 0; van Rijn and Vis's rules make it a draw.
TEST(TablebaseHandAnalysed, TrappedPiece) {
  const std::string boxed = "7/7/7/7/7/7/7/c6/Rd5 w";
  TestTables& standard = shared_tables("standard");
  EXPECT_EQ(probe_fen(standard, boxed), (Value{tablebase::Outcome::Loss, 0}));
  EXPECT_TRUE(keeping(standard, boxed).empty());
  TestTables& vrv = shared_tables("van-rijn-vis");
  EXPECT_EQ(probe_fen(vrv, boxed), (Value{tablebase::Outcome::Draw, 0}));
  expect_all_built_consistent(standard);
}

// A rat in the water against an elephant on land.
//  - The white elephant on d8 steps onto the black den d9 next move, and the black rat in the
//    water on c6 can neither take it nor reach it: each of its four moves (b6, c5, c7, d6) loses
//    in 2 plies. With white to move, the elephant enters at once: a win in 1.
//  - The elephant on c7, right above the rat on c6: the rat may not take from the water onto
//    land, so c6c7 is no move and black has no win in 1; under a variant where a piece in the
//    water may take an elephant on land (water_to_land = ["elephant"]) it takes the last
//    white piece and wins in 1.
TEST(TablebaseHandAnalysed, RatInTheWaterAgainstAnElephantOnLand) {
  TestTables& t = shared_tables("standard");
  EXPECT_EQ(probe_fen(t, "7/3E3/7/2r4/7/7/7/7/7 b"), (Value{tablebase::Outcome::Loss, 2}));
  EXPECT_EQ(keeping(t, "7/3E3/7/2r4/7/7/7/7/7 b"), (std::vector<std::string>{"c6b6", "c6c5", "c6c7", "c6d6"}));
  EXPECT_EQ(probe_fen(t, "7/3E3/7/2r4/7/7/7/7/7 w"), (Value{tablebase::Outcome::Win, 1}));
  const std::string adjacent = "7/7/2E4/2r4/7/7/7/7/7 b";
  EXPECT_NE(probe_fen(t, adjacent), (Value{tablebase::Outcome::Win, 1}));
  expect_all_built_consistent(t);

  TestTables wet(load_variant_text("name = \"wet\"\nextends = \"standard\"\n[water]\nwater_to_land = [\"elephant\"]\n",
                                   "test"),
                 "water-wet");
  EXPECT_EQ(probe_fen(wet, adjacent), (Value{tablebase::Outcome::Win, 1}));
  EXPECT_EQ(keeping(wet, adjacent), (std::vector<std::string>{"c6c7"}));
}

// A blocked jump. The white tiger on d5 would jump east over the water e5, f5 and take the
// black cat on g5, its last piece: a win in 1. A black rat in the water on f5 blocks the
// jump. The tiger then needs its four steps up the d file to the den (d6 d7 d8 d9: plies 1,
// 3, 5, 7; no water on the d file to jump), the only four-move route. Black cannot stop it:
// neither cat nor rat may take a tiger, except on the trap d8 (plies 5 to 6) from c8, e8 or d7,
// and neither reaches one in two moves (the rat from f5 needs f6 f7 e7; the cat from g5 more);
// nor can black win first (the rat is 6 steps from d1). So a win in 7, and only d5d6 keeps it.
TEST(TablebaseHandAnalysed, BlockedJump) {
  TestTables& t = shared_tables("standard");
  EXPECT_EQ(probe_fen(t, "7/7/7/7/3T2c/7/7/7/7 w"), (Value{tablebase::Outcome::Win, 1}));
  EXPECT_EQ(keeping(t, "7/7/7/7/3T2c/7/7/7/7 w"), (std::vector<std::string>{"d5g5"}));
  const std::string blocked = "7/7/7/7/3T1rc/7/7/7/7 w";
  EXPECT_EQ(probe_fen(t, blocked), (Value{tablebase::Outcome::Win, 7}));
  EXPECT_EQ(keeping(t, blocked), (std::vector<std::string>{"d5d6"}));
  expect_all_built_consistent(t);
}

// A trap, and taking the last piece. The white elephant on d8 stands on a black trap, so the
// black cat on d7, which could never take an elephant elsewhere, takes it: the last white piece,
// a win in 1 under capture_all = "win". Any other cat move lets the elephant into d9: a loss in 2.
// Under capture_all = "none" the same capture leaves white without a move: with no_moves =
// "loss" still a win in 1; with no_moves = "draw" a draw, and the capture is then black's best
// (every other move loses), so the position is a draw and d7d8 the move that keeps it.
TEST(TablebaseHandAnalysed, WeakenedOnATrapAndTheLastCapture) {
  const std::string trapped = "7/3E3/3c3/7/7/7/7/7/7 b";
  TestTables& standard = shared_tables("standard");
  EXPECT_EQ(probe_fen(standard, trapped), (Value{tablebase::Outcome::Win, 1}));
  EXPECT_EQ(keeping(standard, trapped), (std::vector<std::string>{"d7d8"}));
  TestTables& selva = shared_tables("selva");  // capture_all = "none", no_moves = "loss"
  EXPECT_EQ(probe_fen(selva, trapped), (Value{tablebase::Outcome::Win, 1}));
  TestTables drawn(load_variant_text("name = \"drawn\"\nextends = \"standard\"\n[end]\ncapture_all = \"none\"\n"
                                     "no_moves = \"draw\"\n",
                                     "test"),
                   "trap-drawn");
  EXPECT_EQ(probe_fen(drawn, trapped), (Value{tablebase::Outcome::Draw, 0}));
  EXPECT_EQ(keeping(drawn, trapped), (std::vector<std::string>{"d7d8"}));
  expect_all_built_consistent(drawn);
}

TEST(TablebaseFiles, ReadBackOnlyUnderTheirRulesAndMaterial) {
  const Variant standard = load_variant("standard");
  TestTables t(standard, "files");
  const Material m = Material::parse("E/r");
  const Table& table = t.tables.table(m);
  const fs::path file = t.tables.file_of(m);
  ASSERT_TRUE(fs::exists(file));
  EXPECT_EQ(file.parent_path().filename().string(), rules_hash(standard));
  EXPECT_EQ(read_table(file, m, rules_hash(standard))->entries(), table.entries());
  try {
    read_table(file, m, "0123456789abcdef");
    ADD_FAILURE() << "read under other rules";
  } catch (const TablebaseError& e) {
    EXPECT_NE(std::string(e.what()).find("built for other rules"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_table(file, Material::parse("R/e"), rules_hash(standard)), TablebaseError);
  // A second tablebase on the same folder reads the file instead of building.
  Tablebase again(standard, t.root, 1);
  bool built = false;
  again.on_built = [&](const Material&, double) { built = true; };
  EXPECT_EQ(again.table(m).entries(), table.entries());
  EXPECT_FALSE(built);
}

namespace {

std::string read_error(const fs::path& file, const Material& m, const std::string& rules) {
  try {
    read_table(file, m, rules);
  } catch (const TablebaseError& e) {
    return e.what();
  }
  return "accepted";
}

std::string bytes_of(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void put_bytes(const fs::path& file, const std::string& bytes) { std::ofstream(file, std::ios::binary) << bytes; }

}  // namespace

// One flipped bit anywhere in a table's file, header or entries, is refused naming the file;
// the file as written reads back to the same entries. E/r: a 56-byte header, then one byte for
// each of 63 * 63 * 2 = 7938 entries.
TEST(TablebaseFiles, AFlippedBitIsRefusedNamingTheFile) {
  const Variant standard = load_variant("standard");
  TestTables t(standard, "flips");
  const Material m = Material::parse("E/r");
  const std::vector<Table::Entry> entries = t.tables.table(m).entries();
  const fs::path file = t.tables.file_of(m);
  const std::string rules = rules_hash(standard);
  const std::string good = bytes_of(file);
  ASSERT_EQ(good.size(), 56u + 7938u);
  // magic, version, rules, signature, entry count, width, checksum; then entries.
  for (std::size_t offset : {0u, 8u, 13u, 28u, 40u, 48u, 53u, 56u, 57u, 1000u, 4000u, 7993u}) {
    for (int bit : {0, 5}) {
      std::string damaged = good;
      damaged[offset] = char(damaged[offset] ^ (1 << bit));
      put_bytes(file, damaged);
      const std::string what = read_error(file, m, rules);
      EXPECT_TRUE(what.starts_with(file.string() + ": ")) << "offset " << offset << " bit " << bit << ": " << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
  }
  // A flip in the entries (or the checksum) says what is wrong and what to do.
  std::string damaged = good;
  damaged[2000] = char(damaged[2000] ^ 1);
  put_bytes(file, damaged);
  EXPECT_EQ(read_error(file, m, rules),
            file.string() + ": damaged (its checksum does not match its contents); delete the file to rebuild it");
  // A byte more or less is damage too.
  put_bytes(file, good + "x");
  EXPECT_NE(read_error(file, m, rules).find("damaged"), std::string::npos);
  put_bytes(file, good.substr(0, good.size() - 1));
  EXPECT_NE(read_error(file, m, rules).find("damaged"), std::string::npos);
  // A file of format 1 (no checksum: those bytes were padding, zero) is refused, to be rebuilt.
  std::string old = good;
  old[8] = 1;
  std::fill(old.begin() + 52, old.begin() + 56, '\0');
  put_bytes(file, old);
  EXPECT_EQ(read_error(file, m, rules), file.string() +
                                            ": format version 1, expected 2 (written by another version of jungle); "
                                            "delete the file to rebuild it");
  // ... but what builds tables builds it again, as it would a missing one: the cache of an older
  // version is no reason to stop.
  {
    Tablebase rebuilding(standard, t.root, 1);
    EXPECT_EQ(rebuilding.table(m).entries(), entries);
    EXPECT_EQ(bytes_of(file), good);
  }
  put_bytes(file, good);
  EXPECT_EQ(read_table(file, m, rules)->entries(), entries);
}

// A write that fails midway (the disk full: here a file size limit, RLIMIT_FSIZE, which fails
// write(2) with EFBIG as a full disk fails it with ENOSPC) names the file and leaves nothing
// behind: no table, no partial file.
TEST(TablebaseFiles, AFailedWriteLeavesNoPartialFile) {
  const Variant standard = load_variant("standard");
  TestTables t(standard, "full");
  const Material m = Material::parse("E/r");
  const Table table = t.tables.table(m);
  const fs::path folder = t.root / "failed";
  fs::create_directories(folder);
  const fs::path file = folder / "E_r.jtb";
  struct rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit small = saved;
  small.rlim_cur = 1000;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  std::string what = "written";
  try {
    write_table(file, table, rules_hash(standard));
  } catch (const TablebaseError& e) {
    what = e.what();
  }
  ::setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_EQ(what, "cannot write (" + std::string(std::strerror(EFBIG)) + ") " + file.string());
  EXPECT_TRUE(fs::is_empty(folder)) << fs::directory_iterator(folder)->path();
  // /dev/full, written in place (never renamed over), refuses every byte.
  try {
    write_table("/dev/full", table, rules_hash(standard));
    ADD_FAILURE() << "wrote to /dev/full";
  } catch (const TablebaseError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot write (" + std::string(std::strerror(ENOSPC)) + ") /dev/full");
  }
}

TEST(TablebaseRules, RefusesRepetitionThatIsNotADraw) {
  const Variant online = load_variant("online");  // repetition.result = "forbidden"
  try {
    check_rules(online);
    ADD_FAILURE() << "accepted";
  } catch (const TablebaseError& e) {
    EXPECT_NE(std::string(e.what()).find("\"forbidden\""), std::string::npos) << e.what();
  }
  Variant loss = load_variant("standard");
  loss.end.repetition_result = RepetitionResult::Loss;
  EXPECT_THROW(check_rules(loss), TablebaseError);
  Variant none = load_variant("standard");
  none.end.repetition_result = RepetitionResult::None;
  EXPECT_NO_THROW(check_rules(none));
}

// E/r: the elephant on any of the 49 squares that are neither water nor a den, the rat (a
// swimmer) on any of the 60 other squares that are not a den: 2940 positions per side to move.
TEST(TablebaseStats, CountEveryPositionOnce) {
  TestTables& t = shared_tables("standard");
  for (const SideStats& s : t.tables.table(Material::parse("E/r")).stats())
    EXPECT_EQ(s.wins + s.draws + s.losses, 49u * 60u);
}

// A variant against itself differs nowhere; the shares of each row add up to one. The 64
// two-piece signatures are 8 of one kind against the same kind and 28 pairs of mirror images,
// each listed once (the bundled rules treat colours alike), with each side to move apart: 72 rows.
TEST(TablebaseCompare, AVariantAgainstItselfHasNoSpread) {
  TestTables a(load_variant("ludii"), "compare-a"), b(load_variant("ludii"), "compare-b");
  const std::vector<CompareRow> rows = compare_tables({&a.tables, &b.tables}, 2);
  ASSERT_EQ(rows.size(), 72u);
  std::set<std::string> listed;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const CompareRow& row = rows[i];
    EXPECT_EQ(row.spread, 0.0) << row.material.name();
    EXPECT_NEAR(row.variants[0].win + row.variants[0].draw + row.variants[0].loss, 1.0, 1e-12);
    EXPECT_EQ(row.to_move, i % 2 ? BLACK : WHITE) << "the first player's row first";
    listed.insert(row.material.name());
  }
  EXPECT_EQ(listed.size(), 36u);
  EXPECT_TRUE(listed.count("E/r") && !listed.count("R/e"));
}

// Standard against a variant whose elephant may take the rat: E/r changes, each side to move
// apart (2940 positions each, as counted above), and an endgame without a rat does not.
TEST(TablebaseCompare, OnlyTheEndgamesTheRulesTouchDiffer) {
  TestTables& standard = shared_tables("standard");
  TestTables eats(load_variant_text("name = \"eats\"\nextends = \"standard\"\n[captures]\nelephant_captures_rat = true\n",
                                    "test"),
                  "compare-eats");
  const std::vector<CompareRow> rows = compare_tables({&standard.tables, &eats.tables}, 2);
  ASSERT_EQ(rows.size(), 72u);
  for (const CompareRow& row : rows) {
    const std::string name = row.material.name();
    if (name == "E/r") {
      EXPECT_GT(row.spread, 0.0);
      EXPECT_EQ(row.variants[0].positions, 49u * 60u);
      EXPECT_EQ(row.variants[1].positions, 49u * 60u);
    }
    if (name.find_first_of("Rr") == std::string::npos) {
      EXPECT_EQ(row.spread, 0.0) << name;
    }
  }
  // The largest spread comes first, and E/r is the only signature with an elephant and a rat.
  EXPECT_EQ(rows.front().material.name(), "E/r");
}

// van Rijn and Vis's observation: two-piece endgames of equal material (both sides the same
// kind) have no draws. Under the bundled van-rijn-vis rules it holds for seven kinds of eight;
// R/r has draws, because a rat in the water and a rat on land may not take each other. Once
// rats take rats across the water's edge both ways, R/r has none either.
TEST(TablebaseResearch, EqualTwoPieceEndgamesHaveNoDrawsButRatAgainstRat) {
  TestTables& t = shared_tables("van-rijn-vis");
  for (int k = 0; k < KIND_NB; ++k) {
    Material m;
    m.kinds[WHITE] = {Kind(k)};
    m.kinds[BLACK] = {Kind(k)};
    std::uint64_t draws = 0;
    for (const SideStats& s : t.tables.table(m).stats()) draws += s.draws;
    if (k == RAT) EXPECT_GT(draws, 0u);
    else EXPECT_EQ(draws, 0u) << m.name();
  }
  TestTables crossing(load_variant_text("name = \"crossing\"\nextends = \"van-rijn-vis\"\n[water]\n"
                                        "water_to_land = [\"rat\"]\nland_to_water = true\n",
                                        "test"),
                      "vrv-crossing");
  for (const SideStats& s : crossing.tables.table(Material::parse("R/r")).stats()) EXPECT_EQ(s.draws, 0u);
  expect_all_built_consistent(crossing);
}

// The retrograde passes run in parallel on atomics; the table must not depend on the threads.
TEST(TablebaseThreads, SameTableOnOneAndTwoThreads) {
  const Variant variant = load_variant("ludii");
  const Material m = Material::parse("LT/r");
  std::map<std::string, Table> smaller;
  std::function<const Table&(const Material&)> lookup = [&](const Material& s) -> const Table& {
    auto it = smaller.find(s.name());
    if (it == smaller.end()) it = smaller.emplace(s.name(), generate_table(variant, s, lookup, 1)).first;
    return it->second;
  };
  EXPECT_EQ(generate_table(variant, m, lookup, 1).entries(), generate_table(variant, m, lookup, 2).entries());
}

// The tables take their endings from engine/end_rules.h as Game does: taking the last enemy piece
// is worth what the game makes of it, under each of the four [end] settings that decide it.
TEST(TablebaseRules, TakingTheLastPieceIsWorthWhatTheGameMakesOfIt) {
  for (const CaptureAllResult capture_all : {CaptureAllResult::Win, CaptureAllResult::None})
    for (const NoMovesResult no_moves : {NoMovesResult::Loss, NoMovesResult::Draw}) {
      Variant v;
      v.end.capture_all = capture_all;
      v.end.no_moves = no_moves;
      Game game(v, "7/7/7/7/7/7/c6/E6/7 w");  // White's elephant takes Black's last piece, a cat
      ASSERT_TRUE(game.play(parse_move(game.position(), "a2a3")));
      ASSERT_TRUE(game.end());
      const Value expected = game.end()->result == Result::WhiteWins ? Value{tablebase::Outcome::Win, 1}
                                                                       : Value{tablebase::Outcome::Draw, 0};
      EXPECT_EQ(last_capture_value(v.end), expected) << int(capture_all) << int(no_moves);
      // Both lose when either says so: the cat's side cannot move.
      EXPECT_EQ(expected.outcome == tablebase::Outcome::Win,
                capture_all == CaptureAllResult::Win || no_moves == NoMovesResult::Loss);
    }
}
