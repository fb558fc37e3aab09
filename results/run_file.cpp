#include "results/run_file.h"

#include <algorithm>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/variant_loader.h"
#include "results/results_file.h"
#include "support/files.h"
#include "support/text.h"

namespace jungle {

namespace {

namespace fs = std::filesystem;
// Ordered: run.json keeps its fields in the order written, for a reader's eye and for diffs.
using json = nlohmann::ordered_json;

json run_start_json(const RunStart& run) {
  json entry = {{"command", run.command}, {"version", run.version}, {"date", run.date},
                {"host", run.host},       {"threads", run.threads}};
  if (run.ranks > 1) entry["ranks"] = run.ranks;
  if (!run.invocation.empty()) entry["invocation"] = run.invocation;
  if (run.games > 0) entry["games"] = run.games;
  if (run.tablebases) {
    json found = json::object();
    for (const FoundTables& t : *run.tablebases) {
      json counts = json::object();
      for (const auto& [pieces, n] : t.by_pieces) counts[std::to_string(pieces)] = n;
      found[t.variant] = {{"folder", t.folder}, {"tables", counts}};
    }
    entry["tablebases"] = found;
  }
  return entry;
}

json run_record_json(const RunRecord& r) {
  json variants = json::array();
  for (const RecordedVariant& v : r.variants) {
    variants.push_back({{"name", v.name}, {"rules", v.rules_hash}, {"toml", v.toml}});
    if (!v.default_weights.empty()) variants.back()["default_weights"] = v.default_weights;
    if (!v.default_weights_fitted_by.empty()) variants.back()["default_weights_fitted_by"] = v.default_weights_fitted_by;
  }
  json j = {{"format", r.format},        {"variants", variants},   {"players", r.players},
            {"games", r.games_per_pair}, {"openings", r.openings}, {"seed", r.seed}};
  if (!r.sprt.empty()) j["sprt"] = r.sprt;
  if (!r.tb_adjudicate.empty()) j["tb_adjudicate"] = r.tb_adjudicate;
  if (!r.sprt_variants.empty()) j["sprt_variants"] = r.sprt_variants;
  if (r.paired_variants) j["paired_variants"] = true;
  if (r.engines) {
    j["engines"] = r.engines->definitions;
    j["each"] = r.engines->each;
    j["timemargin"] = r.engines->timemargin;
    j["draw"] = r.engines->draw;
    j["resign"] = r.engines->resign;
  }
  j["runs"] = json::array();
  for (const RunStart& run : r.runs) j["runs"].push_back(run_start_json(run));
  return j;
}

template <typename T>
void read_field(const json& j, const char* key, T& out) {
  if (j.contains(key)) out = j.at(key).get<T>();
}

RunStart run_start_from_json(const json& j) {
  RunStart run;
  read_field(j, "command", run.command);
  read_field(j, "version", run.version);
  read_field(j, "date", run.date);
  read_field(j, "host", run.host);
  read_field(j, "threads", run.threads);
  read_field(j, "ranks", run.ranks);
  read_field(j, "invocation", run.invocation);
  read_field(j, "games", run.games);
  if (j.contains("tablebases")) {
    run.tablebases.emplace();
    for (const auto& [variant, found] : j.at("tablebases").items()) {
      FoundTables t{variant, found.value("folder", ""), {}};
      const json tables = found.value("tables", json::object());  // kept: items() refers into it
      for (const auto& [pieces, n] : tables.items()) t.by_pieces[std::stoi(pieces)] = n.get<int>();
      run.tablebases->push_back(std::move(t));
    }
  }
  return run;
}

// The JSON library's message without its "[json.exception.type_error.302] " prefix.
std::string plain_message(const json::exception& e) {
  const std::string what = e.what();
  return what.substr(what.find(']') + 2);
}

}  // namespace

std::string run_difference(const RunRecord& there, const RunRecord& here) {
  if (there.format != RUN_FORMAT) return "a format other than " + std::string(RUN_FORMAT);
  auto names = [](const RunRecord& r) {
    std::vector<std::string> out;
    for (const RecordedVariant& v : r.variants) out.push_back(v.name);
    return out;
  };
  if (names(there) != names(here)) return "--variants " + join(names(there), ",") + ", not " + join(names(here), ",");
  for (std::size_t i = 0; i < here.variants.size(); ++i) {
    const RecordedVariant &a = there.variants[i], &b = here.variants[i];
    if (a.rules_hash != b.rules_hash)
      return "other rules for variant " + b.name + " (rules hash " + a.rules_hash + ", now " + b.rules_hash + ")";
  }
  // The option that differs, its value there and here; "none" where it was not given.
  auto text = [](const std::string& s) { return s.empty() ? std::string("none") : s; };
  auto list = [&](const std::vector<std::string>& items) { return text(join(items, ",")); };
  auto differs = [](const std::string& option, const std::string& a, const std::string& b) {
    return a == b ? std::string() : "--" + option + " " + a + ", not " + b;
  };
  const RecordedEngines none;
  const RecordedEngines &e1 = there.engines ? *there.engines : none, &e2 = here.engines ? *here.engines : none;
  for (const std::string& d :
       {differs("players", list(there.players), list(here.players)),
        differs("openings", text(there.openings), text(here.openings)),
        differs("seed", std::to_string(there.seed), std::to_string(here.seed)),
        differs("sprt", text(there.sprt), text(here.sprt)),
        differs("sprt-variants", list(there.sprt_variants), list(here.sprt_variants)),
        differs("paired-variants", there.paired_variants ? "on" : "off", here.paired_variants ? "on" : "off"),
        differs("engines", list(e1.definitions), list(e2.definitions)), differs("each", text(e1.each), text(e2.each)),
        differs("timemargin", std::to_string(e1.timemargin), std::to_string(e2.timemargin)),
        differs("draw", text(e1.draw), text(e2.draw)), differs("resign", text(e1.resign), text(e2.resign)),
        differs("tb-adjudicate", text(there.tb_adjudicate), text(here.tb_adjudicate))})
    if (!d.empty()) return d;
  return "";
}

std::string run_record_text(const RunRecord& record) { return run_record_json(record).dump(2) + "\n"; }

RunRecord parse_run_record(const std::string& text) {
  RunRecord r;
  try {
    const json j = json::parse(text);
    if (!j.is_object()) throw std::invalid_argument("not a JSON object");
    read_field(j, "format", r.format);
    for (const json& v : j.value("variants", json::array()))
      r.variants.push_back({v.at("name").get<std::string>(), v.value("rules", ""), v.value("toml", ""),
                            v.value("default_weights", ""), v.value("default_weights_fitted_by", "")});
    read_field(j, "players", r.players);
    read_field(j, "games", r.games_per_pair);
    read_field(j, "openings", r.openings);
    read_field(j, "seed", r.seed);
    read_field(j, "sprt", r.sprt);
    read_field(j, "tb_adjudicate", r.tb_adjudicate);
    read_field(j, "sprt_variants", r.sprt_variants);
    read_field(j, "paired_variants", r.paired_variants);
    if (j.contains("engines")) {
      RecordedEngines& e = r.engines.emplace();
      read_field(j, "engines", e.definitions);
      read_field(j, "each", e.each);
      read_field(j, "timemargin", e.timemargin);
      read_field(j, "draw", e.draw);
      read_field(j, "resign", e.resign);
    }
    for (const json& run : j.value("runs", json::array())) r.runs.push_back(run_start_from_json(run));
  } catch (const json::exception& e) {
    throw std::invalid_argument(plain_message(e));
  }
  return r;
}

std::optional<RunRecord> read_run_file(const fs::path& dir) {
  const fs::path file = dir / "run.json";
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return std::nullopt;
  std::string text;
  try {
    text = read_file_bounded(file);
  } catch (const FileReadError& e) {
    throw ResultsError(file.string(), 0, e.message);
  }
  try {
    return parse_run_record(text);
  } catch (const std::invalid_argument& e) {
    throw ResultsError(file.string(), 0, std::string("not a tournament's run.json (") + e.what() + ")");
  }
}

void write_run_file(const fs::path& dir, const RunRecord& record) {
  write_file_atomically(dir / "run.json", run_record_text(record));
}

std::vector<Variant> recorded_rules(const fs::path& results_file) {
  const std::optional<RunRecord> run = read_run_file(results_file.parent_path());
  if (!run) return {};
  const std::string file = (results_file.parent_path() / "run.json").string();
  std::vector<Variant> rules;
  try {
    for (const RecordedVariant& v : run->variants)
      if (!v.toml.empty()) rules.push_back(load_variant_text(v.toml, file + " (variant " + v.name + ")"));
  } catch (const VariantError& e) {
    throw ResultsError(file, 0, std::string("its rules do not load: ") + e.what());
  }
  return rules;
}

}  // namespace jungle
