#include "core/movegen.h"

#include <cassert>

#include "core/rules.h"

namespace menagerie {

namespace {

// What a call generates: legal moves, or pseudo-legal ones of a stage.
enum class Gen { Legal, Captures, Quiets, All };

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
            if (has(g.zones.promotion[us], t))
                for (int promo : g.men.promotions)
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
        const Bitboard promoting = to & g.zones.promotion[us];
        count += static_cast<uint64_t>(popcount(to ^ promoting)) +
                 static_cast<uint64_t>(popcount(promoting)) * g.men.promotions.size();
    }
};

// The men of `c` whose types capture along fixed paths (hops, bent moves, limited rides).
Bitboard path_capturers(const Position& pos, Color c) {
    Bitboard men = 0;
    for (int t : pos.tables().path_capturers()) men |= pos.pieces(c, t);
    return men;
}

// The cells between the king of `us` and every enemy hopper on one of its hop lines through it
// (hops along rays; the other fixed paths are in Position::path_danger).
Bitboard hop_lines_to_king(const Position& pos, Color us, Square ksq) {
    const MoveTables& mt = pos.tables();
    const Color them = ~us;
    Bitboard lines = 0;
    for (int t : mt.hop_types())
        for (Bitboard hs = pos.pieces(them, t) & mt.piece(t, them).hop_lines[ksq]; hs;)
            lines |= mt.between(pop_lsb(hs), ksq);
    return lines;
}

// Adds the moves from `from` to the cells of `to` that leave the king safe, testing each on the
// board as it will be.
template <class Sink>
[[gnu::noinline, gnu::cold]] void add_tested(Position& pos, Sink& sink, Square from, Bitboard to,
                                             bool pawn) {
    const Game& g = pos.game();
    const Color us = pos.side_to_move();
    while (to) {
        const Square t = pop_lsb(to);
        const bool promotes = pawn && has(g.zones.promotion[us], t);
        // Legality does not depend on the promoted type: test one.
        const Move probe =
            promotes ? Move(from, t, MoveKind::Promotion, g.men.promotions.front()) : Move(from, t);
        if (!pos.leaves_king_safe(probe)) continue;
        if (pawn)
            sink.add_pawn(g, us, from, square_bb(t));
        else
            sink.add(Move(from, t));
    }
}

// The moves of the men (everything but the special kinds). For Gen::Legal they are legal: moves
// are masked by check evasion and pin lines (hoppers' included), and the few that touch another
// path-capturer's path to the king (Position::path_danger) are tested on the board as it will
// be; when a path-capturer gives check, every move is. Otherwise they are the pseudo-legal moves
// of the stage.
template <Gen G, class Sink>
void generate_men(Position& pos, Sink& sink) {
    const Game& g = pos.game();
    const MoveTables& mt = pos.tables();
    const Color us = pos.side_to_move(), them = ~us;
    const Bitboard ours = pos.pieces(us), occupied = ours | pos.pieces(them);
    // Face-down men on their starting square (the only unmoved men there) cannot be taken.
    const Bitboard theirs =
        !g.has_chance() ? pos.pieces(them) : pos.pieces(them) & ~pos.state().unmoved;
    const Bitboard landing = ~pos.closed(occupied);
    const Square ksq = pos.king_square(us);
    const Bitboard checkers = pos.checkers();
    constexpr bool LEGAL = G == Gen::Legal;

    // Destinations allowed by a check, pin lines, and the cells whose moves are tested by play.
    Bitboard target = ~Bitboard(0), pinned = 0, danger = 0;
    Bitboard pin_line[SQUARE_MAX];
    if (LEGAL && ksq != SQ_NONE) {
        danger = pos.path_danger();
        if (checkers && (checkers & path_capturers(pos, them))) {
            danger = ~Bitboard(0);  // a hopper's check can be met by a second screen: test all
        } else {
            if (checkers)
                target = more_than_one(checkers) ? 0 : mt.between(lsb(checkers), ksq) | checkers;
            for (TypeSet riders = pos.types_seen(them) & g.men.rider_set; riders;
                 riders &= riders - 1) {
                const int t = std::countr_zero(riders);
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
            // A hopper on one of its lines through the king checks over exactly one man. With
            // none between, a man landing there would be its screen: no man may. With two, each
            // of ours among them must stay between (on an empty cell: taking the other would
            // leave one) or take the hopper. Three or more: no single move can bring it to one.
            for (int t : mt.hop_types())
                for (Bitboard hoppers = pos.pieces(them, t) & mt.piece(t, them).hop_lines[ksq];
                     hoppers;) {
                    const Square h = pop_lsb(hoppers);
                    const Bitboard between = mt.between(h, ksq), men = between & occupied;
                    if (!men) {
                        target &= ~between;
                    } else if (more_than_one(men) && !more_than_one(men & (men - 1))) {
                        const Bitboard line = (between & ~occupied) | square_bb(h);
                        for (Bitboard mine = men & ours; mine;) {
                            const Square p = pop_lsb(mine);
                            pin_line[p] = has(pinned, p) ? pin_line[p] & line : line;
                            pinned |= square_bb(p);
                        }
                    }
                }
        }
    }
    const Bitboard capture_mask = G == Gen::Quiets ? 0 : theirs;
    const Bitboard quiet_mask = G == Gen::Captures ? 0 : landing;

    // Adds the moves from `from` to `to`; those that touch the danger cells are tested by play
    // (out of line: rare, and it keeps this hot lambda small).
    auto emit = [&](Square from, Bitboard to, bool pawn) {
        if (LEGAL && danger) {
            const Bitboard risky = has(danger, from) ? to : to & danger;
            if (risky) {
                to ^= risky;
                add_tested(pos, sink, from, risky, pawn);
            }
        }
        if (pawn)
            sink.add_pawn(g, us, from, to);
        else
            sink.add_all(from, to);
    };

    if (target) {
        // Every type but the king's, and the swans' (rules/swans.cpp), that the army has had.
        for (TypeSet left = pos.types_seen(us) & g.men.ordinary_set; left; left &= left - 1) {
            const int t = std::countr_zero(left);
            Bitboard men = pos.pieces(us, t);
            if (!men) continue;
            const PieceMoves& pm = mt.piece(t, us);
            while (men) {
                const Square from = pop_lsb(men);
                const Bitboard allowed = has(pinned, from) ? target & pin_line[from] : target;
                if (t == g.men.pawn) {
                    Bitboard quiet = pm.quiet[from] & landing;
                    // A double step needs every cell of the single step empty.
                    if (has(g.zones.double_step[us], from) && quiet && quiet == pm.quiet[from])
                        for (Bitboard mids = quiet; mids;)
                            quiet |= pm.quiet[pop_lsb(mids)] & landing;
                    const Bitboard capture = pm.capture[from] & theirs;
                    const Bitboard promoting = quiet & g.zones.promotion[us];
                    Bitboard to = G == Gen::Captures ? capture | promoting
                                  : G == Gen::Quiets ? quiet & ~promoting
                                                     : quiet | capture;
                    emit(from, to & allowed, true);
                    const Square ep = pos.state().ep_square;
                    if (G != Gen::Quiets && ep != SQ_NONE && has(pm.capture[from], ep)) {
                        const Move m(from, ep, MoveKind::EnPassant);
                        if (!LEGAL || pos.leaves_king_safe(m)) sink.add(m);
                    }
                    continue;
                }
                const auto [quiet, capture] = mt.reach(pm, from, occupied);
                emit(from, ((quiet & quiet_mask) | (capture & capture_mask)) & allowed, false);
            }
        }
    }

    if (ksq != SQ_NONE) {
        const PieceMoves& pm = mt.piece(g.men.king, us);
        Bitboard to_cells = (pm.quiet[ksq] & quiet_mask) | (pm.capture[ksq] & capture_mask);
        const Bitboard without_king = occupied ^ square_bb(ksq);
        while (to_cells) {
            const Square to = pop_lsb(to_cells);
            if (!LEGAL || !pos.attacked(to, them, without_king)) sink.add(Move(ksq, to));
        }
    }
}

template <Gen G, class Sink>
void generate(Position& pos, Sink& sink) {
    if (pos.pending() != NO_PENDING) {
        if (G != Gen::Captures) generate_choices(pos, sink);
        return;
    }
    generate_men<G>(pos, sink);
    if (pos.game().has_chance())
        generate_swans(pos, sink, G != Gen::Quiets, G != Gen::Captures, G == Gen::Legal);
    if (G != Gen::Captures) generate_special_moves(pos, sink);
}

}  // namespace

bool legal_by_playing(Position& pos, Move m) {
    const Color us = pos.side_to_move();
    StateInfo st;
    pos.do_move(m, st);
    const Square k = pos.king_square(us);
    const bool ok = k == SQ_NONE || !pos.attacked(k, ~us);
    pos.undo_move(m);
    return ok;
}

bool legal(Position& pos, Move m) {
    if (is_special(m.kind())) return true;  // generated only when legal
    if (m.kind() == MoveKind::EnPassant) return pos.leaves_king_safe(m);
    const Color us = pos.side_to_move(), them = ~us;
    const Square ksq = pos.king_square(us), from = m.from(), to = m.to();
    if (ksq == SQ_NONE) return true;
    const Bitboard occupied = pos.pieces();
    if (from == ksq) return !pos.attacked(to, them, occupied ^ square_bb(ksq));
    const Bitboard checkers = pos.checkers();
    const Bitboard danger = pos.path_danger() | hop_lines_to_king(pos, us, ksq);
    if (has(danger, from) || has(danger, to) || (checkers & path_capturers(pos, them)))
        return pos.leaves_king_safe(m);
    if (checkers) {
        if (more_than_one(checkers)) return false;
        if (!has(pos.tables().between(lsb(checkers), ksq) | checkers, to)) return false;
    } else if (!has(pos.tables().ride_lines(them, ksq), from)) {
        return true;  // on no rider's line through the king: cannot be pinned
    }
    // As generate_legal decides: a man that is not pinned may go anywhere the check allows.
    return !has(pos.pinned(), from) || pos.leaves_king_safe(m);
}

void generate_legal(Position& pos, MoveList& list) {
    list.count = 0;
    ToList sink{list};
    generate<Gen::Legal>(pos, sink);
}

uint64_t count_legal(Position& pos) {
    ToCount sink;
    generate<Gen::Legal>(pos, sink);
    return sink.count;
}

void generate_pseudo_legal(Position& pos, MoveList& list, Stage stage) {
    list.count = 0;
    append_pseudo_legal(pos, list, stage);
}

void append_pseudo_legal(Position& pos, MoveList& list, Stage stage) {
    ToList sink{list};
    switch (stage) {
        case Stage::Captures:
            return generate<Gen::Captures>(pos, sink);
        case Stage::Quiets:
            return generate<Gen::Quiets>(pos, sink);
        case Stage::All:
            return generate<Gen::All>(pos, sink);
    }
}

uint64_t perft(Position& pos, int depth) {
    assert(pos.consistency_error().empty());
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

uint64_t perft(Position& pos, int depth, const std::atomic<bool>& stop) {
    if (depth <= 2) return perft(pos, depth);
    MoveList list;
    generate_legal(pos, list);
    uint64_t nodes = 0;
    StateInfo st;
    for (Move m : list) {
        if (stop.load(std::memory_order_relaxed)) break;
        pos.do_move(m, st);
        nodes += perft(pos, depth - 1, stop);
        pos.undo_move(m);
    }
    return nodes;
}

}  // namespace menagerie
