// The players' context: what a run's players read from disk is read once for the run, and only
// for it; another run, or a player made without one, reads it anew.
#include <gtest/gtest.h>

#include <fstream>

#include "engine/rules_hash.h"
#include "players/player.h"
#include "players/player_context.h"
#include "support/files.h"
#include "temp_dir.h"

using namespace jungle;

TEST(PlayerContext, ReadsAWeightsFileOnceForItsRun) {
  TempDir dir("context-weights");
  const Variant v;
  const std::filesystem::path file = dir / "mine.weights.toml";
  write_file_atomically(file, weights_to_toml(WeightsFile{v.name, rules_hash(v), 1, EvalWeights::from_rules(v), {}}));
  const std::string spec = "alphabeta:depth=1,weights=" + file.string();
  const auto run = std::make_shared<PlayerContext>();
  make_player(spec, 1, run);
  EXPECT_EQ(run->weights(v, file.string()).weights.get(), &run->weights_file(file)->weights);
  write_file_atomically(file, "not = \"weights\"\n");
  // The run's players find the file as it was read; a player of no run reads it now, and is refused.
  EXPECT_NO_THROW(make_player(spec, 2, run)->choose(Game(v)));
  EXPECT_THROW(make_player(spec, 3), PlayerSpecError);
  EXPECT_THROW(PlayerContext().weights(v, file.string()), WeightsError);
}

TEST(PlayerContext, OpensAFolderOfTablesOnceForItsRun) {
  TempDir dir("context-tables");
  const Variant v;
  PlayerContext run;
  const auto tables = run.tables(v, dir.path());
  EXPECT_EQ(tables->folder(), dir.path() / rules_hash(v));
  EXPECT_TRUE(tables->on_disk().empty());
  EXPECT_EQ(run.tables(v, dir.path() / "."), tables) << "the same folder, however named";
  EXPECT_NE(PlayerContext().tables(v, dir.path()), tables) << "another run's are its own";
  EXPECT_NE(tablebase::DiskTables::open(v, dir.path()), tables);
  // A table built since is seen at the next call (a file's name is all that listing reads).
  std::filesystem::create_directories(tables->folder());
  std::ofstream(tables->folder() / "E_r.jtb").put('\0');
  EXPECT_EQ(run.tables(v, dir.path())->on_disk(), std::vector<std::string>{"E/r"});
}
