#include "games/blackswan_outcomes.h"

#include "games/blackswan_draws.h"

namespace menagerie::blackswan {

namespace {

struct Tables {
    std::vector<Draw> reveals, promotions;  // index + 1 is the outcome's number
};

// Appends every sequence of `length` kinds from `alphabet` (in order), as draws of `base`.
void sequences(std::vector<Draw>& out, Draw base, const std::vector<int>& alphabet, int length) {
    if (base.count == length) {
        out.push_back(base);
        return;
    }
    for (int kind : alphabet) {
        Draw next = base;
        next.types[static_cast<size_t>(next.count++)] = kind;
        sequences(out, next, alphabet, length);
    }
}

const Tables& tables() {
    static const Tables built = [] {
        Tables t;
        const std::vector<int> with = {0, 1, 2, 3, 4}, without = {1, 2, 3, 4};  // P N B R Q
        for (int tile = 0; tile < TILE_KINDS; ++tile) {
            Draw base;
            base.tile = tile;
            const Tile kind = static_cast<Tile>(tile);
            if (event_size(kind) == 0) {
                base.count = 1;
                base.types[0] = tile;  // tiles P N B R Q are types 0-4
                t.reveals.push_back(base);
                continue;
            }
            base.event = true;
            const bool pawns = kind == Tile::Event2With || kind == Tile::Event3With;
            sequences(t.reveals, base, pawns ? with : without, event_size(kind));
        }
        for (int size = 1; size <= 3; ++size) sequences(t.promotions, Draw{}, without, size);
        return t;
    }();
    return built;
}

const std::vector<Draw>& table(MoveKind kind) {
    return kind == MoveKind::Promotion ? tables().promotions : tables().reveals;
}

}  // namespace

Draw decode_outcome(MoveKind kind, int outcome) {
    const std::vector<Draw>& t = table(kind);
    if (outcome < 1 || outcome > static_cast<int>(t.size())) return {};
    return t[static_cast<size_t>(outcome - 1)];
}

int encode_outcome(MoveKind kind, const Draw& draw) {
    const std::vector<Draw>& t = table(kind);
    for (size_t i = 0; i < t.size(); ++i)
        if (t[i] == draw) return static_cast<int>(i + 1);
    return 0;
}

std::vector<int> possible_outcomes(MoveKind kind,
                                   const std::array<uint8_t, TILE_KINDS_MAX>& unseen) {
    const std::vector<Draw>& t = table(kind);
    std::vector<int> out;
    for (size_t i = 0; i < t.size(); ++i)
        if (kind == MoveKind::Promotion || unseen[static_cast<size_t>(t[i].tile)] > 0)
            out.push_back(static_cast<int>(i + 1));
    return out;
}

}  // namespace menagerie::blackswan
