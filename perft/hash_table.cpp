#include "perft/hash_table.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdio>
#include <new>
#include <stdexcept>

namespace jungle {

namespace {

constexpr std::size_t MB = std::size_t(1) << 20;

std::uint64_t load(std::uint64_t& word) { return std::atomic_ref(word).load(std::memory_order_relaxed); }
void save(std::uint64_t& word, std::uint64_t value) { std::atomic_ref(word).store(value, std::memory_order_relaxed); }

}  // namespace

std::size_t table_memory_limit_mb() {
  long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return std::size_t(pages) / 2 * std::size_t(page_size) / MB;
}

// A table larger than half of the memory would be paged out or end the process at the hands of
// the kernel's out-of-memory killer long into a count; a smaller table only costs speed.
PerftTable::PerftTable(std::size_t megabytes, const Warn& warn) {
  // The cap on the request keeps megabytes * MB from overflowing where the system says nothing.
  std::size_t mb = std::bit_floor(std::clamp<std::size_t>(megabytes, 1, SIZE_MAX / MB));
  if (std::size_t limit = table_memory_limit_mb(); limit && mb > limit) {
    mb = std::bit_floor(std::max<std::size_t>(limit, 1));
    if (warn)
      warn(std::to_string(megabytes) + " MB is more than " + std::to_string(limit) +
           " MB, half of this machine's memory; using " + std::to_string(mb) + " MB");
  }
  const std::size_t wanted = mb;
  for (;; mb /= 2) {
    entries_.reset(static_cast<Entry*>(std::calloc(mb * MB / sizeof(Entry), sizeof(Entry))));
    if (entries_) break;
    if (mb == 1) throw std::bad_alloc();
  }
  if (mb != wanted && warn)
    warn(std::to_string(megabytes) + " MB could not be allocated; using " + std::to_string(mb) + " MB");
  bucket_mask_ = mb * MB / (sizeof(Entry) * BUCKET_SIZE) - 1;
}

std::unique_ptr<PerftTable> shared_table(PerftOptions& options) {
  if (!options.hash_mb || options.repetition) return nullptr;
  std::unique_ptr<PerftTable> table;
  try {
    table = std::make_unique<PerftTable>(
        options.hash_mb, [](const std::string& why) { std::fprintf(stderr, "warning: --hash %s\n", why.c_str()); });
  } catch (const std::bad_alloc&) {
    throw std::runtime_error("--hash " + std::to_string(options.hash_mb) + ": not even 1 MB could be allocated");
  }
  options.table = table.get();
  return table;
}

bool PerftTable::probe(Key key, int depth, std::uint64_t& nodes) const {
  Entry* b = bucket(key);
  for (int i = 0; i < BUCKET_SIZE; ++i) {
    std::uint64_t data = load(b[i].data);
    if ((data & 0xFF) == std::uint64_t(depth) && (load(b[i].check) ^ data) == key) {
      nodes = data >> 8;
      return true;
    }
  }
  return false;
}

// Replaces the shallowest entry of the bucket: deep subtotals save the most work.
void PerftTable::store(Key key, int depth, std::uint64_t nodes) {
  // A subtotal needs the 56 bits above the depth; a larger one would come back cut short.
  if (nodes >> 56) return;
  Entry* b = bucket(key);
  Entry* victim = &b[0];
  for (int i = 0; i < BUCKET_SIZE; ++i) {
    std::uint64_t data = load(b[i].data);
    if ((load(b[i].check) ^ data) == key) {
      victim = &b[i];
      break;
    }
    if ((data & 0xFF) < (load(victim->data) & 0xFF)) victim = &b[i];
  }
  std::uint64_t data = nodes << 8 | std::uint64_t(depth);
  save(victim->check, key ^ data);
  save(victim->data, data);
}

}  // namespace jungle
