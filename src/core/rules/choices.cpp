// Pending choices: moves a side owes the game before play goes on. Today's one kind is
// Placement's relocation: the chooser swaps its `mover` with a partner on the same rank (or keeps
// it: from == to), and the opponent's array follows as its mirror image. Move::to() is the
// partner's cell.
#include "core/rules.h"

namespace menagerie {

void generate_choices(Position& pos, MoveList& list) {
    if (pos.pending() == PLACING) return generate_placements(pos, list);
    const Game& g = pos.game();
    const Color us = pos.side_to_move();
    const ChoiceStep& step = g.rules.choice_steps[pos.pending()];
    const Bitboard movers = pos.pieces(us, step.mover);
    if (!movers) return;
    const Square from = lsb(movers);
    const int rank = pos.geometry().cell(from).rank;
    for (Bitboard b = pos.pieces(us); b;) {
        const Square to = pop_lsb(b);
        const int t = type_of(pos.piece_on(to));
        if (pos.geometry().cell(to).rank != rank) continue;
        if (to != from && !(step.partners & type_bit(t))) continue;
        // The bishops must stay on squares of opposite colours.
        Bitboard bishops = pos.pieces(us, g.men.bishop);
        if (t == g.men.bishop) bishops ^= square_bb(to) | square_bb(from);
        if (popcount(bishops) == 2 && g.same_colour(lsb(bishops), msb(bishops))) continue;
        list.push(Move(from, to, MoveKind::Relocation));
    }
}

Color Position::make_choice(Move m, StateInfo& ns) {
    // Unmoved marks travel with the men, who have not moved in the game's sense.
    const Square pairs[2][2] = {{m.from(), m.to()},
                                {geometry().mirror(m.from()), geometry().mirror(m.to())}};
    for (const auto& pair : pairs) swap_men(pair[0], pair[1]);
    ns.key ^= zobrist::pending(ns.pending);
    const size_t next = ns.pending + 1u;
    ns.pending = next < game_->rules.choice_steps.size() ? static_cast<uint8_t>(next) : NO_PENDING;
    ns.key ^= zobrist::pending(ns.pending);
    ns.rule50 = 0;
    // When play begins, White moves first as in every game.
    return ns.pending == NO_PENDING ? WHITE : game_->rules.choice_steps[ns.pending].chooser;
}

void Position::unmake_choice(Move m) {
    swap_pieces(geometry().mirror(m.from()), geometry().mirror(m.to()));
    swap_pieces(m.from(), m.to());
}

SpecialText choice_text(const Position& pos, Move m) {
    const Geometry& g = pos.geometry();
    return {g.name(m.from()) + g.name(m.to()),
            pos.game().token(type_of(pos.piece_on(m.from()))) + "<>" + g.name(m.to()),
            {}};
}

}  // namespace menagerie
