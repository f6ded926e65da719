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

namespace {

// What the swan of type `swan` brings when turned over as the game's next event number `event`
// would be (the referee's game: identities known, events drawn from the seed).
Draw referee_reveal(const Game& g, int swan, int event) {
    Draw d;
    d.tile = swan - g.first_swan;
    const int identity = g.swan_identity[static_cast<size_t>(d.tile)];
    if (identity >= 0) {
        d.count = 1;
        d.types[0] = identity;
        return d;
    }
    d.event = true;
    for (int type : g.draw_event(event, swan))
        if (d.count < static_cast<int>(d.types.size()))
            d.types[static_cast<size_t>(d.count++)] = type;
    return d;
}

Draw referee_promotion(const Game& g, int number) {
    Draw d;
    for (int type : g.draw_promotion(number))
        if (d.count < static_cast<int>(d.types.size()))
            d.types[static_cast<size_t>(d.count++)] = type;
    return d;
}

}  // namespace

bool is_chance_move(const Position& pos, Move m) {
    const Game& g = pos.game();
    if (g.first_swan < 0) return false;
    if (m.kind() == MoveKind::Promotion) return true;
    const Piece p = pos.piece_on(m.from());
    return m.kind() == MoveKind::Normal && p != NO_PIECE && type_of(p) >= g.first_swan &&
           has(g.reveal_zone[color_of(p)], m.to());
}

Draw chance_draw(const Position& pos, Move m) {
    const Game& g = pos.game();
    if (!is_chance_move(pos, m)) return {};
    const MoveKind kind = outcome_kind(m);
    if (g.outcome_in_move) return g.decode_outcome(kind, m.outcome());
    const ChanceState& c = pos.state().chance;
    return kind == MoveKind::Promotion
               ? referee_promotion(g, c.promotions + 1)
               : referee_reveal(g, type_of(pos.piece_on(m.from())), c.events + 1);
}

// The drawn pieces: the first replaces the man on `to`, the others are owed.
bool Position::bring_drawn(Square to, const Draw& d, StateInfo& ns) {
    const Piece before = board_[to];
    const Piece first = make_piece_code(stm_, d.types[0]);
    remove_piece(to);
    add_piece(to, first);
    ns.key ^= zobrist::piece(before, to) ^ zobrist::piece(first, to);
    if (d.count < 2) return false;
    ns.chance.owed = static_cast<uint8_t>(d.count - 1);
    for (int i = 1; i < d.count; ++i)
        ns.chance.types[static_cast<size_t>(i - 1)] =
            static_cast<int8_t>(d.types[static_cast<size_t>(i)]);
    ns.chance.origin = static_cast<int8_t>(to);
    return settle_placing(ns);
}

bool Position::reveal_swan(Move m, StateInfo& ns) {
    ns.rule50 = 0;  // a swan moves as a pawn: irreversibly
    const Color us = stm_;
    const Square to = m.to();
    if (!has(game_->reveal_zone[us], to)) return false;
    const Piece swan = board_[to];
    const Draw d = game_->outcome_in_move
                       ? game_->decode_outcome(MoveKind::Normal, m.outcome())
                       : referee_reveal(*game_, type_of(swan), ns.chance.events + 1);
    assert(d.count > 0);  // a player's view is always told the outcome
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
    const Draw d = game_->outcome_in_move ? game_->decode_outcome(MoveKind::Promotion, m.outcome())
                                          : referee_promotion(*game_, ns.chance.promotions);
    assert(d.count > 0);
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
    const Bitboard zone = c.anywhere ? board : pos.game().reveal_zone[pos.side_to_move()];
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
    // The turn's first move may have given an en passant chance: it stays, unless this piece
    // now stands where the capturing pawn would land (a swan's double step that revealed an
    // event whose piece is placed on the cell it passed).
    if (ns.previous->ep_square != m.to()) {
        ns.ep_square = ns.previous->ep_square;
        ns.ep_victim = ns.previous->ep_victim;
        if (ns.ep_square != SQ_NONE) ns.key ^= zobrist::ep(ns.ep_square);
    }
    return owed ? us : ~us;
}

void Position::unmake_placement(Move m) { remove_piece(m.to()); }

SpecialText placement_text(const Position& pos, Move m) {
    const std::string text = pos.game().token(m.promotion()) + "@" + pos.geometry().name(m.to());
    return {text, text, {}};
}

}  // namespace menagerie
