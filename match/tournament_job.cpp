#include "match/tournament_job.h"

#include <omp.h>

#include <memory>

#include <nlohmann/json.hpp>

#include "distributed/mpi_context.h"
#include "distributed/work_queue.h"
#include "engine/rules_hash.h"
#include "match/fixture_player.h"
#include "match/tournament.h"
#include "search/weights_file.h"

namespace jungle {

namespace {

using json = nlohmann::ordered_json;

// Each variant's default weights as rank 0 resolves them (the file beside its rules, or those the
// tournament was given), as weights files' text by variant name; none for untuned. A worker rank
// reads its rules from text, with no file beside them, so without these it would play the untuned
// weights where rank 0 plays tuned.
json default_weights_json(const Setup& setup) {
  json out = json::object();
  for (std::size_t i = 0; i < setup.variants.size(); ++i)
    if (const ResolvedWeights resolved = setup.default_weights(i); resolved.origin != UNTUNED_WEIGHTS) {
      const Variant& v = setup.variants[i];
      out[v.name] = weights_to_toml(WeightsFile{v.name, rules_hash(v), 1, *resolved.weights, resolved.provenance});
    }
  return out;
}

// Rank 0's default weights (default_weights_json), each checked against the rules (WeightsError).
void give_default_weights(Setup& setup, const json& given) {
  for (std::size_t i = 0; i < setup.variants.size(); ++i) {
    const Variant& v = setup.variants[i];
    if (!given.contains(v.name)) continue;
    const std::string origin = "rank 0's weights for " + v.name;
    const WeightsFile weights = read_weights_text(given.at(v.name).get<std::string>(), origin);
    check_weights_match(weights, origin, v);
    setup.given_weights[i] =
        ResolvedWeights{std::make_shared<const EvalWeights>(weights.weights), origin, weights.provenance};
  }
}

json openings_json(const std::vector<std::vector<Opening>>& openings) {
  json out = json::array();
  for (const auto& of_variant : openings) {
    json list = json::array();
    for (const Opening& o : of_variant) list.push_back({{"fen", o.fen}, {"moves", o.moves}});
    out.push_back(list);
  }
  return out;
}

}  // namespace

std::string tournament_job(const Setup& setup, const std::vector<std::vector<Opening>>& openings, int threads) {
  return json{{"fingerprint", run_record_text(setup.fingerprint())},
              {"openings", openings_json(openings)},
              {"default_weights", default_weights_json(setup)},
              {"threads", threads}}
      .dump();
}

void serve_tournament_job(const std::string& description, distributed::TaskClient& client) {
  const json job = json::parse(description);
  Setup setup = setup_from_fingerprint(parse_run_record(job.at("fingerprint").get<std::string>()));
  give_default_weights(setup, job.value("default_weights", json::object()));
  const std::vector<Fixture> fixtures =
      schedule_round_robin(int(setup.variants.size()), int(setup.players.size()), setup.games_per_pair, setup.seed,
                           setup.paired_variants, setup.gauntlet);
  std::vector<std::vector<Opening>> openings;
  for (const json& of_variant : job.at("openings")) {
    openings.emplace_back();
    for (const json& o : of_variant)
      openings.back().push_back({o.at("fen").get<std::string>(), o.at("moves").get<std::vector<std::string>>()});
  }
  probe_engines(setup);
  const int asked = job.at("threads").get<int>();
  const int threads = asked > 0 ? asked : omp_get_num_procs();
  FixturePlayer player(setup, openings, threads);
#pragma omp parallel num_threads(threads)
  {
    distributed::TaskResult previous;
    for (int i; (i = client.next(std::move(previous))) >= 0;) {
      previous = {i, false, ""};
      try {
        if (i >= int(fixtures.size())) throw std::out_of_range("no such game");
        previous.text = to_json_line(player.play(fixtures[std::size_t(i)]).game);
      } catch (const std::exception& e) {
        previous.failed = true;
        previous.text = distributed::error_prefix() + "game " + std::to_string(i) + ": " + e.what();
      }
    }
  }
}

}  // namespace jungle
