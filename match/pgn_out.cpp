#include "match/pgn_out.h"

#include <sstream>

#include "match/tournament_config.h"
#include "support/files.h"

namespace jungle {

namespace {

AppendFile open_pgnout(const std::filesystem::path& file) {
  try {
    return AppendFile(file);
  } catch (const FileWriteError& e) {
    throw TournamentError(std::string("--pgnout: ") + e.what());
  }
}

}  // namespace

PgnOut::PgnOut(const std::filesystem::path& file, PgnContext context, const std::vector<Variant>& variants)
    : file_(open_pgnout(file)), context_(std::move(context)) {
  for (const Variant& v : variants) starts_[v.name] = v.start;
}

std::string PgnOut::append(const StoredGame& game) {
  try {
    std::ostringstream pgn;
    const auto start = starts_.find(game.record.variant);
    write_pgn(pgn, game, start == starts_.end() ? "" : start->second, context_);
    return file_.append(pgn.str());
  } catch (const std::exception& e) {
    return "--pgnout: " + std::string(e.what());
  }
}

}  // namespace jungle
