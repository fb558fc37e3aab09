// Differential tests: the bitboard move generator against the plain mailbox generator in
// tests/mailbox.cpp, over random positions of every bundled variant and of random rules,
// random games, and small perfts.
//
// JUNGLE_DIFF_SCALE (a number, default 1) scales the amount of work; JUNGLE_DIFF_SEED
// changes the seed (default fixed).

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/variant.h"
#include "perft/perft.h"
#include "support/numbers.h"
#include "tests/mailbox.h"
#include "tests/random_positions.h"

namespace {

using namespace jungle;

// Cheap enough to run in full even with sanitizers (about 3 s Release, 10 s ASan+UBSan).
constexpr double DEFAULT_SCALE = 1.0;

double scale() {
  const char* s = std::getenv("JUNGLE_DIFF_SCALE");
  if (s && *s) {
    const double v = parse_decimal_number(s).value_or(0);
    if (v > 0) return v;
  }
  return DEFAULT_SCALE;
}

int scaled(int n) { return std::max(1, int(n * scale())); }

std::uint64_t seed(std::uint64_t salt) {
  const char* s = std::getenv("JUNGLE_DIFF_SEED");
  const std::uint64_t base =
      s && *s ? parse_whole_number<std::uint64_t>(s, 0, std::numeric_limits<std::uint64_t>::max()).value_or(0) : 20240601;
  return base * 0x9E3779B97F4A7C15ull + salt;
}

// Counts failures and stops the test after a few, each reported in full.
struct Failures {
  int count = 0;
  static constexpr int LIMIT = 5;
  bool stop() const { return count >= LIMIT; }
};

// What the compared moves exercised, so that a run shows its coverage.
struct Coverage {
  std::map<std::string, long> seen;
  void add(const char* what, long n = 1) { seen[what] += n; }
  void print(const char* title) const {
    std::printf("[ differential ] %s coverage:", title);
    for (const auto& [k, n] : seen) std::printf(" %s=%ld", k.c_str(), n);
    std::printf("\n");
  }
};

// Classifies the (agreed) moves of a position.
void record(const mailbox::Board& b, const std::vector<mailbox::Move>& moves, Coverage& cov) {
  const mailbox::Rules& r = *b.rules;
  auto water = [&](int sq) { return r.terrain[sq] == '~'; };
  auto trap = [&](int sq) { return r.terrain[sq] == 'T' || r.terrain[sq] == 't'; };
  cov.add("positions");
  bool piece_on_enemy_den = false;
  for (int sq = 0; sq < mailbox::SQUARES; ++sq) {
    const mailbox::Cell& c = b.cells[sq];
    if (!c.empty() && r.terrain[sq] == (c.side == mailbox::FIRST ? 'd' : 'D')) piece_on_enemy_den = true;
  }
  if (piece_on_enemy_den) cov.add("finished");
  else if (moves.empty()) cov.add("no-moves");
  for (const mailbox::Move& m : moves) {
    const mailbox::Cell& a = b.cells[m.from];
    const mailbox::Cell& d = b.cells[m.to];
    int dist = std::abs(m.to - m.from);
    bool jump = dist != 1 && dist != mailbox::FILES;
    cov.add(jump ? "jump" : "step");
    if (r.terrain[m.to] == (a.side == mailbox::FIRST ? 'd' : 'D')) cov.add("den-entry");
    if (water(m.to) && d.empty()) cov.add("swim");
    if (d.empty()) continue;
    cov.add(jump ? "jump-capture" : "capture");
    if (water(m.from) && !water(m.to)) cov.add("capture-water-to-land");
    if (!water(m.from) && water(m.to)) cov.add("capture-land-to-water");
    if (water(m.from) && water(m.to)) cov.add("capture-in-water");
    if (trap(m.to)) cov.add("capture-on-trap");
    if (trap(m.from)) cov.add("capture-from-trap");
    if (r.rank[a.kind] < r.rank[d.kind]) cov.add("capture-upwards");
    if (a.kind == mailbox::KIND_RAT && d.kind == mailbox::KIND_ELEPHANT) cov.add("rat-takes-elephant");
    if (a.kind == mailbox::KIND_ELEPHANT && d.kind == mailbox::KIND_RAT) cov.add("elephant-takes-rat");
  }
  // Jumpers of the side to move facing water with a piece in it (blocked or not).
  for (int sq = 0; sq < mailbox::SQUARES; ++sq) {
    const mailbox::Cell& c = b.cells[sq];
    if (c.empty() || c.side != b.to_move || water(sq)) continue;
    const int df[4] = {0, 0, 1, -1}, dr[4] = {1, -1, 0, 0};
    for (int d = 0; d < 4; ++d) {
      if (!(d < 2 ? r.jumps_vertical[c.kind] : r.jumps_horizontal[c.kind])) continue;
      int f = sq % mailbox::FILES + df[d], rk = sq / mailbox::FILES + dr[d];
      bool over_water = false, occupied = false, own = false;
      while (f >= 0 && f < mailbox::FILES && rk >= 0 && rk < mailbox::RANKS && water(rk * mailbox::FILES + f)) {
        over_water = true;
        const mailbox::Cell& x = b.cells[rk * mailbox::FILES + f];
        if (!x.empty()) {
          occupied = true;
          own = own || x.side == c.side;
        }
        f += df[d];
        rk += dr[d];
      }
      bool off = f < 0 || f >= mailbox::FILES || rk < 0 || rk >= mailbox::RANKS;
      if (over_water && off) cov.add("jump-off-board");
      if (over_water && occupied) cov.add(own ? "jump-line-own-piece" : "jump-line-enemy-piece");
    }
  }
}

Coverage& coverage() {
  static Coverage c;
  return c;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
  return s.empty() ? "(none)" : s;
}

std::vector<std::string> bitboard_moves(const Position& pos) {
  std::vector<std::string> out;
  for (Move m : legal_moves(pos)) out.push_back(move_to_string(m));
  std::sort(out.begin(), out.end());
  return out;
}

// Compares the two generators on one position; reports and counts a mismatch.
bool compare(const Position& pos, const mailbox::Rules& rules, const std::string& context, Failures& f) {
  std::vector<std::string> bb = bitboard_moves(pos);
  mailbox::Board board = mailbox::board_from_position(pos, rules);
  std::vector<mailbox::Move> mailbox_list = mailbox::generate(board);
  std::vector<std::string> mb;
  for (const mailbox::Move& m : mailbox_list) mb.push_back(mailbox::move_text(m));
  std::sort(mb.begin(), mb.end());
  int counted = count_legal_moves(pos);
  std::string fen = pos.fen();
  std::string mailbox_fen = mailbox::board_fen(board);
  if (bb == mb && counted == int(bb.size()) && fen == mailbox_fen) {
    record(board, mailbox_list, coverage());
    return true;
  }

  std::vector<std::string> extra, missing;
  std::set_difference(bb.begin(), bb.end(), mb.begin(), mb.end(), std::back_inserter(extra));
  std::set_difference(mb.begin(), mb.end(), bb.begin(), bb.end(), std::back_inserter(missing));
  std::ostringstream msg;
  msg << "generators disagree (" << context << ")\n  fen: " << fen << "\n  mailbox fen: " << mailbox_fen
      << "\n  variant: " << pos.variant().name << "\n"
      << rules.describe() << "  bitboard moves (" << bb.size() << "): " << join(bb)
      << "\n  mailbox moves (" << mb.size() << "): " << join(mb)
      << "\n  extra in bitboard: " << join(extra) << "\n  missing from bitboard: " << join(missing)
      << "\n  count_legal_moves: " << counted << "\n"
      << pos.pretty();
  ADD_FAILURE() << msg.str();
  ++f.count;
  return false;
}

// Checks the position and then compares positions over n random positions of the variant.
int compare_random_positions(const Variant& v, int n, std::mt19937_64& rng, Failures& f,
                             const std::string& context) {
  mailbox::Rules rules = mailbox::Rules::from_variant(v);
  int done = 0;
  for (int i = 0; i < n && !f.stop(); ++i) {
    std::string fen = randpos::random_fen(v, rng);
    try {
      Position pos(v, fen);
      if (pos.fen() != fen) {
        ADD_FAILURE() << "fen() does not give back the position text:\n  in:  " << fen
                      << "\n  out: " << pos.fen() << "\n  variant: " << v.name;
        ++f.count;
        continue;
      }
      compare(pos, rules, context, f);
      ++done;
    } catch (const PositionError& e) {
      ADD_FAILURE() << "random position rejected: " << e.what() << "\n" << rules.describe();
      ++f.count;
    }
  }
  return done;
}

// A random game from `start`: every position compared, every move made and taken back.
int random_game(const Variant& v, const mailbox::Rules& rules, const std::string& start, int plies,
                std::mt19937_64& rng, Failures& f) {
  Position pos(v, start);
  mailbox::Board board = mailbox::board_from_position(pos, rules);
  std::string history = start + " moves";
  int compared = 0;
  for (int ply = 0; ply <= plies && !f.stop(); ++ply) {
    ++compared;
    if (!compare(pos, rules, history, f)) return compared;
    MoveList list = legal_moves(pos);
    if (list.size == 0) break;
    Move m = list.moves[std::uniform_int_distribution<int>(0, list.size - 1)(rng)];
    std::string text = move_to_string(m);
    if (parse_move(pos, text) != m) {
      ADD_FAILURE() << "parse_move(\"" << text << "\") does not give back the move in " << pos.fen();
      ++f.count;
    }

    Position before = pos;
    std::string before_fen = pos.fen();
    Undo undo;
    pos.do_move(m, undo);
    Undo undo2;
    pos.undo_move(m, undo);
    if (!(pos == before) || pos.fen() != before_fen) {
      ADD_FAILURE() << "undo_move does not restore the position after " << text << "\n  before: " << before_fen
                    << "\n  after:  " << pos.fen() << "\n  " << history;
      ++f.count;
      return compared;
    }
    pos.do_move(m, undo2);
    history += " " + text;

    // The mailbox plays the same move; both boards must agree, and the incrementally updated
    // position must equal one freshly read from its own text.
    mailbox::Undo mu;
    mailbox::make_move(board, mailbox::Move{int(from_sq(m)), int(to_sq(m))}, mu);
    Position fresh(v, pos.fen());
    if (mailbox::board_fen(board) != pos.fen() || !(fresh == pos)) {
      ADD_FAILURE() << "position after " << text << " is wrong\n  bitboard: " << pos.fen()
                    << "\n  mailbox:  " << mailbox::board_fen(board)
                    << "\n  equals a fresh parse: " << (fresh == pos) << "\n  " << history;
      ++f.count;
      return compared;
    }
  }
  return compared;
}

std::vector<Variant>& variants() {
  static std::vector<Variant> v = randpos::base_variants();
  return v;
}

// The start position of the variant if it fits the terrain, else a random one.
std::string start_or_random(const Variant& v, std::mt19937_64& rng) {
  try {
    Position pos(v, v.start);
    return v.start;
  } catch (const PositionError&) {
    return randpos::random_fen(v, rng);
  }
}

TEST(Differential, VariantsAvailable) {
  ASSERT_FALSE(variants().empty());
  std::string names;
  for (const auto& v : variants()) names += " " + v.name;
  std::printf("[ differential ] variants:%s\n", names.c_str());
}

// The mailbox against the independent reference perft figures (depth <= 3), so that the
// yardstick itself is checked. Uses the built-in copies of the reference rules.
TEST(Differential, MailboxMatchesReferencePerft) {
  std::filesystem::path dir = std::filesystem::path(JUNGLE_SOURCE_DIR) / "data" / "reference" / "perft";
  int checked = 0;
  for (const Variant& v : randpos::builtin_reference_variants()) {
    std::ifstream in(dir / (v.name + ".epd"));
    if (!in) continue;
    mailbox::Rules rules = mailbox::Rules::from_variant(v);
    std::string line;
    int lines = 0;
    while (std::getline(in, line) && lines < scaled(12)) {
      if (line.empty() || line[0] == '#') continue;
      ++lines;
      std::size_t semi = line.find(';');
      std::string fen = line.substr(0, semi);
      while (!fen.empty() && fen.back() == ' ') fen.pop_back();
      mailbox::Board board = mailbox::board_from_fen(fen, rules);
      std::istringstream fields(line.substr(semi));
      std::string tok;
      while (fields >> tok) {
        if (tok == ";") continue;
        if (tok[0] == ';') tok = tok.substr(1);
        if (tok.size() < 2 || tok[0] != 'D') continue;
        std::string count;
        fields >> count;
        const std::optional<int> depth = parse_whole_number(std::string_view(tok).substr(1), 0, 99);
        const std::optional<std::uint64_t> expected =
            parse_whole_number<std::uint64_t>(count, 0, std::numeric_limits<std::uint64_t>::max());
        ASSERT_TRUE(depth && expected) << "a figure that is no \"Dn count\": " << line;
        if (*depth > 3) continue;
        EXPECT_EQ(mailbox::perft(board, *depth), *expected) << v.name << " " << fen << " depth " << *depth;
        ++checked;
      }
    }
  }
  std::printf("[ differential ] %d reference perft figures checked on the mailbox\n", checked);
  EXPECT_GT(checked, 0);
}

TEST(Differential, RandomPositionsOfBundledVariants) {
  auto t0 = std::chrono::steady_clock::now();
  coverage() = Coverage{};
  Failures f;
  std::mt19937_64 rng(seed(1));
  int per_variant = scaled(120000) / int(variants().size());
  int total = 0;
  for (const Variant& v : variants()) {
    if (f.stop()) break;
    total += compare_random_positions(v, per_variant, rng, f, "random position of " + v.name);
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("[ differential ] %d random positions over %zu variants in %.2f s\n", total, variants().size(),
              secs);
  coverage().print("bundled variants");
}

TEST(Differential, RandomPositionsOfRandomRules) {
  auto t0 = std::chrono::steady_clock::now();
  coverage() = Coverage{};
  Failures f;
  std::mt19937_64 rng(seed(2));
  int rule_sets = scaled(4000);
  int total = 0;
  for (int i = 0; i < rule_sets && !f.stop(); ++i) {
    const Variant& base = variants()[i % variants().size()];
    Variant v = randpos::random_rules(base, rng);
    v.name += '#';
    v.name += std::to_string(i);
    total += compare_random_positions(v, 30, rng, f, "random rules #" + std::to_string(i));
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("[ differential ] %d random positions over %d random rule sets in %.2f s\n", total, rule_sets,
              secs);
  coverage().print("random rules");
}

TEST(Differential, RandomGames) {
  auto t0 = std::chrono::steady_clock::now();
  coverage() = Coverage{};
  Failures f;
  std::mt19937_64 rng(seed(3));
  int games = scaled(4000);
  int total = 0;
  for (int i = 0; i < games && !f.stop(); ++i) {
    Variant v = variants()[i % variants().size()];
    if (i % 2) v = randpos::random_rules(v, rng);
    v.name += '#';
    v.name += std::to_string(i);
    mailbox::Rules rules = mailbox::Rules::from_variant(v);
    std::string start = i % 3 == 0 ? start_or_random(v, rng) : randpos::random_fen(v, rng);
    total += random_game(v, rules, start, 40, rng, f);
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("[ differential ] %d game positions over %d random games in %.2f s\n", total, games, secs);
  coverage().print("random games");
}

// Mailbox perft against the engine's perft at depth 3 (4 from start positions); on a
// mismatch, the divide.
TEST(Differential, PerftAgainstMailbox) {
  auto t0 = std::chrono::steady_clock::now();
  std::mt19937_64 rng(seed(4));
  int failures = 0, checked = 0;
  int per_variant = scaled(24);
  for (std::size_t i = 0; i < variants().size() && failures < 3; ++i) {
    for (int j = 0; j < per_variant && failures < 3; ++j) {
      Variant v = j % 2 ? randpos::random_rules(variants()[i], rng) : variants()[i];
      mailbox::Rules rules = mailbox::Rules::from_variant(v);
      std::string fen = j == 0 ? start_or_random(v, rng) : randpos::random_fen(v, rng);
      Position pos(v, fen);
      mailbox::Board board = mailbox::board_from_position(pos, rules);
      int depth = j == 0 ? 4 : 3;  // the start position one ply deeper
      std::uint64_t expected = mailbox::perft(board, depth);
      std::uint64_t got = jungle::perft(pos, depth);
      ++checked;
      if (got == expected) continue;
      ++failures;
      std::ostringstream msg;
      msg << "perft " << depth << " differs: engine " << got << ", mailbox " << expected << "\n  fen: " << fen << "\n"
          << rules.describe() << "  divide (engine / mailbox):\n";
      std::map<std::string, std::uint64_t> mb;
      for (const mailbox::Move& m : mailbox::generate(board)) {
        mailbox::Undo u;
        mailbox::make_move(board, m, u);
        mb[mailbox::move_text(m)] = mailbox::perft(board, depth - 1);
        mailbox::unmake_move(board, m, u);
      }
      for (const DivideLine& d : divide(pos, depth)) {
        auto it = mb.find(d.move);
        std::uint64_t other = it == mb.end() ? 0 : it->second;
        if (it != mb.end()) mb.erase(it);
        if (other != d.nodes) msg << "    " << d.move << " " << d.nodes << " / " << other << "\n";
      }
      for (const auto& [move, nodes] : mb) msg << "    " << move << " - / " << nodes << "\n";
      ADD_FAILURE() << msg.str();
    }
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("[ differential ] %d perfts (depth 3, starts 4) compared in %.2f s\n", checked, secs);
}

// The comparison has teeth: the mailbox with any one rule flipped disagrees with the
// engine on some random position, so the random positions exercise every rule.
TEST(Differential, FlippedRulesAreDetected) {
  struct Flip {
    const char* variant;
    const char* what;
    void (*flip)(mailbox::Rules&);
  };
  const Flip flips[] = {
      {"standard", "rat_captures_elephant", [](mailbox::Rules& r) { r.rat_captures_elephant ^= 1; }},
      {"standard", "elephant_captures_rat", [](mailbox::Rules& r) { r.elephant_captures_rat ^= 1; }},
      {"standard", "dog swims", [](mailbox::Rules& r) { r.swimmer[2] = true; }},
      {"standard", "rat does not swim", [](mailbox::Rules& r) { r.swimmer[mailbox::KIND_RAT] = false; }},
      {"standard", "water_to_land rat", [](mailbox::Rules& r) { r.water_to_land[mailbox::KIND_RAT] = true; }},
      {"water-edge", "water_to_land without elephant",
       [](mailbox::Rules& r) { r.water_to_land[mailbox::KIND_ELEPHANT] = false; }},
      {"standard", "land_to_water", [](mailbox::Rules& r) { r.land_to_water = true; }},
      {"water-edge", "no land_to_water", [](mailbox::Rules& r) { r.land_to_water = false; }},
      {"standard", "lion does not jump vertically", [](mailbox::Rules& r) { r.jumps_vertical[6] = false; }},
      {"standard", "tiger does not jump horizontally", [](mailbox::Rules& r) { r.jumps_horizontal[5] = false; }},
      {"standard", "elephant jumps horizontally", [](mailbox::Rules& r) { r.jumps_horizontal[7] = true; }},
      {"standard", "rat jumps vertically", [](mailbox::Rules& r) { r.jumps_vertical[mailbox::KIND_RAT] = true; }},
      {"standard", "blocked_by none", [](mailbox::Rules& r) { r.blocked_by = mailbox::Blockers::None; }},
      {"standard", "blocked_by enemy", [](mailbox::Rules& r) { r.blocked_by = mailbox::Blockers::Enemy; }},
      {"jumpers", "blocked_by any", [](mailbox::Rules& r) { r.blocked_by = mailbox::Blockers::Any; }},
      {"swimmers", "blocked_by enemy", [](mailbox::Rules& r) { r.blocked_by = mailbox::Blockers::Enemy; }},
      {"standard", "traps weaken everyone", [](mailbox::Rules& r) { r.traps_weaken_everyone = true; }},
      {"any-trap", "traps weaken enemies", [](mailbox::Rules& r) { r.traps_weaken_everyone = false; }},
      {"standard", "weakened attacker rank zero", [](mailbox::Rules& r) { r.weakened_attacker_rank_zero = true; }},
      {"any-trap", "weakened attacker keeps rank", [](mailbox::Rules& r) { r.weakened_attacker_rank_zero = false; }},
      {"standard", "cat may not enter the den", [](mailbox::Rules& r) { r.den_enterable[1] = false; }},
      {"swimmers", "cat may enter the den", [](mailbox::Rules& r) { r.den_enterable[1] = true; }},
      {"standard", "dog and wolf swapped", [](mailbox::Rules& r) { std::swap(r.rank[2], r.rank[3]); }},
      {"standard", "lion ties tiger", [](mailbox::Rules& r) { r.rank[5] = r.rank[6]; }},
      {"standard", "trap d2 is land", [](mailbox::Rules& r) { r.terrain[1 * mailbox::FILES + 3] = '.'; }},
  };
  std::mt19937_64 rng(seed(5));
  std::string summary;
  for (const Flip& flip : flips) {
    const Variant* v = nullptr;
    static const std::vector<Variant> reference = randpos::builtin_reference_variants();
    for (const Variant& x : reference)
      if (x.name == flip.variant) v = &x;
    ASSERT_NE(v, nullptr) << flip.variant;
    mailbox::Rules wrong = mailbox::Rules::from_variant(*v);
    flip.flip(wrong);
    int tried = 0;
    bool detected = false;
    while (tried < 50000 && !detected) {
      ++tried;
      Position pos(*v, randpos::random_fen(*v, rng));
      mailbox::Board board = mailbox::board_from_position(pos, wrong);
      detected = mailbox::mailbox_moves(board) != bitboard_moves(pos);
    }
    EXPECT_TRUE(detected) << "flipping '" << flip.what << "' in " << flip.variant
                          << " went unnoticed over " << tried << " random positions";
    summary += ' ';
    summary += flip.what;
    summary += '@';
    summary += flip.variant;
    summary += ':';
    summary += std::to_string(tried);
  }
  std::printf("[ differential ] positions needed to notice each flipped rule:%s\n", summary.c_str());
}

}  // namespace

namespace {

// count_two_plies builds no child positions; the mailbox makes every move of both plies.
TEST(Differential, CountTwoPliesMatchesMailboxPerft2) {
  std::mt19937_64 rng(20261129);
  const std::vector<jungle::Variant> bases = randpos::base_variants();
  int checked = 0;
  for (int i = 0; i < 20000; ++i) {
    const jungle::Variant variant = i % 2 ? randpos::random_rules(bases[i % bases.size()], rng) : bases[i % bases.size()];
    const std::string fen = randpos::random_fen(variant, rng);
    const jungle::Position pos(variant, fen);
    const mailbox::Rules rules = mailbox::Rules::from_variant(variant);  // the board keeps a reference
    mailbox::Board board = mailbox::board_from_position(pos, rules);
    const std::uint64_t expected = mailbox::perft(board, 2);
    ASSERT_EQ(jungle::count_two_plies(pos), expected) << variant.name << " \"" << fen << "\"";
    ++checked;
  }
  EXPECT_EQ(checked, 20000);
}

}  // namespace
