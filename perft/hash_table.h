// A shared table of perft subtotals, keyed by Zobrist key and depth.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "zobrist.h"

namespace jungle {

class PerftTable {
 public:
  explicit PerftTable(std::size_t megabytes);

  // True and sets nodes when the table holds (key, depth).
  bool probe(Key key, int depth, std::uint64_t& nodes) const;
  void store(Key key, int depth, std::uint64_t nodes);

 private:
  // Threads share the table without locks. An entry holds key^data beside data, so that an
  // entry torn by two concurrent writers fails the check instead of giving a wrong count.
  struct Entry {
    std::atomic<std::uint64_t> check{0};  // key ^ data
    std::atomic<std::uint64_t> data{0};   // nodes << 8 | depth; 0: empty
  };
  static constexpr int BUCKET_SIZE = 4;  // entries sharing one cache line

  Entry* bucket(Key key) const { return &entries_[(key & bucket_mask_) * BUCKET_SIZE]; }

  std::unique_ptr<Entry[]> entries_;
  std::uint64_t bucket_mask_;
};

}  // namespace jungle
