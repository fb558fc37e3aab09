#include "tablebase/generate.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>

#include "engine/movegen.h"
#include "tablebase/unmoves.h"

namespace jungle::tablebase {

namespace {

using Entry = Table::Entry;

// While building, a position not yet decided holds UNDECIDED with what its moves out of the
// table offer: a drawing one (bit 12), and the longest losing one (the low 12 bits; 0: none).
constexpr Entry UNDECIDED = 0x2000;
constexpr Entry DRAWING_EXIT = 0x1000;
constexpr int MAX_EXIT_LOSS = 0x0FFF;

// Smaller buckets are un-moved on one thread: starting and joining threads for each would cost
// more than it saves, most of all on a machine whose cores are busy with other work.
constexpr std::size_t MIN_PARALLEL_BUCKET = 1 << 16;

bool is(Entry e, Entry tag) { return (e & Table::TAG_MASK) == tag; }
int distance_of(Entry e) { return e & Table::DISTANCE_MASK; }

[[noreturn]] void too_long(const Material& m) {
  throw TablebaseError("table " + m.name() + ": a distance beyond " + std::to_string(Table::DISTANCE_MASK) +
                       " plies, more than the table format holds");
}

// Where a capture of each piece leads: the table of one piece fewer, null when the piece is its
// side's last.
struct CaptureTarget {
  const Table* table = nullptr;
};

// The first look at one position: its entry (decided, or UNDECIDED with its exits) and the
// number of its moves that stay in the table.
struct Forward {
  Entry entry;
  std::uint8_t in_table_moves;
};

Forward look_forward(const Variant& v, const Table& table, const std::vector<CaptureTarget>& captures,
                     std::size_t index) {
  const std::vector<Piece>& pieces = table.pieces();
  const int n = int(pieces.size());
  Square squares[MAX_TABLE_PIECES];
  table.squares(index, squares);
  if (!valid_placement(v, pieces, squares)) return {Table::NONE, 0};

  const Position pos = position_at(v, table, index);
  const Color us = pos.side_to_move();
  const MoveList moves = legal_moves(pos);
  if (moves.size == 0) return {Table::encode(value_of(end_by_no_moves(v.end))), 0};

  int best_win = INT_MAX, longest_loss = 0, in_table = 0;
  bool drawing_exit = false;
  auto exit_with = [&](const Value& value) {
    if (value.outcome == Outcome::Win) best_win = std::min(best_win, value.distance);
    else if (value.outcome == Outcome::Loss) longest_loss = std::max(longest_loss, value.distance);
    else drawing_exit = true;
  };
  const Bitboard winning = winning_squares(pos);
  for (Move m : moves) {
    const Square from = from_sq(m), to = to_sq(m);
    if (winning & square_bb(to)) {
      exit_with({Outcome::Win, 1});
    } else if (pos.piece_on(to) != NO_PIECE) {
      int mover = 0, victim = 0;
      for (int p = 0; p < n; ++p) {
        if (squares[p] == from) mover = p;
        if (squares[p] == to) victim = p;
      }
      const CaptureTarget& target = captures[victim];
      if (!target.table) {
        exit_with(last_capture_value(v.end));
        continue;
      }
      Square after[MAX_TABLE_PIECES];
      int k = 0;
      for (int p = 0; p < n; ++p)
        if (p != victim) after[k++] = p == mover ? to : squares[p];
      const std::optional<Value> reply = target.table->value(target.table->index(after, ~us));
      if (!reply) throw TablebaseError("table " + target.table->material().name() + " lacks a position a capture leads to");
      exit_with(value_before(*reply));
    } else {
      ++in_table;
    }
  }
  if (best_win != INT_MAX) return {Entry(Table::WIN | best_win), std::uint8_t(in_table)};
  if (in_table == 0) return {drawing_exit ? Table::DRAW : Entry(Table::LOSS | longest_loss), 0};
  if (longest_loss > MAX_EXIT_LOSS) too_long(table.material());
  return {Entry(UNDECIDED | (drawing_exit ? DRAWING_EXIT : 0) | longest_loss), std::uint8_t(in_table)};
}

}  // namespace

void check_rules(const Variant& variant) {
  const RepetitionResult r = variant.end.repetition_result;
  if (r == RepetitionResult::Draw || r == RepetitionResult::None) return;
  std::string message = "variant \"";
  message += variant.name;
  message += "\": tablebases need a repetition that draws or ends nothing, and its repetition.result is \"";
  message += rule_name(REPETITION_RESULT_NAMES, r);
  message += "\", which makes a position's value depend on the moves before it";
  throw TablebaseError(message);
}

Table generate_table(const Variant& variant, const Material& material,
                     const std::function<const Table&(const Material&)>& smaller, int threads) {
  check_rules(variant);
  Table table(material);
  const std::vector<Piece>& pieces = table.pieces();
  std::vector<CaptureTarget> captures(pieces.size());
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    if (material.kinds[color_of(pieces[p])].size() > 1) captures[p].table = &smaller(material.without(pieces[p]));
  }

  std::vector<Entry>& entries = table.entries();
  const std::size_t size = entries.size();
  std::vector<std::uint8_t> in_table_moves(size, 0);
  const int thread_count = threads > 0 ? threads : omp_get_max_threads();
  // No exception may leave an OpenMP region: the first one is kept and thrown after it.
  std::string failure;
  auto keep_failure = [&](const std::exception& e) {
#pragma omp critical(tablebase_failure)
    if (failure.empty()) failure = e.what();
  };
#pragma omp parallel for schedule(dynamic, 4096) num_threads(thread_count)
  for (std::size_t i = 0; i < size; ++i) {
    try {
      const Forward f = look_forward(variant, table, captures, i);
      entries[i] = f.entry;
      in_table_moves[i] = f.in_table_moves;
    } catch (const std::exception& e) {
      keep_failure(e);
    }
  }
  if (!failure.empty()) throw TablebaseError(failure);

  // buckets[d]: positions decided at distance d, not yet un-moved. A win found again at a
  // shorter distance is in two buckets; the longer one is skipped when its entry has changed.
  std::vector<std::vector<std::uint32_t>> buckets;
  auto push = [&](int d, std::size_t i) {
    if (d > Table::DISTANCE_MASK) too_long(material);
    if (std::size_t(d) >= buckets.size()) buckets.resize(d + 1);
    buckets[d].push_back(std::uint32_t(i));
  };
  for (std::size_t i = 0; i < size; ++i)
    if (is(entries[i], Table::WIN) || is(entries[i], Table::LOSS)) push(distance_of(entries[i]), i);

  // Each bucket in two parallel passes, its losses and then its wins (by parity a bucket holds
  // only one of the two, but nothing below relies on it). Within a pass entries change only
  // by atomic operations: a predecessor of a loss becomes a win by compare-and-swap, so one
  // thread alone queues it; a predecessor of wins is decided by the thread whose decrement
  // empties its counter.
  const Unmoves unmoves(variant, table);
  for (std::size_t d = 0; d < buckets.size(); ++d) {
    const std::vector<std::uint32_t> bucket = std::move(buckets[d]);
    const int next = int(d) + 1;
    for (const Entry tag : {Table::LOSS, Table::WIN}) {
      std::vector<std::pair<int, std::uint32_t>> found;  // (distance, position), from all threads
#pragma omp parallel num_threads(thread_count) if (bucket.size() >= MIN_PARALLEL_BUCKET)
      {
        std::vector<std::pair<int, std::uint32_t>> mine;
#pragma omp for schedule(dynamic, 1024)
        for (std::size_t b = 0; b < bucket.size(); ++b) try {
          const std::uint32_t i = bucket[b];
          const Entry e = std::atomic_ref<Entry>(entries[i]).load(std::memory_order_relaxed);
          if (!is(e, tag) || distance_of(e) != int(d)) continue;  // the other pass's, or a shorter win found since
          if (tag == Table::LOSS) {
            unmoves.for_each(i, [&](std::size_t p) {
              std::atomic_ref<Entry> pe(entries[p]);
              Entry seen = pe.load(std::memory_order_relaxed);
              while (is(seen, UNDECIDED) || (is(seen, Table::WIN) && distance_of(seen) > next))
                if (pe.compare_exchange_weak(seen, Entry(Table::WIN | next), std::memory_order_relaxed)) {
                  mine.push_back({next, std::uint32_t(p)});
                  break;
                }
            });
          } else {
            unmoves.for_each(i, [&](std::size_t p) {
              std::atomic_ref<Entry> pe(entries[p]);
              const Entry seen = pe.load(std::memory_order_relaxed);
              if (!is(seen, UNDECIDED)) return;
              if (std::atomic_ref<std::uint8_t>(in_table_moves[p]).fetch_sub(1, std::memory_order_relaxed) != 1) return;
              if (seen & DRAWING_EXIT) {
                pe.store(Table::DRAW, std::memory_order_relaxed);
              } else {
                const int loss = std::max(next, int(seen & MAX_EXIT_LOSS));
                pe.store(Entry(Table::LOSS | loss), std::memory_order_relaxed);
                mine.push_back({loss, std::uint32_t(p)});
              }
            });
          }
        } catch (const std::exception& e) {
          keep_failure(e);
        }
#pragma omp critical(tablebase_found)
        try {
          found.insert(found.end(), mine.begin(), mine.end());
        } catch (const std::exception& e) {
          keep_failure(e);
        }
      }
      if (!failure.empty()) throw TablebaseError(failure);
      for (const auto& [distance, p] : found) push(distance, p);
    }
  }
  for (Entry& e : entries)
    if (is(e, UNDECIDED)) e = Table::DRAW;
  return table;
}

}  // namespace jungle::tablebase
