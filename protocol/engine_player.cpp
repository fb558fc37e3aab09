#include "protocol/engine_player.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "engine/movegen.h"
#include "engine/variant_loader.h"
#include "protocol/info_line.h"
#include "support/duration.h"
#include "support/excerpt.h"
#include "support/key_values.h"
#include "support/numbers.h"
#include "support/text.h"

namespace jungle {

namespace {

using Clock = EngineProcess::Clock;
using std::chrono::milliseconds;

bool from_a_rules_file(const Variant& v) {
  if (v.source.empty()) return false;
  std::error_code ec;
  return !std::filesystem::equivalent(std::filesystem::path(v.source).parent_path(), bundled_variants_dir(), ec);
}

}  // namespace

std::string go_command(const TimeControl& tc, Color us, const GameClock& white, const GameClock& black) {
  std::string go = "go";
  if (tc.has_clock()) {
    go += " wtime " + std::to_string(white.left_ms()) + " btime " + std::to_string(black.left_ms()) + " winc " +
          std::to_string(white.increment_ms()) + " binc " + std::to_string(black.increment_ms());
    if (const int mtg = (us == WHITE ? white : black).moves_to_go()) go += " movestogo " + std::to_string(mtg);
  }
  if (tc.movetime_ms) go += " movetime " + std::to_string(tc.movetime_ms);
  if (tc.nodes) go += " nodes " + std::to_string(tc.nodes);
  if (tc.depth) go += " depth " + std::to_string(tc.depth);
  if (go == "go") go += " infinite";  // never reached: a tournament always sets some limit
  return go;
}

// --- The definition ---------------------------------------------------------------------

namespace {

// The longest timeout and margin an engine may be given: an hour, as --timemargin.
constexpr double MAX_ENGINE_WAIT_SECONDS = 3600;

// The keys of an engine, or of --each (`defaults`), read into one config.
EngineConfig parse_engine_keys(std::string_view text, bool defaults) {
  EngineConfig c;
  std::string limits;
  const std::string option = defaults ? "--each " : "--engine ";
  auto refuse = [&](const std::string& why) { throw std::invalid_argument(option + excerpt(text, 80) + ": " + why); };
  const std::vector<std::string_view> own = {"name", "cmd", "dir", "args"};
  std::vector<std::string_view> keys = {"option.", "tc", "st", "nodes", "depth", "timemargin", "timeout.uci",
                                        "timeout.isready"};
  if (!defaults) keys.insert(keys.begin(), own.begin(), own.end());
  const std::string expected = std::string(defaults ? "" : "name, cmd, dir, args, ") +
                               "option.NAME, tc, st, nodes, depth, timemargin, timeout.uci, timeout.isready";
  std::vector<KeyValue> items;
  try {
    items = split_key_values(text, {.keys = keys, .expected = expected});
  } catch (const KeyValueError& e) {
    refuse(e.what());
  }
  const auto wait = [&](const std::string& key, const std::string& value) {
    const std::optional<double> seconds = parse_duration_seconds(value);
    if (!seconds || *seconds > MAX_ENGINE_WAIT_SECONDS)
      refuse(key + "=" + excerpt(value) + " is not a duration of at most an hour (10, 0.5, 2s, 1:30)");
    return std::chrono::milliseconds(std::llround(*seconds * 1000));
  };
  for (const auto& [key, value] : items) {
    if (key == "name") c.name = value;
    else if (key == "cmd") c.command = value;
    else if (key == "dir") c.dir = value;
    else if (key == "args") c.args = words(value);
    else if (key.starts_with("option.")) c.options.emplace_back(key.substr(7), value);
    else if (key == "timeout.uci") c.uci_timeout = wait(key, value);
    else if (key == "timeout.isready") c.isready_timeout = wait(key, value);
    else if (key == "timemargin") {
      const std::optional<long long> ms = parse_whole_number(value, 0LL, (long long)(MAX_ENGINE_WAIT_SECONDS * 1000));
      if (!ms) refuse("timemargin=" + excerpt(value) + " is not a whole number of milliseconds from 0 to 3600000");
      c.margin_ms = *ms;
    } else (limits += limits.empty() ? "" : ",") += key + "=" + value;
  }
  if (!defaults) {
    if (c.name.empty()) refuse("name= is missing");
    if (c.command.empty()) refuse("cmd= is missing");
    if (c.name.find_first_of(" ,;:") != std::string::npos) refuse("the name must not hold spaces, ',', ';' or ':'");
  }
  if (!limits.empty()) {
    try {
      c.limits = parse_time_control(limits);
    } catch (const std::invalid_argument& e) {
      refuse(e.what());
    }
  }
  return c;
}

// A timeout as the keys write it: whole seconds as "10", else milliseconds as "0.25".
std::string wait_text(std::chrono::milliseconds ms) {
  if (ms.count() % 1000 == 0) return std::to_string(ms.count() / 1000);
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", double(ms.count()) / 1000);
  return text;
}

}  // namespace

EngineConfig parse_engine_config(std::string_view text) { return parse_engine_keys(text, false); }

EngineConfig parse_engine_defaults(std::string_view text) { return parse_engine_keys(text, true); }

EngineConfig EngineConfig::over(const EngineConfig& defaults) const {
  EngineConfig merged = *this;
  if (!merged.limits) merged.limits = defaults.limits;
  if (!merged.margin_ms) merged.margin_ms = defaults.margin_ms;
  if (!merged.uci_timeout) merged.uci_timeout = defaults.uci_timeout;
  if (!merged.isready_timeout) merged.isready_timeout = defaults.isready_timeout;
  merged.options = defaults.options;
  merged.options.insert(merged.options.end(), options.begin(), options.end());
  return merged;
}

std::string EngineConfig::text() const {
  std::string keys;  // each after a ','
  if (!dir.empty()) keys += ",dir=" + dir.string();
  if (!args.empty()) (keys += ",args=") += join(args, " ");
  for (const auto& [option, value] : options) keys += ",option." + option + "=" + value;
  if (limits) (keys += ',') += limits->text();
  if (margin_ms) keys += ",timemargin=" + std::to_string(*margin_ms);
  if (uci_timeout) keys += ",timeout.uci=" + wait_text(*uci_timeout);
  if (isready_timeout) keys += ",timeout.isready=" + wait_text(*isready_timeout);
  // --each has no name or command: its text is its keys alone.
  if (name.empty() && command.empty()) return keys.empty() ? keys : keys.substr(1);
  return "name=" + name + ",cmd=" + command + keys;
}

// --- The process ------------------------------------------------------------------------

EnginePlayer::EnginePlayer(EngineConfig config, std::int64_t margin_ms, std::chrono::milliseconds startup_timeout)
    : config_(std::move(config)),
      margin_ms_(config_.margin_ms.value_or(margin_ms)),
      uci_timeout_(config_.uci_timeout.value_or(startup_timeout)),
      isready_timeout_(config_.isready_timeout.value_or(startup_timeout)) {}

void EnginePlayer::send(const std::string& line) {
  remember('>', line);
  process_->send(line);
}

std::optional<std::string> EnginePlayer::read_line(Clock::time_point deadline) {
  std::optional<std::string> line = process_->read_line(deadline);
  if (line) remember('<', *line);
  return line;
}

void EnginePlayer::remember(char direction, const std::string& line) {
  if (log_) log_->write(config_.name, game_, EngineLog::Direction(direction), line);
  if (last_lines_.size() == LAST_LINES_KEPT) last_lines_.pop_front();
  last_lines_.push_back(std::string(1, direction) + " " + excerpt(line, 160));
}

std::string EnginePlayer::last_lines() const {
  std::string text;
  for (const std::string& line : last_lines_) (text += text.empty() ? "" : " | ") += line;
  return text.empty() ? "" : "; its last lines: " + text;
}

void EnginePlayer::expect(const std::string& prefix, const std::string& after, std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  try {
    while (auto line = read_line(deadline))
      if (line->rfind(prefix, 0) == 0) return;
  } catch (const EngineProcessError& e) {
    throw EngineStartError("engine " + config_.name + " (" + config_.command + "): " + e.what() + " before " + prefix);
  }
  throw EngineStartError("engine " + config_.name + " (" + config_.command + "): no " + prefix + " within " +
                         wait_text(timeout) + " s of " + after);
}

void EnginePlayer::start() {
  try {
    process_ = std::make_unique<EngineProcess>(config_.command, config_.args, config_.dir);
  } catch (const EngineProcessError& e) {
    throw EngineStartError("engine " + config_.name + ": " + e.what());
  }
  try {
    send("uci");
    expect("uciok", "uci", uci_timeout_);
    for (const auto& [option, value] : config_.options) send("setoption name " + option + " value " + value);
    send("isready");
    expect("readyok", "isready", isready_timeout_);
  } catch (const EngineProcessError& e) {
    process_.reset();
    throw EngineStartError("engine " + config_.name + " (" + config_.command + "): " + e.what());
  } catch (...) {
    process_.reset();
    throw;
  }
}

void EnginePlayer::probe() {
  start();
  try {
    send("quit");
  } catch (const EngineProcessError&) {
    // It answered what it had to; how it leaves does not matter.
  }
  process_.reset();
}

void EnginePlayer::new_game(const Variant& variant) {
  broken_.clear();
  last_lines_.clear();
  // An engine that died since its last game shows only when written to: then start it afresh.
  for (int attempt = 0; attempt < 2; ++attempt) {
    try {
      if (!process_ || !process_->running()) start();
      ready_for(variant);
      return;
    } catch (const std::runtime_error& e) {
      process_.reset();
      if (attempt == 1) broken_ = e.what() + last_lines();
    }
  }
}

void EnginePlayer::ready_for(const Variant& variant) {
  // A variant from a file reaches the engine as that file; a bundled one by its name.
  if (from_a_rules_file(variant))
    send("setoption name VariantPath value " + std::filesystem::absolute(variant.source).string());
  send("setoption name UCI_Variant value " + variant.name);
  send("ucinewgame");
  send("isready");
  expect("readyok", "isready", isready_timeout_);
}

EngineAnswer EnginePlayer::play(const Game& game, const std::string& start_fen, const TimeControl& limits,
                                const GameClock& white, const GameClock& black) {
  EngineAnswer answer;
  last_lines_.clear();  // a forfeit quotes this move's exchange
  if (!broken_.empty() || !process_) {
    answer.fault = EndReason::Disconnect;
    answer.detail = broken_.empty() ? "the engine is not running" : broken_;
    return answer;
  }
  std::string position = start_fen.empty() ? "position startpos" : "position fen " + start_fen;
  if (!game.moves().empty()) {
    position += " moves";
    for (Move m : game.moves()) (position += ' ') += move_to_string(m);
  }
  const Color us = game.position().side_to_move();
  const GameClock& own = us == WHITE ? white : black;
  milliseconds allowed = limits.has_clock()   ? milliseconds(own.left_ms())
                         : limits.movetime_ms ? milliseconds(limits.movetime_ms)
                                              : std::chrono::duration_cast<milliseconds>(UNTIMED_MOVE_LIMIT);
  allowed += milliseconds(margin_ms_);

  const auto start = Clock::now();
  SearchReport report;
  try {
    send(position);
    send(go_command(limits, us, white, black));
    while (auto line = read_line(start + allowed)) {
      if (line->rfind("info ", 0) == 0) {
        read_info_line(*line, report);
        continue;
      }
      if (line->rfind("bestmove", 0) != 0) continue;  // anything else is not ours to read
      answer.info = report.info;
      answer.info.ms = std::chrono::duration_cast<milliseconds>(Clock::now() - start).count();
      answer.info.latency_ms = latency_ms(answer.info.ms, report.reported_ms);
      const std::vector<std::string> w = words(*line);
      const std::string text = w.size() > 1 ? w[1] : "";
      answer.move = game.legal_move(text);
      if (answer.move == MOVE_NONE) {
        answer.fault = EndReason::IllegalMove;
        answer.detail = "bestmove " + excerpt(text);
        // A move of the piece's that the game's rules forbid here: a repetition.
        if (parse_move(game.position(), text) != MOVE_NONE)
          answer.detail += " (forbidden: the position would occur " +
                           std::to_string(game.position().variant().end.repetition_count) + " times)";
        answer.detail += last_lines();
      }
      return answer;
    }
    answer.fault = EndReason::Time;
    answer.detail = "no bestmove within " + std::to_string(allowed.count()) + " ms";
  } catch (const EngineProcessError& e) {
    answer.fault = EndReason::Disconnect;
    answer.detail = e.what();
  }
  answer.detail += last_lines();
  // Hung or gone: a fresh process for the next game.
  process_.reset();
  answer.info = report.info;
  answer.info.ms = std::chrono::duration_cast<milliseconds>(Clock::now() - start).count();
  return answer;
}

}  // namespace jungle
