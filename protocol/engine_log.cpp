#include "protocol/engine_log.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <stdexcept>

namespace jungle {

EngineLog::EngineLog(const std::filesystem::path& file) : out_(std::fopen(file.c_str(), "a")) {
  if (!out_) throw std::runtime_error("--log " + file.string() + ": cannot open it (" + std::strerror(errno) + ")");
}

EngineLog::~EngineLog() { std::fclose(out_); }

void EngineLog::write(const std::string& engine, int game, Direction direction, const std::string& line) {
  using namespace std::chrono;
  const auto now = system_clock::now();
  const std::time_t seconds = system_clock::to_time_t(now);
  const long long ms = duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", &utc);
  const std::string where = game < 0 ? "-" : std::to_string(game);
  std::lock_guard lock(mutex_);
  std::fprintf(out_, "%s.%03lldZ %s game %s %c %s\n", stamp, ms, engine.c_str(), where.c_str(), char(direction),
               line.c_str());
  std::fflush(out_);
}

}  // namespace jungle
