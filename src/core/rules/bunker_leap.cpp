// The King's Bunker Leap (Contemporary Random Chess): once per game an unmoved king, not in
// check, leaps to its castling destination on either side over cells that are not attacked and
// hold no enemy man, onto an empty cell. Move::to() is the king's destination.
#include "core/rules.h"

namespace menagerie {

void generate_bunker_leaps(Position& pos, SpecialMoveList& list) {
    const Game& g = pos.game();
    const Color us = pos.side_to_move(), them = ~us;
    const Square ksq = pos.king_square(us);
    if (!g.rules.bunker_leap || !has(pos.state().unmoved, ksq)) return;
    const MoveTables& mt = pos.tables();
    const Bitboard occupied = pos.pieces(), theirs = pos.pieces(them);
    const int castlings = list.size();
    for (CastlingSide side : {KING_SIDE, QUEEN_SIDE}) {
        const Square to = g.rules.castling.king_to[us][side];
        // A leap onto a neighbouring cell is the king's ordinary step.
        if (to == ksq || has(mt.piece(g.men.king, us).quiet[ksq], to) || has(occupied, to))
            continue;
        // One that ends as a castling with the rook already in place is that castling (listed
        // once).
        bool is_castling = false;
        for (int i = 0; i < castlings; ++i) {
            const Move c = list.moves[i];
            is_castling |= c.kind() == MoveKind::Castling &&
                           pos.castling_side(us, c.to()) == side &&
                           c.to() == g.rules.castling.rook_to[us][side];
        }
        if (is_castling) continue;
        const Bitboard path = mt.between(ksq, to) | square_bb(to);
        if (path & theirs) continue;
        bool attacked = false;
        for (Bitboard b = path; b && !attacked;)
            attacked = pos.attacked(pop_lsb(b), them, occupied);
        if (attacked) continue;
        if (!pos.attacked(to, them, (occupied ^ square_bb(ksq)) | square_bb(to)))
            list.push(Move(ksq, to, MoveKind::BunkerLeap));
    }
}

Color Position::make_bunker_leap(Move m, StateInfo& ns) {
    const Piece king = board_[m.from()];
    ns.key ^= zobrist::piece(king, m.from()) ^ zobrist::piece(king, m.to());
    move_piece(m.from(), m.to());
    clear_unmoved(square_bb(m.from()));
    return ~stm_;
}

void Position::unmake_bunker_leap(Move m) { move_piece(m.to(), m.from()); }

SpecialText bunker_leap_text(const Position& pos, Move m) {
    const Geometry& g = pos.geometry();
    return {g.name(m.from()) + g.name(m.to()),
            "K" + file_name(g.cell(m.from()).file) + ">>" + g.name(m.to()),
            {}};
}

}  // namespace menagerie
