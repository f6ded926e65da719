// Black Swan's face-down swans: their moves (as pawns of their side, two steps from their
// starting square, never capturing a swan still on its own) and the reveal that is part of the
// move bringing a swan to its side's reveal zone. The moves are normal moves; the generator
// tests each by the board as it will be (a swan's reveal never exposes its own king).
#include "core/rules.h"

namespace menagerie {

void generate_swans(Position& pos, MoveList& list, bool captures, bool quiets, bool legal) {
    const Game& g = pos.game();
    const Color us = pos.side_to_move(), them = ~us;
    const Bitboard occupied = pos.pieces(), unmoved = pos.state().unmoved;
    const Bitboard targets = pos.pieces(them) & ~unmoved;
    const int types = static_cast<int>(g.types.size());
    for (int t = g.first_swan; t < types; ++t) {
        const PieceMoves& pm = pos.tables().piece(t, us);
        for (Bitboard men = pos.pieces(us, t); men;) {
            const Square from = pop_lsb(men);
            Bitboard to = captures ? pm.capture[from] & targets : 0;
            if (quiets) {
                Bitboard quiet = pm.quiet[from] & ~occupied;
                if (quiet && has(unmoved, from))
                    for (Bitboard mids = quiet; mids;) quiet |= pm.quiet[pop_lsb(mids)] & ~occupied;
                to |= quiet;
            }
            while (to) {
                const Move m(from, pop_lsb(to));
                if (!legal || pos.leaves_king_safe(m)) list.push(m);
            }
        }
    }
}

void Position::reveal_swan(Square to, StateInfo& ns) {
    ns.rule50 = 0;  // a swan moves as a pawn: irreversibly
    const Color us = stm_;
    if (!has(game_->reveal_zone[us], to)) return;
    const Piece swan = board_[to];
    const int identity = game_->swan_identity[type_of(swan) - game_->first_swan];
    if (identity < 0) return;  // an event: not yet supported (see docs/rules/blackswan.md)
    const Piece revealed = make_piece_code(us, identity);
    remove_piece(to);
    add_piece(to, revealed);
    ns.key ^= zobrist::piece(swan, to) ^ zobrist::piece(revealed, to);
    ns.revealed = swan;
}

}  // namespace menagerie
