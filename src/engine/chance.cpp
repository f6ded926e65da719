#include "engine/chance.h"

#include <algorithm>

#include "core/rules.h"

namespace menagerie::engine {

namespace {

// Per outcome number (1-based index), the number of its group: the same tile and the same
// pieces in sorted order. The owner chooses which drawn piece stays and in which order the
// others go, so the order they were drawn in changes nothing that follows.
struct Groups {
    std::array<uint8_t, blackswan::MAX_OUTCOMES + 1> reveal{}, promotion{};
    Groups() {
        for (MoveKind kind : {MoveKind::Normal, MoveKind::Promotion}) {
            auto& group = kind == MoveKind::Promotion ? promotion : reveal;
            for (int o = 1; o <= blackswan::MAX_OUTCOMES; ++o) {
                Draw d = blackswan::decode_outcome(kind, o);
                if (d.count == 0) break;
                for (size_t i = 1; i < static_cast<size_t>(d.count); ++i)  // at most 3: insertion
                    for (size_t j = i; j > 0 && d.types[j - 1] > d.types[j]; --j)
                        std::swap(d.types[j - 1], d.types[j]);
                group[static_cast<size_t>(o)] =
                    static_cast<uint8_t>(blackswan::encode_outcome(kind, d));
            }
        }
    }
};
const Groups groups;

}  // namespace

void chance_outcomes(const Position& pos, Move m, ChanceOutcomes& out) {
    const MoveKind kind = outcome_kind(m);
    std::array<blackswan::OutcomeProbability, blackswan::MAX_OUTCOMES> all;
    const int n = blackswan::outcome_probabilities(
        kind, pos.state().chance.unseen[pos.side_to_move()], all.data());
    // Sum each group's probability on its representative.
    std::array<double, blackswan::MAX_OUTCOMES + 1> mass{};
    const auto& group = kind == MoveKind::Promotion ? groups.promotion : groups.reveal;
    out.count = 0;
    for (int i = 0; i < n; ++i) {
        const int g = group[static_cast<size_t>(all[static_cast<size_t>(i)].outcome)];
        if (mass[static_cast<size_t>(g)] == 0)
            out.list[static_cast<size_t>(out.count++)] = {m.with_outcome(g), 0};
        mass[static_cast<size_t>(g)] += all[static_cast<size_t>(i)].probability;
    }
    for (int i = 0; i < out.count; ++i) {
        ChanceOutcome& o = out.list[static_cast<size_t>(i)];
        o.probability = mass[static_cast<size_t>(o.move.outcome())];
    }
    auto* begin = out.list.data();
    std::stable_sort(begin, begin + out.count, [](const ChanceOutcome& a, const ChanceOutcome& b) {
        return a.probability > b.probability;
    });
}

uint64_t unseen_key(const Position& pos) {
    if (!pos.game().has_chance()) return 0;
    uint64_t key = 0;
    for (const auto& side : pos.state().chance.unseen)
        for (uint8_t count : side) key = (key ^ count) * 0x9E3779B97F4A7C15ull;
    return (key ^ (key >> 29)) * 0xBF58476D1CE4E5B9ull;
}

}  // namespace menagerie::engine
