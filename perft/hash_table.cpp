#include "hash_table.h"

#include <algorithm>
#include <bit>

namespace jungle {

PerftTable::PerftTable(std::size_t megabytes) {
  std::size_t buckets = std::bit_floor(std::max<std::size_t>(1, megabytes * 1024 * 1024 / (sizeof(Entry) * BUCKET_SIZE)));
  entries_ = std::make_unique<Entry[]>(buckets * BUCKET_SIZE);
  bucket_mask_ = buckets - 1;
}

bool PerftTable::probe(Key key, int depth, std::uint64_t& nodes) const {
  const Entry* b = bucket(key);
  for (int i = 0; i < BUCKET_SIZE; ++i) {
    std::uint64_t data = b[i].data.load(std::memory_order_relaxed);
    if ((data & 0xFF) == std::uint64_t(depth) && (b[i].check.load(std::memory_order_relaxed) ^ data) == key) {
      nodes = data >> 8;
      return true;
    }
  }
  return false;
}

// Replaces the shallowest entry of the bucket: deep subtotals save the most work.
void PerftTable::store(Key key, int depth, std::uint64_t nodes) {
  Entry* b = bucket(key);
  Entry* victim = &b[0];
  for (int i = 0; i < BUCKET_SIZE; ++i) {
    std::uint64_t data = b[i].data.load(std::memory_order_relaxed);
    if ((b[i].check.load(std::memory_order_relaxed) ^ data) == key) {
      victim = &b[i];
      break;
    }
    if ((data & 0xFF) < (victim->data.load(std::memory_order_relaxed) & 0xFF)) victim = &b[i];
  }
  std::uint64_t data = nodes << 8 | std::uint64_t(depth);
  victim->check.store(key ^ data, std::memory_order_relaxed);
  victim->data.store(data, std::memory_order_relaxed);
}

}  // namespace jungle
