// Black Swan's face-down swans: their moves (as pawns of their side, two steps from their
// starting square, never capturing a swan still on its own) and the reveal that is part of the
// move bringing a swan to its side's reveal zone. The moves are normal moves; the generator
// tests each by the board as it will be (a swan's reveal never exposes its own king).
#include <algorithm>
#include <cassert>
#include <cstdlib>

#include "core/rules.h"

namespace menagerie {

void generate_swans(Position& pos, MoveList& list, bool captures, bool quiets, bool legal) {
    const Game& g = pos.game();
    const Color us = pos.side_to_move(), them = ~us;
    const Bitboard occupied = pos.pieces(), unmoved = pos.state().unmoved;
    const Bitboard targets = pos.pieces(them) & ~unmoved;
    const int types = static_cast<int>(g.men.types.size());
    for (int t = g.chance.first_hidden; t < types; ++t) {
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

bool is_chance_move(const Position& pos, Move m) {
    const ChanceRules& c = pos.game().chance;
    if (c.first_hidden < 0) return false;
    if (m.kind() == MoveKind::Promotion) return true;
    const Piece p = pos.piece_on(m.from());
    return m.kind() == MoveKind::Normal && p != NO_PIECE && c.face_down(type_of(p)) &&
           has(c.reveal_zone[color_of(p)], m.to());
}

namespace {

// A turned-over swan of type `swan` whose identity the game knows and is a piece: that piece.
// Nothing is drawn for it, so the referee's game needs no outcome for it.
Draw known_reveal(const ChanceRules& c, int swan) {
    Draw d;
    d.tile = swan - c.first_hidden;
    const int identity = c.identity[static_cast<size_t>(d.tile)];
    if (identity >= 0) d.count = 1, d.types[0] = identity;
    return d;
}

}  // namespace

Draw chance_draw(const Position& pos, Move m) {
    if (!is_chance_move(pos, m)) return {};
    const ChanceRules& c = pos.game().chance;
    if (m.outcome()) return c.decode(outcome_kind(m), m.outcome());
    if (m.kind() == MoveKind::Promotion) return {};
    return known_reveal(c, type_of(pos.piece_on(m.from())));
}

bool possible_outcome(const Position& pos, Move m) {
    if (!m.outcome() || !is_chance_move(pos, m)) return false;
    const ChanceRules& c = pos.game().chance;
    const Draw d = c.decode(outcome_kind(m), m.outcome());
    if (d.count == 0) return false;
    if (m.kind() == MoveKind::Promotion) return true;
    if (!pos.state().chance.unseen[pos.side_to_move()][static_cast<size_t>(d.tile)]) return false;
    const int swan_tile = type_of(pos.piece_on(m.from())) - c.first_hidden;
    return c.identity[static_cast<size_t>(swan_tile)] == UNKNOWN_IDENTITY || d.tile == swan_tile;
}

namespace {

// The owed pieces in ascending order, 0 past the last: the position does not depend on the
// order they were drawn in, since the owner places them in any order.
void sort_owed(ChanceState& c) {
    if (c.owed == 2 && c.types[0] > c.types[1]) std::swap(c.types[0], c.types[1]);
}

}  // namespace

// The drawn pieces: the first replaces the man on `to`, the others are owed. When they are not
// all of one type the owner first chooses which of them stays there (the stay step): until then
// the first drawn holds the square, so the board stays full and nothing is lost for want of room.
bool Position::bring_drawn(Square to, const Draw& d, StateInfo& ns) {
    const Piece before = board_[to];
    const Piece first = make_piece_code(stm_, d.types[0]);
    remove_piece(to);
    add_piece(to, first);
    ns.key ^= zobrist::piece(before, to) ^ zobrist::piece(first, to);
    if (d.count < 2) return false;
    ChanceState& c = ns.chance;
    c.owed = static_cast<uint8_t>(d.count - 1);
    for (int i = 1; i < d.count; ++i) {
        c.types[static_cast<size_t>(i - 1)] = static_cast<int8_t>(d.types[static_cast<size_t>(i)]);
        c.choosing |= d.types[static_cast<size_t>(i)] != d.types[0];
    }
    sort_owed(c);
    c.origin = static_cast<int8_t>(to);
    if (!c.choosing) return settle_placing(ns);
    ns.pending = PLACING;
    return true;
}

bool Position::reveal_swan(Move m, StateInfo& ns) {
    ns.rule50 = 0;  // a swan moves as a pawn: irreversibly
    const Color us = stm_;
    const Square to = m.to();
    if (!has(game_->chance.reveal_zone[us], to)) return false;
    const Piece swan = board_[to];
    // The move carries its outcome (or the game knows the piece): nothing is drawn here. Played
    // without one (a legality test by playing), the swan stays face down: what a reveal brings
    // never decides whether its own king is safe.
    const Draw d = m.outcome() ? game_->chance.decode(MoveKind::Normal, m.outcome())
                               : known_reveal(game_->chance, type_of(swan));
    if (d.count == 0) return false;
    ns.revealed = swan;
    ns.key ^= zobrist::chance(ns.chance) ^ zobrist::pending(ns.pending);
    if (d.tile >= 0 && ns.chance.unseen[us][static_cast<size_t>(d.tile)])
        --ns.chance.unseen[us][static_cast<size_t>(d.tile)];
    if (d.event) ++ns.chance.events;
    const bool owed = bring_drawn(to, d, ns);
    ns.key ^= zobrist::chance(ns.chance) ^ zobrist::pending(ns.pending);
    return owed;
}

bool Position::promote_at_random(Move m, StateInfo& ns) {
    ns.key ^= zobrist::chance(ns.chance) ^ zobrist::pending(ns.pending);
    ++ns.chance.promotions;
    // Without its outcome (a legality test by playing) the pawn stays as it is, as a reveal's.
    const Draw d = game_->chance.decode(MoveKind::Promotion, m.outcome());
    bool owed = false;
    if (d.count > 0) {
        ns.chance.anywhere = true;
        owed = bring_drawn(m.to(), d, ns);
        if (!owed) ns.chance.anywhere = false;
    }
    ns.key ^= zobrist::chance(ns.chance) ^ zobrist::pending(ns.pending);
    return owed;
}

Bitboard nearest_cells(const Geometry& g, Square origin, Bitboard candidates) {
    const Cell& o = g.cell(origin);
    int best = 1 << 30;
    Bitboard nearest = 0;
    for (Bitboard b = candidates; b;) {
        const Square s = pop_lsb(b);
        const Cell& c = g.cell(s);
        const int d = std::max(std::abs(c.file - o.file), std::abs(c.rank - o.rank));
        if (d < best) best = d, nearest = 0;
        if (d == best) nearest |= square_bb(s);
    }
    return nearest;
}

Bitboard placement_cells(const Position& pos) {
    const ChanceState& c = pos.state().chance;
    if (!c.owed) return 0;
    const Geometry& g = pos.geometry();
    const Bitboard board = g.size() >= SQUARE_MAX ? ~Bitboard(0) : (Bitboard(1) << g.size()) - 1;
    const Bitboard zone = c.anywhere ? board : pos.game().chance.reveal_zone[pos.side_to_move()];
    return nearest_cells(g, c.origin, zone & ~pos.pieces());
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
    const Square origin = c.origin;
    if (c.choosing) {
        // The stay step: each drawn type once, the one standing there first (it is kept).
        const int kept = type_of(pos.piece_on(origin));
        list.push(Move(origin, origin, MoveKind::Placement, kept));
        for (int i = 0; i < c.owed; ++i) {
            const int type = c.types[static_cast<size_t>(i)];
            if (type != kept && (i == 0 || type != c.types[static_cast<size_t>(i - 1)]))
                list.push(Move(origin, origin, MoveKind::Placement, type));
        }
        return;
    }
    const Bitboard cells = placement_cells(pos);
    for (int i = 0; i < c.owed; ++i) {
        const int type = c.types[static_cast<size_t>(i)];
        if (i > 0 && type == c.types[static_cast<size_t>(i - 1)]) continue;  // sorted: once each
        for (Bitboard b = cells; b;) list.push(Move(origin, pop_lsb(b), MoveKind::Placement, type));
    }
}

// A placement puts an owed piece on an empty cell; the stay step (from = to, the swan's or the
// promoted pawn's cell) puts the chosen piece there and owes the one it replaces instead.
Color Position::make_placement(Move m, StateInfo& ns) {
    const Color us = stm_;
    const Square to = m.to();
    const int type = m.promotion();
    const Piece p = make_piece_code(us, type);
    const bool stay = m.from() == to;
    ChanceState& c = ns.chance;
    ns.key ^= zobrist::chance(c) ^ zobrist::pending(ns.pending);
    // The owed piece of this type gives way: to the cell, or to the piece sent back.
    const size_t slot = c.types[0] == type ? 0 : 1;
    if (stay) {
        const Piece there = board_[to];
        if (there != p) {
            remove_piece(to);
            add_piece(to, p);
            ns.key ^= zobrist::piece(there, to) ^ zobrist::piece(p, to);
            ns.revealed = there;
            c.types[slot] = static_cast<int8_t>(type_of(there));
            sort_owed(c);
        }
        c.choosing = false;
    } else {
        add_piece(to, p);
        ns.key ^= zobrist::piece(p, to);
        --c.owed;
        if (slot == 0) c.types[0] = c.types[1];
        c.types[1] = 0;
    }
    const bool owed = settle_placing(ns);
    ns.key ^= zobrist::chance(c) ^ zobrist::pending(ns.pending);
    ns.rule50 = 0;
    // The turn's first move may have given an en passant chance: it stays, unless this piece
    // now stands where the capturing pawn would land (a swan's double step that revealed an
    // event whose piece is placed on the cell it passed), or the stay step leaves no pawn on the
    // swan's cell (en passant takes only a pawn).
    const StateInfo& before = *ns.previous;
    if (before.ep_square != to && (!stay || type == game_->men.pawn)) {
        ns.ep_square = before.ep_square;
        ns.ep_victim = before.ep_victim;
        if (ns.ep_square != SQ_NONE) ns.key ^= zobrist::ep(ns.ep_square);
    }
    return owed ? us : ~us;
}

void Position::unmake_placement(Move m) {
    if (m.from() != m.to()) return remove_piece(m.to());
    if (st_->revealed == NO_PIECE) return;  // the piece there was kept
    remove_piece(m.to());
    add_piece(m.to(), st_->revealed);
}

SpecialText placement_text(const Position& pos, Move m) {
    const std::string text = pos.game().token(m.promotion()) + "@" + pos.geometry().name(m.to());
    return {text, text, {}};
}

}  // namespace menagerie
