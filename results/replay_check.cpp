#include "results/replay_check.h"

#include <map>
#include <optional>

#include "engine/game.h"
#include "engine/position.h"
#include "engine/variant_loader.h"

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

}  // namespace

ReplayChecked replay_check(const std::filesystem::path& file, std::vector<StoredGame> games,
                           const std::vector<Variant>& rules, UnknownRules unknown) {
  ReplayChecked out;
  RulesByName rules_by_name(rules);
  for (StoredGame& g : games) {
    std::string why;
    if (const Variant* variant = rules_by_name.find(g.record.variant, &why)) {
      try {
        check_record(*variant, g.record);
      } catch (const ReplayError& e) {
        why = e.what();
      } catch (const PositionError& e) {  // a start position ("fen") the rules refuse
        why = e.what();
      }
      if (why.empty()) {
        out.kept.push_back(std::move(g));
        continue;
      }
    } else if (unknown == UnknownRules::Keep) {
      out.kept.push_back(std::move(g));
      continue;
    } else {
      // Built by appending: GCC 12 warns falsely on a literal plus a std::string.
      std::string missing = "no rules for variant \"";
      why = missing.append(g.record.variant).append("\" to replay it under (").append(why).append(")");
    }
    out.refused.emplace_back(file.string(), g.line, "game " + std::to_string(g.index) + ": " + why);
  }
  return out;
}

std::vector<StoredGame> replayed_games(const std::filesystem::path& file, std::vector<StoredGame> games,
                                       const std::vector<Variant>& rules) {
  ReplayChecked checked = replay_check(file, std::move(games), rules, UnknownRules::Refuse);
  if (checked.refused.empty()) return std::move(checked.kept);
  const ResultsError& first = checked.refused.front();
  std::string message = first.message;
  if (const std::size_t more = checked.refused.size() - 1; more > 0)
    message.append(" (and ").append(std::to_string(more)).append(" more games that do not replay)");
  throw ResultsError(first.file, first.line, message);
}

}  // namespace jungle
