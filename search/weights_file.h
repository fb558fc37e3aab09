// Weights files: an evaluation's weights (eval_weights.h) as TOML, with the variant and the
// rules hash (rules_hash.h) they were tuned for, as `jungle tune` writes them:
//
//   variant = "standard"
//   rules_hash = "0123456789abcdef"
//   [pieces]   rat = 240 ... elephant = 390       every kind
//   [advance]  by_distance = [12 integers]  far = 1
//   [traps]    next_to_enemy = 40  alone = 15     120ths of the piece's value
//   [threats]  ours = 30  theirs = 40             120ths of the best target's value
//   [den]      ours = 300  theirs = 150
//   [water]    swimmer = 0
//   [defence]  open_entry_ours = 200  open_entry_theirs = 60
//   [raid]     untakeable = 40
//   [tuning]   anything: how the weights were found; its `command`, `evaluator` and `recipe`
//              are read as the weights' provenance (WeightsProvenance), which reports name and
//              compare checks
//
// Every weight must be given, as an integer within its range (weight_min, weight_max); an
// unknown key is a mistake. Reading stops at the first mistake, "FILE:LINE:COLUMN: message".
//
// Weights are used only with the rules they were tuned for: a file whose rules_hash is not the
// variant's is refused, since piece values fitted to one set of capture rules mislead under
// another. The bundled variants' tuned weights lie beside their rules, variants/NAME.weights.toml,
// and are what players and `jungle engine` use unless told otherwise.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

#include "engine/variant.h"
#include "search/eval_weights.h"

namespace jungle {

struct WeightsError : std::runtime_error {
  WeightsError(std::string file, int line, int column, const std::string& message);
  std::string file;
  int line;    // 1-based; 0 when the whole file is at fault
  int column;  // 1-based; 0 with line 0
  std::string message;
};

// How a file's weights were fitted, from its [tuning] table; each "" when the file does not say.
struct WeightsProvenance {
  std::string fitted_by{};  // command: the command that fitted them
  std::string evaluator{};  // evaluator: the evaluator_version() that fitted them
  std::string recipe{};     // recipe: the fit's settings but the variant (research/weights_fitting.h)
  bool operator==(const WeightsProvenance&) const = default;
};

struct WeightsFile {
  std::string variant;     // the name of the variant they were tuned for
  std::string rules_hash;  // its rules_hash()
  int rules_hash_line = 1;  // where the file says so, for messages
  EvalWeights weights;
  WeightsProvenance provenance{};
};

WeightsFile read_weights_file(const std::filesystem::path& file);
// `origin` names the text in errors.
WeightsFile read_weights_text(const std::string& text, const std::string& origin);

// A TOML basic string: `text` in quotes, " and \ escaped, control characters left out.
std::string toml_string(const std::string& text);

// The file's text: with the provenance, when it has any, in its [tuning] table, after `tuning`,
// lines of that table ("key = value") other than command, evaluator and recipe; may be empty.
std::string weights_to_toml(const WeightsFile& weights, const std::string& tuning = "");

// Throws WeightsError (at the file's rules_hash line) unless the weights were tuned for the rules of `variant`.
void check_weights_match(const WeightsFile& weights, const std::string& file, const Variant& variant);

// The file of tuned weights that goes with a variant's rules file: FOLDER/NAME.weights.toml beside
// FOLDER/NAME.toml; empty for a variant without a file (the built-in standard, rules read from
// a results folder).
std::filesystem::path weights_path_beside(const Variant& variant);

// What a player spec's `weights=` or the engine's `Weights` option names.
constexpr const char* UNTUNED_WEIGHTS = "untuned";

struct ResolvedWeights {
  std::shared_ptr<const EvalWeights> weights;
  std::string origin;  // the file read, or "untuned"
  WeightsProvenance provenance{};  // the file's; none for the untuned weights
};

// How resolve_weights reads a file: a run that resolves weights at every game keeps what it has
// read (players/player_context.h); null reads the file anew.
using WeightsReader = std::function<std::shared_ptr<const WeightsFile>(const std::filesystem::path& file)>;

// The weights to evaluate `variant` with: `choice` empty takes the file beside its rules
// (weights_path_beside) when there is one, else the untuned weights; "untuned" the untuned
// weights; anything else is a weights file, read by `read` and checked against the variant
// (WeightsError). Keeps nothing: safe to call from several threads if `read` is.
ResolvedWeights resolve_weights(const Variant& variant, const std::string& choice, const WeightsReader& read = nullptr);

}  // namespace jungle
