// Choosing a move by looking ahead: none (random), one ply (greedy), or alpha-beta. Every
// choice is reproducible: randomness comes only from an Rng seeded by the caller, and the
// alpha-beta search counts nodes instead of reading a clock.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <vector>

#include "engine/game.h"
#include "engine/movegen.h"
#include "search/evaluate.h"

namespace jungle {

namespace tablebase {
class DiskTables;
}

// A seeded random source whose draws are the same with every standard library:
// std::mt19937_64's output is fixed by the standard, but the distributions are not.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}
  std::uint64_t next() { return engine_(); }
  // Uniform in [0, n), n > 0, without modulo bias (rejects the short top range).
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t reject_under = (0 - n) % n;  // 2^64 mod n
    for (;;)
      if (const std::uint64_t x = engine_(); x >= reject_under) return x % n;
  }
  // Uniform in [0, 1), from the top 53 bits.
  double unit() { return double(engine_() >> 11) * 0x1.0p-53; }

 private:
  std::mt19937_64 engine_;
};

// A uniformly random legal move; the position has at least one.
Move random_move(const Position& pos, Rng& rng);

// A move that wins at once if there is one (den entry, the last capture when capture_all = win,
// or leaving the opponent no move when no_moves = loss); otherwise a capture of the piece with
// the highest rank; otherwise a random move. Ties are broken at random.
Move greedy_move(const Position& pos, Rng& rng);
// The same, choosing among `moves` (a game's legal(), which leaves out forbidden repetitions).
Move greedy_move(const Position& pos, const MoveList& moves, Rng& rng);

struct SearchResult {
  Move best = MOVE_NONE;
  int score = 0;            // for the side to move, in evaluate() units; near SCORE_MATE: a forced win
  int depth = 0;            // the deepest iteration that completed
  int seldepth = 0;         // the longest path searched, quiescence included
  std::uint64_t nodes = 0;  // nodes visited, quiescence included
  std::vector<Move> pv;     // the expected line, best first (from the table; may be short)
  std::uint64_t tb_hits = 0;  // positions whose value came from the endgame tables
};

// How far alpha-beta searches: to a depth, or (with depth 0) until it has visited `nodes` nodes;
// with neither, until a win or loss is forced or it is stopped. The players in tournaments use
// depth and nodes only, so that their games do not depend on the machine's speed; `jungle
// engine` adds the clock and `stop`. Whatever the limits, the first iteration completes.
struct SearchLimits {
  int depth = 0;
  std::uint64_t nodes = 0;
  std::optional<std::chrono::steady_clock::time_point> deadline;  // stop once it has passed
  // Start no iteration after this, nor one that would likely run past `deadline` (the next
  // iteration takes about twice the last): time spent on an unfinished iteration is lost.
  std::optional<std::chrono::steady_clock::time_point> no_new_iteration_after;
  const std::atomic<bool>* stop = nullptr;                        // stop once it is set
  // Called after each completed iteration (for `info` lines).
  std::function<void(const SearchResult&)> on_iteration;
};

// Principal variation search with iterative deepening and aspiration windows, a transposition
// table, move ordering (table move, captures by victim value, killers, history), late-move
// reductions and a quiescence search over captures and den threats.
// Terminal positions follow the variant's [end] rules: repetition is counted over the game's
// history plus the search path, the ply and no-capture limits from the game's counts; the loss
// and forbidden repetition rules are exact. (One shortcut: under repetition.result = "draw" a
// position that has occurred before, in the game or on the path, is scored as the draw at
// once, since the side that repeated could go on repeating.)
// The transposition table persists between calls, so one object should serve one game.
//
// With endgame tables (set_tablebases), each search first reads into memory the tables on disk
// within two captures of its root (DiskTables::load_near). A root that a table holds, with a
// value that stands in this game (tablebase::value_in_game), is not searched: a won or lost
// root plays a move that keeps the value (the fastest win, the longest loss; the seed picks
// among equals) and scores SCORE_MATE - d, or -(SCORE_MATE - d), for a win or loss in d plies;
// a drawn root is searched among the moves that keep the draw. Inside the tree a position that
// a capture brought into a table in memory scores its value at once (a win or loss in d at ply p
// as one at ply p + d, a draw as the draw) when the value stands in the game. The tables read a
// repetition as a draw; at the root a losing side that can complete a repetition the rules
// score as a draw, or a winning side whose every fastest win would, is searched instead.
class AlphaBeta {
 public:
  static constexpr int MAX_DEPTH = 64;
  static constexpr std::size_t DEFAULT_TABLE_MB = 4;
  // The contempt of player specs and `jungle engine` unless told otherwise: a tenth of a weak
  // piece, enough to prefer playing on in a level position to a draw by repetition.
  static constexpr int DEFAULT_CONTEMPT = 10;
  static constexpr int MAX_CONTEMPT = 1000;

  // A transposition table of about table_mb megabytes (a power of two of entries, at least 1).
  explicit AlphaBeta(std::size_t table_mb = DEFAULT_TABLE_MB);
  ~AlphaBeta();
  AlphaBeta(AlphaBeta&&) noexcept;
  AlphaBeta& operator=(AlphaBeta&&) noexcept;

  // The best move for the side to move; the game must not have ended. Equal moves are
  // tried in an order shuffled by rng, so the seed picks among them.
  SearchResult search(const Game& game, const SearchLimits& limits, Rng& rng);

  // Forgets what earlier searches stored (a new game). Searching a game of another variant
  // needs it first, if that variant may stand where the last one stood.
  void clear();

  // A draw that the search foresees (by repetition, the ply limit, the no-capture limit, or no
  // moves where that draws) is worth -contempt to the side to move at the root and +contempt
  // to its opponent: with contempt > 0 the root side plays on rather than draw unless that
  // costs it more. 0 (the default here) scores draws 0; |contempt| <= MAX_CONTEMPT. A table
  // filled under one contempt is cleared when it changes.
  void set_contempt(int contempt);
  int contempt() const { return contempt_; }

  // The evaluation's weights; none (the default) evaluates with the untuned weights of the
  // variant searched (EvalWeights::from_rules). A change clears the table, whose scores were
  // made with the others.
  void set_weights(std::shared_ptr<const EvalWeights> weights);
  // The endgame tables to use, of the rules of every game this searches (a game of other rules
  // is a std::logic_error); null, the default: none.
  void set_tablebases(std::shared_ptr<tablebase::DiskTables> tables);

 private:
  struct Table;
  std::size_t table_mb_;
  int contempt_ = 0;
  std::shared_ptr<const EvalWeights> weights_;
  // The evaluator of the variant last searched, kept between the searches of a game since its
  // tables take longer to build than a shallow search; clear() and set_weights() drop it.
  std::unique_ptr<Evaluator> evaluator_;
  std::unique_ptr<Table> table_;
  std::shared_ptr<tablebase::DiskTables> tablebases_;
  const Variant* tables_checked_for_ = nullptr;  // the variant whose rules were found to fit them
};

}  // namespace jungle
