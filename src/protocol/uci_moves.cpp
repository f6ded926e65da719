#include "protocol/uci_moves.h"

#include "core/movegen.h"
#include "core/rules.h"
#include "notation/move_text.h"

namespace menagerie {

bool needs_chess960(const Position& start) {
    const Game& game = start.game();
    if (!game.rules.castling.enabled) return false;
    const Geometry& g = start.geometry();
    for (Color c : {WHITE, BLACK})
        for (CastlingSide side : {KING_SIDE, QUEEN_SIDE}) {
            if (!start.can_castle(c, side)) continue;
            const int king_file = g.cell(start.king_square(c)).file;
            const int rook_file = g.cell(start.castling_rook(c, side)).file;
            const bool orthodox = king_file == 4 && (rook_file == 0 || rook_file == g.width() - 1);
            if (!(game.rules.castling.uci_king_to && orthodox)) return true;
        }
    return false;
}

std::string engine_move_text(const Position& pos, Move m, CastlingText castling) {
    // A castling move's `to` is the rook's cell (core/move.h).
    if (castling == CastlingText::KingTakesRook && m.kind() == MoveKind::Castling)
        return pos.geometry().name(m.from()) + pos.geometry().name(m.to());
    return move_to_uci(pos, m);
}

std::optional<Move> read_engine_move(Position& pos, const std::string& text,
                                     CastlingText castling) {
    MoveList legal;
    generate_legal(pos, legal);
    for (Move m : legal)
        if (engine_move_text(pos, m, castling) == text) return m;
    const CastlingText other =
        castling == CastlingText::Game ? CastlingText::KingTakesRook : CastlingText::Game;
    for (Move m : legal)
        if (m.kind() == MoveKind::Castling && engine_move_text(pos, m, other) == text) return m;
    return std::nullopt;
}

}  // namespace menagerie
