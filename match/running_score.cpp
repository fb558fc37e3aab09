#include "match/running_score.h"

#include <cmath>
#include <cstdio>

namespace jungle {

RunningScore::RunningScore(std::vector<std::string> players) : players_(std::move(players)) {
  for (std::size_t a = 0; a < players_.size(); ++a)
    for (std::size_t b = a + 1; b < players_.size(); ++b) pairings_.push_back({players_[a], players_[b], {}, {}, {}});
  if (players_.size() == 1) pairings_.push_back({players_[0], players_[0], {}, {}, {}});
}

RunningScore::Pairing* RunningScore::pairing_of(const GameRecord& record) {
  for (Pairing& p : pairings_)
    if ((record.white == p.first && record.black == p.second) || (record.white == p.second && record.black == p.first))
      return &p;
  return nullptr;
}

void RunningScore::add(const StoredGame& game) {
  Pairing* pairing = pairing_of(game.record);
  if (!pairing) return;
  ++games_;
  // In self-play the side's score: the first player is white.
  const double points = points_of(game.record, pairing->first);
  pairing->wdl.add(points);
  if (pairing->first == pairing->second) return;  // the colours are the pairing there
  const auto [half, first_in] = pairing->half_pairs.emplace(game.pair, points);
  if (first_in) return;
  pairing->pentanomial.add(half->second + points);
  pairing->half_pairs.erase(half);
}

namespace {

std::string elo_text(const stats::EloEstimate& e) {
  if (std::isnan(e.elo)) return "Elo -";
  char text[80];
  const double elo = e.elo + 0.0;  // no "-0.0" for an even score
  if (std::isinf(e.margin) || std::isinf(e.elo)) std::snprintf(text, sizeof text, "Elo %+.1f ± inf", elo);
  else std::snprintf(text, sizeof text, "Elo %+.1f ± %.1f", elo, e.margin);
  return text;
}

}  // namespace

std::vector<std::string> RunningScore::lines(const SequentialTest* test) const {
  std::vector<std::string> out;
  for (const Pairing& p : pairings_) {
    if (p.wdl.games() == 0) continue;
    const bool self_play = p.first == p.second;
    const auto count = [](std::uint64_t n, const char* one, const char* many) {
      return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    char score[80];
    std::snprintf(score, sizeof score, ", score %.3f of %llu games; ", p.wdl.score(),
                  static_cast<unsigned long long>(p.wdl.games()));
    const std::string counts = ": " + count(p.wdl.wins, "win", "wins") + ", " + count(p.wdl.draws, "draw", "draws") +
                               ", " + count(p.wdl.losses, "loss", "losses") + score;
    std::string line = (self_play ? "Score of the first player (" + p.first + ")" : "Score of " + p.first + " vs " + p.second) + counts;
    // Pairs once two are complete: a pair's games share an opening, and the trinomial would
    // understate the error of colour-swapped games.
    if (p.pentanomial.pairs() >= 2)
      line += elo_text(stats::elo_pentanomial(p.pentanomial)) + " (pentanomial, " +
              std::to_string(p.pentanomial.pairs()) + " pairs)";
    else
      line += elo_text(stats::elo_wdl(p.wdl.wins, p.wdl.draws, p.wdl.losses)) + " (trinomial)";
    out.push_back(line);
  }
  if (test) {
    const stats::SprtResult& r = test->result();
    char text[160];
    std::snprintf(text, sizeof text, "LLR %.2f (%.2f, %.2f) after %d games", r.llr, r.lower, r.upper,
                  test->games_read());
    out.push_back("SPRT " + stats::sprt_params_text(test->params()) + ": " + text +
                  (r.verdict == stats::SprtVerdict::AcceptH1   ? ": H1 accepted"
                   : r.verdict == stats::SprtVerdict::AcceptH0 ? ": H0 accepted"
                                                                 : ""));
  }
  return out;
}

}  // namespace jungle
