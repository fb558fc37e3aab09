#include "tune/texel.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "search/evaluate.h"
#include "search/search.h"

namespace jungle {

namespace {

// Quiet: the static evaluation has the last word, no capture or win is waiting to be played.
bool is_quiet(const Position& pos, const MoveList& legal) {
  for (Move m : legal)
    if (pos.piece_on(to_sq(m)) != NO_PIECE || wins_at_once(pos, m)) return false;
  return true;
}

int thread_count(int threads) { return threads > 0 ? threads : omp_get_max_threads(); }

constexpr int LEAF_MAX_PLY = 16;

// A quiescence line: its score for the side to move where it starts, and its last position
// (none when the rules decide the line).
struct Line {
  int score;
  std::optional<Position> leaf;
};

Line quiesce(Position& pos, const Evaluator& eval, int alpha, int beta, int ply) {
  const MoveList moves = legal_moves(pos);
  // The position alone: a line keeps no history, and the limits are the game's, not the line's.
  if (const std::optional<RulesEnd> end = rules_end(pos, {moves.size})) {
    switch (end->outcome) {
      case Outcome::Win: return {SCORE_MATE - ply, std::nullopt};
      case Outcome::Loss: return {-(SCORE_MATE - ply), std::nullopt};
      case Outcome::Draw: return {0, std::nullopt};
    }
  }
  if (can_win_at_once(pos)) return {SCORE_MATE - ply - 1, std::nullopt};
  // Standing pat assumes a quiet move that keeps the score; with the den threatened only a
  // capture or a block saves the side to move, so then every move is tried, as in search.cpp.
  const bool den_in_danger = threatens_den(pos, ~pos.side_to_move());
  Line best{-(SCORE_MATE - ply - 2), std::nullopt};
  if (!den_in_danger) {
    best = {eval.evaluate(pos), pos};
    if (best.score >= beta || ply >= LEAF_MAX_PLY) return best;
    alpha = std::max(alpha, best.score);
  } else if (ply >= LEAF_MAX_PLY) {
    return best;
  }
  // Most valuable victims first, so that the first capture usually raises alpha.
  Move tried[MAX_MOVES];
  int values[MAX_MOVES];
  int count = 0;
  for (Move m : moves) {
    const Piece victim = pos.piece_on(to_sq(m));
    if (victim == NO_PIECE && !den_in_danger) continue;
    tried[count] = m;
    values[count++] = victim == NO_PIECE ? 0 : eval.piece_value(kind_of(victim));
  }
  for (int i = 0; i < count; ++i) {
    const int next = int(std::max_element(values + i, values + count) - values);
    std::swap(tried[i], tried[next]);
    std::swap(values[i], values[next]);
    Undo undo;
    pos.do_move(tried[i], undo);
    Line child = quiesce(pos, eval, -beta, -alpha, ply + 1);
    pos.undo_move(tried[i], undo);
    child.score = -child.score;
    if (child.score > best.score) {
      best = std::move(child);
      alpha = std::max(alpha, best.score);
      if (best.score >= beta) break;
    }
  }
  return best;
}

}  // namespace

std::optional<Position> quiescence_leaf(const Position& pos, const Evaluator& eval) {
  Position scratch = pos;
  return quiesce(scratch, eval, -SCORE_MATE, SCORE_MATE, 0).leaf;
}

std::vector<TexelPosition> sample_positions(const Variant& variant, const std::vector<GameRecord>& games,
                                            const SampleOptions& options) {
  std::vector<TexelPosition> out;
  std::optional<Evaluator> leaf_eval;
  if (options.quiescence_leaves) leaf_eval.emplace(variant, *options.quiescence_leaves);
  for (std::size_t g = 0; g < games.size(); ++g) {
    const GameRecord& record = games[g];
    if (is_forfeit(record.reason)) continue;
    const float white = float(white_points(record));
    Game game(variant, record.fen);
    const std::size_t first = record.opening.size() + std::size_t(std::max(0, options.skip_plies));
    for (std::size_t ply = 0;; ++ply) {
      const Position& pos = game.position();
      if (ply >= first && !game.end() && game.legal().size > 0) {
        // The label is the result for whoever is to move where the position taken stands.
        std::optional<Position> taken;
        if (!leaf_eval) {
          if (is_quiet(pos, game.legal())) taken = pos;
        } else {
          taken = quiescence_leaf(pos, *leaf_eval);
        }
        if (taken) out.push_back({*taken, taken->side_to_move() == WHITE ? white : 1.0f - white});
      }
      if (ply == record.moves.size()) break;
      if (game.end() || !game.play(parse_move(pos, record.moves[ply])))
        throw ReplayError("game " + std::to_string(g + 1) + " of " + record.variant + ", ply " + std::to_string(ply + 1) +
                          ": " + record.moves[ply] + " is not legal");
    }
  }
  if (options.max_positions && out.size() > options.max_positions) {
    // A seeded partial shuffle picks which; they keep the games' order.
    Rng rng(options.seed);
    std::vector<std::size_t> order(out.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    for (std::size_t i = 0; i < options.max_positions; ++i)
      std::swap(order[i], order[i + std::size_t(rng.below(order.size() - i))]);
    order.resize(options.max_positions);
    std::sort(order.begin(), order.end());
    std::vector<TexelPosition> picked;
    picked.reserve(order.size());
    for (std::size_t i : order) picked.push_back(out[i]);
    out = std::move(picked);
  }
  return out;
}

double texel_error(const Variant& variant, const std::vector<TexelPosition>& positions, const EvalWeights& weights,
                   double k, int threads) {
  if (positions.empty()) return 0;
  const Evaluator eval(variant, weights);
  // Sums over fixed chunks, added in order: the same total for any number of threads.
  constexpr std::size_t CHUNK = 1024;
  const std::size_t chunks = (positions.size() + CHUNK - 1) / CHUNK;
  std::vector<double> partial(chunks);
#pragma omp parallel for schedule(static) num_threads(thread_count(threads))
  for (std::size_t c = 0; c < chunks; ++c) {
    double sum = 0;
    const std::size_t end = std::min(positions.size(), (c + 1) * CHUNK);
    for (std::size_t i = c * CHUNK; i < end; ++i) {
      const double predicted = 1.0 / (1.0 + std::exp(-k * eval.evaluate(positions[i].position)));
      const double miss = positions[i].result - predicted;
      sum += miss * miss;
    }
    partial[c] = sum;
  }
  double total = 0;
  for (double p : partial) total += p;
  return total / double(positions.size());
}

double fit_scale(const Variant& variant, const std::vector<TexelPosition>& positions, const EvalWeights& weights,
                 int threads) {
  // Golden-section search on log k over 1e-6 .. 1; the error is unimodal in k.
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  double lo = std::log(1e-6), hi = 0;
  auto error_at = [&](double log_k) { return texel_error(variant, positions, weights, std::exp(log_k), threads); };
  double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
  double fa = error_at(a), fb = error_at(b);
  for (int i = 0; i < 60; ++i) {
    if (fa < fb) {
      hi = b, b = a, fb = fa;
      a = hi - ratio * (hi - lo);
      fa = error_at(a);
    } else {
      lo = a, a = b, fa = fb;
      b = lo + ratio * (hi - lo);
      fb = error_at(b);
    }
  }
  return std::exp((lo + hi) / 2);
}

TuneResult tune_weights(const Variant& variant, const std::vector<TexelPosition>& positions, const EvalWeights& start,
                        const TuneOptions& options) {
  TuneResult out;
  out.weights = start;
  out.k = options.k > 0 ? options.k : fit_scale(variant, positions, start, options.threads);
  auto error_of = [&](const EvalWeights& w) {
    double prior = 0;
    for (int i = 0; i < WEIGHT_NB; ++i) {
      const double change = (weight_at(w, i) - weight_at(start, i)) / 100.0;
      prior += change * change;
    }
    return texel_error(variant, positions, w, out.k, options.threads) + options.ridge * prior;
  };
  double best = out.error_before = error_of(start);
  std::vector<int> free = options.weights;
  if (free.empty())
    for (int i = 0; i < WEIGHT_NB; ++i) free.push_back(i);

  for (int step = std::max(1, options.first_step); step >= 1 && out.sweeps < options.max_sweeps; step /= 2) {
    for (bool improved = true; improved && out.sweeps < options.max_sweeps;) {
      improved = false;
      for (int i : free) {
        // Walk one way while it helps; try the other way only if the first did not.
        for (int direction : {+1, -1}) {
          bool moved = false;
          for (;;) {
            EvalWeights candidate = out.weights;
            const int value = weight_at(candidate, i) + direction * step;
            if (value < weight_min(i) || value > weight_max(i)) break;
            weight_at(candidate, i) = value;
            const double error = error_of(candidate);
            if (!(error < best)) break;
            best = error;
            out.weights = candidate;
            moved = improved = true;
          }
          if (moved) break;
        }
      }
      ++out.sweeps;
    }
    if (options.progress) {
      char line[120];
      std::snprintf(line, sizeof line, "step %d done: error %.6f after %d sweeps", step, best, out.sweeps);
      options.progress(line);
    }
  }
  out.error_after = texel_error(variant, positions, out.weights, out.k, options.threads);
  return out;
}

}  // namespace jungle
