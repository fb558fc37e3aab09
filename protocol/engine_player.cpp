#include "protocol/engine_player.h"

#include <algorithm>
#include <sstream>

#include "engine/movegen.h"
#include "engine/variant_loader.h"
#include "protocol/info_line.h"
#include "support/excerpt.h"
#include "support/key_values.h"
#include "support/text.h"

namespace jungle {

namespace {

using Clock = EngineProcess::Clock;
using std::chrono::milliseconds;

std::vector<std::string> words(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

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

EngineConfig parse_engine_config(std::string_view text) {
  EngineConfig c;
  std::string limits;
  auto refuse = [&](const std::string& why) {
    throw std::invalid_argument("--engine " + excerpt(text, 80) + ": " + why);
  };
  std::vector<KeyValue> items;
  try {
    items = split_key_values(text, {.keys = {"name", "cmd", "dir", "args", "option.", "tc", "st", "nodes", "depth"},
                                    .expected = "name, cmd, dir, args, option.NAME, tc, st, nodes, depth"});
  } catch (const KeyValueError& e) {
    refuse(e.what());
  }
  for (const auto& [key, value] : items) {
    if (key == "name") c.name = value;
    else if (key == "cmd") c.command = value;
    else if (key == "dir") c.dir = value;
    else if (key == "args") c.args = words(value);
    else if (key.starts_with("option.")) c.options.emplace_back(key.substr(7), value);
    else (limits += limits.empty() ? "" : ",") += key + "=" + value;
  }
  if (c.name.empty()) refuse("name= is missing");
  if (c.command.empty()) refuse("cmd= is missing");
  if (c.name.find_first_of(" ,;:") != std::string::npos) refuse("the name must not hold spaces, ',', ';' or ':'");
  if (!limits.empty()) {
    try {
      c.limits = parse_time_control(limits);
    } catch (const std::invalid_argument& e) {
      refuse(e.what());
    }
  }
  return c;
}

std::string EngineConfig::text() const {
  std::string out = "name=" + name + ",cmd=" + command;
  if (!dir.empty()) out += ",dir=" + dir.string();
  if (!args.empty()) {
    out += ",args=";
    out += join(args, " ");
  }
  for (const auto& [option, value] : options) out += ",option." + option + "=" + value;
  if (limits) (out += ',') += limits->text();
  return out;
}

// --- The process ------------------------------------------------------------------------

EnginePlayer::EnginePlayer(EngineConfig config, std::int64_t margin_ms, std::chrono::seconds startup_timeout)
    : config_(std::move(config)), margin_ms_(margin_ms), startup_timeout_(startup_timeout) {}

void EnginePlayer::expect(const std::string& prefix, const std::string& after) {
  const auto deadline = Clock::now() + startup_timeout_;
  try {
    while (auto line = process_->read_line(deadline))
      if (line->rfind(prefix, 0) == 0) return;
  } catch (const EngineProcessError& e) {
    throw EngineStartError("engine " + config_.name + " (" + config_.command + "): " + e.what() + " before " + prefix);
  }
  throw EngineStartError("engine " + config_.name + " (" + config_.command + "): no " + prefix + " within " +
                         std::to_string(startup_timeout_.count()) + " s of " + after);
}

void EnginePlayer::start() {
  try {
    process_ = std::make_unique<EngineProcess>(config_.command, config_.args, config_.dir);
  } catch (const EngineProcessError& e) {
    throw EngineStartError("engine " + config_.name + ": " + e.what());
  }
  try {
    process_->send("uci");
    expect("uciok", "uci");
    for (const auto& [option, value] : config_.options) process_->send("setoption name " + option + " value " + value);
    process_->send("isready");
    expect("readyok", "isready");
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
    process_->send("quit");
  } catch (const EngineProcessError&) {
    // It answered what it had to; how it leaves does not matter.
  }
  process_.reset();
}

void EnginePlayer::new_game(const Variant& variant) {
  broken_.clear();
  // An engine that died since its last game shows only when written to: then start it afresh.
  for (int attempt = 0; attempt < 2; ++attempt) {
    try {
      if (!process_ || !process_->running()) start();
      ready_for(variant);
      return;
    } catch (const std::runtime_error& e) {
      process_.reset();
      if (attempt == 1) broken_ = e.what();
    }
  }
}

void EnginePlayer::ready_for(const Variant& variant) {
  // A variant from a file reaches the engine as that file; a bundled one by its name.
  if (from_a_rules_file(variant))
    process_->send("setoption name VariantPath value " + std::filesystem::absolute(variant.source).string());
  process_->send("setoption name UCI_Variant value " + variant.name);
  process_->send("ucinewgame");
  process_->send("isready");
  expect("readyok", "isready");
}

EngineAnswer EnginePlayer::play(const Game& game, const std::string& start_fen, const TimeControl& limits,
                                const GameClock& white, const GameClock& black) {
  EngineAnswer answer;
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
    process_->send(position);
    process_->send(go_command(limits, us, white, black));
    while (auto line = process_->read_line(start + allowed)) {
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
      }
      return answer;
    }
    answer.fault = EndReason::Time;
    answer.detail = "no bestmove within " + std::to_string(allowed.count()) + " ms";
  } catch (const EngineProcessError& e) {
    answer.fault = EndReason::Disconnect;
    answer.detail = e.what();
  }
  // Hung or gone: a fresh process for the next game.
  process_.reset();
  answer.info = report.info;
  answer.info.ms = std::chrono::duration_cast<milliseconds>(Clock::now() - start).count();
  return answer;
}

}  // namespace jungle
