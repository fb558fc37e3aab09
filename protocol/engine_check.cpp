#include "protocol/engine_check.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/variant_loader.h"
#include "protocol/answer_check.h"
#include "protocol/engine_process.h"
#include "support/excerpt.h"
#include "support/text.h"

namespace jungle {

namespace {

using Clock = EngineProcess::Clock;
using std::chrono::milliseconds;

// How long a search runs before the check sends `stop` to it.
constexpr milliseconds SEARCH_BEFORE_STOP{200};
// The move time of the search that `stop` must end: far longer than any check waits.
constexpr long long LONG_MOVETIME_MS = 3'600'000;

// The answer a step waits for did not come in time: the engine may still be busy.
struct Timeout : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string ms_text(milliseconds ms) { return std::to_string(ms.count()) + " ms"; }

std::string first_word(const std::string& line) {
  std::istringstream in(line);
  std::string word;
  in >> word;
  return word;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

std::string in_quotes(const std::string& text, std::size_t limit = 80) {
  std::string out = "\"";
  out += excerpt(text, limit);
  out += '"';
  return out;
}

// A position the check sends, the moves after it, and the same as a game, to judge answers by.
struct Setup {
  std::string command;  // "position startpos moves a3a4"
  Game game;
};

// `plies` moves from the start, each picked among the legal ones so that the line leaves the
// start's symmetry; sent from the start with `moves`, or from the position after `from_fen`
// plies as a fen with the rest as `moves`.
Setup make_setup(const Variant& variant, int plies, int from_fen = -1) {
  Game game(variant);
  std::string command = from_fen == 0 ? "position fen " + game.position().fen() : "position startpos";
  std::string moves;
  for (int ply = 0; ply < plies && !game.end(); ++ply) {
    const MoveList& legal = game.legal();
    if (legal.size == 0) break;
    const Move m = legal.moves[(ply * 7 + 3) % legal.size];
    game.play(m);
    if (ply + 1 == from_fen) command = "position fen " + game.position().fen();
    else if (ply + 1 > from_fen) (moves += ' ') += move_to_string(m);
  }
  if (!moves.empty()) command += " moves" + moves;
  return {command, game};
}

class Checker {
 public:
  Checker(const EngineCheckOptions& options, const std::function<void(const CheckStep&)>& on_step)
      : options_(options), on_step_(on_step), variant_(load_variant(options.variant)) {
    rules_file_ = options.rules_file.empty() ? bundled_variants_dir() / (options.variant + ".toml") : options.rules_file;
    rules_ = load_variant_file(rules_file_);  // a mistake in it is the user's, before any engine runs
  }

  std::vector<CheckStep> run() {
    struct Step {
      std::string name;
      std::function<CheckStep()> run;
    };
    const std::string bundled = variant_.name;
    std::vector<Step> steps = {
        {"uci", [this] { return uci(); }},
        {"option lines", [this] { return option_lines(); }},
        {"isready", [this] { return ready("isready", {}); }},
        {"setoption UCI_Variant " + bundled, [this] { return set_variant(); }},
        {"setoption VariantPath " + rules_file_.string(), [this] { return set_variant_path(); }},
        {"ucinewgame", [this] { return ready("ucinewgame", {"ucinewgame"}); }},
    };
    // Each limit of `go`, each after a position of its own, made under the rules the engine
    // was last told to play by.
    struct Search {
      std::string go;
      int plies, from_fen;
      long long granted_ms;  // what the limit lets the engine use, on top of the timeout
    };
    const std::vector<Search> searches = {
        {"go depth 3", 0, -1, 0},
        {"go nodes 1000", 2, -1, 0},
        {"go movetime 100", 4, 4, 100},
        {"go wtime 2000 btime 2000 winc 100 binc 100", 6, 4, 2000},
        {"go wtime 3000 btime 3000 movestogo 20", 3, 0, 3000},
    };
    for (const Search& s : searches)
      steps.push_back({s.go, [this, s] { return search(s.go, s.plies, s.from_fen, milliseconds(s.granted_ms)); }});
    steps.push_back({"go infinite then stop", [this] { return stopped_search("go infinite", true); }});
    steps.push_back({"stop during go movetime " + std::to_string(LONG_MOVETIME_MS),
                     [this] { return stopped_search("go movetime " + std::to_string(LONG_MOVETIME_MS), false); }});
    steps.push_back({"quit", [this] { return quit(); }});

    std::vector<CheckStep> done;
    auto record = [&](CheckStep step) {
      if (on_step_) on_step_(step);
      done.push_back(std::move(step));
    };
    for (std::size_t i = 0; i < steps.size(); ++i) {
      CheckStep step{steps[i].name, StepOutcome::Pass, ""};
      problem_.clear();
      std::string gone;  // why the engine cannot go on, if it cannot
      try {
        CheckStep result = steps[i].run();
        step.outcome = result.outcome;
        step.message = result.message;
      } catch (const Timeout& e) {
        step.outcome = StepOutcome::Fail;
        step.message = e.what();
        gone = bring_back(step.name);
      } catch (const EngineProcessError& e) {
        step.outcome = StepOutcome::Fail;
        step.message = e.what() + exit_text();
        gone = "the engine is not running";
      }
      record(step);
      if (!gone.empty() && i + 1 < steps.size()) {
        std::vector<std::string> rest;
        for (std::size_t j = i + 1; j < steps.size(); ++j) rest.push_back(steps[j].name);
        record({"remaining steps", StepOutcome::Fail, "not run, " + gone + ": " + join(rest, ", ")});
        break;
      }
    }
    if (process_) process_->kill();
    return done;
  }

 private:
  // --- Reading answers ------------------------------------------------------------------

  // Keeps the first thing wrong in the step under way; the step reads on to its answer, so
  // that the engine is left where the next step expects it.
  void note(const std::string& problem) {
    if (problem_.empty()) problem_ = problem;
  }

  // The step's outcome: a pass with `detail` unless something was noted.
  CheckStep outcome(const std::string& detail) {
    CheckStep step{"", problem_.empty() ? StepOutcome::Pass : StepOutcome::Fail, problem_.empty() ? detail : problem_};
    problem_.clear();
    return step;
  }

  // Reads lines until one whose first word is `answer` and returns it; throws Timeout when none
  // has come `allowed` after `since`. Each other line goes to `other` first, if it takes it,
  // then is judged: an `info` line while searching `searching`, `info string error` always (the
  // engine refused a command of the check), and any line that is no answer of the protocol.
  std::string read_until(const std::string& answer, Clock::time_point since, milliseconds allowed,
                         const std::string& after, const Game* searching = nullptr,
                         const std::function<bool(const std::string&)>& other = {}) {
    static const std::vector<std::string> ANSWERS = {"id", "option", "uciok", "readyok", "bestmove"};
    while (auto line = process_->read_line(since + allowed)) {
      const std::string word = first_word(*line);
      if (word == answer) return *line;
      if (other && other(*line)) continue;
      if (word.empty()) continue;
      if (word == "info") {
        if (line->starts_with("info string error")) note("the engine answered " + in_quotes(*line));
        else if (searching)
          if (auto problem = info_line_problem(*line, *searching)) note(in_quotes(*line, 60) + ": " + *problem);
      } else if (std::find(ANSWERS.begin(), ANSWERS.end(), word) == ANSWERS.end()) {
        note("unexpected line " + in_quotes(*line));
      }
    }
    throw Timeout("no " + answer + " within " + ms_text(allowed) + (after.empty() ? "" : " of " + after));
  }

  // After a timeout: `stop` and `isready`, and the engine is back once it says `readyok`.
  // Returns why it is not back, or "" when it is.
  std::string bring_back(const std::string& step) {
    problem_.clear();
    try {
      process_->send("stop");
      process_->send("isready");
      read_until("readyok", Clock::now(), options_.timeout, "", nullptr, [](const std::string&) { return true; });
      return "";
    } catch (const Timeout&) {
      process_->kill();
      return "the engine answered no isready within " + ms_text(options_.timeout) + " after " + step;
    } catch (const EngineProcessError&) {
      return "the engine is not running";
    }
  }

  // "; it exited with status N" for an engine that has gone, if that is known in a moment.
  std::string exit_text() {
    if (!process_) return "";
    const auto status = process_->wait(Clock::now() + milliseconds(100));
    return status ? "; it " + describe_exit(*status) : "";
  }

  // --- The steps ------------------------------------------------------------------------

  CheckStep uci() {
    process_ = std::make_unique<EngineProcess>(options_.program, options_.args);
    process_->send("uci");
    std::string name;
    bool answered = false;  // lines before the first id or option are a banner, as Stockfish's
    read_until("uciok", Clock::now(), options_.timeout, "uci", nullptr, [&](const std::string& line) {
      const std::string word = first_word(line);
      if (word == "id") {
        answered = true;
        if (line.starts_with("id name ")) name = line.substr(8);
        return true;
      }
      if (word == "option") {
        answered = true;
        option_lines_.push_back(line);
        return true;
      }
      return !answered && word != "info";
    });
    if (name.empty()) note("no id name before uciok");
    return outcome("id name " + excerpt(name, 60) + ", " + std::to_string(option_lines_.size()) +
                   (option_lines_.size() == 1 ? " option" : " options"));
  }

  CheckStep option_lines() {
    std::vector<std::string> seen, listed;
    for (const std::string& line : option_lines_) {
      const OptionLine option = read_option_line(line);
      if (!option.problem.empty()) {
        note(in_quotes(line) + ": " + option.problem);
        continue;
      }
      const std::string key = lower(option.option.name);
      if (std::find(seen.begin(), seen.end(), key) != seen.end())
        note("option " + in_quotes(option.option.name) + " is declared twice");
      seen.push_back(key);
      listed.push_back(option.option.name + " (" + option.option.type + ")");
      options_declared_.push_back(option.option);
    }
    return outcome(listed.empty() ? "none declared" : join(listed, ", "));
  }

  const OptionDeclaration* declared(const std::string& name) const {
    for (const OptionDeclaration& o : options_declared_)
      if (lower(o.name) == lower(name)) return &o;
    return nullptr;
  }

  // Sends `commands`, then isready; passes when readyok comes in time and nothing was refused.
  CheckStep ready(const std::string& after, const std::vector<std::string>& commands) {
    for (const std::string& c : commands) process_->send(c);
    process_->send("isready");
    const auto start = Clock::now();
    read_until("readyok", start, options_.timeout, after == "isready" ? "" : "isready after " + after);
    const auto ms = std::chrono::duration_cast<milliseconds>(Clock::now() - start);
    return outcome("readyok in " + ms_text(ms));
  }

  CheckStep set_variant() {
    const OptionDeclaration* option = declared("UCI_Variant");
    if (!option) return {"", StepOutcome::Skip, "the engine declares no UCI_Variant option"};
    if (option->type == "combo" && std::find(option->vars.begin(), option->vars.end(), variant_.name) == option->vars.end())
      return {"", StepOutcome::Fail, variant_.name + " is not among its values (" + join(option->vars, ", ") + ")"};
    CheckStep step = ready("setoption", {"setoption name " + option->name + " value " + variant_.name});
    if (step.outcome == StepOutcome::Pass) judged_by_ = &variant_;
    return step;
  }

  CheckStep set_variant_path() {
    const OptionDeclaration* path = declared("VariantPath");
    if (!path) return {"", StepOutcome::Skip, "the engine declares no VariantPath option"};
    std::vector<std::string> commands = {"setoption name " + path->name + " value " +
                                         std::filesystem::absolute(rules_file_).string()};
    // Loading does not choose the variant: UCI_Variant does, by the name the file gives it.
    const OptionDeclaration* variant = declared("UCI_Variant");
    if (variant) commands.push_back("setoption name " + variant->name + " value " + rules_.name);
    CheckStep step = ready("setoption", commands);
    if (step.outcome == StepOutcome::Pass && variant) {
      judged_by_ = &rules_;
      step.message = "variant " + rules_.name + " chosen; " + step.message;
    }
    return step;
  }

  // The bestmove line's move, judged in `game`; its problem noted.
  std::string judge_bestmove(const std::string& line, const Game& game) {
    std::istringstream in(line);
    std::string word, move;
    in >> word >> move;
    if (move.empty()) {
      note("bestmove without a move");
    } else if (game.legal_move(move) == MOVE_NONE) {
      // Two squares that make no legal move, or something that names no squares at all.
      const bool squares = move.size() >= 4 && std::isalpha((unsigned char)move[0]) && std::isdigit((unsigned char)move[1]);
      note("bestmove " + (squares ? excerpt(move) : in_quotes(move)) + " is not legal in " + game.position().fen());
    }
    return move;
  }

  CheckStep search(const std::string& go, int plies, int from_fen, milliseconds granted) {
    const Setup setup = make_setup(*judged_by_, plies, from_fen);
    process_->send(setup.command);
    process_->send(go);
    const auto start = Clock::now();
    const std::string line = read_until("bestmove", start, options_.timeout + granted, "", &setup.game);
    const auto ms = std::chrono::duration_cast<milliseconds>(Clock::now() - start);
    const std::string move = judge_bestmove(line, setup.game);
    return outcome(setup.command + ": bestmove " + excerpt(move) + " in " + ms_text(ms));
  }

  // A search that only `stop` ends: `go infinite` must not answer before it (`until_stop`).
  CheckStep stopped_search(const std::string& go, bool until_stop) {
    const Setup setup = make_setup(*judged_by_, 5, -1);
    process_->send(setup.command);
    process_->send(go);
    std::optional<std::string> early;
    try {
      early = read_until("bestmove", Clock::now(), SEARCH_BEFORE_STOP, "", &setup.game);
    } catch (const Timeout&) {
      // Still searching, as it should.
    }
    if (early) {
      if (until_stop) note("bestmove before stop (" + go + " searches until stop)");
      const std::string move = judge_bestmove(*early, setup.game);
      return outcome("bestmove " + excerpt(move) + " before stop, within " + ms_text(SEARCH_BEFORE_STOP));
    }
    process_->send("stop");
    const auto start = Clock::now();
    const std::string line = read_until("bestmove", start, options_.timeout, "stop", &setup.game);
    const auto ms = std::chrono::duration_cast<milliseconds>(Clock::now() - start);
    const std::string move = judge_bestmove(line, setup.game);
    return outcome("bestmove " + excerpt(move) + " " + ms_text(ms) + " after stop");
  }

  CheckStep quit() {
    process_->send("quit");
    const auto start = Clock::now();
    const std::optional<int> status = process_->wait(start + options_.timeout);
    if (!status) return {"", StepOutcome::Fail, "still running " + ms_text(options_.timeout) + " after quit (killed)"};
    const auto ms = std::chrono::duration_cast<milliseconds>(Clock::now() - start);
    if (*status != 0) return {"", StepOutcome::Fail, describe_exit(*status) + " after quit"};
    return {"", StepOutcome::Pass, "exited in " + ms_text(ms)};
  }

  const EngineCheckOptions& options_;
  std::function<void(const CheckStep&)> on_step_;
  Variant variant_;                 // sent as UCI_Variant
  std::filesystem::path rules_file_;
  Variant rules_;                   // loaded from rules_file_, sent as VariantPath
  const Variant* judged_by_ = &standard_;  // the rules the engine was last told to play by
  Variant standard_ = load_variant("standard");
  std::unique_ptr<EngineProcess> process_;
  std::vector<std::string> option_lines_;
  std::vector<OptionDeclaration> options_declared_;
  std::string problem_;  // the first thing wrong in the step under way
};

}  // namespace

std::vector<CheckStep> check_engine(const EngineCheckOptions& options,
                                    const std::function<void(const CheckStep&)>& on_step) {
  return Checker(options, on_step).run();
}

std::string step_line(const CheckStep& step) {
  const char* word = step.outcome == StepOutcome::Pass ? "pass" : step.outcome == StepOutcome::Fail ? "FAIL" : "skip";
  std::string line = word;
  (line += ' ') += step.name;
  if (!step.message.empty()) (line += ": ") += step.message;
  return line;
}

}  // namespace jungle
