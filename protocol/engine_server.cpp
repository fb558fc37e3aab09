#include "protocol/engine_server.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <concepts>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/game.h"
#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "players/player_context.h"
#include "search/search.h"
#include "search/time_manager.h"
#include "search/weights_file.h"
#include "support/excerpt.h"
#include "support/files.h"
#include "support/numbers.h"
#include "support/text.h"
#include "support/version.h"
#include "tablebase/disk_tables.h"
#include "tablebase/tablebase.h"

namespace jungle {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t MIN_HASH_MB = 1, MAX_HASH_MB = 65536;
constexpr std::uint64_t DEFAULT_SEED = 1, MAX_SEED = 2147483647;
constexpr long long MAX_MOVE_OVERHEAD_MS = 5000;

// A protocol error; answered as `info string error: ...`.
struct ProtocolError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

// An option's value as `option name ... min A max B` advertises it.
template <std::integral T>
T option_number(const std::string& option, const std::string& text, T min, T max) {
  if (const auto n = parse_whole_number(text, min, max)) return *n;
  throw ProtocolError(option + " " + whole_number_expected(text, min, max));
}

// UCI's score: centipawn-like units, or moves (not plies) to a forced end.
std::string score_text(int score) {
  if (score >= SCORE_MATE_BOUND) return "mate " + std::to_string((SCORE_MATE - score + 1) / 2);
  if (score <= -SCORE_MATE_BOUND) return "mate -" + std::to_string((SCORE_MATE + score) / 2);
  return "cp " + std::to_string(score);
}

// The limits of one `go`, and what of it was left out or changed to be searchable.
struct GoCommand {
  std::optional<long long> time[COLOR_NB], increment[COLOR_NB];
  std::optional<long long> movetime;
  int moves_to_go = 0, depth = 0;
  std::uint64_t nodes = 0;
  bool infinite = false;
  std::vector<std::string> notes;  // each sent as `info string`
};

// Every `go` is answered with a `bestmove`, however odd: a manager that waits for one must never
// wait for ever. So nothing here throws: a part this engine does not do (ponder, mate,
// searchmoves) or cannot read is left out, and a value past a bound is taken at the bound, each
// with a note that says so.
GoCommand parse_go(const std::vector<std::string>& t) {
  GoCommand go;
  constexpr long long MAX_MS = 1'000'000'000'000;
  constexpr int MAX_MOVES_TO_GO = 100000;
  const auto is_keyword = [](const std::string& word) {
    static const char* const KEYWORDS[] = {"wtime", "btime",    "winc",  "binc",   "movestogo",   "movetime",
                                           "depth", "nodes",    "mate",  "ponder", "searchmoves", "infinite"};
    return std::find(std::begin(KEYWORDS), std::end(KEYWORDS), word) != std::end(KEYWORDS);
  };
  // A whole number, clamped into [min, max] with a note; nothing (with a note) if it is none.
  // A clock below zero is no news (the engine overstepped): it is planned as nothing left, quietly.
  const auto number = [&go](const std::string& key, const std::string& value, long long min,
                            long long max) -> std::optional<long long> {
    bool clamped = false;
    const std::optional<long long> n = clamp_whole_number(std::string_view(value), min, max, &clamped);
    if (!n) {
      go.notes.push_back("go: " + key + " \"" + excerpt(value) + "\" is not a whole number; left out");
      return std::nullopt;
    }
    const bool quiet = value.front() == '-' && min == 0 && (key.ends_with("time") || key.ends_with("inc"));
    if (clamped && !quiet) go.notes.push_back("go: " + key + " " + excerpt(value) + " taken as " + std::to_string(*n));
    return n;
  };
  std::optional<long long> mate;
  for (std::size_t i = 1; i < t.size(); ++i) {
    const std::string key = t[i];
    if (key == "infinite") {
      go.infinite = true;
      continue;
    }
    if (key == "ponder") {
      go.notes.push_back("go: ponder is not supported; searching as an ordinary go");
      continue;
    }
    if (key == "searchmoves") {
      // Its moves run to the next keyword.
      while (i + 1 < t.size() && !is_keyword(t[i + 1])) ++i;
      go.notes.push_back("go: searchmoves is not supported; searching every move");
      continue;
    }
    if (!is_keyword(key)) {
      while (i + 1 < t.size() && !is_keyword(t[i + 1])) ++i;  // and its values, if any
      go.notes.push_back("go: unknown limit \"" + excerpt(key) +
                         "\" left out (wtime, btime, winc, binc, movestogo, movetime, depth, nodes, infinite)");
      continue;
    }
    if (i + 1 >= t.size() || is_keyword(t[i + 1])) {
      go.notes.push_back("go: " + key + " needs a value; left out");
      continue;
    }
    const std::string& value = t[++i];
    if (key == "mate") {
      mate = number(key, value, 1, AlphaBeta::MAX_DEPTH);
    } else if (key == "wtime" || key == "btime" || key == "winc" || key == "binc" || key == "movetime") {
      const std::optional<long long> ms = number(key, value, 0, MAX_MS);
      if (!ms) continue;
      if (key == "wtime") go.time[WHITE] = ms;
      else if (key == "btime") go.time[BLACK] = ms;
      else if (key == "winc") go.increment[WHITE] = ms;
      else if (key == "binc") go.increment[BLACK] = ms;
      else go.movetime = ms;
    } else if (key == "movestogo") {
      if (auto n = number(key, value, 0, MAX_MOVES_TO_GO)) go.moves_to_go = int(*n);
    } else if (key == "depth") {
      if (auto n = number(key, value, 1, AlphaBeta::MAX_DEPTH)) go.depth = int(*n);
    } else if (key == "nodes") {
      if (auto n = number(key, value, 1, std::numeric_limits<long long>::max())) go.nodes = std::uint64_t(*n);
    }
  }
  // A mate in N moves lies within 2N - 1 plies: that depth finds it, if there is one.
  if (mate && !go.depth) {
    go.depth = int(std::min<long long>(2 * *mate - 1, AlphaBeta::MAX_DEPTH));
    go.notes.push_back("go: mate " + std::to_string(*mate) + " searched as depth " + std::to_string(go.depth));
  }
  // Nothing left to end the search: it runs until `stop`, as UCI's plain `go` does.
  const bool limited = go.time[WHITE] || go.time[BLACK] || go.movetime || go.depth || go.nodes;
  if (!limited && !go.infinite) {
    go.infinite = true;
    if (t.size() > 1) go.notes.push_back("go: no limit left; searching until stop");
  }
  return go;
}

// The mover's clock as `go` gave it.
ClockLimits clock_limits(const GoCommand& go, Color us) {
  ClockLimits c;
  c.time_left_ms = go.time[us];
  c.increment_ms = go.increment[us].value_or(0);
  c.moves_to_go = go.moves_to_go;
  c.movetime_ms = go.movetime;
  return c;
}

class Engine {
 public:
  explicit Engine(std::ostream& out) : out_(out), search_(hash_mb_), options_(make_options()) {
    search_.set_contempt(AlphaBeta::DEFAULT_CONTEMPT);
    for (Variant& v : bundled_variants()) {
      const std::string name = v.name;  // the right side of = is evaluated first, and moves v
      variants_[name] = std::make_shared<const Variant>(std::move(v));
    }
    select_variant("standard");
  }
  ~Engine() { stop_search(); }

  // Handles one line; false once the line was `quit`.
  bool handle(const std::string& line) {
    const std::vector<std::string> t = words(line);
    if (t.empty()) return true;
    const std::string& command = t[0];
    try {
      if (command == "quit") {
        stop_search();
        return false;
      }
      // Pondering is not done here (go ponder is an ordinary go), so ponderhit has nothing to do.
      if (command == "stop") stop_search();
      else if (command == "ponderhit") return true;
      else if (command == "isready") send("readyok");
      else if (command == "uci") identify();
      else {
        // Everything else changes what a search reads: let a running one finish first (an
        // infinite one is stopped), as a manager that sent it early would expect.
        if (infinite_) stop_search();
        else wait_for_search();
        if (command == "ucinewgame") {
          search_.clear();
          lag_.new_game();
        }
        else if (command == "setoption") set_option(t);
        else if (command == "position") set_position(t);
        else if (command == "go") go(t);
        else throw ProtocolError("unknown command \"" + excerpt(command) + "\"");
      }
    } catch (const ProtocolError& e) {
      send(std::string("info string error: ") + e.what());
    } catch (const std::exception& e) {
      // A bad rules file or position: the protocol goes on.
      send(std::string("info string error: ") + e.what());
    }
    return true;
  }

  // An error that is no command's: `info string error: WHAT`.
  void report(const std::string& what) { send("info string error: " + what); }

 private:
  void send(const std::string& line) {
    std::lock_guard lock(out_mutex_);
    out_ << line << '\n' << std::flush;
  }

  void identify() {
    send(std::string("id name jungle ") + program_version());
    send("id author the jungle authors");
    for (const Option& option : options_) send("option name " + option.name + " " + option.declaration());
    send("uciok");
  }

  // setoption name NAME [value VALUE]; names are case-insensitive, values may hold spaces.
  void set_option(const std::vector<std::string>& t) {
    std::string name, value;
    std::string* into = nullptr;
    for (std::size_t i = 1; i < t.size(); ++i) {
      if (t[i] == "name" && !into) into = &name;
      else if (t[i] == "value" && into == &name) into = &value;
      else if (into) *into += (into->empty() ? "" : " ") + t[i];
    }
    const std::string key = option_key(name);
    for (const Option& option : options_)
      if (option_key(option.name) == key) return option.set(value);
    std::string names;
    for (const Option& option : options_) names += (names.empty() ? "" : ", ") + option.name;
    throw ProtocolError("no such option \"" + excerpt(name) + "\" (" + names + ")");
  }

  // One option, once: how `uci` declares it, and what `setoption` does with a value.
  struct Option {
    std::string name;
    std::function<std::string()> declaration;  // "type spin default 4 min 1 max 65536"
    std::function<void(const std::string& value)> set;
  };

  // Names match case-insensitively (as UCI asks) and without spaces: Stockfish's "Move
  // Overhead" is our MoveOverhead.
  static std::string option_key(const std::string& name) {
    std::string key = lower(name);
    std::erase(key, ' ');
    return key;
  }

  // A number option: its bounds are declared and enforced from one place.
  template <std::integral T>
  static Option spin(std::string name, T fallback, T min, T max, std::function<void(T)> set) {
    const std::string declaration = "type spin default " + std::to_string(fallback) + " min " + std::to_string(min) +
                                    " max " + std::to_string(max);
    return {name, [declaration] { return declaration; },
            [name, min, max, set](const std::string& value) { set(option_number(name, value, min, max)); }};
  }

  static Option text(std::string name, std::function<void(const std::string&)> set) {
    return {std::move(name), [] { return std::string("type string default <empty>"); }, std::move(set)};
  }

  std::vector<Option> make_options() {
    return {
        spin<std::size_t>("Hash", AlphaBeta::DEFAULT_TABLE_MB, MIN_HASH_MB, MAX_HASH_MB,
                          [this](std::size_t mb) {
                            hash_mb_ = mb;
                            const int contempt = search_.contempt();
                            search_ = AlphaBeta(hash_mb_);
                            search_.set_contempt(contempt);
                            apply_weights();
                            search_.set_tablebases(tables_);
                          }),
        {"UCI_Variant",
         [this] {
           std::string names;
           for (const auto& [name, variant] : variants_) names += " var " + name;
           return "type combo default standard" + names;
         },
         [this](const std::string& value) { select_variant(value); }},
        text("VariantPath",
             [this](const std::string& value) {
               if (value.empty() || value == "<empty>") return;
               Variant v = load_variant_file(value);
               const std::string loaded = v.name;
               variants_[loaded] = std::make_shared<const Variant>(std::move(v));
               if (loaded == variant_name_) select_variant(loaded);  // a new version of the rules in use
               send("info string variant " + loaded + " loaded from " + excerpt(value, 200));
             }),
        spin<std::uint64_t>("Seed", DEFAULT_SEED, 0, MAX_SEED, [this](std::uint64_t seed) { seed_ = seed; }),
        spin<int>("Contempt", AlphaBeta::DEFAULT_CONTEMPT, -AlphaBeta::MAX_CONTEMPT, AlphaBeta::MAX_CONTEMPT,
                  [this](int contempt) { search_.set_contempt(contempt); }),
        spin<long long>("MoveOverhead", DEFAULT_MOVE_OVERHEAD_MS, 0, MAX_MOVE_OVERHEAD_MS,
                        [this](long long ms) { move_overhead_ms_ = ms; }),
        text("Weights", [this](const std::string& value) { set_weights(value); }),
        text("Tablebases",
             [this](const std::string& value) {
               tablebase_root_ = tablebase_root(value);
               use_tables();
             }),
    };
  }

  // Tablebases: empty (or <empty>) for none, auto for the default cache folder, else a folder.
  static std::filesystem::path tablebase_root(const std::string& value) {
    if (value.empty() || value == "<empty>") return {};
    if (value == "auto") {
      try {
        return tablebase::default_folder();
      } catch (const tablebase::TablebaseError& e) {
        throw ProtocolError(std::string("Tablebases auto: ") + e.what());
      }
    }
    std::error_code ec;
    if (!std::filesystem::is_directory(value, ec))
      throw ProtocolError("Tablebases must be empty, auto or a folder that exists, not \"" + excerpt(value, 200) + "\"");
    return value;
  }

  // The tables of the variant in use, from the Tablebases folder: only those already on disk,
  // which `jungle tablebase build` makes (building one mid-game could take minutes).
  void use_tables() {
    tables_.reset();
    if (!tablebase_root_.empty()) {
      try {
        tables_ = context_.tables(*variant_, tablebase_root_);
        const std::size_t n = tables_->on_disk().size();
        std::string line = "info string tablebases: ";
        line += std::to_string(n);
        line += n == 1 ? " table of variant " : " tables of variant ";
        line += variant_name_;
        line += " in ";
        line += tables_->folder().string();
        if (n == 0) ((line += "; jungle tablebase build --variant ") += variant_name_) += " makes them";
        send(line);
      } catch (const tablebase::TablebaseError& e) {
        send("info string tablebases not used in variant " + variant_name_ + ": " + e.what());
      }
    }
    search_.set_tablebases(tables_);
  }

  void select_variant(const std::string& name) {
    auto it = variants_.find(name);
    if (it == variants_.end())
      throw ProtocolError("unknown variant \"" + excerpt(name) + "\"; load its rules with VariantPath first");
    game_.reset();  // before the variant it refers to may go
    variant_ = it->second;
    variant_name_ = name;
    game_.emplace(*variant_);
    search_.clear();
    apply_weights();
    if (!tablebase_root_.empty()) use_tables();
  }

  // Weights FILE holds the weights of one set of rules: it is used whenever a variant with those
  // rules is selected (options come before UCI_Variant or after it, as managers send them);
  // other variants keep their default. `untuned` is every variant's untuned weights; empty
  // (or <empty>) the default, the tuned weights beside each variant's rules file.
  void set_weights(const std::string& value) {
    if (value.empty() || value == "<empty>" || value == UNTUNED_WEIGHTS) {
      weights_file_.reset();
      weights_untuned_ = value == UNTUNED_WEIGHTS;
    } else {
      WeightsFile file = read_weights_file(value);  // a bad file changes nothing
      weights_file_ = std::make_shared<const WeightsFile>(std::move(file));
      weights_untuned_ = false;
      send("info string weights for " + excerpt(weights_file_->variant) + " (rules hash " + weights_file_->rules_hash +
           ") loaded from " + excerpt(value, 200));
    }
    apply_weights();
  }

  void apply_weights() {
    if (weights_file_ && weights_file_->rules_hash == rules_hash(*variant_)) {
      search_.set_weights(std::shared_ptr<const EvalWeights>(weights_file_, &weights_file_->weights));
      return;
    }
    try {
      search_.set_weights(context_.weights(*variant_, weights_untuned_ ? UNTUNED_WEIGHTS : "").weights);
    } catch (const WeightsError& e) {
      // The file beside the rules does not fit them: say so, and play on untuned.
      send(std::string("info string error: ") + e.what() + "; playing with the untuned weights");
      search_.set_weights(nullptr);
    }
  }

  // position startpos|fen PLACEMENT SIDE [moves M...]. On an illegal move the position stays
  // where it was before that move.
  void set_position(const std::vector<std::string>& t) {
    std::size_t i = 1;
    std::string fen;
    if (i < t.size() && t[i] == "startpos") {
      ++i;
    } else if (i < t.size() && t[i] == "fen") {
      for (++i; i < t.size() && t[i] != "moves"; ++i) fen += (fen.empty() ? "" : " ") + t[i];
      if (fen.empty()) throw ProtocolError("position fen: no position given");
    } else {
      throw ProtocolError("position: expected startpos or fen");
    }
    Game game(*variant_, fen);
    if (i < t.size() && t[i] == "moves") ++i;
    else if (i < t.size()) throw ProtocolError("position: expected moves, not \"" + excerpt(t[i]) + "\"");
    game_.emplace(std::move(game));
    for (; i < t.size(); ++i) {
      if (game_->end()) throw ProtocolError("move " + excerpt(t[i]) + " after the game ended");
      if (!game_->play(parse_move(game_->position(), t[i])))
        throw ProtocolError("illegal move " + excerpt(t[i]) + " in " + game_->position().fen());
    }
  }

  void go(const std::vector<std::string>& t) {
    const Clock::time_point start = Clock::now();
    const GoCommand command = parse_go(t);
    for (const std::string& note : command.notes) send("info string " + note);
    if (const auto& end = game_->end()) {
      send(std::string("info string the game is over: ") + result_name(end->result) + " by " +
           end_reason_name(end->reason));
      send("bestmove (none)");
      return;
    }
    stop_ = false;
    infinite_ = command.infinite;
    SearchLimits limits;
    limits.depth = command.depth;
    limits.nodes = command.nodes;
    const Color us = game_->position().side_to_move();
    const ClockLimits clock = command.infinite ? ClockLimits{} : clock_limits(command, us);
    lag_.on_go(us, clock, int(game_->moves().size()));
    if (const auto budget = plan_move(clock, lag_.overhead(move_overhead_ms_))) {
      limits.deadline = start + budget->maximum;
      // A move time is the manager's to spend: the search runs to it, rather than stopping
      // early when its next iteration might not fit, as a clock's planning does.
      if (!clock.movetime_ms) limits.no_new_iteration_after = start + budget->optimum;
    }
    limits.stop = &stop_;
    reported_nodes_ = 0;
    limits.on_iteration = [this, start](const SearchResult& r) {
      send_info(r, start);
      reported_nodes_ = r.nodes;
    };
    thread_ = std::thread([this, limits, start] {
      Rng rng(seed_ ^ game_->position().key());
      SearchResult result;
      try {
        result = search_.search(*game_, limits, rng);
      } catch (const std::exception& e) {
        // Say so, and still answer with a legal move: the protocol must go on.
        send(std::string("info string error: the search failed: ") + e.what());
        result.best = game_->legal().moves[0];
      }
      // `go infinite` answers only after `stop`, as UCI asks, even when the search is done.
      if (infinite_) {
        std::unique_lock lock(stop_mutex_);
        stopped_.wait(lock, [this] { return stop_.load(); });
      }
      // After an iteration cut short, the result once more with the time it took in all: a
      // manager reads its latency as the time to bestmove less the last time reported.
      if (result.depth > 0 && result.nodes != reported_nodes_) send_info(result, start);
      lag_.on_answer(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count());
      send("bestmove " + move_to_string(result.best));
    });
  }

  // An `info` line of a search's result, timed from `go`.
  void send_info(const SearchResult& r, Clock::time_point start) {
    const long long ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    std::string pv;
    for (Move m : r.pv) (pv += ' ') += move_to_string(m);  // not " " + ...: a false -Wrestrict in GCC 12
    std::string tbhits;  // UCI's count of table probes, when tables are in use
    if (tables_) (tbhits += " tbhits ") += std::to_string(r.tb_hits);
    send("info depth " + std::to_string(r.depth) + " seldepth " + std::to_string(std::max(r.seldepth, r.depth)) +
         " score " + score_text(r.score) + " nodes " + std::to_string(r.nodes) + " nps " +
         std::to_string(r.nodes * 1000 / std::uint64_t(std::max(1LL, ms))) + tbhits + " time " + std::to_string(ms) +
         " pv" + pv);
  }

  void wait_for_search() {
    if (thread_.joinable()) thread_.join();
  }

  void stop_search() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard lock(stop_mutex_);
      stop_ = true;
    }
    stopped_.notify_all();
    thread_.join();
  }

  std::ostream& out_;
  std::mutex out_mutex_;
  std::map<std::string, std::shared_ptr<const Variant>> variants_;
  std::shared_ptr<const Variant> variant_;  // the one game_ refers to
  std::string variant_name_;
  std::optional<Game> game_;
  std::size_t hash_mb_ = AlphaBeta::DEFAULT_TABLE_MB;
  std::uint64_t seed_ = DEFAULT_SEED;
  long long move_overhead_ms_ = DEFAULT_MOVE_OVERHEAD_MS;
  LagMeter lag_;  // read and written by one search at a time: the next go joins the last
  std::uint64_t reported_nodes_ = 0;  // the nodes of the last info line: the search thread's
  std::shared_ptr<const WeightsFile> weights_file_;  // from the Weights option
  bool weights_untuned_ = false;
  std::filesystem::path tablebase_root_;  // empty: no tables
  std::shared_ptr<tablebase::DiskTables> tables_;  // of the variant in use
  // The engine's own run: the weights files beside the rules and the tables, each read once
  // whichever variant and folder the manager selects, and selects again.
  PlayerContext context_;
  AlphaBeta search_;
  const std::vector<Option> options_;
  std::thread thread_;
  std::atomic<bool> stop_{false};
  bool infinite_ = false;
  std::mutex stop_mutex_;
  std::condition_variable stopped_;
};

}  // namespace

namespace {

// The next line of `in` without its '\n', or nothing at the end of input. A line longer than
// `max` is read to its end but not kept: its first `max` bytes and too_long.
std::optional<std::string> read_line(std::istream& in, std::size_t max, bool& too_long) {
  std::streambuf& buffer = *in.rdbuf();
  std::string line;
  too_long = false;
  for (int c = buffer.sbumpc(); c != std::char_traits<char>::eof(); c = buffer.sbumpc()) {
    if (c == '\n') return line;
    if (line.size() < max) line.push_back(char(c));
    else too_long = true;
  }
  if (line.empty() && !too_long) return std::nullopt;
  return line;  // a last line without '\n'
}

}  // namespace

int run_uci_engine(std::istream& in, std::ostream& out) {
  Engine engine(out);
  bool too_long = false;
  // No command is near support/files.h's MAX_LINE (a position of a 10,000-ply game is 50 kB): a
  // longer line is a broken manager, not to be held whole in memory.
  while (std::optional<std::string> line = read_line(in, MAX_LINE, too_long)) {
    if (too_long) {
      engine.report("a line of more than " + byte_size_text(MAX_LINE) + " (\"" + excerpt(*line) +
                    "...\") was left out");
      continue;
    }
    if (!line->empty() && line->back() == '\r') line->pop_back();
    if (!engine.handle(*line)) break;
  }
  return 0;
}

}  // namespace jungle
