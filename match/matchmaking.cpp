#include "matchmaking.h"

#include <charconv>
#include <initializer_list>

#include "excerpt.h"
#include "game.h"
#include "movegen.h"

namespace jungle {

namespace {

constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// A SplitMix64 chain over the parts: a fixed function of its inputs on every platform.
std::uint64_t derive_seed(std::uint64_t seed, std::initializer_list<std::uint64_t> parts) {
  std::uint64_t h = splitmix64(seed);
  for (std::uint64_t part : parts) h = splitmix64(h ^ part);
  return h;
}

// Tags keep the streams of games, openings and players apart.
constexpr std::uint64_t GAME_TAG = 0x67616D65;     // "game"
constexpr std::uint64_t OPENING_TAG = 0x6F70656E;  // "open"
constexpr std::uint64_t PLAYER_SALT[COLOR_NB] = {0x5748495445ULL, 0x424C41434BULL};  // "WHITE", "BLACK"

// SplitMix64 as a generator. std::uniform_int_distribution is not used because its output
// differs between standard libraries, and openings must not.
struct SplitMix {
  std::uint64_t state;
  std::uint64_t next() { return splitmix64(state++); }
  int below(int n) { return int(next() % std::uint64_t(n)); }
};

std::string trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return "";
  return std::string(s.substr(first, s.find_last_not_of(" \t") - first + 1));
}

}  // namespace

std::vector<Fixture> schedule_round_robin(int variants, int players, int games_per_pair, std::uint64_t seed) {
  if (games_per_pair <= 0 || games_per_pair % 2)
    throw std::invalid_argument("games per pair must be even and positive");
  std::vector<std::pair<int, int>> pairings;
  for (int a = 0; a < players; ++a)
    for (int b = a + 1; b < players; ++b) pairings.emplace_back(a, b);
  if (players == 1) pairings.emplace_back(0, 0);

  // Opening by opening: a longer tournament of the same kind lists these games first, in this
  // order, so that raising --games extends a run instead of starting another.
  std::vector<Fixture> list;
  for (int k = 0; k < games_per_pair / 2; ++k)
    for (int v = 0; v < variants; ++v)
      for (int p = 0; p < int(pairings.size()); ++p)
        for (int colour = 0; colour < 2; ++colour) {
          const auto [a, b] = pairings[p];
          const int g = 2 * k + colour;  // the game's number within its pairing
          Fixture f;
          f.index = int(list.size());
          f.pair = f.index / 2;
          f.opening = k;
          f.variant = v;
          f.white = colour ? b : a;
          f.black = colour ? a : b;
          f.seed = derive_seed(seed, {GAME_TAG, std::uint64_t(v), std::uint64_t(p), std::uint64_t(g)});
          list.push_back(f);
        }
  return list;
}

std::uint64_t player_seed(std::uint64_t game_seed, Color color) { return game_seed ^ PLAYER_SALT[color]; }

std::string OpeningRule::text() const { return "random:plies=" + std::to_string(plies); }

OpeningRule parse_opening_rule(const std::string& text) {
  constexpr int MAX_PLIES = 100;
  const std::string prefix = "random:plies=";
  if (text == "none") return OpeningRule{0};
  int plies = -1;
  if (text.starts_with(prefix)) {
    const char* first = text.data() + prefix.size();
    const char* last = text.data() + text.size();
    auto [end, ec] = std::from_chars(first, last, plies);
    if (ec != std::errc() || end != last || first == last) plies = -1;
  }
  if (plies < 0 || plies > MAX_PLIES)
    throw std::invalid_argument("--openings: expected random:plies=K with K from 0 to " + std::to_string(MAX_PLIES) +
                                ", or none; got \"" + excerpt(text) + "\"");
  return OpeningRule{plies};
}

std::vector<std::string> random_opening(const Variant& variant, const OpeningRule& rule, std::uint64_t seed,
                                        int variant_index, int opening) {
  SplitMix rng{derive_seed(seed, {OPENING_TAG, std::uint64_t(variant_index), std::uint64_t(opening)})};
  // A line that ends the game early is thrown away and the stream goes on: still a fixed
  // function of the seed.
  constexpr int ATTEMPTS = 1000;
  for (int attempt = 0; attempt < ATTEMPTS; ++attempt) {
    Game game(variant);
    std::vector<std::string> moves;
    while (!game.end() && int(moves.size()) < rule.plies) {
      const MoveList legal = legal_moves(game.position());
      const Move m = legal.moves[rng.below(legal.size)];
      moves.push_back(move_to_string(m));
      game.play(m);
    }
    if (!game.end()) return moves;
  }
  throw std::runtime_error("--openings " + rule.text() + ": every random line of variant " + variant.name +
                           " ended the game within " + std::to_string(rule.plies) + " plies");
}

std::vector<std::string> split_player_specs(const std::string& list) {
  std::vector<std::string> specs;
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t end = list.find_first_of(",;", start);
    if (end == std::string::npos) end = list.size();
    const std::string piece = trim(std::string_view(list).substr(start, end - start));
    const bool continues = !specs.empty() && piece.find('=') != std::string::npos && piece.find(':') == std::string::npos &&
                           list[start - 1] == ',';
    if (continues)
      specs.back() += "," + piece;
    else if (!piece.empty())
      specs.push_back(piece);
    start = end + 1;
  }
  return specs;
}

}  // namespace jungle
