#include "core/position.h"

#include <cassert>

#include "core/rules.h"

namespace menagerie {

namespace zobrist {
namespace {

struct Keys {
    uint64_t piece[PIECE_CODE_NB][SQUARE_MAX], unmoved[SQUARE_MAX], ep[SQUARE_MAX], side, adjust[2],
        pending[NO_PENDING];
    Keys() {
        uint64_t x = 0x9E3779B97F4A7C15ull;
        auto next = [&x] {  // splitmix64: a fixed, well-mixed sequence
            uint64_t z = (x += 0x9E3779B97F4A7C15ull);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            return z ^ (z >> 31);
        };
        for (auto& row : piece)
            for (auto& k : row) k = next();
        for (auto& k : unmoved) k = next();
        for (auto& k : ep) k = next();
        side = next();
        for (auto& k : adjust) k = next();
        for (auto& k : pending) k = next();
    }
};
const Keys keys;

}  // namespace

uint64_t piece(Piece p, Square s) { return keys.piece[p][s]; }
uint64_t unmoved(Square s) { return keys.unmoved[s]; }
uint64_t ep(Square s) { return keys.ep[s]; }
uint64_t side() { return keys.side; }
uint64_t adjust(Color c) { return keys.adjust[c]; }
uint64_t pending(uint8_t step) { return step == NO_PENDING ? 0 : keys.pending[step]; }
uint64_t chance(const ChanceState& c) {
    ChanceState keyed = c;
    keyed.unseen = {};  // changes only with a reveal, which is irreversible
    if (keyed == ChanceState{}) return 0;
    uint64_t z =
        0x5851F42D4C957F2Dull ^
        (uint64_t(c.events) | uint64_t(c.owed) << 8 | uint64_t(uint8_t(c.types[0])) << 16 |
         uint64_t(uint8_t(c.types[1])) << 24 | uint64_t(uint8_t(c.origin)) << 32 |
         uint64_t(c.promotions) << 40 | uint64_t(c.anywhere) << 48 | uint64_t(c.choosing) << 49);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

}  // namespace zobrist

Position::Position(std::shared_ptr<const Game> game)
    : owner_(std::move(game)), game_(owner_.get()), tables_(game_->tables.get()) {
    clear();
}

Position::Position(const Position& other) { *this = other; }

Position& Position::operator=(const Position& other) {
    if (this == &other) return *this;
    owner_ = other.owner_;
    game_ = other.game_;
    tables_ = other.tables_;
    by_color_ = other.by_color_;
    by_type_ = other.by_type_;
    types_seen_ = other.types_seen_;
    board_ = other.board_;
    material_ = other.material_;
    castling_rooks_ = other.castling_rooks_;
    stm_ = other.stm_;
    fullmove_ = other.fullmove_;
    root_ = *other.st_;
    root_.previous = nullptr;
    st_ = &root_;
    return *this;
}

void Position::clear() {
    by_color_ = {};
    by_type_ = {};
    types_seen_ = {};
    board_.fill(NO_PIECE);
    material_ = {};
    for (auto& c : castling_rooks_) c.fill(SQ_NONE);
    stm_ = WHITE;
    fullmove_ = 1;
    root_ = StateInfo{};
    st_ = &root_;
}

void Position::put(Square s, Piece p) {
    add_piece(s, p);
    st_->pinned_known = false;
}

void Position::add_piece(Square s, Piece p) {
    assert(board_[s] == NO_PIECE);
    board_[s] = p;
    material_[color_of(p)] += game_->men.value[type_of(p)];
    by_color_[color_of(p)] |= square_bb(s);
    by_type_[type_of(p)] |= square_bb(s);
    types_seen_[color_of(p)] |= type_bit(type_of(p));
}

void Position::remove_piece(Square s) {
    const Piece p = board_[s];
    assert(p != NO_PIECE);
    material_[color_of(p)] -= game_->men.value[type_of(p)];
    by_color_[color_of(p)] ^= square_bb(s);
    by_type_[type_of(p)] ^= square_bb(s);
    board_[s] = NO_PIECE;
}

void Position::move_piece(Square from, Square to) {
    const Piece p = board_[from];
    const Bitboard both = square_bb(from) | square_bb(to);
    by_color_[color_of(p)] ^= both;
    by_type_[type_of(p)] ^= both;
    board_[from] = NO_PIECE;
    board_[to] = p;
}

void Position::swap_pieces(Square a, Square b) {
    if (a == b) return;
    const Piece pa = board_[a], pb = board_[b];
    remove_piece(a);
    remove_piece(b);
    add_piece(a, pb);
    add_piece(b, pa);
}

Bitboard Position::closed_by_switches(Bitboard occupied) const {
    Bitboard on_switch = occupied & geometry().switch_fields();
    while (on_switch) occupied |= geometry().mate(pop_lsb(on_switch));
    return occupied;
}

// Cells of `by` men attacking s; with FirstOnly, stops at the first group that has one (attack
// tests). The cost follows the groups of MoveTables, not the number of piece types.
template <bool FirstOnly>
Bitboard Position::attackers(Square s, Color by, Bitboard occupied, Bitboard men) const {
    const Bitboard mine = pieces(by) & occupied & men;
    Bitboard result = 0;
    for (Bitboard c = tables_->leap_attackers(by, s) & mine; c;) {
        const Square x = pop_lsb(c);
        if (has(tables_->piece(type_of(board_[x]), by).reverse_capture[s], x)) {
            result |= square_bb(x);
            if (FirstOnly) return result;
        }
    }
    const bool symmetric = tables_->symmetric_rides();
    for (const MoveTables::RideAtom& atom : tables_->ride_atoms(by)) {
        if (!(atom.types & types_seen_[by])) continue;
        if (symmetric) {
            for (Bitboard c = tables_->rides(atom.reverse_kinds, s, occupied) & mine; c;) {
                const Square x = pop_lsb(c);
                if (atom.types & type_bit(type_of(board_[x]))) result |= square_bb(x);
            }
        } else {
            for (Bitboard c = atom.reverse_lines[s] & mine; c;) {
                const Square x = pop_lsb(c);
                if ((atom.types & type_bit(type_of(board_[x]))) &&
                    !(tables_->between(x, s) & occupied))
                    result |= square_bb(x);
            }
        }
        if (FirstOnly && result) return result;
    }
    Bitboard hoppers = 0;
    for (int t : tables_->hop_types()) hoppers |= by_type_[t];
    if (const Bitboard hop = tables_->hop_attackers(by, s, occupied, hoppers & mine, board_); hop) {
        result |= hop;
        if (FirstOnly) return result;
    }
    for (int t : tables_->path_capturers()) {
        const Bitboard those = mine & by_type_[t];
        if (!those) continue;
        for (const PathEntry& e : tables_->piece(t, by).reverse_paths[s])
            if (has(those, e.square) && popcount(e.clear & occupied) == (e.hop ? 1 : 0))
                result |= square_bb(e.square);
        if (FirstOnly && result) return result;
    }
    return result;
}

Bitboard Position::attackers_to(Square s, Color by, Bitboard occupied, Bitboard men) const {
    return attackers<false>(s, by, occupied, men);
}

bool Position::attacked(Square s, Color by, Bitboard occupied) const {
    return attackers<true>(s, by, occupied, ~Bitboard(0)) != 0;
}

bool Position::leaves_king_safe(Move m) const {
    const Square ksq = king_square(stm_);
    if (ksq == SQ_NONE) return true;
    assert(m.from() != ksq);
    const Color them = ~stm_;
    const Square taken = m.kind() == MoveKind::EnPassant ? st_->ep_victim : m.to();
    const Bitboard occupied =
        (pieces() ^ square_bb(m.from()) ^ (pieces() & square_bb(taken))) | square_bb(m.to());
    if (st_->checkers || !tables_->symmetric_rides())
        return !attackers<true>(ksq, them, occupied, ~square_bb(taken));
    // Not in check: only the lines through the king that the move touches can change, and only
    // riders and hoppers on them, or men with fixed paths, can attack.
    const uint32_t touched = tables_->line_kinds(ksq, m.from()) | tables_->line_kinds(ksq, m.to()) |
                             tables_->line_kinds(ksq, taken);
    return !line_attackers(ksq, them, touched, occupied,
                           pieces(them) & occupied & ~square_bb(taken));
}

// The men among `theirs` (of colour `by`) that attack s along the given ray kinds (going out
// from s) by riding or hopping, or along a fixed path from anywhere. Symmetric boards only.
Bitboard Position::line_attackers(Square s, Color by, uint32_t out_kinds, Bitboard occupied,
                                  Bitboard theirs) const {
    Bitboard result = 0;
    for (uint32_t k = out_kinds; k; k &= k - 1) {
        const int out = std::countr_zero(k), in = tables_->opposite_kind(out);
        const Bitboard first = tables_->ride_attacks(out, s, occupied) & occupied;
        if (!first) continue;
        const Square x = lsb(first);
        if (has(theirs, x) && tables_->rides_along(by, in, type_of(board_[x])))
            result |= square_bb(x);
        const Bitboard second = tables_->ride_attacks(out, x, occupied) & theirs;
        if (second && tables_->hops_along(by, in, type_of(board_[lsb(second)]))) result |= second;
    }
    for (int t : tables_->path_capturers()) {
        const Bitboard those = theirs & by_type_[t];
        if (!those) continue;
        for (const PathEntry& e : tables_->piece(t, by).reverse_paths[s])
            if (has(those, e.square) && popcount(e.clear & occupied) == (e.hop ? 1 : 0))
                result |= square_bb(e.square);
    }
    return result;
}

// The men giving check after a normal move, promotion or en passant capture, where the side now
// to move was not in check before it: the moved man, and riders or hoppers on the lines through
// the king that the move touched (discovered, or given a screen), and men with fixed paths.
Bitboard Position::checkers_after(Move m) const {
    const Square ksq = king_square(stm_);
    if (ksq == SQ_NONE) return 0;
    const Color by = ~stm_;
    const Square to = m.to();
    const Bitboard occupied = pieces();
    Bitboard result = 0;
    if (has(tables_->reach(tables_->piece(type_of(board_[to]), by), to, occupied).capture, ksq))
        result |= square_bb(to);
    uint32_t touched = tables_->line_kinds(ksq, m.from()) | tables_->line_kinds(ksq, to);
    if (m.kind() == MoveKind::EnPassant)
        touched |= tables_->line_kinds(ksq, st_->previous->ep_victim);
    return result | line_attackers(ksq, by, touched, occupied, pieces(by));
}

void Position::set_check_info() {
    const Square ksq = king_square(stm_);
    st_->checkers = ksq == SQ_NONE ? 0 : attackers_to(ksq, ~stm_, pieces());
    set_path_danger();
}

Bitboard Position::pinned() const {
    if (st_->pinned_known) return st_->pinned;
    Bitboard pinned = 0;
    const Square ksq = king_square(stm_);
    if (ksq != SQ_NONE) {
        const Color them = ~stm_;
        const Bitboard occupied = pieces(), ours = pieces(stm_);
        for (TypeSet riders = types_seen_[them] & game_->men.rider_set; riders;
             riders &= riders - 1) {
            const int t = std::countr_zero(riders);
            for (Bitboard snipers = pieces(them, t) & tables_->piece(t, them).reverse_ride[ksq];
                 snipers;) {
                const Bitboard blockers = tables_->between(pop_lsb(snipers), ksq) & occupied;
                if (blockers && !more_than_one(blockers) && (blockers & ours)) pinned |= blockers;
            }
        }
    }
    st_->pinned = pinned;
    st_->pinned_known = true;
    return pinned;
}

void Position::set_path_danger() {
    const Square ksq = king_square(stm_);
    st_->path_danger = 0;
    if (ksq == SQ_NONE) return;
    for (int t : tables_->path_capturers()) {
        const Bitboard men = pieces(~stm_, t);
        if (!men) continue;
        const PieceMoves& pm = tables_->piece(t, ~stm_);
        for (const PathEntry& e : pm.reverse_paths[ksq])
            if (has(men, e.square)) st_->path_danger |= e.clear;
    }
}

bool Position::can_castle(Color c, CastlingSide side) const {
    const Square rook = castling_rooks_[c][side], king = king_square(c);
    return rook != SQ_NONE && king != SQ_NONE && has(st_->unmoved, rook) && has(st_->unmoved, king);
}

bool Position::can_bunker_leap(Color c) const {
    const Square king = king_square(c);
    return game_->rules.bunker_leap && king != SQ_NONE && has(st_->unmoved, king);
}

int Position::repetitions() const {
    int count = 0;
    const StateInfo* s = st_;
    for (int back = 2; back <= st_->rule50; back += 2) {
        if (!s->previous || !s->previous->previous) break;
        s = s->previous->previous;
        count += s->key == st_->key;
    }
    return count;
}

bool Position::is_capture(Move m) const {
    if (m.kind() == MoveKind::EnPassant) return true;
    if (m.kind() != MoveKind::Normal && m.kind() != MoveKind::Promotion) return false;
    return board_[m.to()] != NO_PIECE;
}

void Position::unmark(Bitboard cells) {
    for (Bitboard b = st_->unmoved & cells; b;) {
        const Square s = pop_lsb(b);
        st_->key ^= zobrist::unmoved(s);
        st_->unmoved ^= square_bb(s);
    }
}

void Position::clear_unmoved(Bitboard cells) {
    if (!(st_->unmoved & cells)) return;
    unmark(cells);
    drop_meaningless_unmoved();
}

// Keeps only the unmoved marks that some right still depends on, so that equal positions (as FEN
// shows them) have equal keys: without castling or adjustment rights a rook's mark means nothing,
// and without a castling rook (or a Bunker Leap) neither does the king's.
void Position::drop_meaningless_unmoved() {
    if (game_->has_chance()) return;  // only face-down men on their starting square
    for (Color c : {WHITE, BLACK}) {
        if (st_->adjust_rights & (1 << c)) continue;
        const Square king = king_square(c);
        Bitboard keep = 0;
        if (king != SQ_NONE && has(st_->unmoved, king)) {
            for (CastlingSide side : {KING_SIDE, QUEEN_SIDE})
                if (castling_rooks_[c][side] != SQ_NONE &&
                    has(st_->unmoved, castling_rooks_[c][side]))
                    keep |= square_bb(castling_rooks_[c][side]);
            if (keep || game_->rules.bunker_leap) keep |= square_bb(king);
        }
        unmark(pieces(c) & ~keep);
    }
}

void Position::update_ep(Square from, Square to) {
    const Color us = stm_, them = ~us;
    const Bitboard single = tables_->piece(game_->men.pawn, us).quiet[from];
    if (!single || has(single, to) || !has(game_->zones.double_step[us], from)) return;
    const Square mid = lsb(single);
    if (!has(tables_->piece(game_->men.pawn, us).quiet[mid], to))
        return;  // a capture, not a double step
    if (tables_->piece(game_->men.pawn, them).reverse_capture[mid] &
        pieces(them, game_->men.pawn)) {
        st_->ep_square = mid;
        st_->ep_victim = to;
        st_->key ^= zobrist::ep(mid);
    }
}

// Swaps two men during a move, with their keys and unmoved marks.
void Position::swap_men(Square a, Square b) {
    if (a == b) return;
    st_->key ^= zobrist::piece(board_[a], a) ^ zobrist::piece(board_[b], b) ^
                zobrist::piece(board_[a], b) ^ zobrist::piece(board_[b], a);
    swap_pieces(a, b);
    if (has(st_->unmoved, a) != has(st_->unmoved, b)) {
        st_->unmoved ^= square_bb(a) | square_bb(b);
        st_->key ^= zobrist::unmoved(a) ^ zobrist::unmoved(b);
    }
}

void Position::do_move(Move m, StateInfo& ns) {
    assert(board_[m.from()] != NO_PIECE);
    assert(color_of(board_[m.from()]) == stm_);
    ns.key = st_->key;
    ns.unmoved = st_->unmoved;
    ns.rule50 = st_->rule50 + 1;
    ns.adjust_rights = st_->adjust_rights;
    ns.pending = st_->pending;
    ns.chance = st_->chance;
    ns.ep_square = ns.ep_victim = SQ_NONE;
    ns.captured = ns.revealed = NO_PIECE;
    ns.pinned_known = false;
    ns.previous = st_;
    if (st_->ep_square != SQ_NONE) ns.key ^= zobrist::ep(st_->ep_square);
    st_ = &ns;

    const Color us = stm_, them = ~us;
    const Square from = m.from(), to = m.to();
    Color next = them;
    switch (m.kind()) {
        case MoveKind::Normal:
        case MoveKind::Promotion: {
            const Piece p = board_[from];
            if (board_[to] != NO_PIECE) {
                ns.captured = board_[to];
                ns.key ^= zobrist::piece(ns.captured, to);
                remove_piece(to);
                ns.rule50 = 0;
            }
            ns.key ^= zobrist::piece(p, from) ^ zobrist::piece(p, to);
            move_piece(from, to);
            if (type_of(p) == game_->men.pawn) {
                ns.rule50 = 0;
                if (m.kind() == MoveKind::Promotion && random_promotion(*game_)) {
                    if (promote_at_random(m, ns)) next = us;
                } else if (m.kind() == MoveKind::Promotion) {
                    const Piece promoted = make_piece_code(us, m.promotion());
                    remove_piece(to);
                    add_piece(to, promoted);
                    ns.key ^= zobrist::piece(p, to) ^ zobrist::piece(promoted, to);
                } else {
                    update_ep(from, to);
                }
            } else if (game_->chance.face_down(type_of(p))) {
                if (reveal_swan(m, ns)) next = us;
                // While the owner chooses which drawn piece stays, a pawn among them may still
                // stay: the chance is kept until the choice (make_placement) decides it.
                if (type_of(board_[to]) == game_->men.pawn ||
                    (ns.chance.choosing && ns.chance.owes(game_->men.pawn)))
                    update_ep(from, to);
            }
            clear_unmoved(square_bb(from) | square_bb(to));
            break;
        }
        case MoveKind::EnPassant: {
            const Square victim = ns.previous->ep_victim;
            const Piece p = board_[from];
            ns.captured = board_[victim];
            ns.key ^= zobrist::piece(ns.captured, victim) ^ zobrist::piece(p, from) ^
                      zobrist::piece(p, to);
            remove_piece(victim);
            move_piece(from, to);
            ns.rule50 = 0;
            break;
        }
        default:  // a special kind
            next = (this->*special_moves(m.kind()).make)(m, ns);
            break;
    }
    if (next != stm_) ns.key ^= zobrist::side();
    if (us == BLACK && next == WHITE && m.kind() != MoveKind::Relocation) ++fullmove_;
    stm_ = next;
    if (tables_->symmetric_rides() && next != us &&
        (m.kind() == MoveKind::Normal || m.kind() == MoveKind::Promotion ||
         m.kind() == MoveKind::EnPassant)) {
        ns.checkers = checkers_after(m);
        set_path_danger();
    } else {
        set_check_info();
    }
}

void Position::undo_move(Move m) {
    assert(st_->previous);
    const Square from = m.from(), to = m.to();
    // The move passed the turn unless the mover still owes placements (Black Swan).
    const bool ended_turn = st_->pending != PLACING;
    Color us = ended_turn ? ~stm_ : stm_;
    switch (m.kind()) {
        case MoveKind::Normal:
        case MoveKind::Promotion:
            if (m.kind() == MoveKind::Promotion) {
                const Piece promoted = board_[to];
                remove_piece(to);
                add_piece(to, make_piece_code(color_of(promoted), game_->men.pawn));
            }
            if (st_->revealed != NO_PIECE) {
                remove_piece(to);
                add_piece(to, st_->revealed);
            }
            move_piece(to, from);
            if (st_->captured != NO_PIECE) add_piece(to, st_->captured);
            break;
        case MoveKind::EnPassant:
            move_piece(to, from);
            add_piece(st_->previous->ep_victim, st_->captured);
            break;
        default:  // a special kind
            // A relocation's chooser: the side to move now may be either.
            if (m.kind() == MoveKind::Relocation) us = color_of(board_[from]);
            (this->*special_moves(m.kind()).unmake)(m);
            break;
    }
    if (us == BLACK && ended_turn && m.kind() != MoveKind::Relocation) --fullmove_;
    stm_ = us;
    st_ = st_->previous;
}

uint64_t Position::compute_key() const {
    uint64_t key = 0;
    for (Bitboard b = pieces(); b;) {
        const Square s = pop_lsb(b);
        key ^= zobrist::piece(board_[s], s);
    }
    for (Bitboard b = st_->unmoved; b;) key ^= zobrist::unmoved(pop_lsb(b));
    if (st_->ep_square != SQ_NONE) key ^= zobrist::ep(st_->ep_square);
    if (stm_ == BLACK) key ^= zobrist::side();
    for (Color c : {WHITE, BLACK})
        if (st_->adjust_rights & (1 << c)) key ^= zobrist::adjust(c);
    return key ^ zobrist::pending(st_->pending) ^ zobrist::chance(st_->chance);
}

std::string Position::finish_setup() {
    if (game_->men.king >= 0)
        for (Color c : {WHITE, BLACK})
            if (popcount(pieces(c, game_->men.king)) != 1)
                return std::string(c == WHITE ? "White" : "Black") + " must have exactly one king";
    for (Color c : {WHITE, BLACK})
        if (game_->men.pawn >= 0 && (pieces(c, game_->men.pawn) & game_->zones.promotion[c]))
            return std::string(c == WHITE ? "a White" : "a Black") +
                   " pawn stands on its promotion zone";
    if (Bitboard sw = geometry().switch_fields() & pieces(); sw)
        while (sw) {
            const Square s = pop_lsb(sw);
            if (geometry().mate(s) & pieces())
                return "two men stand on the switch at " + geometry().name(s);
        }
    // (Black Swan: while the mover places an event's pieces, the opponent may be in check.)
    if (game_->men.king >= 0 && st_->pending != PLACING && attacked(king_square(~stm_), stm_))
        return "the side not to move is in check";
    drop_meaningless_unmoved();
    st_->key = compute_key();
    st_->pinned_known = false;
    set_check_info();
    return "";
}

void Position::do_null_move(StateInfo& ns) {
    assert(!st_->checkers);
    ns = *st_;
    ns.previous = st_;
    ns.captured = ns.revealed = NO_PIECE;
    ns.pinned_known = false;
    ns.rule50 = st_->rule50 + 1;
    if (ns.ep_square != SQ_NONE) ns.key ^= zobrist::ep(ns.ep_square);
    ns.ep_square = ns.ep_victim = SQ_NONE;
    ns.key ^= zobrist::side();
    st_ = &ns;
    stm_ = ~stm_;
    set_check_info();
}

void Position::undo_null_move() {
    assert(st_->previous);
    st_ = st_->previous;
    stm_ = ~stm_;
}

std::string Position::consistency_error() const {
    if (by_color_[WHITE] & by_color_[BLACK]) return "a cell holds men of both colours";
    Bitboard all_types = 0;
    std::array<int, COLOR_NB> material{};
    for (int t = 0; t < PIECE_TYPE_MAX; ++t) {
        if (by_type_[t] & all_types) return "a cell holds two types";
        all_types |= by_type_[t];
    }
    if (all_types != pieces()) return "type and colour sets differ";
    for (Square s = 0; s < SQUARE_MAX; ++s) {
        const Piece p = board_[s];
        if (p == NO_PIECE) {
            if (has(pieces(), s)) return "a set holds an empty cell";
            continue;
        }
        if (s >= geometry().size()) return "a man stands outside the board";
        if (!has(pieces(color_of(p), type_of(p)), s)) return "mailbox and sets differ";
        material[color_of(p)] += game_->men.value[type_of(p)];
    }
    if (material != material_) return "incremental material is wrong";
    if (st_->key != compute_key()) return "incremental key is wrong";
    if (st_->unmoved & ~pieces()) return "an empty cell is marked unmoved";
    const Square ksq = king_square(stm_);
    if (game_->men.king >= 0 && ksq == SQ_NONE) return "the side to move has no king";
    if (st_->checkers != (ksq == SQ_NONE ? 0 : attackers_to(ksq, ~stm_, pieces())))
        return "checkers are wrong";
    const Square their_king = king_square(~stm_);
    if (their_king != SQ_NONE && st_->pending != PLACING && attacked(their_king, stm_))
        return "the side not to move is in check";
    return "";
}

}  // namespace menagerie
