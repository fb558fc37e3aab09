#include "match/tournament.h"

#include <fcntl.h>
#include <malloc.h>
#include <omp.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "distributed/mpi_context.h"
#include "distributed/work_queue.h"
#include "engine/movegen.h"
#include "engine/variant_loader.h"
#include "engine/variant_toml.h"
#include "match/match_game.h"
#include "players/player.h"
#include "search/weights_file.h"
#include "stats/sequential_test.h"
#include "support/excerpt.h"
#include "support/files.h"
#include "support/text.h"
#include "support/version.h"
#include "tablebase/tablebase.h"

namespace jungle {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

// ---------------------------------------------------------------------------------------
// One game
// ---------------------------------------------------------------------------------------

GameRecord play_game(const Variant& variant, const std::vector<std::string>& opening, const std::string& white,
                     const std::string& black, std::uint64_t seed) {
  BuiltinContestant w(make_player(white, player_seed(seed, WHITE))), b(make_player(black, player_seed(seed, BLACK)));
  return play_game(variant, "", opening, w, b, GameRules{}, seed);
}

namespace {

// /2: fixtures listed opening by opening (matchmaking.h), so that --games can grow.
constexpr const char* FORMAT = "jungle-tournament/2";

// What a tournament is: everything that decides which games are played, and how.
struct Setup {
  std::vector<Variant> variants;
  std::vector<std::string> players;  // normalised specs, or engine names
  std::map<std::string, EngineConfig> engines;  // by name: those among the players
  TimeControl each;
  std::int64_t margin_ms = 0;
  std::chrono::seconds engine_startup_timeout = EnginePlayer::STARTUP_TIMEOUT;
  DrawAdjudication draw;
  ResignAdjudication resign;
  std::string tb_adjudicate;  // as given
  std::vector<std::shared_ptr<tablebase::DiskTables>> tablebases;  // per variant; null: not adjudicated
  int games_per_pair = 0;
  OpeningRule openings;
  std::uint64_t seed = 0;
  std::optional<stats::SprtParams> sprt;  // of players[0] against players[1], or of two variants
  std::vector<std::string> sprt_variants;  // the two variants, for the first move's worth

  // Each side's limits: the engine's own, else --each; none for a built-in player.
  TimeControl limits_of(const std::string& player) const {
    auto it = engines.find(player);
    if (it == engines.end()) return {};
    return it->second.limits ? *it->second.limits : each;
  }

  // The rules travel in full (`toml`), so that the folder reports and replays on its own; only
  // their hash takes part in comparing two tournaments.
  json fingerprint() const {
    json variant_list = json::array();
    for (const Variant& v : variants)
      variant_list.push_back({{"name", v.name}, {"rules", rules_hash(v)}, {"toml", variant_to_toml(v)}});
    json f = {{"format", FORMAT},        {"variants", variant_list},     {"players", players},
              {"games", games_per_pair}, {"openings", openings.text()}, {"seed", seed}};
    if (sprt) f["sprt"] = stats::sprt_params_text(*sprt);
    // It decides results; only when given, so that other folders read as before.
    if (!tb_adjudicate.empty()) f["tb_adjudicate"] = tb_adjudicate;
    if (!sprt_variants.empty()) f["sprt_variants"] = sprt_variants;
    // Only with engines, so that a folder of built-in players reads as before.
    if (!engines.empty()) {
      json list = json::array();
      for (const auto& [name, engine] : engines) list.push_back(engine.text());
      f["engines"] = list;
      f["each"] = each.text();
      f["timemargin"] = margin_ms;
      f["draw"] = draw.enabled() ? draw.text() : "";
      f["resign"] = resign.enabled() ? resign.text() : "";
    }
    return f;
  }
};

// --tb-adjudicate's tables for each variant: only those on disk, never built here. A variant the
// tables cannot hold (a repetition that is not a draw) or without tables is played out, and a
// note says so.
std::vector<std::shared_ptr<tablebase::DiskTables>> open_tablebases(const std::string& text,
                                                                    const std::vector<Variant>& variants) {
  fs::path root;
  if (text == "auto") {
    try {
      root = tablebase::default_folder();
    } catch (const tablebase::TablebaseError& e) {
      throw TournamentError(std::string("--tb-adjudicate auto: ") + e.what());
    }
  } else {
    std::error_code ec;
    if (!fs::is_directory(text, ec))
      throw TournamentError("--tb-adjudicate: no folder \"" + excerpt(text, 200) +
                            "\" (give auto, or the --dir of jungle tablebase build)");
    root = text;
  }
  std::vector<std::shared_ptr<tablebase::DiskTables>> out;
  for (const Variant& v : variants) {
    try {
      out.push_back(tablebase::DiskTables::open(v, root));
      if (out.back()->on_disk().empty())
        std::fprintf(stderr, "note: --tb-adjudicate: no tables of variant %s in %s; jungle tablebase build makes them\n",
                     v.name.c_str(), out.back()->folder().string().c_str());
    } catch (const tablebase::TablebaseError& e) {
      std::fprintf(stderr, "note: --tb-adjudicate: variant %s is played out: %s\n", v.name.c_str(), e.what());
      out.push_back(nullptr);
    }
  }
  return out;
}

Setup make_setup(const TournamentConfig& config) {
  Setup s;
  if (config.variants.empty()) throw TournamentError("--variants: no variant given");
  if (config.players.empty()) throw TournamentError("--players: no player given");
  std::set<std::string> seen;
  for (const std::string& name : config.variants) {
    s.variants.push_back(load_variant(name));
    if (!seen.insert(s.variants.back().name).second)
      throw TournamentError("--variants: variant " + s.variants.back().name + " is given twice");
  }
  seen.clear();
  std::map<std::string, EngineConfig> engines;
  for (const EngineConfig& engine : config.engines)
    if (!engines.emplace(engine.name, engine).second)
      throw TournamentError("--engine: the name " + engine.name + " is given twice");
  for (const std::string& spec : config.players) {
    if (auto it = engines.find(spec); it != engines.end()) {
      s.players.push_back(spec);
      s.engines.insert(*it);
    } else {
      try {
        s.players.push_back(make_player(spec, 0)->spec());
        // Weights that do not fit a variant's rules stop the tournament now, not in its games.
        for (const Variant& v : s.variants) validate_player_spec(spec, v);
      } catch (const PlayerSpecError& e) {
        throw TournamentError("--players: " + std::string(e.what()) + (engines.empty() ? "" : ", or an --engine name"));
      }
    }
    if (!seen.insert(s.players.back()).second)
      throw TournamentError("--players: player " + s.players.back() + " is given twice");
  }
  if (config.games_per_pair <= 0 || config.games_per_pair % 2)
    throw TournamentError("--games must be even and positive (each opening is played twice, colours swapped), not " +
                          std::to_string(config.games_per_pair));
  const long long players = static_cast<long long>(s.players.size());
  const long long pairings = players == 1 ? 1 : players * (players - 1) / 2;
  const long long total = static_cast<long long>(s.variants.size()) * pairings * config.games_per_pair;
  if (total > MAX_TOURNAMENT_GAMES)
    throw TournamentError("--games " + std::to_string(config.games_per_pair) + ": the tournament would have " +
                          std::to_string(total) + " games, more than the " + std::to_string(MAX_TOURNAMENT_GAMES) +
                          " one run may have (each is kept in memory for the report); split it into several runs");
  try {
    s.openings = parse_opening_rule(config.openings);
  } catch (const std::invalid_argument& e) {
    throw TournamentError(e.what());
  }
  s.games_per_pair = config.games_per_pair;
  s.seed = config.seed;
  try {
    if (!config.each.empty()) s.each = parse_time_control(config.each);
    if (!config.draw.empty()) s.draw = parse_draw_adjudication(config.draw);
    if (!config.resign.empty()) s.resign = parse_resign_adjudication(config.resign);
  } catch (const std::invalid_argument& e) {
    throw TournamentError((config.each.empty() ? "" : "--each: ") + std::string(e.what()));
  }
  if (config.margin_ms < 0) throw TournamentError("--timemargin must not be negative");
  if (!config.tb_adjudicate.empty()) {
    s.tb_adjudicate = config.tb_adjudicate;
    s.tablebases = open_tablebases(config.tb_adjudicate, s.variants);
  }
  s.margin_ms = config.margin_ms;
  s.engine_startup_timeout = config.engine_startup_timeout;
  if (!config.sprt.empty()) {
    try {
      s.sprt = stats::parse_sprt_params(config.sprt);
    } catch (const std::invalid_argument& e) {
      throw TournamentError(e.what());
    }
    if (!config.sprt_variants.empty()) {
      const bool known = std::all_of(config.sprt_variants.begin(), config.sprt_variants.end(), [&](const std::string& n) {
        return std::any_of(s.variants.begin(), s.variants.end(), [&](const Variant& v) { return v.name == n; });
      });
      if (config.sprt_variants.size() != 2 || config.sprt_variants[0] == config.sprt_variants[1] || !known ||
          s.players.size() != 1)
        throw TournamentError("--sprt-variants names two of the tournament's variants, played by one player");
      s.sprt_variants = config.sprt_variants;
    } else if (s.players.size() != 2 || s.variants.size() != 1) {
      throw TournamentError("--sprt tests two players in one variant; this tournament has " +
                            std::to_string(s.players.size()) + " players and " + std::to_string(s.variants.size()) +
                            " variants (or give --sprt-variants V1,V2 with one player)");
    }
  }
  for (const auto& [name, engine] : s.engines)
    if (s.limits_of(name).empty())
      throw TournamentError("engine " + name + " has no limits: give --each tc=...|st=...|nodes=...|depth=... or its own");
  return s;
}

// What --tb-adjudicate found, for run.json: per variant the folder and its tables by pieces.
json tablebases_record(const Setup& setup) {
  json record = json::object();
  for (std::size_t i = 0; i < setup.variants.size(); ++i) {
    const auto& tables = setup.tablebases[i];
    if (!tables) {
      record[setup.variants[i].name] = {{"folder", ""}, {"tables", json::object()}};
      continue;
    }
    std::map<int, int> by_pieces;
    for (const std::string& name : tables->on_disk()) ++by_pieces[int(name.size()) - 1];  // "LT/e": 3 pieces
    json counts = json::object();
    for (const auto& [pieces, n] : by_pieces) counts[std::to_string(pieces)] = n;
    record[setup.variants[i].name] = {{"folder", tables->folder().string()}, {"tables", counts}};
  }
  return record;
}

// Each variant's default weights as rank 0 resolves them (the file beside its rules), as weights
// files' text by variant name; none for untuned. A worker rank reads its rules from text, with no
// file beside them, so without these it would play the untuned weights where rank 0 plays tuned.
json default_weights_json(const std::vector<Variant>& variants) {
  json out = json::object();
  for (const Variant& v : variants) {
    ResolvedWeights resolved;
    try {
      resolved = resolve_weights(v, "");
    } catch (const WeightsError& e) {
      throw TournamentError(std::string("the weights beside the rules of ") + v.name + ": " + e.what());
    }
    if (resolved.origin != UNTUNED_WEIGHTS)
      out[v.name] = weights_to_toml(WeightsFile{v.name, rules_hash(v), 1, *resolved.weights});
  }
  return out;
}

void use_default_weights_json(const json& given, const std::vector<Variant>& variants) {
  for (const Variant& v : variants)
    if (given.contains(v.name)) {
      const std::string origin = "rank 0's weights for " + v.name;
      use_default_weights(v, read_weights_text(given.at(v.name).get<std::string>(), origin), origin);
    }
}

// A worker rank's Setup: what it needs to play rank 0's fixtures, read from rank 0's fingerprint,
// rules included, so that no variant or openings file need exist where the rank runs.
Setup setup_from_fingerprint(const json& f) {
  Setup s;
  for (const json& v : f.at("variants")) {
    const std::string name = v.at("name").get<std::string>();
    s.variants.push_back(load_variant_text(v.at("toml").get<std::string>(), "rank 0's rules for " + name));
    if (rules_hash(s.variants.back()) != v.at("rules").get<std::string>())
      throw TournamentError("the rules of " + name + " read differently here than on rank 0");
  }
  s.players = f.at("players").get<std::vector<std::string>>();
  s.games_per_pair = f.at("games").get<int>();
  s.seed = f.at("seed").get<std::uint64_t>();
  if (f.contains("engines")) {
    for (const json& text : f.at("engines")) {
      EngineConfig engine = parse_engine_config(text.get<std::string>());
      s.engines.emplace(engine.name, engine);
    }
    if (const std::string each = f.at("each").get<std::string>(); !each.empty()) s.each = parse_time_control(each);
    s.margin_ms = f.at("timemargin").get<std::int64_t>();
    if (const std::string draw = f.at("draw").get<std::string>(); !draw.empty())
      s.draw = parse_draw_adjudication(draw);
    if (const std::string resign = f.at("resign").get<std::string>(); !resign.empty())
      s.resign = parse_resign_adjudication(resign);
  }
  if (f.contains("tb_adjudicate")) {
    s.tb_adjudicate = f.at("tb_adjudicate").get<std::string>();
    s.tablebases = open_tablebases(s.tb_adjudicate, s.variants);
  }
  return s;
}

// "" if the two fingerprints agree, else what differs, as "--seed 1, not 2".
std::string difference(const json& there, const json& here) {
  if (there.value("format", "") != FORMAT) return "a format other than " + std::string(FORMAT);
  auto names = [](const json& f) {
    std::vector<std::string> out;
    for (const json& v : f.at("variants")) out.push_back(v.at("name").get<std::string>());
    return out;
  };
  if (names(there) != names(here)) return "--variants " + join(names(there), ",") + ", not " + join(names(here), ",");
  for (std::size_t i = 0; i < here.at("variants").size(); ++i) {
    const json &a = there.at("variants").at(i), &b = here.at("variants").at(i);
    if (a.at("rules") != b.at("rules"))
      return "other rules for variant " + b.at("name").get<std::string>() + " (rules hash " +
             a.at("rules").get<std::string>() + ", now " + b.at("rules").get<std::string>() + ")";
  }
  // Not "games": a tournament may grow (see claim_directory).
  for (const char* key : {"players", "openings", "seed", "sprt", "sprt_variants", "engines", "each", "timemargin", "draw",
                          "resign", "tb_adjudicate"}) {
    if (there.value(key, json()) == here.value(key, json())) continue;
    auto show = [](const json& value) {
      if (value.is_array()) return join(value.get<std::vector<std::string>>(), ",");
      return value.is_string() ? value.get<std::string>() : value.dump();
    };
    std::string option = key;
    std::replace(option.begin(), option.end(), '_', '-');
    return "--" + option + " " + show(there.value(key, json())) + ", not " + show(here.value(key, json()));
  }
  return "";
}

// Who ran it, where, when and how: one entry per start of the command, resumed ones included.
json run_entry(const TournamentConfig& config, int threads) {
  char host[256] = "";
  ::gethostname(host, sizeof host - 1);
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  json entry = {{"command", config.command_line}, {"version", program_version()}, {"date", date},
                {"host", host},                   {"threads", threads}};
  // Threads per rank, then; the other ranks' hosts are theirs to know.
  if (distributed::ranks() > 1) entry["ranks"] = distributed::ranks();
  return entry;
}

// Makes sure DIR holds this tournament, or nothing yet, and returns run.json as it is to be
// written, with `run` added to its list of runs; writes nothing, so that a folder whose games
// turn out not to fit is left as it was. Called with DIR's lock held (ResultsWriter), so that
// of two tournaments started at once on one DIR only one reads and writes run.json.
json claim_directory(const fs::path& dir, json fingerprint, const json& run) {
  std::error_code ec;
  const fs::path run_file = dir / "run.json", games_file = dir / "games.jsonl";
  if (fs::exists(run_file, ec)) {
    json there;
    std::string diff;
    try {
      std::ifstream in(run_file);
      there = json::parse(in);
      diff = difference(there, fingerprint);
    } catch (const json::exception& e) {
      throw TournamentError(run_file.string() + ": not a tournament's run.json (" + e.what() + ")");
    }
    if (!diff.empty())
      throw TournamentError("--out " + dir.string() + " holds another tournament, made with " + diff);
    // A larger --games extends the tournament: its list of games begins with this one's.
    const int had = there.value("games", 0), wants = fingerprint.at("games").get<int>();
    if (wants < had)
      throw TournamentError("--out " + dir.string() + " holds " + std::to_string(had) +
                            " games per pair; --games may grow but not shrink (" + std::to_string(wants) + ")");
    there["games"] = wants;
    there["runs"].push_back(run);
    return there;
  }
  if (fs::exists(games_file, ec) && fs::file_size(games_file, ec) != 0)
    throw TournamentError(games_file.string() + " has no run.json beside it; not adding to it");
  fingerprint["runs"] = json::array({run});
  return fingerprint;
}

// DIR/games.jsonl, opened for appending and locked against a second tournament in DIR. The
// lock is the folder's: it is taken before anything else in DIR is read or written.
class ResultsWriter {
 public:
  explicit ResultsWriter(const fs::path& dir) : path_((dir / "games.jsonl").string()) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw TournamentError("cannot create --out " + dir.string() + ": " + ec.message());
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) throw TournamentError("cannot write " + path_ + ": " + std::strerror(errno));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      ::close(fd_);
      throw TournamentError("--out " + dir.string() + " is in use by another tournament");
    }
  }
  ~ResultsWriter() { ::close(fd_); }
  ResultsWriter(const ResultsWriter&) = delete;
  ResultsWriter& operator=(const ResultsWriter&) = delete;

  // A last line without '\n' ends with one if it is a whole record (read_results read it);
  // else it is a write that a kill interrupted, and is cut off.
  void end_last_line() {
    std::ifstream in(path_, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t keep = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
    if (keep == text.size()) return;
    bool whole_record = true;
    try {
      parse_results_line(text.substr(keep));
    } catch (const std::invalid_argument&) {
      whole_record = false;
    }
    if (whole_record ? !append("\n").empty() : ::ftruncate(fd_, off_t(keep)) != 0)
      throw TournamentError("cannot repair the last line of " + path_ + ": " + std::strerror(errno));
  }

  // One complete line in one write(2): once it returns, a kill of this process cannot lose
  // the line (a power cut still could: no fsync, which would cost more than a random game).
  // Returns an error message, empty on success; called inside a critical section, so no throw.
  std::string append(const std::string& line) {
    std::size_t done = 0;
    while (done < line.size()) {
      const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return "cannot write " + path_ + ": " + std::strerror(errno);
      done += std::size_t(n);
    }
    return "";
  }

 private:
  std::string path_;
  int fd_ = -1;
};

// Games found in games.jsonl must be the very games the schedule lists at their index.
void check_stored(const std::vector<StoredGame>& stored, const std::vector<Fixture>& fixtures, const Setup& setup,
                  const std::vector<std::vector<Opening>>& openings, const fs::path& file) {
  for (const StoredGame& g : stored) {
    auto misfit = [&](const std::string& what) {
      throw TournamentError(file.string() + ": game " + std::to_string(g.index) +
                            " does not belong to this tournament (" + what + ")");
    };
    if (g.index >= int(fixtures.size())) misfit("the tournament has " + std::to_string(fixtures.size()) + " games");
    const Fixture& f = fixtures[g.index];
    const GameRecord& r = g.record;
    if (r.variant != setup.variants[f.variant].name) misfit("variant " + r.variant);
    if (r.white != setup.players[f.white] || r.black != setup.players[f.black])
      misfit("players " + r.white + " and " + r.black);
    if (r.seed != f.seed) misfit("seed " + std::to_string(r.seed));
    const Opening& opening = openings[f.variant][f.opening];
    if (g.pair != f.pair || g.opening != f.opening || r.opening != opening.moves || r.fen != opening.fen)
      misfit("pair or opening");
  }
}

// Games done, games per second and the time left, on standard error: rewritten in place on a
// terminal; else a line per tenth of the run, and at least every 2 seconds while games finish.
class Progress {
 public:
  Progress(bool enabled, int total, int done)
      : enabled_(enabled && total > done), tty_(::isatty(STDERR_FILENO)), total_(total), done_(done),
        start_done_(done), every_(std::max(1, (total - done) / 10)) {}

  void game_done() {
    ++done_;
    if (!enabled_) return;
    const auto now = Clock::now();
    const bool last = done_ == total_;
    const bool tenth = (done_ - start_done_) % every_ == 0;
    if (!last && (tty_ ? now - printed_ < std::chrono::milliseconds(200)
                       : !tenth && now - printed_ < std::chrono::seconds(2)))
      return;
    printed_ = now;
    const double secs = std::chrono::duration<double>(now - start_).count();
    const double rate = secs > 0 ? (done_ - start_done_) / secs : 0;
    const long eta = rate > 0 ? long((total_ - done_) / rate + 0.5) : 0;
    std::fprintf(stderr, "%sgames %d/%d, %.1f games/s, ETA %ld:%02ld:%02ld%s", tty_ ? "\r" : "", done_, total_, rate,
                 eta / 3600, eta / 60 % 60, eta % 60, tty_ && !last ? "  " : "\n");
    std::fflush(stderr);
  }

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_, tty_;
  int total_, done_, start_done_, every_;
  Clock::time_point start_ = Clock::now(), printed_{};
};

// Plays fixtures on one rank's threads: rank 0's and every other rank's alike.
class FixturePlayer {
 public:
  FixturePlayer(const Setup& setup, const std::vector<std::vector<Opening>>& openings, int threads)
      : setup_(setup), openings_(openings), engine_pools_(std::size_t(threads)) {
    // Each game's alpha-beta players allocate and zero tables of megabytes. glibc would give
    // such memory back at each game's end, whenever nothing happened to lie above it on the heap,
    // and the next game would fault it in again: a quarter to most of the time of an
    // alpha-beta:depth=3 game, seen on MPI ranks (whose heaps hold little else). Keep it for reuse.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
  }

  // From OpenMP thread omp_get_thread_num(); throws what the game threw.
  StoredGame play(const Fixture& f) {
    const std::string &white = setup_.players[f.white], &black = setup_.players[f.black];
    GameRules rules;
    rules.limits[WHITE] = setup_.limits_of(white);
    rules.limits[BLACK] = setup_.limits_of(black);
    rules.margin_ms = setup_.margin_ms;
    rules.draw = setup_.draw;
    rules.resign = setup_.resign;
    if (!setup_.tablebases.empty()) rules.tablebases = setup_.tablebases[f.variant];
    const bool self_play = white == black;
    const auto w = contestant(white, player_seed(f.seed, WHITE), self_play ? white + "/white" : white);
    const auto b = contestant(black, player_seed(f.seed, BLACK), self_play ? black + "/black" : black);
    const Opening& opening = openings_[f.variant][f.opening];
    StoredGame g;
    g.record = play_game(setup_.variants[f.variant], opening.fen, opening.moves, *w, *b, rules, f.seed);
    g.index = f.index;
    g.pair = f.pair;
    g.opening = f.opening;
    return g;
  }

 private:
  // An engine playing itself runs as two processes, one a colour, as cutechess and fastchess run it.
  std::unique_ptr<Contestant> contestant(const std::string& player, std::uint64_t seed, const std::string& process) {
    auto it = setup_.engines.find(player);
    if (it == setup_.engines.end()) return std::make_unique<BuiltinContestant>(make_player(player, seed));
    auto& engine = engine_pools_[std::size_t(omp_get_thread_num())][process];
    if (!engine) engine = std::make_unique<EnginePlayer>(it->second, setup_.margin_ms, setup_.engine_startup_timeout);
    return std::make_unique<EngineContestant>(*engine);
  }

  const Setup& setup_;
  const std::vector<std::vector<Opening>>& openings_;
  // Engines live from game to game, one process per engine on each thread.
  std::vector<std::map<std::string, std::unique_ptr<EnginePlayer>>> engine_pools_;
};

// Every engine must answer before any game: a broken command is one clear error.
void probe_engines(const Setup& setup) {
  for (const auto& [name, engine] : setup.engines) {
    try {
      EnginePlayer(engine, setup.margin_ms, setup.engine_startup_timeout).probe();
    } catch (const EngineStartError& e) {
      throw TournamentError(e.what());
    }
  }
}

json openings_json(const std::vector<std::vector<Opening>>& openings) {
  json out = json::array();
  for (const auto& of_variant : openings) {
    json list = json::array();
    for (const Opening& o : of_variant) list.push_back({{"fen", o.fen}, {"moves", o.moves}});
    out.push_back(list);
  }
  return out;
}

}  // namespace

TournamentRun run_tournament(const TournamentConfig& config) {
  const Setup setup = make_setup(config);
  const std::vector<Fixture> fixtures =
      schedule_round_robin(int(setup.variants.size()), int(setup.players.size()), setup.games_per_pair, setup.seed);
  // openings[variant][k]: made before any game, so every thread count sees the same ones.
  std::vector<std::vector<Opening>> openings(setup.variants.size());
  for (std::size_t v = 0; v < setup.variants.size(); ++v)
    for (int k = 0; k < setup.games_per_pair / 2; ++k) {
      try {
        openings[v].push_back(make_opening(setup.variants[v], setup.openings, setup.seed, int(v), k));
      } catch (const std::runtime_error& e) {
        throw TournamentError(e.what());
      }
    }

  // Before anything is written.
  probe_engines(setup);

  ResultsWriter writer(config.out);
  const int threads = config.threads > 0 ? config.threads : omp_get_num_procs();
  json entry = run_entry(config, threads);
  if (!setup.tb_adjudicate.empty()) entry["tablebases"] = tablebases_record(setup);
  const json run_record = claim_directory(config.out, setup.fingerprint(), entry);
  const fs::path games_file = config.out / "games.jsonl";
  TournamentRun run;
  run.games = read_results(games_file);
  check_stored(run.games, fixtures, setup, openings, games_file);
  write_file_atomically(config.out / "run.json", run_record.dump(2) + "\n");
  writer.end_last_line();
  run.resumed = int(run.games.size());
  for (const Variant& v : setup.variants) run.variants.push_back(v.name);
  run.rules = setup.variants;
  run.players = setup.players;

  std::vector<bool> finished(fixtures.size(), false);
  for (const StoredGame& g : run.games) finished[g.index] = true;
  // With an SPRT, games are written in index order (the test reads them so) and none past the
  // point where it decided: a resumed or longer run then stops at the same game.
  std::optional<SequentialTest> test;
  int next_to_write = 0;
  std::map<int, std::pair<StoredGame, std::string>> held;  // finished, waiting for an earlier game
  if (setup.sprt) {
    test.emplace(setup.sprt_variants.empty()
                     ? SequentialTest::of_players(*setup.sprt, setup.players[0], setup.players[1])
                     : SequentialTest::of_variants(*setup.sprt, setup.sprt_variants[0], setup.sprt_variants[1],
                                                   int(fixtures.size()) / (setup.games_per_pair / 2)));
    for (const StoredGame& g : run.games) test->add(g);
    while (next_to_write < int(fixtures.size()) && finished[next_to_write]) ++next_to_write;
  }
  std::vector<int> todo;
  for (const Fixture& f : fixtures)
    if (!finished[f.index] && !(test && test->decided())) todo.push_back(f.index);

  Progress progress(config.progress, int(fixtures.size()), run.resumed);
  FixturePlayer player(setup, openings, threads);
  std::atomic<bool> failed{false};
  std::string error;
  std::mutex results_mutex;
  std::optional<distributed::Dealer> dealer;
  // A finished game (or what went wrong with it), from a thread of rank 0 or, through the
  // dealer, from another rank: appended, added to the test, counted.
  auto finished_game = [&](StoredGame&& g, std::string&& line, std::string&& problem) {
    std::lock_guard lock(results_mutex);
    auto keep = [&](StoredGame&& game, const std::string& text) {
      if (!failed) problem = writer.append(text);
      if (!problem.empty()) return;
      try {
        if (test) test->add(game);
      } catch (const std::exception& e) {
        // Nothing may leave here (a thread, the dealer): the game is kept, the run stops with this.
        problem = std::string("--sprt: ") + e.what();
      }
      run.games.push_back(std::move(game));
      ++run.played;
      progress.game_done();
    };
    if (problem.empty() && !test) {
      keep(std::move(g), line);
    } else if (problem.empty()) {
      const int index = g.index;
      held.emplace(index, std::pair{std::move(g), std::move(line)});
      for (auto it = held.find(next_to_write); it != held.end() && problem.empty() && !test->decided();
           it = held.find(next_to_write)) {
        keep(std::move(it->second.first), it->second.second);
        held.erase(it);
        ++next_to_write;
      }
      if (test->decided()) {
        held.clear();  // games past the verdict are not part of the test
        dealer->stop();
      }
    }
    if (!problem.empty()) {
      if (error.empty()) error = problem;
      failed = true;
      dealer->stop();
    }
  };
  dealer.emplace(std::move(todo), [&](distributed::TaskResult&& result) {
    StoredGame g;
    std::string problem = result.failed ? result.text : "";
    if (problem.empty()) {
      try {
        g = parse_results_line(result.text);
        if (g.index != result.task) throw std::invalid_argument("game " + std::to_string(g.index) + " in its place");
      } catch (const std::invalid_argument& e) {
        problem = "game " + std::to_string(result.task) + ": another rank sent a record that does not read (" +
                  e.what() + ")";
      }
    }
    finished_game(std::move(g), result.text + "\n", std::move(problem));
  });
  const auto start = std::chrono::steady_clock::now();
  dealer->announce("tournament", json{{"fingerprint", setup.fingerprint()},
                                      {"openings", openings_json(openings)},
                                      {"default_weights", default_weights_json(setup.variants)},
                                      {"threads", config.threads}}
                                     .dump());
#pragma omp parallel num_threads(threads)
  for (int i; (i = dealer->next()) >= 0;) {
    std::string problem, line;
    StoredGame g;
    try {
      g = player.play(fixtures[std::size_t(i)]);
      line = to_json_line(g) + "\n";
    } catch (const std::exception& e) {
      problem = "game " + std::to_string(i) + ": " + e.what();
    }
    finished_game(std::move(g), std::move(line), std::move(problem));
  }
  if (std::string rank_error = dealer->finish(); !rank_error.empty() && error.empty()) error = rank_error;
  if (!error.empty()) failed = true;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (failed) throw TournamentError(error);
  if (test) run.sprt_decided_after = test->decided();
  std::sort(run.games.begin(), run.games.end(),
            [](const StoredGame& a, const StoredGame& b) { return a.index < b.index; });
  return run;
}

void serve_tournament_job(const std::string& description, distributed::TaskClient& client) {
  const json job = json::parse(description);
  const Setup setup = setup_from_fingerprint(job.at("fingerprint"));
  use_default_weights_json(job.value("default_weights", json::object()), setup.variants);
  const std::vector<Fixture> fixtures =
      schedule_round_robin(int(setup.variants.size()), int(setup.players.size()), setup.games_per_pair, setup.seed);
  std::vector<std::vector<Opening>> openings;
  for (const json& of_variant : job.at("openings")) {
    openings.emplace_back();
    for (const json& o : of_variant)
      openings.back().push_back({o.at("fen").get<std::string>(), o.at("moves").get<std::vector<std::string>>()});
  }
  probe_engines(setup);
  const int asked = job.at("threads").get<int>();
  const int threads = asked > 0 ? asked : omp_get_num_procs();
  FixturePlayer player(setup, openings, threads);
#pragma omp parallel num_threads(threads)
  {
    distributed::TaskResult previous;
    for (int i; (i = client.next(std::move(previous))) >= 0;) {
      previous = {i, false, ""};
      try {
        if (i >= int(fixtures.size())) throw std::out_of_range("no such game");
        previous.text = to_json_line(player.play(fixtures[std::size_t(i)]));
      } catch (const std::exception& e) {
        previous.failed = true;
        previous.text = distributed::error_prefix() + "game " + std::to_string(i) + ": " + e.what();
      }
    }
  }
}

}  // namespace jungle
