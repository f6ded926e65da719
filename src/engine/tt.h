// The transposition table shared by every search thread (Lazy SMP). Entries are two 64-bit
// words, stored as (key ^ data, data) with relaxed atomic accesses: a torn write by another
// thread makes the check fail and the entry reads as a miss, so no lock is needed.
//
// data, low bits first: move 32 | score 16 (signed) | depth + 2 8 (0: empty) | bound 2 |
// generation 6.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/bitboard.h"
#include "engine/score.h"

namespace menagerie::engine {

enum Bound : uint8_t { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

struct TTHit {
    Move move = MOVE_NONE;
    int score = SCORE_NONE;
    int depth = -1;
    Bound bound = BOUND_NONE;
};

class TranspositionTable {
  public:
    // A new, empty table of `mb` MB. Throws std::bad_alloc when the memory cannot be had, and
    // then the table is the one it was, contents included.
    void resize(std::size_t mb);
    void clear();
    void new_search() { generation_ = (generation_ + 1) & 63; }
    bool probe(uint64_t key, TTHit& hit) const;
    // Starts loading the cluster of `key` into the cache (a hint: nothing is read).
    void prefetch(uint64_t key) const { __builtin_prefetch(cluster(key)); }
    // depth: plies, at least -1 (quiescence); score already adjusted with score_to_tt.
    void store(uint64_t key, Move move, int score, int depth, Bound bound);
    int hashfull() const;  // per mille of a sample of entries written in this search

  private:
    // Plain words accessed through std::atomic_ref: zeroed memory is then already a table of
    // empty entries, so a new table needs no pass over its memory (see resize).
    struct Entry {
        uint64_t check, data;
    };
    // (atomic_ref of a const object is C++26; the table's memory is never const.)
    static uint64_t read(const uint64_t& word) {
        return std::atomic_ref<uint64_t>(const_cast<uint64_t&>(word))
            .load(std::memory_order_relaxed);
    }
    static void write(uint64_t& word, uint64_t value) {
        std::atomic_ref<uint64_t>(word).store(value, std::memory_order_relaxed);
    }
    static constexpr int CLUSTER = 4;
    Entry* cluster(uint64_t key) const {
        // The key's high bits pick the cluster (a multiply, not a modulo).
        return &entries_[static_cast<std::size_t>((Bitboard(key) * clusters_) >> 64) * CLUSTER];
    }
    // The entries live in memory aligned to 2 MB and offered to the kernel for huge pages:
    // probes land anywhere in the table, and with 4 KB pages nearly each one also misses the
    // address translation cache.
    struct FreeEntries {
        std::size_t bytes;  // as mapped
        void operator()(Entry* e) const;
    };
    std::unique_ptr<Entry[], FreeEntries> entries_;
    std::size_t clusters_ = 0;
    uint8_t generation_ = 0;
};

}  // namespace menagerie::engine
