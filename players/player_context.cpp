#include "players/player_context.h"

#include <cstdio>

namespace jungle {

std::shared_ptr<const WeightsFile> PlayerContext::weights_file(const std::filesystem::path& file) {
  {
    std::lock_guard lock(mutex_);
    if (auto it = weights_files_.find(file.string()); it != weights_files_.end()) return it->second;
  }
  // Read unlocked, so that one thread's read holds up no other thread's players; two threads that
  // read the same file at once keep the first.
  auto loaded = std::make_shared<const WeightsFile>(read_weights_file(file));
  std::lock_guard lock(mutex_);
  return weights_files_.emplace(file.string(), std::move(loaded)).first->second;
}

ResolvedWeights PlayerContext::weights(const Variant& variant, const std::string& choice) {
  return resolve_weights(variant, choice, [this](const std::filesystem::path& file) { return weights_file(file); });
}

std::shared_ptr<tablebase::DiskTables> PlayerContext::tables(const Variant& variant, const std::filesystem::path& root) {
  const std::string folder = tablebase::DiskTables::folder_of(variant, root).string();
  std::shared_ptr<tablebase::DiskTables> found;
  {
    std::lock_guard lock(mutex_);
    if (auto it = tables_.find(folder); it != tables_.end()) found = it->second;
  }
  if (found) {
    found->look_again();
    return found;
  }
  auto opened = tablebase::DiskTables::open(variant, root);
  std::lock_guard lock(mutex_);
  return tables_.emplace(folder, std::move(opened)).first->second;
}

void PlayerContext::note_once(const std::string& text) {
  std::lock_guard lock(mutex_);
  if (notes_.insert(text).second) std::fprintf(stderr, "note: %s\n", text.c_str());
}

}  // namespace jungle
