// Player specs ("alphabeta:depth=3") parsed into the four kinds of player.
#include "players/player.h"

#include <filesystem>
#include <optional>
#include <vector>

#include "players/mcts.h"
#include "players/player_context.h"
#include "search/search.h"
#include "search/weights_file.h"
#include "support/excerpt.h"
#include "support/key_values.h"
#include "support/nearest_names.h"
#include "support/numbers.h"
#include "tablebase/disk_tables.h"
#include "tablebase/tablebase.h"

namespace jungle {

namespace {

constexpr const char* VALID_SPECS =
    "random, greedy, alphabeta:depth=N[,contempt=C][,weights=FILE|untuned][,tablebases=DIR|auto], "
    "alphabeta:nodes=N[,contempt=C][,weights=FILE|untuned][,tablebases=DIR|auto], "
    "mcts:playouts=N[,rollout=random|greedy][,weights=FILE|untuned]";

// Generous ceilings that keep a typo from asking for a search that never ends.
constexpr std::uint64_t MAX_NODES = 1'000'000'000'000;
constexpr std::uint64_t MAX_PLAYOUTS = 1'000'000'000;

[[noreturn]] void refuse(const std::string& why) { throw PlayerSpecError(why + "; valid: " + VALID_SPECS); }

[[noreturn]] void refuse(const std::string& spec, const std::string& why) {
  refuse("bad player spec \"" + excerpt(spec, 60) + "\": " + why);
}

std::uint64_t parse_count(const std::string& spec, const std::string& key, const std::string& value,
                          std::uint64_t max) {
  if (const auto n = parse_whole_number<std::uint64_t>(value, 1, max)) return *n;
  refuse(spec, key + " " + whole_number_expected<std::uint64_t>(value, 1, max));
}

int parse_contempt(const std::string& spec, const std::string& value) {
  if (const auto n = parse_whole_number(value, -AlphaBeta::MAX_CONTEMPT, AlphaBeta::MAX_CONTEMPT)) return *n;
  refuse(spec, "contempt " + whole_number_expected(value, -AlphaBeta::MAX_CONTEMPT, AlphaBeta::MAX_CONTEMPT));
}

// tablebases=DIR|auto: a folder that exists, or the tables' default cache folder (which need not
// exist yet: a player without tables on disk plays without them, and says so).
std::filesystem::path parse_tablebases(const std::string& spec, const std::string& value) {
  if (value == "auto") {
    try {
      return tablebase::default_folder();
    } catch (const tablebase::TablebaseError& e) {
      refuse(spec, std::string("tablebases=auto: ") + e.what());
    }
  }
  std::error_code ec;
  if (value.empty() || !std::filesystem::is_directory(value, ec)) {
    const std::string suggestion = did_you_mean(value, {"auto"});
    refuse(spec, "tablebases must be auto or a folder that exists (jungle tablebase build --dir DIR fills one), not \"" +
                     excerpt(value) + "\"" + (suggestion.empty() ? "" : ": " + suggestion));
  }
  return value;
}

// weights=FILE|untuned: a file is read now (into the context, for the players it is read for), so
// that a bad one stops a tournament before its games.
std::string parse_weights(const std::string& spec, const std::string& value, PlayerContext& context) {
  if (value.empty()) refuse(spec, "weights needs a file or untuned");
  if (value == UNTUNED_WEIGHTS) return value;
  try {
    context.weights_file(value);
  } catch (const WeightsError& e) {
    const std::string suggestion = e.line == 0 ? did_you_mean(value, {UNTUNED_WEIGHTS}) : "";
    refuse(spec, e.what() + (suggestion.empty() ? "" : ": " + suggestion));
  }
  return value;
}

// The parameters after "name:", in the order written; a mistake is refused naming the spec.
std::vector<KeyValue> parameters(const std::string& spec, std::size_t colon, const KeyValueSyntax& syntax) {
  if (colon == std::string::npos) return {};
  try {
    return split_key_values(std::string_view(spec).substr(colon + 1), syntax);
  } catch (const KeyValueError& e) {
    refuse(spec, e.what());
  }
}

PlayerSpec parse_spec(const std::string& spec, PlayerContext& context) {
  const std::size_t colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  if (name != "random" && name != "greedy" && name != "alphabeta" && name != "mcts") {
    const std::string suggestion = did_you_mean(name, {"random", "greedy", "alphabeta", "mcts"});
    refuse("unknown player \"" + excerpt(name) + "\"" + (suggestion.empty() ? "" : ": " + suggestion));
  }

  PlayerSpec out;
  if (name == "random" || name == "greedy") {
    if (colon != std::string::npos) refuse(spec, "\"" + excerpt(name) + "\" takes no parameters");
    out.kind = name == "random" ? PlayerKind::Random : PlayerKind::Greedy;
    return out;
  }
  if (name == "alphabeta") {
    out.kind = PlayerKind::AlphaBeta;
    const KeyValueSyntax syntax{.keys = {"depth", "nodes", "contempt", "weights", "tablebases"},
                                .noun = "parameter",
                                .expected = "alphabeta takes depth=N or nodes=N, contempt=C, weights=FILE|untuned and "
                                "tablebases=DIR|auto"};
    for (const KeyValue& p : parameters(spec, colon, syntax)) {
      if (p.key == "depth") out.limits.depth = int(parse_count(spec, p.key, p.value, AlphaBeta::MAX_DEPTH));
      else if (p.key == "nodes") out.limits.nodes = parse_count(spec, p.key, p.value, MAX_NODES);
      else if (p.key == "contempt") out.contempt = parse_contempt(spec, p.value);
      else if (p.key == "weights") out.weights = parse_weights(spec, p.value, context);
      else out.tablebase_root = parse_tablebases(spec, p.value), out.tablebases = p.value;
    }
    if (out.limits.depth && out.limits.nodes) refuse(spec, "give depth=N or nodes=N, not both");
    if (!out.limits.depth && !out.limits.nodes) refuse(spec, "alphabeta needs depth=N or nodes=N");
  } else {
    out.kind = PlayerKind::Mcts;
    out.mcts.playouts = 0;
    const KeyValueSyntax syntax{.keys = {"playouts", "rollout", "weights"},
                                .noun = "parameter",
                                .expected = "mcts takes playouts=N, rollout=random|greedy and weights=FILE|untuned"};
    for (const KeyValue& p : parameters(spec, colon, syntax)) {
      if (p.key == "playouts") {
        out.mcts.playouts = parse_count(spec, p.key, p.value, MAX_PLAYOUTS);
      } else if (p.key == "rollout") {
        if (p.value == "random") out.mcts.rollout = Rollout::Random;
        else if (p.value == "greedy") out.mcts.rollout = Rollout::Greedy;
        else {
          const std::string suggestion = did_you_mean(p.value, {"random", "greedy"});
          refuse(spec, "rollout must be random or greedy, not \"" + excerpt(p.value) + "\"" +
                           (suggestion.empty() ? "" : ": " + suggestion));
        }
      } else {
        out.weights = parse_weights(spec, p.value, context);
      }
    }
    if (!out.mcts.playouts) refuse(spec, "mcts needs playouts=N");
  }
  return out;
}

// Every player draws from its own stream. The stream is started at the first move, mixing in
// the colour the player has then, so that two players built from one seed (as a tournament
// does for both sides of a game) do not make correlated draws.
class SeededPlayer : public Player {
 public:
  SeededPlayer(std::string spec, std::uint64_t seed) : spec_(std::move(spec)), seed_(seed) {}
  std::string spec() const override { return spec_; }

 protected:
  Rng& rng(const Game& game) {
    if (!rng_) {
      // SplitMix64's finaliser: nearby seeds give unrelated streams.
      std::uint64_t z = seed_ + 0x9E3779B97F4A7C15ull * (1 + game.position().side_to_move());
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      rng_.emplace(z ^ (z >> 31));
    }
    return *rng_;
  }

 private:
  std::string spec_;
  std::uint64_t seed_;
  std::optional<Rng> rng_;
};

class RandomPlayer : public SeededPlayer {
 public:
  using SeededPlayer::SeededPlayer;
  Move choose(const Game& game) override {
    const MoveList& moves = game.legal();
    return moves.moves[rng(game).below(std::uint64_t(moves.size))];
  }
};

class GreedyPlayer : public SeededPlayer {
 public:
  using SeededPlayer::SeededPlayer;
  Move choose(const Game& game) override { return greedy_move(game.position(), game.legal(), rng(game)); }
};

// The weights a player evaluates with, found when it first sees its game's variant: weights=, else
// the default weights it was made with, else the file beside the variant's rules.
class PlayerWeights {
 public:
  PlayerWeights(std::string choice, std::shared_ptr<const EvalWeights> given, std::shared_ptr<PlayerContext> context)
      : choice_(std::move(choice)), given_(std::move(given)), context_(std::move(context)) {}
  // Non-null once resolved; the same object while the variant is the same.
  const std::shared_ptr<const EvalWeights>& for_variant(const Variant& variant) {
    if (&variant != variant_) {
      weights_ = choice_.empty() && given_ ? given_ : context_->weights(variant, choice_).weights;
      variant_ = &variant;
    }
    return weights_;
  }

 private:
  std::string choice_;
  std::shared_ptr<const EvalWeights> given_;
  std::shared_ptr<PlayerContext> context_;
  const Variant* variant_ = nullptr;
  std::shared_ptr<const EvalWeights> weights_;
};

class AlphaBetaPlayer : public SeededPlayer {
 public:
  AlphaBetaPlayer(std::string spec, std::uint64_t seed, SearchLimits limits, int contempt, PlayerWeights weights,
                  std::filesystem::path tablebase_root, std::shared_ptr<PlayerContext> context)
      : SeededPlayer(std::move(spec), seed),
        limits_(limits),
        weights_(std::move(weights)),
        tablebase_root_(std::move(tablebase_root)),
        context_(std::move(context)) {
    search_.set_contempt(contempt);
  }
  Move choose(const Game& game) override {
    search_.set_weights(weights_.for_variant(game.position().variant()));
    if (!tablebase_root_.empty() && tables_variant_ != &game.position().variant()) use_tables(game.position().variant());
    const SearchResult result = search_.search(game, limits_, rng(game));
    searched_.nodes += result.nodes;
    searched_.moves += 1;
    return result.best;
  }
  SearchTally searched() const override { return searched_; }

 private:
  // Only the tables already on disk: building a missing one could take minutes in mid-game.
  void use_tables(const Variant& variant) {
    tables_variant_ = &variant;
    try {
      auto tables = context_->tables(variant, tablebase_root_);
      if (tables->on_disk().empty())
        context_->note_once("no endgame tables of variant " + variant.name + " in " + tables->folder().string() +
                            "; `jungle tablebase build --variant " + variant.name + " --pieces 3` makes them");
      search_.set_tablebases(std::move(tables));
    } catch (const tablebase::TablebaseError& e) {
      context_->note_once(spec() + " plays variant " + variant.name + " without endgame tables: " + e.what());
      search_.set_tablebases(nullptr);
    }
  }

  SearchLimits limits_;
  PlayerWeights weights_;
  AlphaBeta search_;
  std::filesystem::path tablebase_root_;
  const Variant* tables_variant_ = nullptr;
  std::shared_ptr<PlayerContext> context_;  // where the tables are found
  SearchTally searched_;
};

class MctsPlayer : public SeededPlayer {
 public:
  MctsPlayer(std::string spec, std::uint64_t seed, MctsOptions options, PlayerWeights weights)
      : SeededPlayer(std::move(spec), seed), options_(options), weights_(std::move(weights)) {}
  Move choose(const Game& game) override {
    options_.weights = weights_.for_variant(game.position().variant());
    return mcts_search(game, options_, rng(game)).best;
  }

 private:
  MctsOptions options_;
  PlayerWeights weights_;
};

}  // namespace

std::string PlayerSpec::text() const {
  std::string out;
  switch (kind) {
    case PlayerKind::Random: return "random";
    case PlayerKind::Greedy: return "greedy";
    case PlayerKind::AlphaBeta:
      out = limits.depth ? "alphabeta:depth=" + std::to_string(limits.depth)
                         : "alphabeta:nodes=" + std::to_string(limits.nodes);
      // The default contempt is left out, so that "alphabeta:depth=N" is its own normal form.
      if (contempt != AlphaBeta::DEFAULT_CONTEMPT) out += ",contempt=" + std::to_string(contempt);
      if (!weights.empty()) out.append(",weights=").append(weights);
      if (!tablebases.empty()) out.append(",tablebases=").append(tablebases);
      return out;
    case PlayerKind::Mcts:
      // The default rollout is left out, so that "mcts:playouts=N" is its own normal form.
      out = "mcts:playouts=" + std::to_string(mcts.playouts) + (mcts.rollout == Rollout::Greedy ? ",rollout=greedy" : "");
      if (!weights.empty()) out.append(",weights=").append(weights);
      return out;
  }
  return out;
}

PlayerSpec parse_player_spec(const std::string& text, PlayerContext* context) {
  PlayerContext own;
  return parse_spec(text, context ? *context : own);
}

std::unique_ptr<Player> make_player(const PlayerSpec& spec, std::uint64_t seed, std::shared_ptr<PlayerContext> context,
                                    std::shared_ptr<const EvalWeights> default_weights) {
  if (!context) context = std::make_shared<PlayerContext>();
  PlayerWeights weights(spec.weights, std::move(default_weights), context);
  switch (spec.kind) {
    case PlayerKind::Random: return std::make_unique<RandomPlayer>(spec.text(), seed);
    case PlayerKind::Greedy: return std::make_unique<GreedyPlayer>(spec.text(), seed);
    case PlayerKind::AlphaBeta:
      return std::make_unique<AlphaBetaPlayer>(spec.text(), seed, spec.limits, spec.contempt, std::move(weights),
                                               spec.tablebase_root, std::move(context));
    case PlayerKind::Mcts:
      return std::make_unique<MctsPlayer>(spec.text(), seed, spec.mcts, std::move(weights));
  }
  return nullptr;
}

std::unique_ptr<Player> make_player(const std::string& spec, std::uint64_t seed, std::shared_ptr<PlayerContext> context,
                                    std::shared_ptr<const EvalWeights> default_weights) {
  if (!context) context = std::make_shared<PlayerContext>();
  const PlayerSpec parsed = parse_spec(spec, *context);  // before the context is moved from
  return make_player(parsed, seed, std::move(context), std::move(default_weights));
}

void validate_player_spec(const std::string& spec) { parse_player_spec(spec); }

void check_player_weights(const PlayerSpec& spec, const std::string& written, const Variant& variant,
                          PlayerContext& context) {
  if (!spec.evaluates()) return;
  try {
    context.weights(variant, spec.weights);
  } catch (const WeightsError& e) {
    refuse(written, std::string(e.what()));
  }
}

void validate_player_spec(const std::string& spec, const Variant& variant, PlayerContext* given) {
  PlayerContext own;
  PlayerContext& context = given ? *given : own;
  check_player_weights(parse_spec(spec, context), spec, variant, context);
}

std::optional<std::string> evaluation_weights(const std::string& spec) {
  const PlayerSpec parsed = parse_player_spec(spec);
  if (!parsed.evaluates()) return std::nullopt;
  return parsed.weights;
}

}  // namespace jungle
