// What a search asks of a move before playing it: does it give check, and what does the
// exchange it starts win. Both understand every shape of move, hoppers included.
#include <algorithm>
#include <array>

#include "core/position.h"
#include "core/rules.h"

namespace menagerie {

namespace {

// The values the exchange uses: the game's, with the king worth more than everything else
// (a king can only take last, when nothing recaptures).
int exchange_value(const Game& g, int type) {
    return type == g.men.king ? 100000 : g.men.value[type];
}

}  // namespace

bool Position::gives_check(Move m) const {
    const Color us = stm_;
    const Square their_king = king_square(~us);
    if (their_king == SQ_NONE) return false;
    // Rare kinds are played on a copy, and so are Black Swan's reveals and random promotions,
    // where what they bring decides (the mover may still owe placements: ask about their king).
    // Without its outcome (an event or a promotion not yet told) nobody can know: it may check.
    const bool chance = game_->has_chance() && is_chance_move(*this, m);
    const Draw draw = chance ? chance_draw(*this, m) : Draw{};
    if (chance && draw.count == 0) return true;
    if (chance || (m.kind() != MoveKind::Normal && m.kind() != MoveKind::Promotion)) {
        Position copy(*this);
        StateInfo st;
        copy.do_move(m, st);
        if (!chance) return copy.checkers() != 0;
        if (copy.attacked(their_king, us)) return true;
        // A draw of several types: the owner chooses which stays on the cell, so each of them
        // may be the one that checks from there.
        const Bitboard occupied = copy.pieces();
        for (int i = 0; i < draw.count; ++i)
            if (has(tables_->reach(tables_->piece(draw.types[i], us), m.to(), occupied).capture,
                    their_king))
                return true;
        return false;
    }
    const Square from = m.from(), to = m.to();
    const int type = m.kind() == MoveKind::Promotion ? m.promotion() : type_of(board_[from]);
    const Bitboard occupied = (pieces() ^ square_bb(from)) | square_bb(to);
    // Directly, by the man on its new cell, or by another man whose line it opened (or whose
    // hop it gave a screen).
    const PieceMoves& pm = tables_->piece(type, us);
    if (!pm.hop_kinds && !pm.has_paths && tables_->symmetric_rides()) {
        // Leaps and steps from the tables; a ride along the one line from `to` that passes
        // the king, if the cells between are empty.
        if (has(pm.capture[to], their_king) ||
            ((tables_->line_kinds(to, their_king) & pm.ride_capture) &&
             !(tables_->between(to, their_king) & occupied)))
            return true;
    } else if (has(tables_->reach(pm, to, occupied).capture, their_king)) {
        return true;
    }
    if (!tables_->symmetric_rides())
        return attackers<true>(their_king, us, occupied, ~(square_bb(from) | square_bb(to))) != 0;
    // Their king is not attacked before the move (the position is legal), so only a line
    // through it that the move touches can bring another man's attack, or a fixed path.
    const uint32_t touched =
        tables_->line_kinds(their_king, from) | tables_->line_kinds(their_king, to);
    return line_attackers(their_king, us, touched, occupied,
                          pieces(us) & ~(square_bb(from) | square_bb(to))) != 0;
}

int Position::see(Move m) const {
    if (m.kind() != MoveKind::Normal && m.kind() != MoveKind::Promotion &&
        m.kind() != MoveKind::EnPassant)
        return 0;
    const Game& g = *game_;
    const Square from = m.from(), to = m.to();
    Bitboard occupied = (pieces() ^ square_bb(from)) | square_bb(to);
    Bitboard gone = square_bb(from) | square_bb(to);  // men that can no longer take on `to`
    int victim = board_[to] == NO_PIECE ? 0 : exchange_value(g, type_of(board_[to]));
    if (m.kind() == MoveKind::EnPassant) {
        const Square taken = st_->ep_victim;
        occupied ^= square_bb(taken);
        gone |= square_bb(taken);
        victim = exchange_value(g, g.men.pawn);
    }
    int on_square = exchange_value(g, type_of(board_[from]));
    if (m.kind() == MoveKind::Promotion) {
        victim += g.men.value[m.promotion()] - g.men.value[g.men.pawn];
        on_square = g.men.value[m.promotion()];
    }
    // Black Swan: a reveal or a random promotion puts what it brought on the square (and the
    // other pieces it brought elsewhere); without the outcome: the least it
    // can be (a pawn for a swan, a knight for a promotion). The owner chooses which drawn piece
    // stays: on a square the opponent may take, the one it loses least by.
    if (g.has_chance() && is_chance_move(*this, m)) {
        const int mover = m.kind() == MoveKind::Promotion ? g.men.pawn : type_of(board_[from]);
        const Draw d = chance_draw(*this, m);
        int first = m.kind() == MoveKind::Promotion ? g.men.knight : mover;
        int brought = g.men.value[first];
        if (d.count > 0) {
            first = d.types[0];
            brought = 0;
            for (int i = 0; i < d.count; ++i) {
                const int type = d.types[static_cast<size_t>(i)];
                brought += g.men.value[type];
                if (exchange_value(g, type) < exchange_value(g, first)) first = type;
            }
        }
        victim = (board_[to] == NO_PIECE ? 0 : exchange_value(g, type_of(board_[to]))) + brought -
                 g.men.value[mover];
        on_square = exchange_value(g, first);
    }
    // gain[d]: what the side making capture d has won so far, if the exchange stopped there.
    std::array<int, 64> gain;  // written before it is read: no need to clear it at every call
    gain[0] = victim;
    int depth = 0;
    Color side = ~stm_;
    while (depth + 1 < static_cast<int>(gain.size())) {
        // Attackers are found afresh each time: a man leaving the board may open a line or
        // give or take a hopper's screen.
        const Bitboard attackers = attackers_to(to, side, occupied, ~gone);
        if (!attackers) break;
        Square least = SQ_NONE;
        int least_value = 0;
        for (Bitboard b = attackers; b;) {
            const Square s = pop_lsb(b);
            const int v = exchange_value(g, type_of(board_[s]));
            if (least == SQ_NONE || v < least_value) least = s, least_value = v;
        }
        // A king may only take when nothing takes it back.
        if (type_of(board_[least]) == g.men.king &&
            attackers_to(to, ~side, occupied ^ square_bb(least), ~gone))
            break;
        ++depth;
        gain[depth] = on_square - gain[depth - 1];
        on_square = least_value;
        occupied ^= square_bb(least);
        gone |= square_bb(least);
        side = ~side;
    }
    // Each side stops the exchange where continuing would lose.
    while (depth > 0) {
        gain[depth - 1] = -std::max(-gain[depth - 1], gain[depth]);
        --depth;
    }
    return gain[0];
}

}  // namespace menagerie
