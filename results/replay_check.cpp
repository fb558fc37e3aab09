#include "results/replay_check.h"

#include <algorithm>
#include <map>
#include <optional>

#include "engine/game.h"
#include "engine/position.h"
#include "engine/variant_loader.h"
#include "support/excerpt.h"

namespace jungle {

namespace {

// The rules of each variant named, looked up once: a results file holds thousands of games of a
// handful of variants.
class RulesByName {
 public:
  explicit RulesByName(const std::vector<Variant>& given) : given_(given) {}

  // The rules, or nullptr with *why saying why there are none.
  const Variant* find(const std::string& name, std::string* why) {
    for (const Variant& v : given_)
      if (v.name == name) return &v;
    auto it = loaded_.find(name);
    if (it == loaded_.end()) {
      Entry entry;
      try {
        entry.variant = load_variant(name);
      } catch (const VariantError& e) {
        entry.why = e.message;
      }
      it = loaded_.emplace(name, std::move(entry)).first;
    }
    *why = it->second.why;
    return it->second.variant ? &*it->second.variant : nullptr;
  }

 private:
  struct Entry {
    std::optional<Variant> variant;
    std::string why;
  };
  const std::vector<Variant>& given_;
  std::map<std::string, Entry> loaded_;
};

// Why the game's two players are not a pairing of the run's schedule, or "" when they are (or the
// run's players are not known). The schedule (match/matchmaking.h) pairs two different players,
// or in self-play the one player with itself.
std::string players_misfit(const GameRecord& record, const std::vector<std::string>& players) {
  if (players.empty()) return "";
  std::string listed;
  for (const std::string& p : players) listed.append(listed.empty() ? "" : ", ").append(p);
  // Built by appending, as below.
  std::string why = "player ";
  for (const std::string* side : {&record.white, &record.black})
    if (std::find(players.begin(), players.end(), *side) == players.end())
      return why.append(quoted_excerpt(*side, 80)).append(" is not one of the run's players (").append(listed).append(")");
  if (players.size() > 1 && record.white == record.black)
    return why.append(quoted_excerpt(record.white, 80))
        .append(" plays both sides, but the run's players (")
        .append(listed)
        .append(") meet only one another");
  return "";
}

// Why the game counts nowhere, or "" when it is kept. Players first: a game the run did not
// schedule is refused whatever its moves.
std::string why_refused(const GameRecord& record, const std::vector<std::string>& players, RulesByName& rules_by_name,
                        UnknownRules unknown) {
  if (std::string misfit = players_misfit(record, players); !misfit.empty()) return misfit;
  std::string no_rules;
  const Variant* variant = rules_by_name.find(record.variant, &no_rules);
  if (!variant) {
    if (unknown == UnknownRules::Keep) return "";
    // Built by appending: GCC 12 warns falsely on a literal plus a std::string.
    std::string missing = "no rules for variant \"";
    return missing.append(record.variant).append("\" to replay it under (").append(no_rules).append(")");
  }
  try {
    check_record(*variant, record);
  } catch (const ReplayError& e) {
    return e.what();
  } catch (const PositionError& e) {  // a start position ("fen") the rules refuse
    return e.what();
  }
  return "";
}

}  // namespace

ReplayChecked replay_check(const std::filesystem::path& file, std::vector<StoredGame> games,
                           const std::vector<Variant>& rules, const std::vector<std::string>& players,
                           UnknownRules unknown) {
  ReplayChecked out;
  RulesByName rules_by_name(rules);
  for (StoredGame& g : games) {
    const std::string why = why_refused(g.record, players, rules_by_name, unknown);
    if (why.empty()) out.kept.push_back(std::move(g));
    else out.refused.emplace_back(file.string(), g.line, "game " + std::to_string(g.index) + ": " + why);
  }
  return out;
}

std::vector<StoredGame> replayed_games(const std::filesystem::path& file, std::vector<StoredGame> games,
                                       const std::vector<Variant>& rules, const std::vector<std::string>& players) {
  ReplayChecked checked = replay_check(file, std::move(games), rules, players, UnknownRules::Refuse);
  if (checked.refused.empty()) return std::move(checked.kept);
  const ResultsError& first = checked.refused.front();
  std::string message = first.message;
  if (const std::size_t more = checked.refused.size() - 1; more > 0)
    message.append(" (and ").append(std::to_string(more)).append(" more games that do not replay)");
  throw ResultsError(first.file, first.line, message);
}

}  // namespace jungle
