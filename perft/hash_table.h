// A shared table of perft subtotals, keyed by Zobrist key and depth.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>

#include "engine/zobrist.h"
#include "perft/perft.h"

namespace jungle {

class PerftTable {
 public:
  using Warn = std::function<void(const std::string&)>;

  // A table of `megabytes` MB rounded down to a power of two (at least 1 MB). A size above half
  // of the physical memory is cut to the largest power of two under that half, and a size the
  // system refuses is halved until it is given; `warn` hears one line for each cut, beginning
  // with the size asked for ("4096 MB ..."). Throws std::bad_alloc if not even 1 MB is given.
  explicit PerftTable(std::size_t megabytes, const Warn& warn = {});

  std::size_t megabytes() const { return (bucket_mask_ + 1) * BUCKET_SIZE * sizeof(Entry) >> 20; }

  // True and sets nodes when the table holds (key, depth).
  bool probe(Key key, int depth, std::uint64_t& nodes) const;
  void store(Key key, int depth, std::uint64_t nodes);

 private:
  // Threads share the table without locks. An entry holds key^data beside data, so that an
  // entry torn by two concurrent writers fails the check instead of giving a wrong count.
  // Plain words reached through std::atomic_ref, not std::atomic members, so that the table
  // may come from calloc: the system hands out zeroed pages only when first touched, and a
  // large table costs nothing until a count fills it.
  struct Entry {
    std::uint64_t check;  // key ^ data
    std::uint64_t data;   // nodes << 8 | depth; 0: empty
  };
  static constexpr int BUCKET_SIZE = 4;  // entries sharing one cache line
  struct Free {
    void operator()(Entry* p) const { std::free(p); }
  };

  Entry* bucket(Key key) const { return &entries_[(key & bucket_mask_) * BUCKET_SIZE]; }

  std::unique_ptr<Entry[], Free> entries_;
  std::uint64_t bucket_mask_;
};

// Half of the physical memory in MB, the most a table may take; 0 if the system does not say.
std::size_t table_memory_limit_mb();

// For a command: the table options.hash_mb asks for (nullptr if none, or with repetition), made
// once and set as options.table, so that all of the command's counts share it and a cut size is
// told once, as a "warning: --hash ..." line on standard error. Throws std::runtime_error naming
// --hash if not even 1 MB is given.
std::unique_ptr<PerftTable> shared_table(PerftOptions& options);

}  // namespace jungle
