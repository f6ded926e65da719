// The registry of special move kinds: for each, how it is made, unmade and written, from its
// family's file. A new kind adds its value to MoveKind (after the men's own moves), its file
// (generator, make, unmake, text) and its entry in both tables here.
#include <array>
#include <cassert>

#include "core/rules.h"

namespace menagerie {

namespace {

constexpr size_t special_index(MoveKind kind) {
    return static_cast<size_t>(kind) - static_cast<size_t>(MoveKind::Castling);
}
constexpr size_t SPECIAL_KINDS = special_index(MoveKind::Placement) + 1;

using TextOf = SpecialText (*)(const Position& pos, Move m, const MoveList& legal);

// Indexed by special_index(kind).
constexpr std::array<TextOf, SPECIAL_KINDS> TEXTS = {
    [](const Position& pos, Move m, const MoveList&) { return castling_text(pos, m); },
    [](const Position& pos, Move m, const MoveList&) { return choice_text(pos, m); },
    [](const Position& pos, Move m, const MoveList&) { return bunker_leap_text(pos, m); },
    adjustment_text,
    [](const Position& pos, Move m, const MoveList&) { return placement_text(pos, m); },
};

}  // namespace

const Position::SpecialMoves& Position::special_moves(MoveKind kind) {
    static constexpr std::array<SpecialMoves, SPECIAL_KINDS> MOVES = {{
        {&Position::make_castling, &Position::unmake_castling},
        {&Position::make_choice, &Position::unmake_choice},
        {&Position::make_bunker_leap, &Position::unmake_bunker_leap},
        {&Position::make_adjustment, &Position::unmake_adjustment},
        {&Position::make_placement, &Position::unmake_placement},
    }};
    assert(is_special(kind) && special_index(kind) < SPECIAL_KINDS);
    return MOVES[special_index(kind)];
}

SpecialText special_text(const Position& pos, Move m, const MoveList& legal) {
    return is_special(m.kind()) ? TEXTS[special_index(m.kind())](pos, m, legal) : SpecialText{};
}

static_assert(special_index(MoveKind::Castling) == 0 && special_index(MoveKind::Relocation) == 1 &&
                  special_index(MoveKind::BunkerLeap) == 2 &&
                  special_index(MoveKind::Adjustment) == 3 &&
                  special_index(MoveKind::Placement) == 4,
              "the tables list the special kinds in MoveKind's order");

}  // namespace menagerie
