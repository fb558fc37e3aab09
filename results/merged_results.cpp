// Results files merged into one set of games, and the games kept that replay under their rules.
#include "results/merged_results.h"

#include <algorithm>
#include <climits>
#include <iterator>

#include "results/replay_check.h"
#include "results/run_file.h"

namespace jungle {

std::vector<StoredGame> read_merged(const std::vector<std::filesystem::path>& files,
                                    std::vector<std::string>* warnings, std::vector<std::size_t>* per_file) {
  std::vector<StoredGame> all;
  if (per_file) per_file->clear();
  // Wider than the ids, so that huge ids in one file cannot overflow the next file's offsets.
  long long pair_offset = 0, opening_offset = 0;
  for (const std::filesystem::path& file : files) {
    long long highest_pair = -1, highest_opening = -1;
    const std::size_t before = all.size();
    for (StoredGame& g : read_results(file, warnings)) {
      highest_pair = std::max<long long>(highest_pair, g.pair);
      highest_opening = std::max<long long>(highest_opening, g.opening);
      if (g.pair + pair_offset > INT_MAX || g.opening + opening_offset > INT_MAX)
        throw ResultsError(file.string(), 0, "pair or opening ids too large to merge with the files before it");
      g.pair += int(pair_offset);
      g.opening += int(opening_offset);
      all.push_back(std::move(g));
    }
    if (per_file) per_file->push_back(all.size() - before);
    pair_offset += highest_pair + 1;
    opening_offset += highest_opening + 1;
  }
  return all;
}

std::vector<StoredGame> read_replayed(const std::vector<std::filesystem::path>& files, const std::vector<Variant>& rules,
                                      std::vector<std::string>& left_out, std::vector<std::string>* warnings,
                                      std::vector<std::size_t>* per_file) {
  std::vector<std::size_t> counts;
  std::vector<StoredGame> merged = read_merged(files, warnings, &counts);
  std::vector<StoredGame> kept;
  std::size_t first = 0;
  for (std::size_t f = 0; f < files.size(); ++f) {
    // Each file under its own recorded rules: two folders may hold different rules of one name.
    std::vector<Variant> file_rules = rules;
    for (Variant& v : recorded_rules(files[f])) file_rules.push_back(std::move(v));
    std::vector<StoredGame> games(std::make_move_iterator(merged.begin() + std::ptrdiff_t(first)),
                                  std::make_move_iterator(merged.begin() + std::ptrdiff_t(first + counts[f])));
    first += counts[f];
    ReplayChecked checked =
        replay_check(files[f], std::move(games), file_rules, recorded_players(files[f]), UnknownRules::Keep);
    for (const ResultsError& e : checked.refused) left_out.push_back(e.what());
    counts[f] = checked.kept.size();
    for (StoredGame& g : checked.kept) kept.push_back(std::move(g));
  }
  if (per_file) *per_file = std::move(counts);
  return kept;
}

}  // namespace jungle
