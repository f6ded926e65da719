#include "core/movegen.h"

namespace menagerie {

namespace {

bool legal_after(Position& pos, Move m) {
    const Color us = pos.side_to_move();
    StateInfo st;
    pos.do_move(m, st);
    const Square k = pos.king_square(us);
    const bool ok = k == SQ_NONE || !pos.attacked(k, ~us);
    pos.undo_move(m);
    return ok;
}

// Cells strictly between a and b on their line, plus b; nothing when a == b.
Bitboard span(const MoveTables& mt, Square a, Square b) {
    return a == b ? 0 : mt.between(a, b) | square_bb(b);
}

void generate_relocations(Position& pos, MoveList& list) {
    const Game& g = pos.game();
    const Color us = pos.side_to_move();
    const RelocationStep& step = g.relocation_steps[pos.phase() == CHOOSE_KING ? 0 : 1];
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
        Bitboard bishops = pos.pieces(us, g.bishop);
        if (t == g.bishop) bishops ^= square_bb(to) | square_bb(from);
        if (popcount(bishops) == 2 && g.same_colour(lsb(bishops), msb(bishops))) continue;
        list.push(Move(from, to, MoveKind::Relocation));
    }
}

// Where moves go: a list, or for perft's last ply only a count.
struct ToList {
    MoveList& list;
    void add(Move m) { list.push(m); }
    void add_all(Square from, Bitboard to) {
        while (to) list.push(Move(from, pop_lsb(to)));
    }
    void add_pawn(const Game& g, Color us, Square from, Bitboard to) {
        while (to) {
            const Square t = pop_lsb(to);
            if (has(g.promotion_zone[us], t))
                for (int promo : g.promotion_types)
                    list.push(Move(from, t, MoveKind::Promotion, promo));
            else
                list.push(Move(from, t));
        }
    }
};

struct ToCount {
    uint64_t count = 0;
    void add(Move) { ++count; }
    void add_all(Square, Bitboard to) { count += static_cast<uint64_t>(popcount(to)); }
    void add_pawn(const Game& g, Color us, Square, Bitboard to) {
        const Bitboard promoting = to & g.promotion_zone[us];
        count += static_cast<uint64_t>(popcount(to ^ promoting)) +
                 static_cast<uint64_t>(popcount(promoting)) * g.promotion_types.size();
    }
};

bool pins_decide(const Position& pos) {
    return pos.tables().pins_suffice() && pos.king_square(pos.side_to_move()) != SQ_NONE;
}

// Every move of the playing phase. With `by_pins` they are legal; otherwise the caller still has
// to test the ordinary ones (special moves are always tested here).
template <class Sink>
void generate_moves(Position& pos, Sink& sink, bool by_pins) {
    const Game& g = pos.game();
    const MoveTables& mt = pos.tables();
    const Color us = pos.side_to_move(), them = ~us;
    const Bitboard ours = pos.pieces(us), theirs = pos.pieces(them), occupied = ours | theirs;
    const Bitboard landing = pos.geometry().switch_fields() ? ~pos.closed(occupied) : ~occupied;
    const Square ksq = pos.king_square(us);
    const Bitboard checkers = pos.checkers();
    const int types = static_cast<int>(g.types.size());

    // Moves that resolve a check, and the lines pinned men must stay on.
    Bitboard target = ~Bitboard(0), pinned = 0;
    Bitboard pin_line[SQUARE_MAX];
    if (by_pins) {
        if (checkers)
            target = more_than_one(checkers) ? 0 : mt.between(lsb(checkers), ksq) | checkers;
        for (int t : g.rider_types)
            for (Bitboard snipers = pos.pieces(them, t) & mt.piece(t, them).reverse_ride[ksq];
                 snipers;) {
                const Square x = pop_lsb(snipers);
                const Bitboard between = mt.between(x, ksq), blockers = between & occupied;
                if (!blockers || more_than_one(blockers) || !(blockers & ours)) continue;
                const Square p = lsb(blockers);
                const Bitboard line = between | square_bb(x);
                pin_line[p] = has(pinned, p) ? pin_line[p] & line : line;
                pinned |= blockers;
            }
    }

    if (target) {
        for (int t = 0; t < types; ++t) {
            if (t == g.king) continue;
            Bitboard men = pos.pieces(us, t);
            if (!men) continue;
            const PieceMoves& pm = mt.piece(t, us);
            while (men) {
                const Square from = pop_lsb(men);
                const Bitboard allowed = has(pinned, from) ? target & pin_line[from] : target;
                if (t == g.pawn) {
                    Bitboard quiet = pm.quiet[from] & landing;
                    const Bitboard capture = pm.capture[from];
                    // A double step needs every cell of the single step empty.
                    if (has(g.double_step_zone[us], from) && quiet && quiet == pm.quiet[from])
                        for (Bitboard mids = quiet; mids;)
                            quiet |= pm.quiet[pop_lsb(mids)] & landing;
                    sink.add_pawn(g, us, from, (quiet | (capture & theirs)) & allowed);
                    const Square ep = pos.state().ep_square;
                    if (ep != SQ_NONE && has(pm.capture[from], ep)) {
                        const Move m(from, ep, MoveKind::EnPassant);
                        if (legal_after(pos, m)) sink.add(m);
                    }
                    continue;
                }
                const auto [quiet, capture] = mt.reach(pm, from, occupied);
                sink.add_all(from, ((quiet & landing) | (capture & theirs)) & allowed);
            }
        }
    }

    if (ksq != SQ_NONE) {
        const PieceMoves& pm = mt.piece(g.king, us);
        Bitboard to_cells = (pm.quiet[ksq] & landing) | (pm.capture[ksq] & theirs);
        const Bitboard without_king = occupied ^ square_bb(ksq);
        while (to_cells) {
            const Square to = pop_lsb(to_cells);
            if (!by_pins || !pos.attacked(to, them, without_king)) sink.add(Move(ksq, to));
        }
    }

    if (checkers || ksq == SQ_NONE) return;
    const bool king_unmoved = has(pos.state().unmoved, ksq);

    // Castling, the Bunker Leap and the Bishop Adjustment: never out of check, and they capture
    // nothing, so the king is safe afterwards exactly when its cell is not attacked on the board
    // as it will be (the rook may shield or unshield the king).
    const CastlingRules& cr = g.castling;
    bool castles_in_place[CASTLING_SIDE_NB] = {false, false};
    if (cr.enabled && king_unmoved)
        for (CastlingSide side : {KING_SIDE, QUEEN_SIDE}) {
            if (!pos.can_castle(us, side)) continue;
            const int king_file = pos.geometry().cell(ksq).file;
            if (cr.curtailed &&
                (king_file == cr.own_side_file[KING_SIDE] ||
                 king_file == cr.own_side_file[QUEEN_SIDE]) &&
                king_file != cr.own_side_file[side])
                continue;
            const Square rsq = pos.castling_rook(us, side), kto = cr.king_to[us][side],
                         rto = cr.rook_to[us][side];
            Bitboard empty = span(mt, ksq, kto) | span(mt, rsq, rto);
            Bitboard safe = span(mt, ksq, kto);
            if (cr.between_unattacked) empty |= mt.between(ksq, rsq), safe |= mt.between(ksq, rsq);
            if (empty & occupied & ~square_bb(ksq) & ~square_bb(rsq)) continue;
            bool attacked = false;
            for (Bitboard b = safe; b && !attacked;)
                attacked = pos.attacked(pop_lsb(b), them, occupied);
            if (attacked) continue;
            const Bitboard after =
                (occupied ^ square_bb(ksq) ^ square_bb(rsq)) | square_bb(kto) | square_bb(rto);
            if (pos.attacked(kto, them, after)) continue;
            sink.add(Move(ksq, rsq, MoveKind::Castling));
            castles_in_place[side] = rsq == rto;
        }

    if (g.bunker_leap && king_unmoved)
        for (CastlingSide side : {KING_SIDE, QUEEN_SIDE}) {
            const Square to = cr.king_to[us][side];
            // A leap onto a neighbouring cell is the king's ordinary step; one that ends as a
            // castling with the rook already in place is that castling (listed once).
            if (to == ksq || has(mt.piece(g.king, us).quiet[ksq], to) || has(occupied, to))
                continue;
            if (castles_in_place[side]) continue;
            const Bitboard path = span(mt, ksq, to);
            if (path & theirs) continue;
            bool attacked = false;
            for (Bitboard b = path; b && !attacked;)
                attacked = pos.attacked(pop_lsb(b), them, occupied);
            if (attacked) continue;
            if (!pos.attacked(to, them, (occupied ^ square_bb(ksq)) | square_bb(to)))
                sink.add(Move(ksq, to, MoveKind::BunkerLeap));
        }

    if (g.bishop_adjustment && pos.can_adjust(us))
        for (Bitboard bishops = pos.pieces(us, g.bishop) & pos.state().unmoved; bishops;) {
            const Square b = pop_lsb(bishops);
            for (Direction d : {WEST, EAST}) {
                const Bitboard n = pos.geometry().step(b, d) & ours & pos.state().unmoved;
                if (!n) continue;
                // A swap leaves every cell occupied: only a king that moves can come into check.
                if (lsb(n) != ksq || !pos.attacked(b, them, occupied))
                    sink.add(Move(b, lsb(n), MoveKind::Adjustment));
            }
        }
}

}  // namespace

void generate_legal(Position& pos, MoveList& list) {
    list.count = 0;
    if (pos.phase() != PLAY) return generate_relocations(pos, list);
    ToList sink{list};
    const bool by_pins = pins_decide(pos);
    generate_moves(pos, sink, by_pins);
    if (by_pins) return;
    for (int i = 0; i < list.count;) {
        const MoveKind kind = list.moves[i].kind();
        if ((kind != MoveKind::Normal && kind != MoveKind::Promotion) ||
            legal_after(pos, list.moves[i]))
            ++i;
        else
            list.moves[i] = list.moves[--list.count];
    }
}

uint64_t count_legal(Position& pos) {
    if (pos.phase() != PLAY || !pins_decide(pos)) {
        MoveList list;
        generate_legal(pos, list);
        return static_cast<uint64_t>(list.size());
    }
    ToCount sink;
    generate_moves(pos, sink, true);
    return sink.count;
}

uint64_t perft(Position& pos, int depth) {
    if (depth <= 1) return depth == 1 ? count_legal(pos) : 1;
    MoveList list;
    generate_legal(pos, list);
    uint64_t nodes = 0;
    StateInfo st;
    for (Move m : list) {
        pos.do_move(m, st);
        nodes += perft(pos, depth - 1);
        pos.undo_move(m);
    }
    return nodes;
}

}  // namespace menagerie
