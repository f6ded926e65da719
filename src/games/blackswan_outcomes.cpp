#include "games/blackswan_outcomes.h"

#include "games/blackswan_draws.h"

namespace menagerie::blackswan {

namespace {

struct Tables {
    std::vector<Draw> reveals, promotions;  // index + 1 is the outcome's number
    // A reveal's probability given its tile (1 for a piece tile; an event's pieces' product);
    // a promotion's probability.
    std::vector<double> reveal_given_tile, promotion_probability;
};

// The chance that one piece of an event (with or without pawns) or of a promotion is `kind`.
double piece_probability(int kind, bool pawns) {
    if (!pawns) return kind == 0 ? 0.0 : 0.25;
    return kind == 0 ? 0.5 : 0.125;  // 8 : 2 : 2 : 2 : 2
}

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
        for (const Draw& d : t.reveals) {
            const Tile kind = static_cast<Tile>(d.tile);
            const bool pawns = kind == Tile::Event2With || kind == Tile::Event3With;
            double p = 1;
            if (d.event)
                for (int i = 0; i < d.count; ++i)
                    p *= piece_probability(d.types[static_cast<size_t>(i)], pawns);
            t.reveal_given_tile.push_back(p);
        }
        for (const Draw& d : t.promotions) {
            double p = d.count == 1 ? 0.6 : 0.2;  // below(5): 0-2 one piece, 3 two, 4 three
            for (int i = 0; i < d.count; ++i) p *= 0.25;
            t.promotion_probability.push_back(p);
        }
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

int outcome_probabilities(MoveKind kind, const std::array<uint8_t, TILE_KINDS_MAX>& unseen,
                          OutcomeProbability* out) {
    const Tables& t = tables();
    int n = 0;
    if (kind == MoveKind::Promotion) {
        for (size_t i = 0; i < t.promotions.size(); ++i)
            out[n++] = {static_cast<int>(i + 1), t.promotion_probability[i]};
        return n;
    }
    int total = 0;
    for (int tile = 0; tile < TILE_KINDS; ++tile) total += unseen[static_cast<size_t>(tile)];
    if (total == 0) return 0;
    for (size_t i = 0; i < t.reveals.size(); ++i) {
        const int count = unseen[static_cast<size_t>(t.reveals[i].tile)];
        if (count > 0)
            out[n++] = {static_cast<int>(i + 1),
                        t.reveal_given_tile[i] * count / static_cast<double>(total)};
    }
    return n;
}

std::vector<OutcomeProbability> outcome_probabilities(
    MoveKind kind, const std::array<uint8_t, TILE_KINDS_MAX>& unseen) {
    std::vector<OutcomeProbability> out(MAX_OUTCOMES);
    out.resize(static_cast<size_t>(outcome_probabilities(kind, unseen, out.data())));
    return out;
}

}  // namespace menagerie::blackswan
