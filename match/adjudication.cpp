#include "match/adjudication.h"

#include <limits>
#include <cstdlib>
#include <stdexcept>

#include "support/excerpt.h"
#include "support/key_values.h"
#include "support/numbers.h"
#include "tablebase/probe.h"

namespace jungle {

namespace {

// The items of a --draw or --resign spec; a mistake is refused naming the option.
std::vector<KeyValue> read_items(std::string_view option, std::string_view text, KeyValueSyntax syntax) {
  try {
    return split_key_values(text, syntax);
  } catch (const KeyValueError& e) {
    throw std::invalid_argument(std::string(option) + ": " + e.what());
  }
}

int whole(std::string_view option, std::string_view key, std::string_view value, int min) {
  if (const auto n = parse_whole_number(value, min, std::numeric_limits<int>::max())) return *n;
  throw std::invalid_argument(std::string(option) + ": " + std::string(key) + " must be a whole number of at least " +
                              std::to_string(min) + ", not " + quoted_excerpt(value));
}

// The score for the mover, with mates far beyond any centipawn threshold.
std::optional<int> comparable(const MoveInfo& info) {
  if (info.mate) return *info.mate > 0 ? 1'000'000 : -1'000'000;
  return info.score;
}

}  // namespace

DrawAdjudication parse_draw_adjudication(std::string_view text) {
  DrawAdjudication d;
  for (const auto& [key, value] : read_items("--draw", text, {.keys = {"movenumber", "movecount", "score"}})) {
    if (key == "movenumber") d.movenumber = whole("--draw", key, value, 0);
    else if (key == "movecount") d.movecount = whole("--draw", key, value, 1);
    else d.score = whole("--draw", key, value, 0);
  }
  if (!d.movecount) throw std::invalid_argument("--draw: movecount= is missing");
  return d;
}

ResignAdjudication parse_resign_adjudication(std::string_view text) {
  ResignAdjudication r;
  const KeyValueSyntax syntax{.keys = {"movecount", "score", "twosided"},
                              .expected = "movecount, score, twosided=true|false"};
  for (const auto& [key, value] : read_items("--resign", text, syntax)) {
    if (key == "movecount") r.movecount = whole("--resign", key, value, 1);
    else if (key == "score") r.score = whole("--resign", key, value, 0);
    else if (value == "true" || value == "false") r.twosided = value == "true";
    else throw std::invalid_argument("--resign: twosided must be true or false, not " + quoted_excerpt(value));
  }
  if (!r.movecount) throw std::invalid_argument("--resign: movecount= is missing");
  return r;
}

std::string DrawAdjudication::text() const {
  return "movenumber=" + std::to_string(movenumber) + ",movecount=" + std::to_string(movecount) +
         ",score=" + std::to_string(score);
}

std::string ResignAdjudication::text() const {
  return "movecount=" + std::to_string(movecount) + ",score=" + std::to_string(score) +
         ",twosided=" + (twosided ? "true" : "false");
}

std::optional<std::pair<Result, std::string>> Adjudicator::after_move(Color mover, const MoveInfo& info, int ply) {
  const std::optional<int> score = comparable(info);
  if (draw_.enabled()) {
    quiet_plies_ = score && std::abs(*score) <= draw_.score ? quiet_plies_ + 1 : 0;
    const int move_number = (ply + 1) / 2;
    if (move_number >= draw_.movenumber && quiet_plies_ >= 2 * draw_.movecount)
      return std::pair{Result::Draw, "draw: both scores within ±" + std::to_string(draw_.score) + " cp for " +
                                         std::to_string(draw_.movecount) + " moves"};
  }
  if (resign_.enabled()) {
    losing_[mover] = score && *score <= -resign_.score ? losing_[mover] + 1 : 0;
    winning_[mover] = score && *score >= resign_.score ? winning_[mover] + 1 : 0;
    if (losing_[mover] >= resign_.movecount && (!resign_.twosided || winning_[~mover] >= resign_.movecount))
      return std::pair{mover == WHITE ? Result::BlackWins : Result::WhiteWins,
                       std::string(mover == WHITE ? "white" : "black") + " resigns: " + std::to_string(-resign_.score) +
                           " cp or worse for " + std::to_string(resign_.movecount) + " moves"};
  }
  return std::nullopt;
}

std::optional<std::pair<Result, std::string>> tablebase_verdict(tablebase::DiskTables& tables, const Game& game) {
  const Position& pos = game.position();
  if (popcount(pos.occupied()) > tablebase::MAX_TABLE_PIECES) return std::nullopt;
  tables.load_near(pos, 0);
  const std::optional<tablebase::Value> value = tables.snapshot().probe(pos);
  if (!value) return std::nullopt;
  const std::optional<tablebase::Value> in_game =
      tablebase::value_in_game(*value, pos.variant().end, game.plies(), game.plies_without_capture());
  if (!in_game) return std::nullopt;
  const Color us = pos.side_to_move();
  const char* side[COLOR_NB] = {"white", "black"};
  std::string detail = tablebase::Material::of(pos).name();
  detail += ": ";
  if (in_game->outcome == tablebase::Outcome::Draw) {
    detail += "draw";
    if (value->outcome != tablebase::Outcome::Draw) {
      detail += " (";
      detail += tablebase::value_name(*value);
      detail += " for ";
      detail += side[us];
      detail += ", beyond the ply limit)";
    }
    return std::pair{Result::Draw, detail};
  }
  const Color winner = in_game->outcome == tablebase::Outcome::Win ? us : ~us;
  detail += side[winner];
  detail += " wins in ";
  detail += std::to_string(in_game->distance);
  detail += " plies";
  return std::pair{winner == WHITE ? Result::WhiteWins : Result::BlackWins, detail};
}

}  // namespace jungle
