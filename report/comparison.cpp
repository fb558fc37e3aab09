#include "report/comparison.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>
#include <set>
#include <stdexcept>

#include "support/text.h"

namespace jungle::report {

namespace {

std::string number(const char* format, double x) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, x);
  return buffer;
}

// A proportion as the report writes it: three decimals, a true minus sign.
std::string share(double x) { return number("%.3f", x); }
std::string signed_share(double x) {
  const std::string text = number("%+.3f", x);
  return text[0] == '-' ? "−" + text.substr(1) : text;
}
std::string range(const stats::Interval& i, const char* between) {
  return (i.low < 0 ? "−" + share(-i.low) : share(i.low)) + between + (i.high < 0 ? "−" + share(-i.high) : share(i.high));
}

// Rounded to two significant digits: an estimate, not a count.
std::uint64_t about(std::uint64_t n) {
  if (n < 100) return n;
  double scale = 1;
  while (double(n) / scale >= 100) scale *= 10;
  return std::uint64_t(std::llround(double(n) / scale) * scale);
}

std::uint64_t more_games(const stats::PairedDifference& d, double confidence, double target) {
  const double se = std::sqrt(d.variance);
  const double k = double(d.units);
  const double wanted = k * std::pow(stats::z_for(confidence) * se / target, 2);
  if (wanted <= k) return 0;
  return std::uint64_t(std::ceil(wanted - k)) * 4;  // two games an opening, in each of two variants
}

}  // namespace

Comparison compare_variants(const std::vector<StoredGame>& games, const std::string& base,
                            const std::vector<std::string>& variants, double confidence, double target,
                            double games_per_second) {
  Comparison c;
  c.confidence = confidence;
  c.target = target;
  c.games_per_second = games_per_second;
  std::map<std::string, std::vector<StoredGame>> by_variant;
  for (const StoredGame& g : games) by_variant[g.record.variant].push_back(g);
  const std::vector<StoredGame>& base_games = by_variant[base];
  for (const std::string& name : variants) {
    const std::vector<StoredGame>& mine = by_variant[name];
    if (mine.empty() || base_games.empty())
      throw std::invalid_argument("no games of variant " + (mine.empty() ? name : base) + " to compare");
    VariantComparison v{base, name, {}, 0, 0};
    // The variant's openings, and those whose moves differ from the base's of the same number.
    std::map<int, const GameRecord*> base_opening;
    for (const StoredGame& g : base_games) base_opening.emplace(g.opening, &g.record);
    std::set<int> openings, unpaired;
    for (const StoredGame& g : mine) {
      openings.insert(g.opening);
      const auto it = base_opening.find(g.opening);
      if (it == base_opening.end() || it->second->opening != g.record.opening || it->second->fen != g.record.fen)
        unpaired.insert(g.opening);
    }
    v.openings = openings.size();
    v.unpaired_openings = unpaired.size();
    for (stats::Figure figure : {stats::Figure::Score, stats::Figure::DecisiveShare, stats::Figure::DrawRate}) {
      try {
        FigureComparison f{figure, stats::paired_difference(stats::opening_units(base_games, mine, figure), confidence), 0};
        f.more_games = more_games(f.difference, confidence, target);
        v.figures.push_back(f);
      } catch (const std::invalid_argument&) {
        if (figure != stats::Figure::DecisiveShare) throw;  // no decisive game: that figure alone is left out
      }
    }
    c.variants.push_back(std::move(v));
  }
  return c;
}

std::string verdict_sentence(const Comparison& c, const VariantComparison& v, const FigureComparison& f) {
  const stats::PairedDifference& d = f.difference;
  std::string text = "Under " + v.variant + " ";
  switch (f.figure) {
    case stats::Figure::Score: text += "the first player scores "; break;
    case stats::Figure::DecisiveShare: text += "the first player wins a share "; break;
    case stats::Figure::DrawRate: text += "the draw rate is "; break;
  }
  // A share lies in [0, 1]: a normal interval that crosses an end is cut there.
  auto bounded = [](stats::Interval i) { return stats::Interval{std::max(0.0, i.low), std::min(1.0, i.high)}; };
  text += share(d.variant) + " (" + range(bounded(d.variant_interval), "–") + ")";
  if (f.figure == stats::Figure::DecisiveShare) text += " of the decisive games";
  text += " against " + share(d.base) + " (" + range(bounded(d.base_interval), "–") + ") under " + v.base;
  text += ": difference " + signed_share(d.difference) + " (" + range(d.interval, " to ") + "), ";
  const double level = 1 - c.confidence;
  const std::string level_text = number(level >= 0.01 ? "%.0f%%" : "%.2g%%", 100 * level);
  const bool significant = d.p_value < level;
  text += (significant ? "significant at " : "not significant at ") + level_text;
  text += d.p_value < 0.001 ? std::string(" (p < 0.001)") : " (p = " + number("%.2g", d.p_value) + ")";
  const std::string target = "±" + number("%g", c.target);
  if (f.more_games == 0) {
    text += "; resolved to " + target + ".";
    return text;
  }
  text += "; to resolve " + target + " takes about " + with_commas(about(f.more_games)) + " more games";
  if (c.games_per_second > 0)
    text += ", about " + duration_text(double(f.more_games) / c.games_per_second) + " at the " +
            number("%.3g", c.games_per_second) + " games/s measured here";
  return text + ".";
}

double round_confidence(int round) {
  return 1 - 0.05 * 6 / (std::numbers::pi * std::numbers::pi * round * round);
}

bool precise_enough(const Comparison& c) {
  for (const VariantComparison& v : c.variants)
    for (const FigureComparison& f : v.figures)
      if ((f.difference.interval.high - f.difference.interval.low) / 2 > c.target) return false;
  return true;
}

}  // namespace jungle::report
