#include "engine/tt.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <new>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace menagerie::engine {

namespace {

constexpr int DEPTH_OFFSET = 2;  // depth -1 (quiescence) stores as 1; 0 marks an empty entry

uint64_t pack(Move move, int score, int depth, Bound bound, uint8_t generation) {
    return uint64_t(move.raw()) | uint64_t(uint16_t(int16_t(score))) << 32 |
           uint64_t(uint8_t(depth + DEPTH_OFFSET)) << 48 | uint64_t(bound) << 56 |
           uint64_t(generation) << 58;
}
Move move_of(uint64_t d) { return move_from_raw(uint32_t(d)); }
int score_of(uint64_t d) { return int16_t(uint16_t(d >> 32)); }
int depth_of(uint64_t d) { return int(uint8_t(d >> 48)) - DEPTH_OFFSET; }
Bound bound_of(uint64_t d) { return Bound((d >> 56) & 3); }
uint8_t generation_of(uint64_t d) { return uint8_t(d >> 58); }
bool empty(uint64_t d) { return uint8_t(d >> 48) == 0; }

}  // namespace

void TranspositionTable::FreeEntries::operator()(Entry* e) const { std::free(e); }

void TranspositionTable::resize(std::size_t mb) {
    constexpr std::size_t HUGE_PAGE = std::size_t(2) << 20;
    const std::size_t bytes = std::max<std::size_t>(mb, 1) << 20;
    clusters_ = std::max<std::size_t>(bytes / (sizeof(Entry) * CLUSTER), 1);
    const std::size_t count = clusters_ * CLUSTER;
    entries_.reset();
    // aligned_alloc wants a size that is a multiple of the alignment.
    const std::size_t size = (count * sizeof(Entry) + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    void* memory = std::aligned_alloc(HUGE_PAGE, size);
    if (!memory) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(memory, size, MADV_HUGEPAGE);  // a hint: without huge pages the table still works
#endif
    Entry* entries = static_cast<Entry*>(memory);
    std::uninitialized_value_construct_n(entries, count);  // atomics: trivially destroyed
    entries_.reset(entries);
}

void TranspositionTable::clear() {
    for (std::size_t i = 0; i < clusters_ * CLUSTER; ++i) {
        entries_[i].check.store(0, std::memory_order_relaxed);
        entries_[i].data.store(0, std::memory_order_relaxed);
    }
    generation_ = 0;
}

bool TranspositionTable::probe(uint64_t key, TTHit& hit) const {
    const Entry* e = cluster(key);
    for (int i = 0; i < CLUSTER; ++i) {
        const uint64_t data = e[i].data.load(std::memory_order_relaxed);
        if (empty(data) || (e[i].check.load(std::memory_order_relaxed) ^ data) != key) continue;
        hit = {move_of(data), score_of(data), depth_of(data), bound_of(data)};
        return true;
    }
    return false;
}

void TranspositionTable::store(uint64_t key, Move move, int score, int depth, Bound bound) {
    Entry* e = cluster(key);
    Entry* replace = e;
    int worst = 1 << 30;
    for (int i = 0; i < CLUSTER; ++i) {
        const uint64_t data = e[i].data.load(std::memory_order_relaxed);
        if (empty(data) || (e[i].check.load(std::memory_order_relaxed) ^ data) == key) {
            replace = &e[i];
            // Keep a known best move when this store has none.
            if (!empty(data) && move == MOVE_NONE) move = move_of(data);
            // A shallower result does not replace a deeper one of this search unless exact.
            if (!empty(data) && bound != BOUND_EXACT && depth + 2 < depth_of(data) &&
                generation_of(data) == generation_)
                return;
            break;
        }
        // The least useful entry: shallow, or from an older search.
        const int age = (generation_ - generation_of(data)) & 63;
        const int worth = depth_of(data) - 8 * age;
        if (worth < worst) worst = worth, replace = &e[i];
    }
    const uint64_t data = pack(move, score, std::clamp(depth, -1, 250), bound, generation_);
    replace->check.store(key ^ data, std::memory_order_relaxed);
    replace->data.store(data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
    const std::size_t sample = std::min<std::size_t>(1000, clusters_) * CLUSTER;
    int used = 0;
    for (std::size_t i = 0; i < sample; ++i) {
        const uint64_t data = entries_[i].data.load(std::memory_order_relaxed);
        used += !empty(data) && generation_of(data) == generation_;
    }
    return static_cast<int>(used * 1000 / std::max<std::size_t>(sample, 1));
}

}  // namespace menagerie::engine
