// Castling: the king and a rook that have not moved go to the game's destinations for that side
// (c/g in chess, b/g in Contemporary Random Chess, three squares in Chess 2016). A castling move
// is written king-from, rook-cell: Move::to() is the rook.
#include <cassert>

#include "core/rules.h"

namespace menagerie {

namespace {

// Cells strictly between a and b on their line, plus b; nothing when a == b.
Bitboard span(const MoveTables& mt, Square a, Square b) {
    return a == b ? 0 : mt.between(a, b) | square_bb(b);
}

}  // namespace

void generate_castling(Position& pos, SpecialMoveList& list) {
    const Game& g = pos.game();
    const CastlingRules& cr = g.rules.castling;
    const Color us = pos.side_to_move(), them = ~us;
    const Square ksq = pos.king_square(us);
    if (!cr.enabled || !has(pos.state().unmoved, ksq)) return;
    const MoveTables& mt = pos.tables();
    const Bitboard occupied = pos.pieces(), unmoved = pos.state().unmoved;
    for (CastlingSide side : {KING_SIDE, QUEEN_SIDE}) {
        const Square rsq = pos.castling_rook(us, side);
        if (rsq == SQ_NONE || !has(unmoved, rsq)) continue;
        const Square kto = cr.king_to[us][side], rto = cr.rook_to[us][side];
        Bitboard empty = span(mt, ksq, kto) | span(mt, rsq, rto);
        Bitboard safe = span(mt, ksq, kto);
        if (cr.between_unattacked) empty |= mt.between(ksq, rsq), safe |= mt.between(ksq, rsq);
        if (empty & occupied & ~square_bb(ksq) & ~square_bb(rsq)) continue;  // the usual exit
        const int king_file = pos.geometry().cell(ksq).file;
        if (cr.curtailed &&
            (king_file == cr.own_side_file[KING_SIDE] ||
             king_file == cr.own_side_file[QUEEN_SIDE]) &&
            king_file != cr.own_side_file[side])
            continue;
        bool attacked = false;
        for (Bitboard b = safe; b && !attacked;)
            attacked = pos.attacked(pop_lsb(b), them, occupied);
        if (attacked) continue;
        // Castling captures nothing, so the king is safe exactly when its cell is not attacked
        // on the board as it will be (the rook may shield or unshield it).
        const Bitboard after =
            (occupied ^ square_bb(ksq) ^ square_bb(rsq)) | square_bb(kto) | square_bb(rto);
        if (pos.attacked(kto, them, after)) continue;
        list.push(Move(ksq, rsq, MoveKind::Castling));
    }
}

Square castling_king_to(const Position& pos, Move m) {
    const Color us = color_of(pos.piece_on(m.from()));
    return pos.game().rules.castling.king_to[us][pos.castling_side(us, m.to())];
}

Color Position::make_castling(Move m, StateInfo& ns) {
    const Color us = stm_;
    const Square from = m.from(), rook_from = m.to();
    const CastlingSide side = castling_side(us, rook_from);
    const Square king_to = game_->rules.castling.king_to[us][side],
                 rook_to = game_->rules.castling.rook_to[us][side];
    const Piece king = board_[from], rook = board_[rook_from];
    remove_piece(from);
    remove_piece(rook_from);
    add_piece(king_to, king);
    add_piece(rook_to, rook);
    ns.key ^= zobrist::piece(king, from) ^ zobrist::piece(king, king_to) ^
              zobrist::piece(rook, rook_from) ^ zobrist::piece(rook, rook_to);
    clear_unmoved(square_bb(from) | square_bb(rook_from));
    return ~us;
}

void Position::unmake_castling(Move m) {
    const Color us = ~stm_;
    const CastlingSide side = castling_side(us, m.to());
    const Square king_to = game_->rules.castling.king_to[us][side],
                 rook_to = game_->rules.castling.rook_to[us][side];
    const Piece king = board_[king_to], rook = board_[rook_to];
    remove_piece(king_to);
    remove_piece(rook_to);
    add_piece(m.from(), king);
    add_piece(m.to(), rook);
}

SpecialText castling_text(const Position& pos, Move m) {
    const Game& game = pos.game();
    const Geometry& g = pos.geometry();
    const Color us = color_of(pos.piece_on(m.from()));
    const CastlingSide side = pos.castling_side(us, m.to());
    const int kfile = g.cell(m.from()).file, rfile = g.cell(m.to()).file;
    const bool orthodox = kfile == 4 && (rfile == 0 || rfile == g.width() - 1);
    // `chess` writes orthodox castling as every UCI GUI expects (e1g1); elsewhere castling is
    // king-takes-rook, which is unambiguous in every setup. Both are read everywhere.
    const std::string king_to = g.name(m.from()) + g.name(castling_king_to(pos, m));
    const std::string takes_rook = g.name(m.from()) + g.name(m.to());
    const auto& san = us == BLACK && !game.rules.castling.black_san[side].empty()
                          ? game.rules.castling.black_san
                          : game.rules.castling.san;
    SpecialText t{game.rules.castling.uci_king_to && orthodox ? king_to : takes_rook,
                  san[side],
                  {king_to, takes_rook}};
    if (t.san == "O-Og") t.also.push_back("O-O");  // O-O means O-Og
    return t;
}

}  // namespace menagerie
