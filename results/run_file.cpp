#include "results/run_file.h"

#include <algorithm>
#include <climits>
#include <concepts>
#include <cstdint>
#include <sstream>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "engine/rules_hash.h"
#include "engine/variant_loader.h"
#include "results/results_file.h"
#include "support/excerpt.h"
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
  if (!run.evaluator.empty()) entry["evaluator"] = run.evaluator;
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

// The settings by their fields (tournament_settings.h): each written unless its field says it
// is left out.
void write_settings(json& j, const TournamentSettings& s) {
  visit_settings(s, [&](const SettingField& field, const auto& value) {
    const bool written = field.recorded == Recorded::Always ||
                         (field.recorded == Recorded::WhenGiven && value != std::remove_cvref_t<decltype(value)>{}) ||
                         (field.recorded == Recorded::WithEngines && !s.engines.empty());
    if (written) j[field.key] = value;
  });
}

json run_record_json(const RunRecord& r) {
  json variants = json::array();
  for (const RecordedVariant& v : r.variants) {
    variants.push_back({{"name", v.name}, {"rules", v.rules_hash}, {"toml", v.toml}});
    if (!v.default_weights.empty()) variants.back()["default_weights"] = v.default_weights;
    if (!v.default_weights_fitted_by.empty()) variants.back()["default_weights_fitted_by"] = v.default_weights_fitted_by;
    if (!v.default_weights_evaluator.empty()) variants.back()["default_weights_evaluator"] = v.default_weights_evaluator;
    if (!v.default_weights_recipe.empty()) variants.back()["default_weights_recipe"] = v.default_weights_recipe;
    if (!v.default_weights_digest.empty()) variants.back()["default_weights_digest"] = v.default_weights_digest;
  }
  json j = {{"format", r.format}, {"variants", variants}};
  write_settings(j, r.settings);
  j["runs"] = json::array();
  for (const RunStart& run : r.runs) j["runs"].push_back(run_start_json(run));
  return j;
}

// run.json read field by field, each checked for its type and range: a fault is
// std::invalid_argument "PATH: what", PATH as "runs[2].games", so that a file edited by hand
// (or cut, or from a broken build) is refused where it is wrong instead of resumed and rewritten.
class FieldReader {
 public:
  FieldReader(const json& object, std::string path) : object_(object), path_(std::move(path)) {
    if (!object_.is_object()) fail(path_.empty() ? "run.json" : path_, "is not a JSON object");
  }

  [[noreturn]] static void fail(const std::string& path, const std::string& what) {
    std::string message = path;
    throw std::invalid_argument(message.append(": ").append(what));
  }

  bool has(const char* key) const { return object_.contains(key); }
  std::string path(const char* key) const { return path_.empty() ? key : path_ + "." + key; }

  // The field, or nullptr when it is absent and not `required`.
  const json* find(const char* key, bool required) const {
    auto it = object_.find(key);
    if (it != object_.end()) return &*it;
    if (required) fail(path(key), "is missing");
    return nullptr;
  }

  void text(const char* key, std::string& out, bool required = false) const {
    if (const json* v = find(key, required)) {
      if (!v->is_string()) fail(path(key), shown(*v) + " is not a string");
      out = v->get<std::string>();
    }
  }

  void texts(const char* key, std::vector<std::string>& out, bool required = false) const {
    const json* v = find(key, required);
    if (!v) return;
    if (!v->is_array()) fail(path(key), shown(*v) + " is not a list of strings");
    out.clear();
    for (std::size_t i = 0; i < v->size(); ++i) {
      if (!(*v)[i].is_string()) fail(path(key) + "[" + std::to_string(i) + "]", shown((*v)[i]) + " is not a string");
      out.push_back((*v)[i].get<std::string>());
    }
  }

  // A whole number from lo to hi: not 2.5, not 1e20 (a JSON number with a fraction or an exponent
  // is a floating-point one), not a string.
  template <typename T>
  void whole(const char* key, T& out, T lo, T hi, bool required = false) const {
    if (const json* v = find(key, required)) out = whole_value<T>(*v, path(key), lo, hi);
  }

  template <typename T>
  static T whole_value(const json& v, const std::string& at, T lo, T hi) {
    // nlohmann reads every integer >= 0 as unsigned, so a signed one is negative.
    bool fits = false;
    if (v.is_number_unsigned())
      fits = v.get<std::uint64_t>() <= std::uint64_t(hi) && (lo <= 0 || v.get<std::uint64_t>() >= std::uint64_t(lo));
    else if (v.is_number_integer())
      fits = lo < 0 && v.get<std::int64_t>() >= std::int64_t(lo);
    if (!fits) fail(at, shown(v) + " is not a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
    return v.get<T>();
  }

  void flag(const char* key, bool& out, bool required = false) const {
    if (const json* v = find(key, required)) {
      if (!v->is_boolean()) fail(path(key), shown(*v) + " is not true or false");
      out = v->get<bool>();
    }
  }

  // Each entry of the list `key` as an object, with its path ("runs[2]").
  template <typename Read>
  void objects(const char* key, bool required, Read read) const {
    const json* v = find(key, required);
    if (!v) return;
    if (!v->is_array()) fail(path(key), shown(*v) + " is not a list");
    for (std::size_t i = 0; i < v->size(); ++i) read(FieldReader((*v)[i], path(key) + "[" + std::to_string(i) + "]"));
  }

  // The value as the file has it, cut short: JSON text, so a string shows its quotes.
  static std::string shown(const json& v) { return excerpt(v.dump(), 40); }

 private:
  const json& object_;
  std::string path_;
};

// The settings by their fields, each checked as its type and range say.
void read_settings(const FieldReader& j, TournamentSettings& s) {
  // Written together: engines without their limits are not a tournament's.
  const bool engines = j.has("engines");
  visit_settings(s, [&](const SettingField& field, auto& value) {
    if (field.recorded == Recorded::WithEngines && !engines) return;
    const bool required = field.recorded != Recorded::WhenGiven;
    using T = std::remove_cvref_t<decltype(value)>;
    if constexpr (std::is_same_v<T, std::string>) {
      j.text(field.key, value, required);
    } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
      j.texts(field.key, value, required);
      if (field.recorded == Recorded::Always && value.empty()) FieldReader::fail(field.key, "is empty");
    } else if constexpr (std::is_same_v<T, bool>) {
      j.flag(field.key, value, required);
    } else {
      j.whole(field.key, value, T(field.min), T(field.max), required);
    }
  });
}

// A setting as a difference names it: "none" where it was not given.
std::string setting_text(const std::string& text) { return text.empty() ? std::string("none") : text; }
std::string setting_text(const std::vector<std::string>& items) { return setting_text(join(items, ",")); }
std::string setting_text(bool on) { return on ? "on" : "off"; }
std::string setting_text(std::integral auto n) { return std::to_string(n); }

// Each setting that tells one tournament from another, as its option and its value's text.
std::vector<std::pair<std::string, std::string>> identifying_texts(const TournamentSettings& s) {
  std::vector<std::pair<std::string, std::string>> texts;
  visit_settings(s, [&](const SettingField& field, const auto& value) {
    if (!field.identifies) return;
    std::string option = field.key;
    std::replace(option.begin(), option.end(), '_', '-');
    texts.emplace_back(option, setting_text(value));
  });
  return texts;
}

RunStart run_start_from_json(const FieldReader& j) {
  RunStart run;
  j.texts("command", run.command, true);
  j.text("version", run.version, true);
  j.text("date", run.date, true);
  j.text("host", run.host, true);
  j.whole("threads", run.threads, 1, MAX_RECORDED_THREADS, true);
  j.whole("ranks", run.ranks, 2, MAX_RECORDED_THREADS);
  j.text("invocation", run.invocation);
  j.whole("games", run.games, 1, MAX_RECORDED_GAMES);
  j.text("evaluator", run.evaluator);
  if (const json* found = j.find("tablebases", false)) {
    if (!found->is_object()) FieldReader::fail(j.path("tablebases"), FieldReader::shown(*found) + " is not an object");
    run.tablebases.emplace();
    for (const auto& [variant, entry] : found->items()) {
      const FieldReader t(entry, j.path("tablebases") + "." + variant);
      FoundTables tables{variant, "", {}};
      t.text("folder", tables.folder);
      if (const json* counts = t.find("tables", false)) {
        const FieldReader c(*counts, t.path("tables"));
        for (const auto& [pieces, n] : counts->items()) {
          const std::string at = c.path(pieces.c_str());
          int size = 0;
          try {
            size = FieldReader::whole_value<int>(json::parse(pieces), at, 2, 32);
          } catch (const json::exception&) {
            FieldReader::fail(at, "is not a number of pieces");
          }
          tables.by_pieces[size] = FieldReader::whole_value<int>(n, at, 0, INT_MAX);
        }
      }
      run.tablebases->push_back(std::move(tables));
    }
  }
  return run;
}

// A variant's entry; the rules text, when there, must load and give the recorded rules hash, so
// that rules edited in run.json are not reported (or replayed) as the ones the games were played by.
RecordedVariant recorded_variant_from_json(const FieldReader& j) {
  RecordedVariant v;
  j.text("name", v.name, true);
  j.text("rules", v.rules_hash);
  j.text("toml", v.toml);
  j.text("default_weights", v.default_weights);
  j.text("default_weights_fitted_by", v.default_weights_fitted_by);
  j.text("default_weights_evaluator", v.default_weights_evaluator);
  j.text("default_weights_recipe", v.default_weights_recipe);
  j.text("default_weights_digest", v.default_weights_digest);
  if (v.toml.empty()) return v;
  if (!j.has("rules")) FieldReader::fail(j.path("rules"), "is missing (the rules hash of its toml)");
  Variant rules;
  try {
    rules = load_variant_text(v.toml, j.path("toml"));
  } catch (const VariantError& e) {
    FieldReader::fail(j.path("toml"), std::string("the rules do not load (") + e.what() + ")");
  }
  if (rules.name != v.name)
    FieldReader::fail(j.path("toml"), "the rules are of variant " + quoted_excerpt(rules.name) + ", not " +
                                          quoted_excerpt(v.name));
  if (const std::string hash = rules_hash(rules); hash != v.rules_hash)
    FieldReader::fail(j.path("toml"), "its rules hash to " + hash + ", not to the recorded rules hash " +
                                          quoted_excerpt(v.rules_hash) + ": the rules text was edited");
  return v;
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
  const std::vector<std::pair<std::string, std::string>> a = identifying_texts(there.settings),
                                                         b = identifying_texts(here.settings);
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].second != b[i].second) return "--" + a[i].first + " " + a[i].second + ", not " + b[i].second;
  return "";
}

std::string run_record_text(const RunRecord& record) { return run_record_json(record).dump(2) + "\n"; }

RunRecord parse_run_record(const std::string& text) {
  json parsed;
  try {
    parsed = json::parse(text);
  } catch (const json::exception& e) {
    throw std::invalid_argument("not JSON (" + plain_message(e) + ")");
  }
  RunRecord r;
  const FieldReader j(parsed, "");
  j.text("format", r.format, true);
  j.objects("variants", true, [&](const FieldReader& v) { r.variants.push_back(recorded_variant_from_json(v)); });
  if (r.variants.empty()) FieldReader::fail("variants", "is empty");
  read_settings(j, r.settings);
  j.objects("runs", true, [&](const FieldReader& run) { r.runs.push_back(run_start_from_json(run)); });
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
    throw ResultsError(file.string(), 0, e.what());
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

std::vector<std::string> recorded_players(const fs::path& results_file) {
  const std::optional<RunRecord> run = read_run_file(results_file.parent_path());
  return run ? run->settings.players : std::vector<std::string>{};
}

}  // namespace jungle
