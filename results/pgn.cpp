#include "results/pgn.h"

#include <algorithm>
#include <cstdio>

namespace jungle {

namespace {

// PGN strings escape '\' and '"'.
std::string tag_value(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\' || c == '"') out += '\\';
    out += c;
  }
  return out;
}

void tag(std::ostream& out, const char* name, const std::string& value) {
  out << '[' << name << " \"" << tag_value(value) << "\"]\n";
}

// The player's TimeControl text, "?" when the context does not know it.
std::string time_control_of(const PgnContext& context, const std::string& player) {
  const auto it = context.time_controls.find(player);
  return it == context.time_controls.end() ? "?" : it->second;
}

}  // namespace

std::string pgn_move_comment(const MoveInfo& info) {
  const bool scored = info.score || info.mate;
  if (info.depth == 0 && !info.seldepth.value_or(0) && !scored && info.ms < 500 && info.nodes == 0) return "";
  std::string text;
  if (scored && info.depth > 0) {
    char buffer[32];
    if (info.mate && *info.mate != 0) {
      // In plies, as cutechess turns `mate N` into a score and back: the mover mates on its
      // Nth move, ply 2N-1; being mated in N moves is ply 2N.
      const int mate = *info.mate;
      std::snprintf(buffer, sizeof buffer, "%sM%d", mate > 0 ? "+" : "-", mate > 0 ? 2 * mate - 1 : -2 * mate);
    } else {
      const int cp = info.score.value_or(0);  // `mate 0` is a score of 0 to cutechess
      std::snprintf(buffer, sizeof buffer, "%s%.2f", cp > 0 ? "+" : "", cp / 100.0);
    }
    text += buffer;
  }
  if (info.depth > 0) text += '/', text += std::to_string(info.depth), text += ' ';
  if (info.ms == 0) return text + "0s";
  const int decimals = info.ms < 100 ? 3 : info.ms < 1000 ? 2 : info.ms < 10000 ? 1 : 0;
  char seconds[48];
  std::snprintf(seconds, sizeof seconds, "%.*fs", decimals, double(info.ms) / 1000);
  return text + seconds;
}

const char* pgn_termination(EndReason reason) {
  switch (reason) {
    case EndReason::Time: return "time forfeit";
    case EndReason::IllegalMove: return "rules infraction";
    case EndReason::Disconnect: return "abandoned";
    case EndReason::Adjudication:
    case EndReason::Tablebase: return "adjudication";
    case EndReason::Den:
    case EndReason::CaptureAll:
    case EndReason::NoMoves:
    case EndReason::Repetition:
    case EndReason::MaxPlies:
    case EndReason::NoCapture: return "normal";
  }
  return "normal";  // not reached: every reason is a case above, and -Wswitch says when one is not
}

void write_pgn(std::ostream& out, const StoredGame& game, const std::string& start_fen, const PgnContext& context) {
  const GameRecord& r = game.record;
  const std::string fen = r.fen.empty() ? start_fen : r.fen;
  tag(out, "Event", context.event);
  tag(out, "Site", context.site);
  tag(out, "Date", context.date);
  tag(out, "Round", std::to_string(game.index + 1));
  tag(out, "White", r.white);
  tag(out, "Black", r.black);
  tag(out, "Result", result_name(r.result));
  if (const std::string white = time_control_of(context, r.white), black = time_control_of(context, r.black);
      white == black) {
    tag(out, "TimeControl", white);
  } else {
    tag(out, "WhiteTimeControl", white);
    tag(out, "BlackTimeControl", black);
  }
  tag(out, "Variant", r.variant);
  tag(out, "SetUp", "1");
  tag(out, "FEN", fen);
  tag(out, "Termination", pgn_termination(r.reason));
  tag(out, "PlyCount", std::to_string(r.plies));
  if (const auto it = context.rules.find(r.variant); it != context.rules.end()) {
    tag(out, "VariantFile", it->second.file);
    tag(out, "RulesHash", it->second.hash);
  }
  out << '\n';

  // Move numbers count full moves from the start position's side to move, as PGN does.
  const bool black_first = fen.size() >= 2 && fen.substr(fen.size() - 2) == " b";
  std::string line;
  auto word = [&](const std::string& w) {
    if (!line.empty() && line.size() + 1 + w.size() > 79) {
      out << line << '\n';
      line.clear();
    }
    line += line.empty() ? w : " " + w;
  };
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const std::size_t ply = i + (black_first ? 1 : 0);
    if (ply % 2 == 0) word(std::to_string(ply / 2 + 1) + ".");
    else if (i == 0) word(std::to_string(ply / 2 + 1) + "...");
    word(r.moves[i]);
    if (context.mark_opening && i + 1 == r.opening.size()) word("{opening}");
    // info[k] is the k-th move after the opening's.
    if (i >= r.opening.size() && i - r.opening.size() < r.info.size())
      if (const std::string comment = pgn_move_comment(r.info[i - r.opening.size()]); !comment.empty())
        word('{' + comment + '}');
  }
  // How the game ended, as a comment; a brace in the detail would end it early.
  std::string ending(1, '{');
  ending += end_reason_name(r.reason);
  if (!r.detail.empty()) ending += ": ", ending += r.detail;
  std::replace(ending.begin() + 1, ending.end(), '}', ')');
  ending += '}';
  word(ending);
  word(result_name(r.result));
  out << line << "\n\n";
}

}  // namespace jungle
