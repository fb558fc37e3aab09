// The game viewer's section: the games as JSON for the script, which draws everything else.
#include "report/game_viewer.h"

#include <algorithm>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace jungle::report {

// report/game_viewer.js and .css, embedded by cmake/embed_text.cmake.
extern const char* const GAME_VIEWER_SCRIPT;
extern const char* const GAME_VIEWER_STYLE;

namespace {

using json = nlohmann::ordered_json;

std::string terrain_rows(const Variant& v) {
  std::string rows;
  for (int rank = RANK_NB - 1; rank >= 0; --rank) {
    for (int file = 0; file < FILE_NB; ++file) rows += terrain_char(v.terrain[make_square(file, rank)]);
    if (rank) rows += '/';
  }
  return rows;
}

std::string joined(const std::vector<std::string>& moves) {
  std::string text;
  for (const std::string& m : moves) {
    if (!text.empty()) text += ' ';
    text += m;
  }
  return text;
}

// What the script reads. Games are short-keyed objects since there may be thousands:
//   n  number (from 1)    v  variant (index)      w, b  players (indices)
//   r  result             e  end reason           o  opening plies
//   f  start position (absent: the variant's)     m  moves, space-separated
json viewer_data(const std::vector<GameRecord>& records, const std::vector<Variant>& rules,
                 std::uint64_t total_games, std::uint64_t& unknown_rules) {
  json data;
  data["terrain_chars"] = {{"land", std::string(1, terrain_char(LAND))},
                           {"water", std::string(1, terrain_char(WATER))},
                           {"trap_white", std::string(1, terrain_char(TRAP_WHITE))},
                           {"trap_black", std::string(1, terrain_char(TRAP_BLACK))},
                           {"den_white", std::string(1, terrain_char(DEN_WHITE))},
                           {"den_black", std::string(1, terrain_char(DEN_BLACK))}};
  json kinds = json::array();
  for (int k = 0; k < KIND_NB; ++k) kinds.push_back({std::string(1, KIND_LETTERS[k]), KIND_NAMES[k]});
  data["kinds"] = kinds;
  json reasons = json::array();
  for (int r = 0; r < END_REASON_NB; ++r) reasons.push_back(end_reason_name(EndReason(r)));
  data["reasons"] = reasons;

  std::map<std::string, int> variant_index, player_index;
  json variants = json::array(), players = json::array(), games = json::array();
  for (const Variant& v : rules) {
    if (variant_index.count(v.name)) continue;
    variant_index[v.name] = int(variants.size());
    variants.push_back({{"name", v.name}, {"terrain", terrain_rows(v)}, {"start", v.start}});
  }
  auto player = [&](const std::string& name) {
    auto [it, fresh] = player_index.try_emplace(name, int(players.size()));
    if (fresh) players.push_back(name);
    return it->second;
  };
  unknown_rules = 0;
  for (std::size_t i = 0; i < records.size() && i < MAX_VIEWED_GAMES; ++i) {
    const GameRecord& r = records[i];
    const auto variant = variant_index.find(r.variant);
    if (variant == variant_index.end()) {
      ++unknown_rules;
      continue;
    }
    json game = {{"n", i + 1},
                 {"v", variant->second},
                 {"w", player(r.white)},
                 {"b", player(r.black)},
                 {"r", result_name(r.result)},
                 {"e", end_reason_name(r.reason)},
                 {"o", r.opening.size()}};
    if (!r.fen.empty()) game["f"] = r.fen;
    game["m"] = joined(r.moves);
    games.push_back(std::move(game));
  }
  data["variants"] = variants;
  data["players"] = players;
  data["games"] = games;
  data["total"] = total_games;
  return data;
}

// JSON that may stand inside <script>: '<' only occurs in strings, where \u003c means the same,
// so no "</script>" or "<!--" can end or confuse the element. Bytes that are not UTF-8 (a
// player's name from a results file) become U+FFFD instead of failing the report.
std::string script_safe(const json& data) {
  const std::string text = data.dump(-1, ' ', false, json::error_handler_t::replace);
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '<') out += "\\u003c";
    else out += c;
  }
  return out;
}

std::string plural(std::uint64_t n, const char* word) {
  std::string text = std::to_string(n);
  text += ' ';
  text += word;
  if (n != 1) text += 's';
  return text;
}

}  // namespace

void write_game_viewer(std::ostream& out, const std::vector<GameRecord>& records, const std::vector<Variant>& rules,
                       std::uint64_t total_games) {
  std::uint64_t unknown_rules = 0;
  const json data = viewer_data(records, rules, total_games, unknown_rules);
  const std::uint64_t embedded = std::min<std::uint64_t>(records.size(), MAX_VIEWED_GAMES);

  out << "<section id=\"games\">\n<h2>Games</h2>\n<style>" << GAME_VIEWER_STYLE << "</style>\n"
      << "<p class=\"explain\">Every game on its board, with its variant's terrain. Pick a game from the list "
         "(the filters narrow it); step with the buttons or the arrow keys (Home and End for the start and the "
         "end); click a move to go to it. The address keeps the game and the ply, as "
         "<code>report.html#game=3&amp;ply=10</code>, so a position can be linked.</p>\n";
  if (total_games > embedded)
    out << "<p class=\"note\">The page holds the first " << plural(embedded, "game") << " of " << total_games
        << "; the others are in the results file.</p>\n";
  if (unknown_rules)
    out << "<p class=\"note\">" << plural(unknown_rules, "game")
        << " cannot be shown: the rules of " << (unknown_rules == 1 ? "its" : "their")
        << " variant were not found, so the terrain is unknown (give the rules file with --rules).</p>\n";
  out << "<div id=\"gv\" class=\"gv\"><noscript><p class=\"note\">The game viewer needs JavaScript.</p></noscript>"
         "</div>\n<script type=\"application/json\" id=\"gv-data\">"
      << script_safe(data) << "</script>\n<script>" << GAME_VIEWER_SCRIPT << "</script>\n</section>\n";
}

}  // namespace jungle::report
