#include "stats/statistics.h"

#include <algorithm>
#include <cstdio>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>

#include <boost/math/distributions/beta.hpp>
#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/tools/roots.hpp>

#include "support/excerpt.h"
#include "support/key_values.h"
#include "support/nearest_names.h"
#include "support/numbers.h"
#include "support/text.h"

namespace jungle::stats {

namespace {

constexpr double NaN = std::numeric_limits<double>::quiet_NaN();
constexpr double INF = std::numeric_limits<double>::infinity();

void require(bool ok, const char* what) {
  if (!ok) throw std::invalid_argument(what);
}

void check_confidence(double confidence) {
  require(confidence > 0 && confidence < 1, "confidence must lie strictly between 0 and 1");
}

double normal_cdf(double x) { return boost::math::cdf(boost::math::normal(), x); }

// Φ(x / sigma), with the limits 0, 1/2, 1 when sigma is 0.
double normal_cdf_ratio(double x, double sigma) {
  if (sigma > 0) return normal_cdf(x / sigma);
  return x > 0 ? 1.0 : x < 0 ? 0.0 : 0.5;
}

// The Elo estimate from a mean score and the standard error of that mean.
EloEstimate estimate(double score, double sigma, double z, double los) {
  EloEstimate e;
  e.score = score;
  e.score_low = score - z * sigma;
  e.score_high = score + z * sigma;
  e.elo = elo_from_score(score);
  const bool inside = e.score_low > 0 && e.score_high < 1;
  e.margin = inside ? (elo_from_score(e.score_high) - elo_from_score(e.score_low)) / 2 : INF;
  e.los = los;
  return e;
}

// The Wilson interval around a proportion p of n trials. Its ends are exactly 0 at p = 0 and
// exactly 1 at p = 1, which rounding would miss by an ulp.
Interval wilson_of(double p, double n, double z) {
  const double z2 = z * z, denominator = 1 + z2 / n;
  const double centre = (p + z2 / (2 * n)) / denominator;
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator;
  return {p == 0 ? 0.0 : std::max(0.0, centre - half), p == 1 ? 1.0 : std::min(1.0, centre + half)};
}

EloEstimate no_estimate() { return EloEstimate{NaN, NaN, NaN, NaN, NaN, NaN}; }

// Mean and variance of a discrete distribution: outcomes a with frequencies f (summing to 1).
template <std::size_t N>
std::pair<double, double> mean_variance(const std::array<double, N>& a, const std::array<double, N>& f) {
  double mean = 0, var = 0;
  for (std::size_t i = 0; i < N; ++i) mean += f[i] * a[i];
  for (std::size_t i = 0; i < N; ++i) var += f[i] * (a[i] - mean) * (a[i] - mean);
  return {mean, var};
}

// The maximum-likelihood distribution on the outcomes a (ascending, a.front() < s < a.back())
// with mean s, given empirical frequencies f that are all positive (Van den Bergh, prop. 1.1):
// p_i = f_i / (1 + θ(a_i - s)) with θ the root of g(θ) = Σ f_i (a_i - s)/(1 + θ(a_i - s)).
// g falls from +inf to -inf over θ in (-1/(a_max - s), -1/(a_min - s)), where every
// denominator is positive; Boost's bisection finds the root.
template <std::size_t N>
std::array<double, N> constrained_mle(const std::array<double, N>& a, const std::array<double, N>& f, double s) {
  const double lo = -1 / (a.back() - s), hi = -1 / (a.front() - s);
  auto g = [&](double theta) {
    if (1 + theta * (a.back() - s) <= 0) return INF;
    if (1 + theta * (a.front() - s) <= 0) return -INF;
    double sum = 0;
    for (std::size_t i = 0; i < N; ++i) sum += f[i] * (a[i] - s) / (1 + theta * (a[i] - s));
    return sum;
  };
  const double width = hi - lo;
  auto close_enough = [width](double x, double y) { return std::fabs(y - x) <= 1e-15 * width; };
  std::uintmax_t max_iter = 200;
  const auto [t0, t1] = boost::math::tools::bisect(g, lo, hi, close_enough, max_iter);
  const double theta = (t0 + t1) / 2;
  std::array<double, N> p;
  for (std::size_t i = 0; i < N; ++i) p[i] = f[i] / (1 + theta * (a[i] - s));
  return p;
}

// The maximum-likelihood distribution on the outcomes a with (μ - 1/2)/σ = t, given empirical
// frequencies f (all positive): Van den Bergh, "Comments on Normalized Elo", section 4.1, as
// fastchess and fishtest iterate it.
template <std::size_t N>
std::array<double, N> normalized_mle(const std::array<double, N>& a, const std::array<double, N>& f, double t) {
  std::array<double, N> p;
  p.fill(1.0 / N);
  for (int iteration = 0; iteration < 1000; ++iteration) {
    const auto [mu, var] = mean_variance(a, p);
    const double sigma = std::sqrt(var);
    std::array<double, N> phi;
    for (std::size_t i = 0; i < N; ++i) {
      const double z = (a[i] - mu) / sigma;
      phi[i] = a[i] - 0.5 - 0.5 * t * sigma * (1 + z * z);
    }
    const double u = *std::min_element(phi.begin(), phi.end()), v = *std::max_element(phi.begin(), phi.end());
    // Without a φ of each sign no θ solves the constraint: t is beyond what the iteration reaches.
    if (!(u < 0 && v > 0))
      throw std::invalid_argument("SPRT: the normalized model cannot reach an Elo bound this far from 0 on these "
                                  "games; use bounds nearer 0 or model=logistic");
    // θ in (-1/v, -1/u) keeps every 1 + θφ_i positive; there h falls from +inf to -inf.
    auto h = [&](double theta) {
      if (1 + theta * v <= 0) return INF;
      if (1 + theta * u <= 0) return -INF;
      double sum = 0;
      for (std::size_t i = 0; i < N; ++i) sum += f[i] * phi[i] / (1 + theta * phi[i]);
      return sum;
    };
    const double lo = -1 / v, hi = -1 / u, width = hi - lo;
    auto close_enough = [width](double x, double y) { return std::fabs(y - x) <= 1e-15 * width; };
    std::uintmax_t max_iter = 200;
    const auto [t0, t1] = boost::math::tools::bisect(h, lo, hi, close_enough, max_iter);
    const double theta = (t0 + t1) / 2;
    double moved = 0;
    for (std::size_t i = 0; i < N; ++i) {
      const double next = f[i] / (1 + theta * phi[i]);
      moved = std::max(moved, std::fabs(next - p[i]));
      p[i] = next;
    }
    if (moved < 1e-9) break;
  }
  return p;
}

double bayeselo_score(double elo, double drawelo) {
  const double win = 1 / (1 + std::pow(10.0, (drawelo - elo) / 400));
  const double loss = 1 / (1 + std::pow(10.0, (drawelo + elo) / 400));
  return win + (1 - win - loss) / 2;
}

// The SPRT on counts of the outcomes a (ascending, from 0 to 1).
template <std::size_t N>
SprtResult sprt_on(const std::array<double, N>& a, std::array<double, N> counts, const SprtParams& params) {
  require(params.elo0 < params.elo1, "SPRT: elo0 must be less than elo1");
  require(params.alpha > 0 && params.alpha < 1 && params.beta > 0 && params.beta < 1 &&
              params.alpha + params.beta < 1,
          "SPRT: alpha and beta must lie in (0, 1) with alpha + beta < 1");
  SprtResult r;
  r.lower = std::log(params.beta / (1 - params.alpha));
  r.upper = std::log((1 - params.beta) / params.alpha);
  if (std::accumulate(counts.begin(), counts.end(), 0.0) == 0) return r;

  const bool no_win_or_loss = counts.front() == 0 || counts.back() == 0;
  for (double& c : counts)
    if (c == 0) c = 1e-3;  // fishtest's and fastchess's regularisation
  const double n = std::accumulate(counts.begin(), counts.end(), 0.0);
  std::array<double, N> f;
  for (std::size_t i = 0; i < N; ++i) f[i] = counts[i] / n;
  double s0 = score_from_elo(params.elo0), s1 = score_from_elo(params.elo1);

  std::array<double, N> p0, p1;
  switch (params.method) {
    case LlrMethod::NormalApprox: {
      const auto [s, var] = mean_variance(a, f);
      r.llr = n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
      break;
    }
    case LlrMethod::Normalized: {
      // nElo to t: per game elo/(800/ln 10); a pair's score varies half as much, hence √2.
      const double per_t = (N == 5 ? std::sqrt(2.0) : 1.0) * std::log(10.0) / 800;
      p0 = normalized_mle(a, f, params.elo0 * per_t);
      p1 = normalized_mle(a, f, params.elo1 * per_t);
      break;
    }
    case LlrMethod::Bayesian: {
      require(N == 3, "SPRT: the bayesian model takes games (W/D/L), not pairs");
      if (no_win_or_loss) return r;  // as fastchess: no draw Elo without a win and a loss
      const double drawelo = 200 * std::log10((1 - f.front()) / f.front() * (1 - f.back()) / f.back());
      s0 = bayeselo_score(params.elo0, drawelo);
      s1 = bayeselo_score(params.elo1, drawelo);
      p0 = constrained_mle(a, f, s0);
      p1 = constrained_mle(a, f, s1);
      break;
    }
    case LlrMethod::Logistic:
      p0 = constrained_mle(a, f, s0);
      p1 = constrained_mle(a, f, s1);
      break;
  }
  if (params.method != LlrMethod::NormalApprox) {
    double mean_jump = 0;
    for (std::size_t i = 0; i < N; ++i) mean_jump += f[i] * (std::log(p1[i]) - std::log(p0[i]));
    r.llr = n * mean_jump;
  }
  r.verdict = r.llr >= r.upper ? SprtVerdict::AcceptH1
              : r.llr <= r.lower ? SprtVerdict::AcceptH0
                                 : SprtVerdict::Continue;
  return r;
}

}  // namespace

double z_for(double confidence) {
  check_confidence(confidence);
  return boost::math::quantile(boost::math::normal(), 1 - (1 - confidence) / 2);
}

Interval wilson(double successes, double n, double confidence) {
  require(successes >= 0 && successes <= n, "wilson: successes must lie between 0 and the trials");
  const double z = z_for(confidence);
  if (n == 0) return {0, 1};
  return wilson_of(successes / n, n, z);
}

Interval wilson_score(std::uint64_t wins, std::uint64_t draws, std::uint64_t losses, double confidence) {
  const double z = z_for(confidence);
  const double nn = double(wins + draws + losses);
  if (nn == 0) return {0, 1};
  return wilson_of((double(wins) + double(draws) / 2) / nn, nn, z);
}

Interval clopper_pearson(double k, double n, double confidence) {
  require(k >= 0 && k <= n, "clopper_pearson: successes must lie between 0 and the trials");
  check_confidence(confidence);
  if (n == 0) return {0, 1};
  const double alpha = 1 - confidence;
  Interval ci{0, 1};
  if (k > 0) ci.low = boost::math::quantile(boost::math::beta_distribution<>(k, n - k + 1), alpha / 2);
  if (k < n) ci.high = boost::math::quantile(boost::math::beta_distribution<>(k + 1, n - k), 1 - alpha / 2);
  return ci;
}

double binomial_two_sided_p(std::uint64_t k, std::uint64_t n, double p0) {
  require(k <= n, "binomial_two_sided_p: more successes than trials");
  require(p0 >= 0 && p0 <= 1, "binomial_two_sided_p: p0 must lie in [0, 1]");
  if (n == 0) return 1;
  if (p0 == 0) return k == 0 ? 1 : 0;
  if (p0 == 1) return k == n ? 1 : 0;
  const boost::math::binomial_distribution<> dist(double(n), p0);
  const double limit = boost::math::pdf(dist, double(k)) * (1 + 1e-7);
  const double mean = double(n) * p0;
  // The pdf rises up to floor(mean) and falls from ceil(mean) on, so the outcomes on the far side
  // of the mean that are no likelier than k form one tail, found by binary search.
  auto unlikely = [&](std::uint64_t i) { return boost::math::pdf(dist, double(i)) <= limit; };
  double p;
  if (double(k) < mean) {
    // The smallest i >= ceil(mean) with pdf(i) <= limit, or n + 1.
    std::uint64_t lo = std::uint64_t(std::ceil(mean)), hi = n + 1;
    while (lo < hi) {
      const std::uint64_t mid = lo + (hi - lo) / 2;
      if (unlikely(mid)) hi = mid;
      else lo = mid + 1;
    }
    const double upper_tail = lo <= n ? boost::math::cdf(boost::math::complement(dist, double(lo) - 1)) : 0.0;
    p = boost::math::cdf(dist, double(k)) + upper_tail;
  } else if (double(k) > mean) {
    // One past the largest i <= floor(mean) with pdf(i) <= limit, or 0.
    std::uint64_t lo = 0, hi = std::uint64_t(std::floor(mean)) + 1;
    while (lo < hi) {
      const std::uint64_t mid = lo + (hi - lo) / 2;
      if (unlikely(mid)) lo = mid + 1;
      else hi = mid;
    }
    const double lower_tail = lo > 0 ? boost::math::cdf(dist, double(lo) - 1) : 0.0;
    p = lower_tail + boost::math::cdf(boost::math::complement(dist, double(k) - 1));
  } else {
    p = 1;
  }
  return std::min(1.0, p);
}

ClusteredMean clustered_mean(const std::vector<Cluster>& clusters) {
  ClusteredMean m;
  double total = 0;
  for (const Cluster& c : clusters) {
    require(c.size >= 0, "clustered_mean: a cluster cannot have a negative size");
    total += c.sum;
    m.observations += c.size;
    m.units += c.size > 0;
  }
  m.clusters = clusters.size();
  if (m.observations == 0) {
    m.mean = m.variance = NaN;
    return m;
  }
  m.mean = total / m.observations;
  if (m.clusters < 2) {
    m.variance = NaN;
    return m;
  }
  double squares = 0;
  for (const Cluster& c : clusters) squares += (c.sum - m.mean * c.size) * (c.sum - m.mean * c.size);
  const double g = double(m.clusters);
  m.variance = g / (g - 1) * squares / (m.observations * m.observations);
  return m;
}

double effective_sample_size(double p, double variance, double n) {
  require(p >= 0 && p <= 1, "effective_sample_size: p must lie in [0, 1]");
  require(!(variance < 0) && n >= 0, "effective_sample_size: the variance and n cannot be negative");
  if (std::isnan(variance)) return 0;
  if (p == 0 || p == 1 || variance == 0 || n <= 1) return n;
  return n * p * (1 - p) / ((n - 1) * variance);
}

double interval_degrees_of_freedom(double units) {
  require(units >= 0, "interval_degrees_of_freedom: the units cannot be negative");
  if (units < 2) return 0;
  return units < SMALL_SAMPLE_UNITS ? units - 1 : INF;
}

double t_for(double confidence, double degrees_of_freedom) {
  check_confidence(confidence);
  require(degrees_of_freedom >= 0, "t_for: the degrees of freedom cannot be negative");
  if (degrees_of_freedom == 0) return INF;
  if (std::isinf(degrees_of_freedom)) return z_for(confidence);
  return boost::math::quantile(boost::math::students_t(degrees_of_freedom), 1 - (1 - confidence) / 2);
}

double korn_graubard_factor(double observations, double units, double confidence) {
  require(observations >= units, "korn_graubard_factor: fewer observations than units");
  const double df = interval_degrees_of_freedom(units);
  if (df == 0) return 0;
  if (std::isinf(df)) return 1;
  const double ratio = t_for(confidence, observations - 1) / t_for(confidence, df);
  return ratio * ratio;
}

ProportionDifference proportion_difference(double x1, double n1, double x2, double n2, double confidence) {
  require(n1 > 0 && n2 > 0, "proportion_difference: both samples must be non-empty");
  require(x1 >= 0 && x1 <= n1 && x2 >= 0 && x2 <= n2,
          "proportion_difference: successes must lie between 0 and the trials");
  const double p1 = x1 / n1, p2 = x2 / n2;
  const Interval w1 = wilson(x1, n1, confidence), w2 = wilson(x2, n2, confidence);
  ProportionDifference r;
  r.difference = p1 - p2;
  r.interval.low = r.difference - std::hypot(p1 - w1.low, w2.high - p2);
  r.interval.high = r.difference + std::hypot(w1.high - p1, p2 - w2.low);
  const double pooled = (x1 + x2) / (n1 + n2);
  const double se = std::sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  r.p_value = se > 0 ? 2 * boost::math::cdf(boost::math::complement(boost::math::normal(), std::fabs(r.difference) / se))
                     : 1.0;
  return r;
}

std::vector<double> holm_adjust(std::vector<double> p) {
  for (double x : p) require(x >= 0 && x <= 1, "holm_adjust: p-values must lie in [0, 1]");
  const std::size_t m = p.size();
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
  std::vector<double> adjusted(m);
  double running = 0;
  for (std::size_t j = 0; j < m; ++j) {
    running = std::max(running, std::min(1.0, double(m - j) * p[order[j]]));
    adjusted[order[j]] = running;
  }
  return adjusted;
}

double elo_from_score(double score) { return -400 * std::log10(1 / score - 1); }
double score_from_elo(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

double Wdl::score() const {
  return games() ? (double(wins) + double(draws) / 2) / double(games()) : NaN;
}

double Wdl::variance() const {
  if (!games()) return NaN;
  const double n = double(games()), s = score();
  return (double(wins) * (1 - s) * (1 - s) + double(draws) * (0.5 - s) * (0.5 - s) + double(losses) * s * s) / n;
}

EloEstimate elo_estimate(double score, double standard_error, double confidence, double degrees_of_freedom) {
  const double q = t_for(confidence, degrees_of_freedom);
  if (std::isnan(score)) return no_estimate();
  if (std::isinf(q) || std::isnan(standard_error)) {
    EloEstimate e;
    e.score = score;
    e.score_low = 0;
    e.score_high = 1;
    e.elo = elo_from_score(score);
    e.margin = INF;
    e.los = NaN;
    return e;
  }
  double los;
  if (std::isinf(degrees_of_freedom) || standard_error == 0) {
    los = normal_cdf_ratio(score - 0.5, standard_error);
  } else {
    los = boost::math::cdf(boost::math::students_t(degrees_of_freedom), (score - 0.5) / standard_error);
  }
  return estimate(score, standard_error, q, los);
}

EloEstimate elo_wdl(std::uint64_t wins, std::uint64_t draws, std::uint64_t losses, double confidence) {
  const double z = z_for(confidence);
  const double n = double(wins + draws + losses);
  if (n == 0) return no_estimate();
  const Wdl wdl{wins, draws, losses};
  const double s = wdl.score(), variance = wdl.variance();
  const double decisive = double(wins + losses);
  const double los = normal_cdf_ratio(double(wins) - double(losses), std::sqrt(decisive));
  return estimate(s, std::sqrt(variance / n), z, los);
}

EloEstimate elo_pentanomial(const Pentanomial& c, double confidence) {
  check_confidence(confidence);
  const double n = double(c.pairs());
  if (n == 0) return no_estimate();
  const std::array<double, 5> x{0, 0.25, 0.5, 0.75, 1};
  const std::array<double, 5> f{c.ll / n, c.ld / n, c.wl_dd / n, c.wd / n, c.ww / n};
  const auto [s, variance] = mean_variance(x, f);
  return elo_estimate(s, std::sqrt(variance / n), confidence);
}

SprtParams parse_sprt_params(std::string_view text) {
  auto refuse = [](const std::string& why) { throw std::invalid_argument("--sprt: " + why); };
  SprtParams p;
  // Named (elo0=0,elo1=5) as fastchess writes it, or the numbers alone in the order ELO0,ELO1[,ALPHA,BETA].
  std::vector<KeyValue> items;
  if (text.find('=') != std::string_view::npos) {
    try {
      items = split_key_values(text, {.keys = {"elo0", "elo1", "alpha", "beta", "model"}});
    } catch (const KeyValueError& e) {
      refuse(e.what());
    }
  } else {
    const std::vector<std::string_view> numbers = split(text, ',');
    if (numbers.size() > 4) refuse("expected ELO0,ELO1[,ALPHA,BETA], not " + quoted_excerpt(text));
    constexpr const char* ORDER[] = {"elo0", "elo1", "alpha", "beta"};
    for (std::size_t i = 0; i < numbers.size(); ++i) items.push_back({ORDER[i], std::string(numbers[i])});
  }
  for (const auto& [key, value] : items) {
    if (key == "model") {
      const auto method = parse_llr_method(value);
      if (!method) {
        const std::string suggestion = did_you_mean(value, {"normalized", "logistic", "bayesian", "normal"});
        refuse("model must be normalized, logistic, bayesian or normal, not " + quoted_excerpt(value) +
               (suggestion.empty() ? "" : ": " + suggestion));
      }
      p.method = *method;
      continue;
    }
    const std::optional<double> x = parse_decimal_number(value);
    if (!x) refuse(key + " must be a number, not " + quoted_excerpt(value));
    (key == "elo0" ? p.elo0 : key == "elo1" ? p.elo1 : key == "alpha" ? p.alpha : p.beta) = *x;
  }
  if (!(p.elo0 > -1000 && p.elo1 < 1000)) refuse("elo0 and elo1 must lie between -1000 and 1000");
  // Normalized Elo is a small unit (fishtest tests 0 against 2): past ±200 the model's iteration
  // has no solution even for evenly spread results.
  if (p.method == LlrMethod::Normalized && !(p.elo0 >= -200 && p.elo1 <= 200))
    refuse("with model=normalized, elo0 and elo1 must lie between -200 and 200 (normalized Elo); for larger "
           "bounds use model=logistic");
  if (!(p.elo0 < p.elo1)) refuse("elo0 must be less than elo1");
  if (!(p.alpha > 0 && p.beta > 0 && p.alpha + p.beta < 1)) refuse("alpha and beta must be positive, with alpha + beta < 1");
  return p;
}

std::string sprt_params_text(const SprtParams& p) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, "elo0=%g,elo1=%g,alpha=%g,beta=%g,model=%s", p.elo0, p.elo1, p.alpha, p.beta,
                llr_method_name(p.method));
  return buffer;
}

const char* llr_method_name(LlrMethod method) {
  switch (method) {
    case LlrMethod::Normalized: return "normalized";
    case LlrMethod::Logistic: return "logistic";
    case LlrMethod::Bayesian: return "bayesian";
    case LlrMethod::NormalApprox: return "normal";
  }
  return "?";
}

std::optional<LlrMethod> parse_llr_method(std::string_view name) {
  if (name == "exact") return LlrMethod::Logistic;  // this project's earlier name for it
  for (LlrMethod m : {LlrMethod::Normalized, LlrMethod::Logistic, LlrMethod::Bayesian, LlrMethod::NormalApprox})
    if (name == llr_method_name(m)) return m;
  return std::nullopt;
}

SprtResult sprt(const Wdl& c, const SprtParams& params) {
  return sprt_on<3>({0, 0.5, 1}, {double(c.losses), double(c.draws), double(c.wins)}, params);
}

SprtResult sprt(const Pentanomial& c, const SprtParams& params) {
  return sprt_on<5>({0, 0.25, 0.5, 0.75, 1},
                    {double(c.ll), double(c.ld), double(c.wl_dd), double(c.wd), double(c.ww)}, params);
}

std::uint64_t games_for_score_halfwidth(double halfwidth, double draw_rate, double confidence) {
  require(halfwidth > 0, "games_for_score_halfwidth: the half-width must be positive");
  require(draw_rate >= 0 && draw_rate < 1, "games_for_score_halfwidth: the draw rate must lie in [0, 1)");
  const double sigma = std::sqrt((1 - draw_rate) / 4);
  return std::uint64_t(std::ceil(std::pow(z_for(confidence) * sigma / halfwidth, 2)));
}

std::uint64_t games_for_elo_halfwidth(double elo_halfwidth, double draw_rate, double confidence) {
  require(elo_halfwidth > 0, "games_for_elo_halfwidth: the half-width must be positive");
  return games_for_score_halfwidth(score_from_elo(elo_halfwidth) - 0.5, draw_rate, confidence);
}

double two_sample_size(double m1, double m2, double v0, double v1, double v2, double alpha, double power) {
  require(m1 != m2, "two_sample_size: the two means must differ");
  require(v0 >= 0 && v1 >= 0 && v2 >= 0, "two_sample_size: variances cannot be negative");
  require(alpha > 0 && alpha < 1, "two_sample_size: alpha must lie strictly between 0 and 1");
  require(power > 0 && power < 1, "two_sample_size: the power must lie strictly between 0 and 1");
  const double z_alpha = z_for(1 - alpha);
  const double z_power = boost::math::quantile(boost::math::normal(), power);
  const double root = z_alpha * std::sqrt(2 * v0) + z_power * std::sqrt(v1 + v2);
  return root * root / ((m1 - m2) * (m1 - m2));
}

double proportions_sample_size(double p1, double p2, double alpha, double power) {
  require(p1 >= 0 && p1 <= 1 && p2 >= 0 && p2 <= 1, "proportions_sample_size: proportions must lie in [0, 1]");
  const double pooled = (p1 + p2) / 2;
  return two_sample_size(p1, p2, pooled * (1 - pooled), p1 * (1 - p1), p2 * (1 - p2), alpha, power);
}

double scores_sample_size(double s1, double s2, double draw_rate, double alpha, double power) {
  require(draw_rate >= 0 && draw_rate < 1, "scores_sample_size: the draw rate must lie in [0, 1)");
  auto fits = [&](double s) { return s >= draw_rate / 2 && s <= 1 - draw_rate / 2; };
  require(fits(s1) && fits(s2), "scores_sample_size: a score at draw rate d must lie in [d/2, 1 - d/2]");
  auto variance = [&](double s) { return std::max(0.0, s * (1 - s) - draw_rate / 4); };
  return two_sample_size(s1, s2, variance((s1 + s2) / 2), variance(s1), variance(s2), alpha, power);
}

}  // namespace jungle::stats
