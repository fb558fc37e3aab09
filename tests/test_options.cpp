// Options typed once: each setting read by its type's parser and written by its text(), the two
// agreeing; a player spec read once makes the players its text made; a tournament's setup
// reads the same from the settings as typed (a new run) as from run.json's (a worker rank).
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "match/adjudication.h"
#include "match/matchmaking.h"
#include "match/tournament_setup.h"
#include "players/player.h"
#include "protocol/engine_player.h"
#include "results/tournament_settings.h"
#include "stats/statistics.h"

using namespace jungle;

namespace {

// Each pair: a text as typed, and its canonical form, written out by hand.
using Texts = std::vector<std::pair<std::string, std::string>>;

// text(parse(typed)) is the canonical form, and parse(canonical) gives it back unchanged.
template <typename Parse>
void expect_round_trips(const Texts& texts, Parse parse) {
  for (const auto& [typed, canonical] : texts) {
    EXPECT_EQ(parse(typed).text(), canonical) << typed;
    EXPECT_EQ(parse(canonical).text(), canonical) << canonical;
  }
}

}  // namespace

TEST(Options, PlayerSpecsReadOnceWriteTheirCanonicalText) {
  const Texts texts = {{"random", "random"},
                       {"greedy", "greedy"},
                       {"alphabeta:depth=3", "alphabeta:depth=3"},
                       {"alphabeta:contempt=10,depth=3", "alphabeta:depth=3"},
                       {"alphabeta:weights=untuned,contempt=-5,nodes=500", "alphabeta:nodes=500,contempt=-5,weights=untuned"},
                       {"mcts:rollout=random,playouts=50", "mcts:playouts=50"},
                       {"mcts:weights=untuned,rollout=greedy,playouts=7", "mcts:playouts=7,rollout=greedy,weights=untuned"}};
  expect_round_trips(texts, [](const std::string& t) { return parse_player_spec(t); });
  for (const auto& [typed, canonical] : texts) {
    // A player made from the spec read once is the player its text makes: its name, and its moves.
    const auto once = make_player(parse_player_spec(typed), 7), again = make_player(typed, 7);
    EXPECT_EQ(once->spec(), canonical);
    EXPECT_EQ(again->spec(), canonical);
    const Variant standard;  // a Game keeps a reference to its rules
    Game a{standard}, b{standard};
    for (int ply = 0; ply < 6 && !a.end(); ++ply) {
      const Move m = once->choose(a);
      ASSERT_EQ(m, again->choose(b)) << typed << " at ply " << ply;
      a.play(m);
      b.play(m);
    }
  }
  EXPECT_THROW(parse_player_spec("alphabeta"), PlayerSpecError);
  EXPECT_THROW(parse_player_spec("mcts:playouts=0"), PlayerSpecError);
  EXPECT_FALSE(parse_player_spec("greedy").evaluates());
  EXPECT_TRUE(parse_player_spec("mcts:playouts=3").evaluates());
}

TEST(Options, EachSettingIsReadAndWrittenByOnePair) {
  expect_round_trips({{"none", "random:plies=0"}, {"random:plies=4", "random:plies=4"}, {"random:plies=12", "random:plies=12"}},
                     [](const std::string& t) { return parse_opening_rule(t); });
  struct Sprt {  // SprtParams is written by a free function
    stats::SprtParams p;
    std::string text() const { return stats::sprt_params_text(p); }
  };
  expect_round_trips({{"elo0=0,elo1=50", "elo0=0,elo1=50,alpha=0.05,beta=0.05,model=normalized"},
                      {"elo0=-5,elo1=5,alpha=0.1,beta=0.2,model=logistic", "elo0=-5,elo1=5,alpha=0.1,beta=0.2,model=logistic"}},
                     [](const std::string& t) { return Sprt{stats::parse_sprt_params(t)}; });
  expect_round_trips({{"movenumber=10,movecount=4,score=5", "movenumber=10,movecount=4,score=5"}},
                     [](const std::string& t) { return parse_draw_adjudication(t); });
  expect_round_trips({{"movecount=3,score=900", "movecount=3,score=900,twosided=false"},
                      {"movecount=2,score=600,twosided=true", "movecount=2,score=600,twosided=true"}},
                     [](const std::string& t) { return parse_resign_adjudication(t); });
  // An engine's text is whatever EngineConfig writes; it must read back to itself.
  for (const std::string typed : {"name=a,cmd=/bin/true", "name=b,cmd=/bin/true,depth=2,timemargin=40"}) {
    const std::string canonical = parse_engine_config(typed).text();
    EXPECT_EQ(parse_engine_config(canonical).text(), canonical);
  }
  for (const std::string typed : {"depth=1", "tc=40/60+0.5,timemargin=20"}) {
    const std::string canonical = parse_engine_defaults(typed).text();
    EXPECT_EQ(parse_engine_defaults(canonical).text(), canonical);
  }
}

TEST(Options, TheDefaultsAreTheCommandLines) {
  const TournamentSettings s;
  EXPECT_EQ(std::string(DEFAULT_OPENINGS), "random:plies=4");
  EXPECT_EQ(s.openings, "random:plies=4");
  EXPECT_EQ(s.seed, 1u);
  EXPECT_EQ(TournamentConfig{}.threads, 0);
}

// A worker rank's setup, read from rank 0's run.json record, holds what rank 0's holds.
TEST(Options, ANewRunAndAWorkerRankReadTheSameSetup) {
  TournamentConfig c;
  c.engines = {"name=e,cmd=/bin/true,depth=2", "name=unused,cmd=/bin/true"};
  c.players = {"e", "alphabeta:contempt=10,depth=1", "mcts:rollout=random,playouts=5"};
  c.each = "depth=1";
  c.margin_ms = 50;
  c.draw = "movenumber=10,movecount=4,score=5";
  c.resign = "movecount=3,score=900";
  c.games_per_pair = 4;
  c.seed = 9;
  c.openings = "none";
  c.gauntlet = true;
  const jungle::Setup here = make_setup(c);
  ASSERT_EQ(here.players.size(), 3u);
  EXPECT_FALSE(here.players[0].builtin);
  EXPECT_EQ(here.players[0].engine, "e");
  ASSERT_TRUE(here.players[1].builtin);
  EXPECT_EQ(here.players[1].builtin->kind, PlayerKind::AlphaBeta);
  EXPECT_EQ(here.player_names(), (std::vector<std::string>{"e", "alphabeta:depth=1", "mcts:playouts=5"}));
  EXPECT_EQ(here.engines.size(), 1u) << "only the engines among the players";
  EXPECT_EQ(here.openings->text(), "random:plies=0");

  const TournamentSettings recorded = here.settings();
  EXPECT_EQ(recorded.players, here.player_names());
  EXPECT_EQ(recorded.openings, "random:plies=0");
  EXPECT_EQ(recorded.resign, "movecount=3,score=900,twosided=false");
  EXPECT_EQ(recorded.engines.size(), 1u);

  const jungle::Setup there = setup_from_fingerprint(here.fingerprint());
  EXPECT_EQ(there.player_names(), here.player_names());
  EXPECT_EQ(there.games_per_pair, 4);
  EXPECT_EQ(there.seed, 9u);
  EXPECT_TRUE(there.gauntlet);
  EXPECT_FALSE(there.paired_variants);
  EXPECT_EQ(there.margin_ms, 50);
  EXPECT_EQ(there.each.text(), here.each.text());
  EXPECT_EQ(there.draw.text(), "movenumber=10,movecount=4,score=5");
  EXPECT_EQ(there.resign.text(), recorded.resign);
  EXPECT_EQ(there.engine_config("e").text(), here.engine_config("e").text());
  EXPECT_EQ(there.limits_of(there.players[0]).text(), here.limits_of(here.players[0]).text());
  EXPECT_FALSE(there.openings) << "rank 0 alone makes the openings";
  EXPECT_THROW(there.settings(), std::logic_error);

  // The engines' limits and adjudication are theirs: without engines, none is kept or recorded.
  c.players = {"random", "greedy"};
  const jungle::Setup builtin = make_setup(c);
  EXPECT_FALSE(builtin.draw.enabled());
  EXPECT_EQ(builtin.margin_ms, 0);
  EXPECT_EQ(builtin.settings().draw, "");
  EXPECT_TRUE(builtin.settings().engines.empty());

  // An SPRT reads back on a worker rank as rank 0 wrote it.
  c.players = {"random", "greedy"};
  c.gauntlet = false;
  c.sprt = "elo0=0,elo1=50";
  const jungle::Setup tested = make_setup(c);
  const jungle::Setup worker = setup_from_fingerprint(tested.fingerprint());
  ASSERT_TRUE(worker.sprt);
  EXPECT_EQ(stats::sprt_params_text(*worker.sprt), "elo0=0,elo1=50,alpha=0.05,beta=0.05,model=normalized");
}
