#include "match/matchmaking.h"

#include <cstdio>
#include <filesystem>
#include <initializer_list>
#include <limits>
#include <sstream>

#include "engine/game.h"
#include "engine/movegen.h"
#include "support/excerpt.h"
#include "support/files.h"
#include "support/key_values.h"
#include "support/nearest_names.h"
#include "support/numbers.h"
#include "support/text.h"

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

}  // namespace

std::vector<Fixture> schedule_round_robin(int variants, int players, int games_per_pair, std::uint64_t seed,
                                          bool paired_variants, bool gauntlet) {
  if (games_per_pair <= 0 || games_per_pair % 2)
    throw std::invalid_argument("games per pair must be even and positive");
  std::vector<std::pair<int, int>> pairings;
  for (int a = 0; a < (gauntlet ? std::min(players, 1) : players); ++a)
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
          const std::uint64_t seed_variant = paired_variants ? 0 : std::uint64_t(v);
          f.seed = derive_seed(seed, {GAME_TAG, seed_variant, std::uint64_t(p), std::uint64_t(g)});
          list.push_back(f);
        }
  return list;
}

std::uint64_t player_seed(std::uint64_t game_seed, Color color) { return game_seed ^ PLAYER_SALT[color]; }

std::string OpeningRule::text() const {
  if (source == Source::Random) return "random:plies=" + std::to_string(plies);
  // start= only when given: the text of a run.json written before it had start= reads the same.
  return "file=" + std::filesystem::path(file).filename().string() + ",format=" +
         (format == Format::Epd ? "epd" : "moves") + ",order=" + (random_order ? "random" : "sequential") +
         ",plies=" + std::to_string(plies) + (start > 1 ? ",start=" + std::to_string(start) : "") + ",hash=" + book_hash;
}

namespace {

constexpr int MAX_OPENING_PLIES = 100;
constexpr const char* FILE_RULE = "file=F,format=epd|moves[,order=sequential|random][,plies=K][,start=N]";

[[noreturn]] void refuse_rule(const std::string& text) {
  // "randm:plies=4" is random's: its kind, the word before ':' or '=', is the one near miss to name.
  const std::string suggestion = did_you_mean(text.substr(0, text.find_first_of(":=")), {"random", "none", "file"});
  throw std::invalid_argument("--openings: expected random:plies=K with K from 0 to " +
                              std::to_string(MAX_OPENING_PLIES) + ", none, or " + FILE_RULE + "; got " +
                              quoted_excerpt(text) + (suggestion.empty() ? "" : ": " + suggestion));
}

int parse_plies(const std::string& text, std::string_view value) {
  const auto plies = parse_whole_number(value, 0, MAX_OPENING_PLIES);
  if (!plies) refuse_rule(text);
  return *plies;
}

// The openings of a file, one a line; blank and '#' lines skipped.
void read_book(OpeningRule& rule) {
  std::uint64_t h = 0xCBF29CE484222325ULL;  // FNV-1a of the file's bytes: the same on every platform
  auto hash = [&h](unsigned char c) { h = (h ^ c) * 0x100000001B3ULL; };
  try {
    // A line at a time, each bounded (MAX_LINE): /dev/zero is refused, not read until memory
    // runs out.
    LineReader lines(rule.file);
    for (std::string line; lines.next(line);) {
      for (unsigned char c : line) hash(c);
      if (lines.had_newline()) hash('\n');
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (rule.format == OpeningRule::Format::Epd) line = line.substr(0, line.find(';'));
      const std::string trimmed(trim(line));
      if (trimmed.empty() || trimmed[0] == '#') continue;
      Opening o;
      if (rule.format == OpeningRule::Format::Epd) {
        o.fen = trimmed;
      } else {
        std::istringstream words(trimmed);
        for (std::string m; words >> m;) o.moves.push_back(m);
      }
      rule.book.push_back(o);
      rule.book_lines.push_back(lines.line_number());
    }
  } catch (const FileReadError& e) {
    throw std::invalid_argument(std::string("--openings: ") + e.what());
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  rule.book_hash = hex;
  if (rule.book.empty()) throw std::invalid_argument("--openings: " + rule.file + " holds no opening");
}

}  // namespace

OpeningRule parse_opening_rule(const std::string& text) {
  const std::string prefix = "random:plies=";
  OpeningRule rule;
  if (text == "none") return rule;
  if (text.starts_with(prefix)) {
    rule.plies = parse_plies(text, std::string_view(text).substr(prefix.size()));
    return rule;
  }
  if (!text.starts_with("file=")) refuse_rule(text);
  rule.source = OpeningRule::Source::File;
  bool format_given = false;
  std::vector<KeyValue> items;
  try {
    items = split_key_values(text, {.keys = {"file", "format", "order", "plies", "start"}});
  } catch (const KeyValueError& e) {
    throw std::invalid_argument("--openings: " + std::string(e.what()) + "; expected " + FILE_RULE);
  }
  for (const auto& [key, value] : items) {
    if (key == "file" && !value.empty()) rule.file = value;
    else if (key == "format" && (value == "epd" || value == "moves"))
      rule.format = value == "epd" ? OpeningRule::Format::Epd : OpeningRule::Format::Moves, format_given = true;
    else if (key == "order" && (value == "sequential" || value == "random")) rule.random_order = value == "random";
    else if (key == "plies") rule.plies = parse_plies(text, value);
    else if (key == "start") {
      const std::optional<int> n = parse_whole_number(value, 1, std::numeric_limits<int>::max() / 2);
      if (!n) throw std::invalid_argument("--openings: start=" + excerpt(value) + " is not a line number of the file's openings (1 is the first)");
      rule.start = *n;
    } else refuse_rule(text);
  }
  if (!format_given) throw std::invalid_argument("--openings: say the file's format=epd or format=moves");
  read_book(rule);
  if (std::size_t(rule.start) > rule.book.size())
    throw std::invalid_argument("--openings: start=" + std::to_string(rule.start) + ", but " + rule.file + " has " +
                                std::to_string(rule.book.size()) + " openings");
  return rule;
}

Opening make_opening(const Variant& variant, const OpeningRule& rule, std::uint64_t seed, int variant_index,
                     int opening) {
  if (rule.source == OpeningRule::Source::File) {
    // start=N: the N-th opening is the first, and the book wraps around after its last.
    const std::uint64_t n = std::uint64_t(opening) + std::uint64_t(rule.start - 1);
    std::size_t k = n % rule.book.size();
    if (rule.random_order) {
      // The k-th of a shuffle of the book fixed by the seed: a Fisher-Yates over indices.
      std::vector<std::size_t> order(rule.book.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      SplitMix rng{derive_seed(seed, {OPENING_TAG, 0xB00C, n / order.size()})};
      for (std::size_t i = order.size() - 1; i > 0; --i) std::swap(order[i], order[rng.below(int(i + 1))]);
      k = order[k];
    }
    Opening o = rule.book[k];
    if (rule.plies > 0 && int(o.moves.size()) > rule.plies) o.moves.resize(std::size_t(rule.plies));
    const std::string where = rule.file + ":" + std::to_string(rule.book_lines[k]) + ": ";
    try {
      Game game(variant, o.fen);
      for (const std::string& m : o.moves) {
        if (game.end() || !game.play(parse_move(game.position(), m)))
          throw std::runtime_error("move " + excerpt(m) + " is not legal in " + game.position().fen());
      }
      if (game.end()) throw std::runtime_error("the game is over before it begins");
    } catch (const PositionError& e) {
      throw std::runtime_error(where + e.what() + " (variant " + variant.name + ")");
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(where + e.what() + " (variant " + variant.name + ")");
    }
    return o;
  }
  SplitMix rng{derive_seed(seed, {OPENING_TAG, std::uint64_t(variant_index), std::uint64_t(opening)})};
  // A line that ends the game early is thrown away and the stream goes on: still a fixed
  // function of the seed.
  constexpr int ATTEMPTS = 1000;
  for (int attempt = 0; attempt < ATTEMPTS; ++attempt) {
    Game game(variant);
    Opening o;
    while (!game.end() && int(o.moves.size()) < rule.plies) {
      const MoveList legal = legal_moves(game.position());
      const Move m = legal.moves[rng.below(legal.size)];
      o.moves.push_back(move_to_string(m));
      game.play(m);
    }
    if (!game.end()) return o;
  }
  throw std::runtime_error("--openings " + rule.text() + ": every random line of variant " + variant.name +
                           " ended the game within " + std::to_string(rule.plies) + " plies");
}

bool opening_fits(const Variant& variant, const Opening& opening) {
  try {
    Game game(variant, opening.fen);
    for (const std::string& m : opening.moves)
      if (game.end() || !game.play(parse_move(game.position(), m))) return false;
    return !game.end();
  } catch (const std::runtime_error&) {  // a bad position or move text
    return false;
  }
}

VariantOpening make_paired_opening(const std::vector<Variant>& variants, const OpeningRule& rule, std::uint64_t seed,
                                   int variant_index, int opening) {
  Opening shared = make_opening(variants[0], rule, seed, 0, opening);
  const Variant& variant = variants[std::size_t(variant_index)];
  if (variant_index == 0 || opening_fits(variant, shared)) return {std::move(shared), true};
  if (rule.source == OpeningRule::Source::Random) return {make_opening(variant, rule, seed, variant_index, opening), false};
  // From a file, the replacement is the next of the file's openings that fits this variant, so
  // that every game still starts from the file.
  for (std::size_t next = 1; next < rule.book.size(); ++next) {
    try {
      Opening candidate = make_opening(variants[0], rule, seed, 0, opening + int(next));
      if (opening_fits(variant, candidate)) return {std::move(candidate), false};
    } catch (const std::runtime_error&) {  // not the first variant's either: the first's own turn refuses it
    }
  }
  throw std::runtime_error("--openings " + rule.file + ": no opening of the file fits variant " + variant.name +
                           " (a bad position, an illegal move, or a game over before it begins)");
}

std::vector<std::string> split_player_specs(const std::string& list) {
  std::vector<std::string> specs;
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t end = list.find_first_of(",;", start);
    if (end == std::string::npos) end = list.size();
    const std::string piece(trim(std::string_view(list).substr(start, end - start)));
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
