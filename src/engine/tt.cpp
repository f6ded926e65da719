#include "engine/tt.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
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

constexpr std::size_t HUGE_PAGE = std::size_t(2) << 20;

// `bytes` (a multiple of HUGE_PAGE) of zeroed memory aligned to HUGE_PAGE, or null. On Linux the
// pages come from the kernel zeroed and are backed only when first written, so a table is ready
// at once whatever its size, and a size the machine refuses fails here rather than when it is
// used.
void* allocate_zeroed(std::size_t bytes) {
#if defined(__linux__)
    // Mapped one huge page larger, then trimmed at both ends to the aligned span.
    const std::size_t span = bytes + HUGE_PAGE;
    void* memory = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return nullptr;
    const auto start = reinterpret_cast<std::uintptr_t>(memory);
    const std::uintptr_t aligned = (start + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    if (aligned > start) munmap(memory, aligned - start);
    if (start + span > aligned + bytes)
        munmap(reinterpret_cast<void*>(aligned + bytes), start + span - (aligned + bytes));
#if defined(MADV_HUGEPAGE)
    // A hint: without huge pages the table still works.
    madvise(reinterpret_cast<void*>(aligned), bytes, MADV_HUGEPAGE);
#endif
    return reinterpret_cast<void*>(aligned);
#else
    void* memory = std::aligned_alloc(HUGE_PAGE, bytes);
    if (memory) std::memset(memory, 0, bytes);
    return memory;
#endif
}

}  // namespace

void TranspositionTable::FreeEntries::operator()(Entry* e) const {
#if defined(__linux__)
    munmap(e, bytes);
#else
    std::free(e);
#endif
}

void TranspositionTable::resize(std::size_t mb) {
    // Far beyond any machine; the limit keeps the sums below from overflowing.
    if (mb > (std::size_t(1) << 42)) throw std::bad_alloc();
    const std::size_t bytes = std::max<std::size_t>(mb, 1) << 20;
    const std::size_t clusters = std::max<std::size_t>(bytes / (sizeof(Entry) * CLUSTER), 1);
    const std::size_t size =
        (clusters * CLUSTER * sizeof(Entry) + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    // Allocated before anything changes, so that a failure leaves the table in use whole: the
    // cluster count and the memory change together or not at all.
    std::unique_ptr<Entry[], FreeEntries> entries(static_cast<Entry*>(allocate_zeroed(size)),
                                                  FreeEntries{size});
    if (!entries) throw std::bad_alloc();
    entries_ = std::move(entries);
    clusters_ = clusters;
}

void TranspositionTable::clear() {
    for (std::size_t i = 0; i < clusters_ * CLUSTER; ++i) {
        write(entries_[i].check, 0);
        write(entries_[i].data, 0);
    }
    generation_ = 0;
}

bool TranspositionTable::probe(uint64_t key, TTHit& hit) const {
    const Entry* e = cluster(key);
    for (int i = 0; i < CLUSTER; ++i) {
        const uint64_t data = read(e[i].data);
        if (empty(data) || (read(e[i].check) ^ data) != key) continue;
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
        const uint64_t data = read(e[i].data);
        if (empty(data) || (read(e[i].check) ^ data) == key) {
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
    write(replace->check, key ^ data);
    write(replace->data, data);
}

int TranspositionTable::hashfull() const {
    const std::size_t sample = std::min<std::size_t>(1000, clusters_) * CLUSTER;
    int used = 0;
    for (std::size_t i = 0; i < sample; ++i) {
        const uint64_t data = read(entries_[i].data);
        used += !empty(data) && generation_of(data) == generation_;
    }
    return static_cast<int>(used * 1000 / std::max<std::size_t>(sample, 1));
}

}  // namespace menagerie::engine
