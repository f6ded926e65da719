// Black Swan's face-down swans: their moves (as pawns of their side, two steps from their
// starting square, never capturing a swan still on its own) and the reveal that is part of the
// move bringing a swan to its side's reveal zone. The moves are normal moves; the generator
// tests each by the board as it will be (a swan's reveal never exposes its own king).
#include <algorithm>
#include <cstdlib>

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

bool Position::reveal_swan(Square to, StateInfo& ns) {
    ns.rule50 = 0;  // a swan moves as a pawn: irreversibly
    const Color us = stm_;
    if (!has(game_->reveal_zone[us], to)) return false;
    const Piece swan = board_[to];
    const int identity = game_->swan_identity[type_of(swan) - game_->first_swan];
    std::vector<int> pieces;
    if (identity >= 0) {
        pieces.push_back(identity);
    } else {
        ns.key ^= zobrist::chance(ns.chance) ^ zobrist::pending(ns.pending);
        ++ns.chance.events;
        pieces = game_->draw_event(ns.chance.events, type_of(swan));
        ns.chance.owed = static_cast<uint8_t>(pieces.size() - 1);
        for (size_t i = 1; i < pieces.size(); ++i)
            ns.chance.types[i - 1] = static_cast<int8_t>(pieces[i]);
        ns.chance.origin = static_cast<int8_t>(to);
    }
    const Piece revealed = make_piece_code(us, pieces.front());
    remove_piece(to);
    add_piece(to, revealed);
    ns.key ^= zobrist::piece(swan, to) ^ zobrist::piece(revealed, to);
    ns.revealed = swan;
    if (identity >= 0) return false;
    const bool owed = settle_placing(ns);
    ns.key ^= zobrist::chance(ns.chance) ^ zobrist::pending(ns.pending);
    return owed;
}

bool Position::promote_at_random(Square to, StateInfo& ns) {
    const Color us = stm_;
    const Piece pawn = board_[to];
    ns.key ^= zobrist::chance(ns.chance) ^ zobrist::pending(ns.pending);
    ++ns.chance.promotions;
    const std::vector<int> pieces = game_->draw_promotion(ns.chance.promotions);
    ns.chance.owed = static_cast<uint8_t>(pieces.size() - 1);
    for (size_t i = 1; i < pieces.size(); ++i)
        ns.chance.types[i - 1] = static_cast<int8_t>(pieces[i]);
    ns.chance.origin = static_cast<int8_t>(to);
    ns.chance.anywhere = true;
    const Piece promoted = make_piece_code(us, pieces.front());
    remove_piece(to);
    add_piece(to, promoted);
    ns.key ^= zobrist::piece(pawn, to) ^ zobrist::piece(promoted, to);
    const bool owed = settle_placing(ns);
    ns.key ^= zobrist::chance(ns.chance) ^ zobrist::pending(ns.pending);
    return owed;
}

// Nearest in king steps: on a rectangle, the larger of the file and rank distances.
Bitboard placement_cells(const Position& pos) {
    const ChanceState& c = pos.state().chance;
    if (!c.owed) return 0;
    const Geometry& g = pos.geometry();
    const Cell& o = g.cell(c.origin);
    int best = 1 << 30;
    Bitboard nearest = 0;
    const Bitboard board = g.size() >= SQUARE_MAX ? ~Bitboard(0) : (Bitboard(1) << g.size()) - 1;
    const Bitboard zone = c.anywhere ? board : pos.game().reveal_zone[pos.side_to_move()];
    for (Bitboard b = zone & ~pos.pieces(); b;) {
        const Square s = pop_lsb(b);
        const int d =
            std::max(std::abs(g.cell(s).file - o.file), std::abs(g.cell(s).rank - o.rank));
        if (d < best) best = d, nearest = 0;
        if (d == best) nearest |= square_bb(s);
    }
    return nearest;
}

bool Position::settle_placing(StateInfo& ns) {
    // The zone only fills up: with no empty cell now, every piece still owed is lost.
    if (ns.chance.owed && !placement_cells(*this)) ns.chance.owed = 0;
    if (!ns.chance.owed) {
        ns.chance.types = {};
        ns.chance.origin = -1;
        ns.chance.anywhere = false;
    }
    ns.pending = ns.chance.owed ? PLACING : NO_PENDING;
    return ns.chance.owed > 0;
}

void generate_placements(Position& pos, MoveList& list) {
    const ChanceState& c = pos.state().chance;
    for (Bitboard b = placement_cells(pos); b;)
        list.push(Move(c.origin, pop_lsb(b), MoveKind::Placement, c.types[0]));
}

Color Position::make_placement(Move m, StateInfo& ns) {
    const Color us = stm_;
    const Piece p = make_piece_code(us, m.promotion());
    add_piece(m.to(), p);
    ns.key ^= zobrist::piece(p, m.to());
    ns.key ^= zobrist::chance(ns.chance) ^ zobrist::pending(ns.pending);
    --ns.chance.owed;
    ns.chance.types = {ns.chance.types[1], 0};
    const bool owed = settle_placing(ns);
    ns.key ^= zobrist::chance(ns.chance) ^ zobrist::pending(ns.pending);
    ns.rule50 = 0;
    // The turn's first move may have given an en passant chance: it stays.
    ns.ep_square = ns.previous->ep_square;
    ns.ep_victim = ns.previous->ep_victim;
    if (ns.ep_square != SQ_NONE) ns.key ^= zobrist::ep(ns.ep_square);
    return owed ? us : ~us;
}

void Position::unmake_placement(Move m) { remove_piece(m.to()); }

SpecialText placement_text(const Position& pos, Move m) {
    const std::string text = pos.game().token(m.promotion()) + "@" + pos.geometry().name(m.to());
    return {text, text, {}};
}

}  // namespace menagerie
