#include "search/search.h"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

#include "engine/rules_hash.h"
#include "tablebase/disk_tables.h"
#include "tablebase/probe.h"

namespace jungle {

// --- One ply: random and greedy ---------------------------------------------------------

Move random_move(const Position& pos, Rng& rng) {
  const MoveList moves = legal_moves(pos);
  return moves.moves[rng.below(std::uint64_t(moves.size))];
}

Move greedy_move(const Position& pos, Rng& rng) { return greedy_move(pos, legal_moves(pos), rng); }

Move greedy_move(const Position& pos, const MoveList& moves, Rng& rng) {
  const Variant& v = pos.variant();
  Position scratch = pos;  // move_wins plays some moves on it and takes them back
  Move wins[MAX_MOVES], captures[MAX_MOVES];
  int win_count = 0, capture_count = 0, best_rank = INT_MIN;
  for (Move m : moves) {
    if (move_wins(scratch, m)) {
      wins[win_count++] = m;
      continue;
    }
    const Piece victim = pos.piece_on(to_sq(m));
    if (win_count || victim == NO_PIECE) continue;
    const int rank = v.rank_order[kind_of(victim)];
    if (rank > best_rank) best_rank = rank, capture_count = 0;
    if (rank == best_rank) captures[capture_count++] = m;
  }
  if (win_count) return wins[rng.below(std::uint64_t(win_count))];
  if (capture_count) return captures[rng.below(std::uint64_t(capture_count))];
  return moves.moves[rng.below(std::uint64_t(moves.size))];
}

// --- Alpha-beta -------------------------------------------------------------------------

namespace {

constexpr int INFINITE = 32000;
constexpr int MAX_PLY = 128;  // search path length, quiescence included
constexpr int ASPIRATION_DELTA = 30;  // the first window's half-width, about a third of a weak piece
constexpr int LMR_MIN_DEPTH = 3, LMR_MIN_MOVES = 3;
// Reverse futility pruning: near the leaves, a static score this far above beta per ply left is
// taken as a cut-off without searching; the opponent would need to win about a weak piece a ply.
constexpr int FUTILITY_MAX_DEPTH = 3, FUTILITY_MARGIN = 120;

// Late-move reduction in plies for the i-th move at a depth: grows with the logarithm of both,
// as in Stockfish and most engines after it.
int late_move_reduction(int depth, int i) {
  static const auto table = [] {
    std::array<std::array<std::uint8_t, MAX_MOVES>, AlphaBeta::MAX_DEPTH + 1> t{};
    for (int d = 1; d <= AlphaBeta::MAX_DEPTH; ++d)
      for (int n = 1; n < MAX_MOVES; ++n) t[d][n] = std::uint8_t(0.75 + std::log(d) * std::log(n) / 2.25);
    return t;
  }();
  return table[std::min(depth, AlphaBeta::MAX_DEPTH)][std::min(i, MAX_MOVES - 1)];
}

enum Bound : std::uint8_t { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

// An entry of zero bytes is empty (BOUND_NONE): the table is allocated zeroed.
struct TableEntry {
  Key key;
  std::int16_t score;
  Move move;
  std::uint8_t depth;
  Bound bound;
  std::uint8_t age;  // the search that wrote it: older entries are replaced first
};

// Win and loss scores count plies from the root; the table stores them from the node instead,
// so that a position reached at another ply reads the right distance.
int score_to_table(int s, int ply) { return s >= SCORE_MATE_BOUND ? s + ply : s <= -SCORE_MATE_BOUND ? s - ply : s; }
int score_from_table(int s, int ply) { return s >= SCORE_MATE_BOUND ? s - ply : s <= -SCORE_MATE_BOUND ? s + ply : s; }

// The game's positions before the root, for repetitions that reach back past it. Asked at
// nearly every node and nearly always absent, so a 4096-bit filter of the keys' top bits answers
// most questions before the sorted keys are searched.
class EarlierPositions {
 public:
  // history: Game::history(), whose last key is the root's own.
  explicit EarlierPositions(const std::vector<Key>& history) : keys_(history.begin(), history.end() - 1) {
    std::sort(keys_.begin(), keys_.end());
    for (Key k : keys_) filter_[slot(k) / 64] |= 1ULL << (slot(k) % 64);
  }
  int count(Key k) const {
    if (!(filter_[slot(k) / 64] >> (slot(k) % 64) & 1)) return 0;
    const auto [first, last] = std::equal_range(keys_.begin(), keys_.end(), k);
    return int(last - first);
  }

 private:
  static unsigned slot(Key k) { return unsigned(k >> 52); }
  std::vector<Key> keys_;
  std::uint64_t filter_[64] = {};
};

// A table's entries are zero bytes when it starts, which reads as empty (BOUND_NONE). Players
// are made afresh for every game, and so are their tables: the memory of the last table freed on
// a thread is kept for the next one there, since clearing memory already mapped costs less than
// the page faults of fresh memory (3% of a game at the default player). Constructing every entry
// one by one had cost 4%.
using TableMemory = std::unique_ptr<TableEntry[], decltype(&std::free)>;
struct SpareTable {
  TableMemory memory{nullptr, &std::free};
  std::size_t size = 0;
};
thread_local SpareTable spare_table;

TableMemory zeroed_table(std::size_t size) {
  if (spare_table.memory && spare_table.size == size) {
    TableMemory memory = std::move(spare_table.memory);
    std::memset(static_cast<void*>(memory.get()), 0, size * sizeof(TableEntry));
    return memory;
  }
  TableMemory memory(static_cast<TableEntry*>(std::calloc(size, sizeof(TableEntry))), &std::free);
  if (!memory) throw std::bad_alloc();
  return memory;
}

}  // namespace

struct AlphaBeta::Table {
  explicit Table(std::size_t megabytes)
      : size(std::bit_floor(std::max<std::size_t>(1, (megabytes << 20) / sizeof(TableEntry)))),
        entries(zeroed_table(size)) {}
  ~Table() {
    if (!spare_table.memory) spare_table = {std::move(entries), size};
  }
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;
  std::size_t size;
  TableMemory entries;
  std::uint8_t age = 0;
};

namespace {

// One search from one root: the position it plays moves on, the path's keys for repetition,
// and the move-ordering memory (killers, history) that lives only as long as the search.
class Searcher {
 public:
  // root_moves: the game's legal moves, or those of them that keep a drawn table value.
  // probes: the endgame tables in memory, or null. eval: of the game's variant.
  Searcher(const Game& game, const MoveList& root_moves, const tablebase::ProbeSet* probes,
           std::span<TableEntry> table, std::uint8_t age, const SearchLimits& limits, int contempt,
           const Evaluator& eval)
      : pos_(game.position()),
        root_side_(game.position().side_to_move()),
        contempt_(contempt),
        rules_(game.position().variant().end),
        eval_(eval),
        table_(table),
        age_(age),
        game_plies_(game.plies()),
        plies_without_capture_(game.plies_without_capture()),
        root_moves_(root_moves),
        probes_(probes && !probes->empty() ? probes : nullptr),
        node_limit_(limits.nodes),
        max_depth_(limits.depth > 0 ? std::min(limits.depth, AlphaBeta::MAX_DEPTH) : AlphaBeta::MAX_DEPTH),
        deadline_(limits.deadline),
        no_new_iteration_after_(limits.no_new_iteration_after),
        stop_(limits.stop),
        on_iteration_(limits.on_iteration),
        earlier_(game.history()) {
    path_[0] = pos_.key();
    for (auto& pair : killers_) pair[0] = pair[1] = MOVE_NONE;
  }

  SearchResult run(Rng& rng);

 private:
  int root(int depth, MoveList& moves, int alpha, int beta);
  int aspiration(int depth, MoveList& moves, int previous);
  int negamax(int depth, int ply, int alpha, int beta);
  int quiesce(int ply, int alpha, int beta, bool den_threats = false);
  std::optional<int> enter(int ply);
  int score_of(const RulesEnd& end, int ply) const;
  std::optional<int> ended_by_last_move(int ply) const;
  std::optional<int> ended_here(int move_count, int ply) const;
  std::optional<int> probe_tables(int ply);
  int occurrences(int ply) const;
  bool time_for_another_iteration(std::chrono::steady_clock::time_point iteration_start) const;
  // A foreseen draw's worth to the side to move: see AlphaBeta::set_contempt. It depends on the
  // position only (its side to move), so table entries stay true within a search.
  int draw_score() const { return pos_.side_to_move() == root_side_ ? -contempt_ : contempt_; }
  int plies_without_capture(int ply) const;
  void drop_forbidden(MoveList& moves, int ply);
  void play(Move m, Undo& undo, int ply);
  // The position pos_ holds after a move from ply, in the path (the move's undo: was it a capture).
  void record(const Undo& undo, int ply);
  int order_score(Move m, Move table_move, int ply) const;
  static Move pick_next(MoveList& moves, int* scores, int i);
  // Node counts decide for the players of tournaments; the clock and `stop` for `jungle engine`,
  // read every 1024 nodes, since reading the clock costs more than a node.
  bool out_of_nodes() {
    if (!may_stop_ || stopped_) return stopped_;
    if (node_limit_ && nodes_ >= node_limit_) stopped_ = true;
    if ((nodes_ & 1023) == 0 && ((stop_ && stop_->load(std::memory_order_relaxed)) ||
                                 (deadline_ && std::chrono::steady_clock::now() >= *deadline_)))
      stopped_ = true;
    return stopped_;
  }
  // The line below ply's best move so far: pv_[ply][ply .. pv_length_[ply]), the usual
  // triangular table, filled as moves raise alpha.
  void update_pv(int ply, Move m) {
    pv_[ply][ply] = m;
    for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
    pv_length_[ply] = std::max(ply + 1, pv_length_[ply + 1]);
  }
  std::vector<Move> principal_variation() const { return {pv_[0], pv_[0] + pv_length_[0]}; }

  Position pos_;
  Color root_side_;
  int contempt_;
  const EndRules& rules_;
  const Evaluator& eval_;
  std::span<TableEntry> table_;
  std::uint8_t age_;
  int game_plies_;
  int plies_without_capture_;  // at the root
  MoveList root_moves_;         // the game's, which leaves out forbidden repetitions
  const tablebase::ProbeSet* probes_;  // null without tables
  std::uint64_t tb_hits_ = 0;
  std::uint64_t node_limit_;
  int max_depth_;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  std::optional<std::chrono::steady_clock::time_point> no_new_iteration_after_;
  const std::atomic<bool>* stop_;
  std::function<void(const SearchResult&)> on_iteration_;
  std::uint64_t nodes_ = 0;
  int seldepth_ = 0;
  bool may_stop_ = false;  // the first iteration always completes
  bool stopped_ = false;
  EarlierPositions earlier_;
  Key path_[MAX_PLY + 1];
  int irreversible_[MAX_PLY + 1] = {};  // the ply after the path's last capture: no repetition before it
  Move killers_[MAX_PLY + 1][2];
  Move pv_[MAX_PLY + 2][MAX_PLY + 2];
  int pv_length_[MAX_PLY + 2] = {};
  int history_[SQUARE_NB][SQUARE_NB] = {};
};

void Searcher::play(Move m, Undo& undo, int ply) {
  pos_.do_move(m, undo);
  record(undo, ply);
}

void Searcher::record(const Undo& undo, int ply) {
  path_[ply + 1] = pos_.key();
  irreversible_[ply + 1] = undo.captured != NO_PIECE ? ply + 1 : irreversible_[ply];
}

// How often the position at `ply` has occurred, itself included: along the path back to its
// last capture (captures cannot be undone), and in the game before the root if none.
int Searcher::occurrences(int ply) const {
  const Key key = path_[ply];
  int n = 1;
  for (int i = ply - 2; i >= irreversible_[ply]; i -= 2) n += path_[i] == key;
  if (irreversible_[ply] == 0)
    n += earlier_.count(key);
  return n;
}

int Searcher::plies_without_capture(int ply) const {
  return irreversible_[ply] > 0 ? ply - irreversible_[ply] : plies_without_capture_ + ply;
}

// The forbidden repetitions go before the node looks at its moves, so that a side left with
// none of its own meets the no_moves rule.
void Searcher::drop_forbidden(MoveList& moves, int ply) {
  drop_forbidden_repetitions(pos_, moves, [&](const Position&, const Undo& undo) {
    record(undo, ply);
    return occurrences(ply + 1);
  });
}

// What an ending the rules decide is worth to the side to move, ply plies below the root.
int Searcher::score_of(const RulesEnd& end, int ply) const {
  switch (end.outcome) {
    case Outcome::Win: return SCORE_MATE - ply;
    case Outcome::Loss: return -(SCORE_MATE - ply);
    case Outcome::Draw: return draw_score();
  }
  return draw_score();
}

// The end rules that the last move may have triggered (end_rules.h's first two groups). The
// score is for the side to move.
std::optional<int> Searcher::ended_by_last_move(int ply) const {
  if (auto end = end_by_position(pos_)) return score_of(*end, ply);
  if (rules_.repetition_result == RepetitionResult::Draw || rules_.repetition_result == RepetitionResult::Loss) {
    const int n = occurrences(ply);
    if (auto end = end_by_repetition(rules_, n)) return score_of(*end, ply);
    // Scoring any repetition as the draw at once, one of the game's before the root as well,
    // stops the search from shuffling back and forth in the hope of something better: with
    // contempt, the side that stands better leaves the cycle at its first repetition instead of
    // its last. (Scoring only the tree's own repetitions so, as chess engines do, doubled the
    // draws by repetition at 20,000 nodes a move: docs/strength.md.) The loss and forbidden
    // rules are scored exactly, at the rule's count.
    if (n >= 2 && rules_.repetition_result == RepetitionResult::Draw) return draw_score();
  }
  return std::nullopt;
}

// The rules that need the move list (end_rules.h's last group); and a move that wins at once,
// which makes searching the others pointless.
std::optional<int> Searcher::ended_here(int move_count, int ply) const {
  if (auto end = end_by_moves_and_limits(rules_, move_count, game_plies_ + ply, plies_without_capture(ply)))
    return score_of(*end, ply);
  if (can_win_at_once(pos_)) return SCORE_MATE - (ply + 1);
  return std::nullopt;
}

// A position that the last move, a capture, brought into a table in memory: its value, when it
// stands in this game. Only after captures, since within one material the root's own probe
// decided already, and a capture is where the material changes.
std::optional<int> Searcher::probe_tables(int ply) {
  if (!probes_ || ply == 0 || irreversible_[ply] != ply || popcount(pos_.occupied()) > probes_->max_pieces())
    return std::nullopt;
  const std::optional<tablebase::Value> value = probes_->probe(pos_);
  if (!value) return std::nullopt;
  const std::optional<tablebase::Value> in_game =
      tablebase::value_in_game(*value, rules_, game_plies_ + ply, plies_without_capture(ply));
  if (!in_game) return std::nullopt;
  ++tb_hits_;
  switch (in_game->outcome) {
    case tablebase::Outcome::Win: return SCORE_MATE - (ply + in_game->distance);
    case tablebase::Outcome::Loss: return -(SCORE_MATE - (ply + in_game->distance));
    default: return draw_score();
  }
}

// Table move first, then captures of the most valuable victim by the least valuable attacker,
// then the killers, then quiet moves by how often they caused cut-offs.
int Searcher::order_score(Move m, Move table_move, int ply) const {
  if (m == table_move) return 1 << 30;
  const Piece victim = pos_.piece_on(to_sq(m));
  if (victim != NO_PIECE)
    return (1 << 24) + eval_.piece_value(kind_of(victim)) * 64 - eval_.piece_value(kind_of(pos_.piece_on(from_sq(m))));
  if (m == killers_[ply][0]) return 1 << 23;
  if (m == killers_[ply][1]) return 1 << 22;
  return history_[from_sq(m)][to_sq(m)];
}

// Selection sort, one step at a time: most nodes cut off after the first few moves. Ties keep
// the list's order, which the root shuffles with the seed.
Move Searcher::pick_next(MoveList& moves, int* scores, int i) {
  int best = i;
  for (int j = i + 1; j < moves.size; ++j)
    if (scores[j] > scores[best]) best = j;
  std::swap(moves.moves[i], moves.moves[best]);
  std::swap(scores[i], scores[best]);
  return moves.moves[i];
}

// What every node does first: count itself, and stop where the search or the last move ended
// things. (The rules that need the move list come after, in the caller, which keeps the list.)
std::optional<int> Searcher::enter(int ply) {
  pv_length_[ply] = ply;
  ++nodes_;
  seldepth_ = std::max(seldepth_, ply);
  if (out_of_nodes()) return 0;
  return ended_by_last_move(ply);
}

int Searcher::quiesce(int ply, int alpha, int beta, bool den_threats) {
  if (auto over = enter(ply)) return *over;
  // Past its first ply, quiescence plays captures only, unless its den is in danger: the list of
  // the captures will do, and the count of all the moves for the no-moves rule. (The forbidden
  // repetition needs every move played to be told apart.)
  const bool captures_will_do = !den_threats && rules_.repetition_result != RepetitionResult::Forbidden;
  MoveList moves = captures_will_do ? legal_captures(pos_) : legal_moves(pos_);
  drop_forbidden(moves, ply);
  const int move_count = captures_will_do && moves.size == 0 ? count_legal_moves(pos_) : moves.size;
  if (auto over = ended_here(move_count, ply)) return *over;
  if (auto known = probe_tables(ply)) return *known;
  if (ply >= MAX_PLY) return eval_.evaluate(pos_);

  // Standing pat assumes a quiet move is available that keeps the score. Not so when the
  // opponent is about to enter our den: then only a capture (or blocking a jump) saves us, so
  // every move is searched and doing nothing counts as the loss it is.
  const bool den_in_danger = threatens_den(pos_, ~pos_.side_to_move());
  if (den_in_danger && captures_will_do) moves = legal_moves(pos_);
  int best;
  if (den_in_danger) {
    best = -(SCORE_MATE - (ply + 2));
  } else {
    best = eval_.evaluate(pos_);
    if (best >= beta) return best;
    alpha = std::max(alpha, best);
  }

  int scores[MAX_MOVES];
  int count = 0;
  const Color us = pos_.side_to_move();
  const Bitboard threat_squares = den_threats ? pos_.variant().den_threat_squares[us] : 0;
  for (Move m : moves) {
    if (!den_in_danger && pos_.piece_on(to_sq(m)) == NO_PIECE) {
      // At the first ply of quiescence, a quiet move that threatens the enemy den is searched
      // too (as chess engines search checks there): den races are decided by such moves. Only
      // those landing on a den threat square are played to be tested (missing discovered
      // threats), since playing every quiet move to test it cost a quarter of the speed.
      if (!(threat_squares & square_bb(to_sq(m)))) continue;
      Undo undo;
      pos_.do_move(m, undo);
      const bool threat = threatens_den(pos_, us);
      pos_.undo_move(m, undo);
      if (!threat) continue;
    }
    moves.moves[count] = m;
    scores[count++] = order_score(m, MOVE_NONE, ply);
  }
  moves.size = count;
  for (int i = 0; i < moves.size; ++i) {
    const Move m = pick_next(moves, scores, i);
    Undo undo;
    play(m, undo, ply);
    const int score = -quiesce(ply + 1, -beta, -alpha);
    pos_.undo_move(m, undo);
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) alpha = score;
      if (score >= beta) break;
    }
  }
  return best;
}

int Searcher::negamax(int depth, int ply, int alpha, int beta) {
  if (depth <= 0) return quiesce(ply, alpha, beta, true);
  if (auto over = enter(ply)) return *over;
  MoveList moves = legal_moves(pos_);
  drop_forbidden(moves, ply);
  if (auto over = ended_here(moves.size, ply)) return *over;
  if (auto known = probe_tables(ply)) return *known;

  const Key key = pos_.key();
  TableEntry& entry = table_[key & (table_.size() - 1)];
  Move table_move = MOVE_NONE;
  if (entry.key == key && entry.bound != BOUND_NONE) {
    table_move = entry.move;
    const int s = score_from_table(entry.score, ply);
    if (entry.depth >= depth && (entry.bound == BOUND_EXACT || (entry.bound == BOUND_LOWER && s >= beta) ||
                                 (entry.bound == BOUND_UPPER && s <= alpha)))
      return s;
  }

  const bool pv_node = beta - alpha > 1;
  const Color us = pos_.side_to_move();
  // Jungle's check: an enemy piece one move from our den. Every reply but a capture or a block
  // loses, so nothing is reduced.
  const bool den_in_danger = threatens_den(pos_, ~us);

  // Futility pruning, the other side of the same margin: quiet moves that cannot raise a static
  // score this far below alpha are skipped (after the first move, so that the node has a score).
  bool futile_quiets = false;
  if (!pv_node && !den_in_danger && depth <= FUTILITY_MAX_DEPTH && std::abs(beta) < SCORE_MATE_BOUND) {
    const int static_score = eval_.evaluate(pos_);
    if (static_score - FUTILITY_MARGIN * depth >= beta) return static_score;
    futile_quiets = static_score + FUTILITY_MARGIN * depth <= alpha;
  }

  int scores[MAX_MOVES];
  for (int i = 0; i < moves.size; ++i) scores[i] = order_score(moves.moves[i], table_move, ply);
  const int alpha_in = alpha;
  int best = -INFINITE;
  Move best_move = MOVE_NONE;
  for (int i = 0; i < moves.size; ++i) {
    const Move m = pick_next(moves, scores, i);
    const bool quiet = pos_.piece_on(to_sq(m)) == NO_PIECE;
    const bool killer = m == killers_[ply][0] || m == killers_[ply][1];
    Undo undo;
    play(m, undo, ply);
    if (futile_quiets && i > 0 && quiet && !threatens_den(pos_, us)) {
      pos_.undo_move(m, undo);
      continue;
    }
    // Principal variation search: after the first move, prove the others worse with a null
    // window and search again only when one is not. Late quiet moves are rarely best: they are
    // proved worse at a reduced depth first, and searched in full only if that fails
    // (late-move reductions). Moves that threaten the enemy den are never reduced.
    int score;
    if (i == 0) {
      score = -negamax(depth - 1, ply + 1, -beta, -alpha);
    } else {
      int reduction = 0;
      if (depth >= LMR_MIN_DEPTH && i >= LMR_MIN_MOVES && quiet && !killer && !den_in_danger &&
          !threatens_den(pos_, us))
        reduction = std::clamp(late_move_reduction(depth, i) - int(pv_node), 0, depth - 2);
      score = -negamax(depth - 1 - reduction, ply + 1, -alpha - 1, -alpha);
      if (reduction && score > alpha) score = -negamax(depth - 1, ply + 1, -alpha - 1, -alpha);
      if (score > alpha && score < beta) score = -negamax(depth - 1, ply + 1, -beta, -alpha);
    }
    pos_.undo_move(m, undo);
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      best_move = m;
      if (score > alpha) {
        alpha = score;
        update_pv(ply, m);
      }
      if (score >= beta) {
        if (quiet) {
          if (killers_[ply][0] != m) killers_[ply][1] = killers_[ply][0], killers_[ply][0] = m;
          int& h = history_[from_sq(m)][to_sq(m)];
          h = std::min(h + depth * depth, 1 << 20);
        }
        break;
      }
    }
  }

  if (entry.key != key || entry.age != age_ || depth >= entry.depth) {
    entry.key = key;
    entry.score = std::int16_t(score_to_table(best, ply));
    entry.move = best_move;
    entry.depth = std::uint8_t(depth);
    entry.bound = best >= beta ? BOUND_LOWER : best > alpha_in ? BOUND_EXACT : BOUND_UPPER;
    entry.age = age_;
  }
  return best;
}

// One iteration over the root moves within (alpha, beta), best first; moves the best one to the
// front. Fail-soft: a score at or below alpha (every move failed low) or at or above beta (the
// first move that reached it) only bounds the true one.
int Searcher::root(int depth, MoveList& moves, int alpha, int beta) {
  pv_length_[0] = 0;
  int best = -INFINITE;
  int best_index = 0;
  for (int i = 0; i < moves.size; ++i) {
    const Move m = moves.moves[i];
    Undo undo;
    play(m, undo, 0);
    int score;
    if (i == 0) {
      score = -negamax(depth - 1, 1, -beta, -alpha);
    } else {
      score = -negamax(depth - 1, 1, -alpha - 1, -alpha);
      if (score > alpha && score < beta) score = -negamax(depth - 1, 1, -beta, -alpha);
    }
    pos_.undo_move(m, undo);
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        best_index = i;
        update_pv(0, m);
      }
      if (score >= beta) break;
    }
  }
  std::rotate(moves.moves, moves.moves + best_index, moves.moves + best_index + 1);
  return best;
}

// Aspiration windows: the next iteration's score is usually near the last one's, and a narrow
// window cuts more. A score outside it widens that side, doubling the margin, until one falls
// inside. Wins and losses found already are searched with the full window.
int Searcher::aspiration(int depth, MoveList& moves, int previous) {
  int delta = ASPIRATION_DELTA;
  int alpha = -INFINITE, beta = INFINITE;
  if (depth >= 4 && std::abs(previous) < SCORE_MATE_BOUND)
    alpha = std::max(previous - delta, -INFINITE), beta = std::min(previous + delta, INFINITE);
  for (;;) {
    const int score = root(depth, moves, alpha, beta);
    if (stopped_) return 0;
    if (score <= alpha && alpha > -INFINITE) {
      beta = (alpha + beta) / 2;
      alpha = std::max(score - delta, -INFINITE);
    } else if (score >= beta && beta < INFINITE) {
      beta = std::min(score + delta, INFINITE);
    } else {
      return score;
    }
    delta *= 2;
  }
}

// Only for a clock: the next iteration usually takes about twice as long as the last one (more
// with a poor table), and one cut off by the deadline is wasted.
bool Searcher::time_for_another_iteration(std::chrono::steady_clock::time_point iteration_start) const {
  const auto now = std::chrono::steady_clock::now();
  if (now >= *no_new_iteration_after_) return false;
  return !deadline_ || now + 2 * (now - iteration_start) < *deadline_;
}

SearchResult Searcher::run(Rng& rng) {
  MoveList moves = root_moves_;
  // The seed's only say: the order of the root moves, hence which of equal moves is chosen.
  for (int i = moves.size - 1; i > 0; --i) std::swap(moves.moves[i], moves.moves[rng.below(std::uint64_t(i) + 1)]);
  SearchResult result;
  result.best = moves.moves[0];
  for (Move m : moves)
    if (wins_at_once(pos_, m)) {
      result = {m, SCORE_MATE - 1, 1, 1, 1, {m}};
      if (on_iteration_) on_iteration_(result);
      return result;
    }
  if (moves.size == 1) {
    result.depth = 1;
    result.pv = {result.best};
    if (on_iteration_) on_iteration_(result);
    return result;
  }

  // The root's own ordering: captures first (by victim), the rest in shuffled order.
  int scores[MAX_MOVES];
  for (int i = 0; i < moves.size; ++i) scores[i] = order_score(moves.moves[i], MOVE_NONE, 0);
  for (int i = 0; i < moves.size; ++i) pick_next(moves, scores, i);

  int score = 0;
  for (int depth = 1; depth <= max_depth_; ++depth) {
    may_stop_ = depth > 1;
    const auto iteration_start = no_new_iteration_after_ ? std::chrono::steady_clock::now()
                                                         : std::chrono::steady_clock::time_point{};
    score = aspiration(depth, moves, score);
    if (stopped_) break;
    result = {moves.moves[0], score, depth, seldepth_, nodes_, principal_variation(), tb_hits_};
    if (on_iteration_) on_iteration_(result);
    if (std::abs(score) >= SCORE_MATE_BOUND) break;  // the outcome is forced either way
    if (node_limit_ && nodes_ >= node_limit_) break;
    if (no_new_iteration_after_ && !time_for_another_iteration(iteration_start)) break;
  }
  result.nodes = nodes_;
  result.tb_hits = tb_hits_;
  return result;
}

// The table's line from pos after `first`: at each ply the first move that keeps the value.
std::vector<Move> table_line(const tablebase::ProbeSet& tables, Position pos, Move first, int distance) {
  std::vector<Move> line{first};
  Undo undo;
  pos.do_move(first, undo);
  while (int(line.size()) < std::min(distance, MAX_PLY) && !pos.den_entered()) {
    const std::optional<tablebase::Value> value = tables.probe(pos);
    if (!value) break;
    const std::vector<tablebase::MoveValue> keeping = tablebase::value_keeping_moves(tables, pos, *value);
    if (keeping.empty()) break;
    line.push_back(keeping.front().move);
    pos.do_move(keeping.front().move, undo);
  }
  return line;
}

// The root in a table (see AlphaBeta): the result for a win or loss that stands in this game.
// For a drawn root, root_moves keeps only the drawing moves, for the search to choose among;
// otherwise it is left as it was, and the search decides.
std::optional<SearchResult> play_from_tables(const Game& game, const tablebase::ProbeSet& tables, MoveList& root_moves,
                                             Rng& rng) {
  const Position& pos = game.position();
  const std::optional<tablebase::Value> value = tables.probe(pos);
  if (!value) return std::nullopt;
  const EndRules& rules = pos.variant().end;
  const std::optional<tablebase::Value> in_game =
      tablebase::value_in_game(*value, rules, game.plies(), game.plies_without_capture());
  // A win the limits cut off or may cut off: the search sees the limits, the table does not.
  if (!in_game || in_game->outcome != value->outcome) return std::nullopt;
  std::vector<Move> keeping;
  for (Move m : root_moves)
    if (const auto v = tablebase::move_value(tables, pos, m); v && *v == *value) keeping.push_back(m);
  if (keeping.empty()) return std::nullopt;  // a capture into a table not on disk, say
  if (value->outcome == tablebase::Outcome::Draw) {
    root_moves.size = 0;
    for (Move m : keeping) root_moves.moves[root_moves.size++] = m;
    return std::nullopt;
  }
  // The tables know no history: a repetition with positions before the root that the rules
  // score as a draw saves the loser, and costs the winner.
  if (rules.repetition_result == RepetitionResult::Draw) {
    Position scratch = pos;
    auto repeats = [&](Move m) {
      return completes_repetition(scratch, m, [&](const Position& after, const Undo&) {
        return 1 + int(std::count(game.history().begin(), game.history().end(), after.key()));
      });
    };
    if (value->outcome == tablebase::Outcome::Loss) {
      if (std::any_of(root_moves.begin(), root_moves.end(), repeats)) return std::nullopt;
    } else {
      std::erase_if(keeping, repeats);
      if (keeping.empty()) return std::nullopt;
    }
  }
  SearchResult r;
  r.best = keeping[rng.below(keeping.size())];
  const int d = value->distance;
  r.score = value->outcome == tablebase::Outcome::Win ? SCORE_MATE - d : -(SCORE_MATE - d);
  r.pv = table_line(tables, pos, r.best, d);
  r.depth = r.seldepth = int(r.pv.size());
  r.tb_hits = 1;
  return r;
}

}  // namespace

AlphaBeta::AlphaBeta(std::size_t table_mb) : table_mb_(table_mb) {}
AlphaBeta::~AlphaBeta() = default;
AlphaBeta::AlphaBeta(AlphaBeta&&) noexcept = default;
AlphaBeta& AlphaBeta::operator=(AlphaBeta&&) noexcept = default;

SearchResult AlphaBeta::search(const Game& game, const SearchLimits& limits, Rng& rng) {
  if (!table_) table_ = std::make_unique<Table>(table_mb_);
  ++table_->age;
  const Variant& variant = game.position().variant();
  MoveList root_moves = game.legal();
  std::optional<tablebase::ProbeSet> probes;
  if (tablebases_) {
    if (tables_checked_for_ != &variant) {
      if (rules_hash(variant) != tablebases_->rules_hash())
        throw std::logic_error("the endgame tables in " + tablebases_->folder().string() + " are not of the rules of " +
                               variant.name);
      tables_checked_for_ = &variant;
    }
    tablebases_->load_near(game.position());
    probes = tablebases_->snapshot();
    if (std::optional<SearchResult> known = play_from_tables(game, *probes, root_moves, rng)) {
      if (limits.on_iteration) limits.on_iteration(*known);
      return *known;
    }
  }
  if (!evaluator_ || &evaluator_->variant() != &variant)
    evaluator_ = weights_ ? std::make_unique<Evaluator>(variant, *weights_) : std::make_unique<Evaluator>(variant);
  Searcher searcher(game, root_moves, probes ? &*probes : nullptr, {table_->entries.get(), table_->size}, table_->age, limits, contempt_,
                    *evaluator_);
  return searcher.run(rng);
}

void AlphaBeta::set_tablebases(std::shared_ptr<tablebase::DiskTables> tables) {
  tablebases_ = std::move(tables);
  tables_checked_for_ = nullptr;
}

void AlphaBeta::clear() {
  table_.reset();
  evaluator_.reset();
}

void AlphaBeta::set_weights(std::shared_ptr<const EvalWeights> weights) {
  const bool same = weights == weights_ || (weights && weights_ && *weights == *weights_);
  if (!same) clear();
  evaluator_.reset();
  weights_ = std::move(weights);
}

void AlphaBeta::set_contempt(int contempt) {
  if (contempt < -MAX_CONTEMPT || contempt > MAX_CONTEMPT)
    throw std::invalid_argument("contempt must be from -" + std::to_string(MAX_CONTEMPT) + " to " +
                                std::to_string(MAX_CONTEMPT) + ", not " + std::to_string(contempt));
  if (contempt != contempt_) clear();
  contempt_ = contempt;
}

}  // namespace jungle
