// The transposition table shared by every search thread (Lazy SMP). Entries are two 64-bit
// words, stored as (key ^ data, data) with relaxed atomics: a torn write by another thread makes
// the check fail and the entry reads as a miss, so no lock is needed.
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
    struct Entry {
        std::atomic<uint64_t> check{0}, data{0};
    };
    static constexpr int CLUSTER = 4;
    Entry* cluster(uint64_t key) const {
        // The key's high bits pick the cluster (a multiply, not a modulo).
        return &entries_[static_cast<std::size_t>((Bitboard(key) * clusters_) >> 64) * CLUSTER];
    }
    // The entries live in memory aligned to 2 MB and offered to the kernel for huge pages:
    // probes land anywhere in the table, and with 4 KB pages nearly each one also misses the
    // address translation cache.
    struct FreeEntries {
        void operator()(Entry* e) const;
    };
    std::unique_ptr<Entry[], FreeEntries> entries_;
    std::size_t clusters_ = 0;
    uint8_t generation_ = 0;
};

}  // namespace menagerie::engine
