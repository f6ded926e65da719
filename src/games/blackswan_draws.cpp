#include "games/blackswan_draws.h"

#include "core/error.h"
#include "games/blackswan_outcomes.h"

namespace menagerie::blackswan {

namespace {

Kind officer(uint64_t index) { return static_cast<Kind>(static_cast<int>(Tile::Knight) + index); }

}  // namespace

std::string composition_error(const Composition& composition) {
    int total = 0;
    for (int count : composition) {
        if (count < 0) return "a tile count is negative";
        total += count;
    }
    if (total < ON_BOARD)
        return "a side needs at least " + std::to_string(ON_BOARD) + " tiles, not " +
               std::to_string(total);
    if (total > 64) return "a side may have at most 64 tiles, not " + std::to_string(total);
    return {};
}

Composition parse_composition(const std::string& text) {
    static const char* const names[TILE_KINDS] = {"pawns",     "knights", "bishops",
                                                  "rooks",     "queens",  "2-with",
                                                  "2-without", "3-with",  "3-without"};
    auto fail = [&](const std::string& why) {
        throw Error(ErrorKind::Option, "composition",
                    "bad tile composition " + quoted(text) + ": " + why +
                        " (expected nine counts P/N/B/R/Q/2-with/2-without/3-with/3-without, "
                        "for example " +
                        composition_text(default_composition) + ")");
    };
    Composition composition{};
    size_t at = 0;
    for (int kind = 0; kind < TILE_KINDS; ++kind) {
        if (kind > 0) {
            if (at >= text.size() || text[at] != '/')
                fail(at >= text.size()
                         ? "only " + std::to_string(kind) + " counts"
                         : "expected '/' after the count of " + std::string(names[kind - 1]));
            ++at;
        }
        const size_t start = at;
        int value = 0;
        while (at < text.size() && text[at] >= '0' && text[at] <= '9' && at - start < 3)
            value = value * 10 + (text[at++] - '0');
        if (at == start) fail("the count of " + std::string(names[kind]) + " is not a number");
        composition[kind] = value;
    }
    if (at != text.size()) fail("more than nine counts, or trailing text");
    if (const std::string why = composition_error(composition); !why.empty()) fail(why);
    return composition;
}

std::optional<Composition> read_counts(const std::string& text) {
    Composition counts{};
    size_t at = 0;
    for (int kind = 0; kind < TILE_KINDS; ++kind) {
        if (kind > 0 && (at >= text.size() || text[at++] != '/')) return std::nullopt;
        const size_t start = at;
        int value = 0;
        while (at < text.size() && text[at] >= '0' && text[at] <= '9' && at - start < 2)
            value = value * 10 + (text[at++] - '0');
        if (at == start) return std::nullopt;
        counts[static_cast<size_t>(kind)] = value;
    }
    if (at != text.size()) return std::nullopt;
    return counts;
}

std::string composition_text(const Composition& composition) {
    std::string text;
    for (int kind = 0; kind < TILE_KINDS; ++kind)
        text += (kind ? "/" : "") + std::to_string(composition[kind]);
    return text;
}

int event_size(Tile tile) {
    switch (tile) {
        case Tile::Event2With:
        case Tile::Event2Without:
            return 2;
        case Tile::Event3With:
        case Tile::Event3Without:
            return 3;
        default:
            return 0;
    }
}

std::vector<Tile> draw_arrangement(const Seed& seed, bool black, const Composition& composition) {
    std::vector<Tile> tiles;
    for (int kind = 0; kind < TILE_KINDS; ++kind)
        for (int i = 0; i < composition[kind]; ++i) tiles.push_back(static_cast<Tile>(kind));
    RandomStream stream(seed, black ? "setup/black" : "setup/white");
    stream.shuffle(tiles);
    return tiles;
}

std::vector<Kind> draw_event(const Seed& seed, int number, Tile event) {
    const bool pawns = event == Tile::Event2With || event == Tile::Event3With;
    RandomStream stream(seed, "event/" + std::to_string(number));
    std::vector<Kind> pieces;
    for (int i = 0; i < event_size(event); ++i) {
        if (pawns) {
            const uint64_t x = stream.below(16);  // 0-7 pawn, then two each
            pieces.push_back(x < 8 ? Kind::Pawn : officer((x - 8) / 2));
        } else {
            pieces.push_back(officer(stream.below(4)));
        }
    }
    return pieces;
}

std::vector<Kind> draw_promotion(const Seed& seed, int number) {
    RandomStream stream(seed, "promotion/" + std::to_string(number));
    const uint64_t x = stream.below(5);  // 0-2: one piece, 3: two, 4: three
    const int count = x < 3 ? 1 : static_cast<int>(x) - 1;
    std::vector<Kind> pieces;
    for (int i = 0; i < count; ++i) pieces.push_back(officer(stream.below(4)));
    return pieces;
}

std::vector<Square> starting_squares(const Geometry& g, bool black) {
    std::vector<Square> cells;
    for (int row = 0; row < 2; ++row) {
        const int rank = black ? g.height() - 1 - row : row;
        for (int file = 0; file < g.width(); ++file)
            if (row != 0 || file != 4) cells.push_back(g.at(file, rank));
    }
    return cells;
}

Bitboard event_zone(const Geometry& g, bool black) {
    Bitboard zone = 0;
    for (int row = 2; row < 4; ++row) {
        const int rank = black ? g.height() - 1 - row : row;
        for (int file = 0; file < g.width(); ++file) zone |= square_bb(g.at(file, rank));
    }
    return zone;
}

Move announce(const Seed& seed, const Position& referee, Move m) {
    m = m.without_outcome();
    if (!is_chance_move(referee, m)) return m;
    const ChanceRules& rules = referee.game().chance;
    const ChanceState& counts = referee.state().chance;
    Draw d;
    std::vector<Kind> pieces;
    if (m.kind() == MoveKind::Promotion) {
        pieces = draw_promotion(seed, counts.promotions + 1);
    } else {
        d.tile = type_of(referee.piece_on(m.from())) - rules.first_hidden;
        const int identity = rules.identity[static_cast<size_t>(d.tile)];
        if (identity == UNKNOWN_IDENTITY)
            throw Error(ErrorKind::Invalid, "referee", "a player's view has no draws to announce");
        d.event = identity < 0;
        pieces = d.event ? draw_event(seed, counts.events + 1, static_cast<Tile>(d.tile))
                         : std::vector<Kind>{static_cast<Kind>(identity)};
    }
    for (Kind k : pieces)
        if (d.count < static_cast<int>(d.types.size()))
            d.types[static_cast<size_t>(d.count++)] = static_cast<int>(k);  // P N B R Q = 0-4
    return m.with_outcome(encode_outcome(outcome_kind(m), d));
}

Seed game_seed(const Game& referee) {
    const auto found = referee.options.find("seed");
    const auto seed = found == referee.options.end() ? std::nullopt : seed_from_hex(found->second);
    if (!seed) throw Error(ErrorKind::Invalid, "seed", "the referee's game has no seed");
    return *seed;
}

Move announce(const Position& referee, Move m) {
    return announce(game_seed(referee.game()), referee, m);
}

}  // namespace menagerie::blackswan
