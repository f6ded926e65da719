// The Bishop Adjustment (Contemporary Random Chess): a side whose bishops start on one colour
// may once, as its move, swap an unmoved bishop with an unmoved man of its own directly beside
// it on the rank. Move::from() is the bishop, Move::to() its partner.
#include "core/rules.h"

namespace menagerie {

void generate_adjustments(Position& pos, SpecialMoveList& list) {
    const Game& g = pos.game();
    const Color us = pos.side_to_move(), them = ~us;
    if (!g.rules.bishop_adjustment || !pos.can_adjust(us)) return;
    const Square ksq = pos.king_square(us);
    const Bitboard ours = pos.pieces(us), unmoved = pos.state().unmoved;
    for (Bitboard bishops = pos.pieces(us, g.men.bishop) & unmoved; bishops;) {
        const Square b = pop_lsb(bishops);
        for (Direction d : {WEST, EAST}) {
            const Bitboard n = pos.geometry().step(b, d) & ours & unmoved;
            if (!n) continue;
            // A swap leaves every cell occupied: only a king that moves can come into check.
            if (lsb(n) != ksq || !pos.attacked(b, them, pos.pieces()))
                list.push(Move(b, lsb(n), MoveKind::Adjustment));
        }
    }
}

Color Position::make_adjustment(Move m, StateInfo& ns) {
    swap_men(m.from(), m.to());
    ns.adjust_rights &= static_cast<uint8_t>(~(1 << stm_));
    ns.key ^= zobrist::adjust(stm_);
    clear_unmoved(square_bb(m.from()) | square_bb(m.to()));
    return ~stm_;
}

void Position::unmake_adjustment(Move m) { swap_pieces(m.from(), m.to()); }

SpecialText adjustment_text(const Position& pos, Move m, const MoveList& legal) {
    const Geometry& g = pos.geometry();
    const Game& game = pos.game();
    auto file = [&](Square s) { return file_name(g.cell(s).file); };
    auto token = [&](Square s) { return game.token(type_of(pos.piece_on(s))); };
    std::string san = "B" + file(m.from()) + "<=>" + token(m.to());
    int alike = 0;  // two partners of one letter: add the partner's file
    for (Move o : legal)
        alike += o.kind() == MoveKind::Adjustment && file(o.from()) == file(m.from()) &&
                 token(o.to()) == token(m.to());
    if (alike > 1) san += file(m.to());
    return {g.name(m.from()) + g.name(m.to()), san, {}};
}

}  // namespace menagerie
