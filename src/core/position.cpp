#include "core/position.h"

namespace menagerie {

namespace zobrist {
namespace {

struct Keys {
    uint64_t piece[PIECE_CODE_NB][SQUARE_MAX], unmoved[SQUARE_MAX], ep[SQUARE_MAX], side, adjust[2],
        phase[3];
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
        phase[0] = 0, phase[1] = next(), phase[2] = next();
    }
};
const Keys keys;

}  // namespace

uint64_t piece(Piece p, Square s) { return keys.piece[p][s]; }
uint64_t unmoved(Square s) { return keys.unmoved[s]; }
uint64_t ep(Square s) { return keys.ep[s]; }
uint64_t side() { return keys.side; }
uint64_t adjust(Color c) { return keys.adjust[c]; }
uint64_t phase(Phase p) { return keys.phase[p]; }

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
    board_ = other.board_;
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
    board_.fill(NO_PIECE);
    for (auto& c : castling_rooks_) c.fill(SQ_NONE);
    stm_ = WHITE;
    fullmove_ = 1;
    root_ = StateInfo{};
    st_ = &root_;
}

void Position::put(Square s, Piece p) { add_piece(s, p); }

void Position::add_piece(Square s, Piece p) {
    board_[s] = p;
    by_color_[color_of(p)] |= square_bb(s);
    by_type_[type_of(p)] |= square_bb(s);
}

void Position::remove_piece(Square s) {
    const Piece p = board_[s];
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

Bitboard Position::closed(Bitboard occupied) const {
    Bitboard on_switch = occupied & geometry().switch_fields();
    while (on_switch) occupied |= geometry().mate(pop_lsb(on_switch));
    return occupied;
}

// Cells of `by` men attacking s; with FirstOnly, stops at the first one found (attack tests).
template <bool FirstOnly>
Bitboard Position::attackers(Square s, Color by, Bitboard occupied) const {
    Bitboard result = 0;
    const int types = static_cast<int>(game_->types.size());
    for (int t = 0; t < types; ++t) {
        const Bitboard mine = pieces(by, t);
        if (!mine) continue;
        const PieceMoves& pm = tables_->piece(t, by);
        result |= pm.reverse_capture[s] & mine;
        for (Bitboard c = pm.reverse_ride[s] & mine; c;) {
            const Square x = pop_lsb(c);
            if (!(tables_->between(x, s) & occupied)) result |= square_bb(x);
        }
        if (pm.has_paths)
            for (const PathEntry& e : pm.reverse_paths[s])
                if (has(mine, e.square) && popcount(e.clear & occupied) == (e.hop ? 1 : 0))
                    result |= square_bb(e.square);
        if (FirstOnly && result) break;
    }
    return result;
}

Bitboard Position::attackers_to(Square s, Color by, Bitboard occupied) const {
    return attackers<false>(s, by, occupied);
}

bool Position::attacked(Square s, Color by, Bitboard occupied) const {
    return attackers<true>(s, by, occupied) != 0;
}

bool Position::can_castle(Color c, CastlingSide side) const {
    const Square rook = castling_rooks_[c][side], king = king_square(c);
    return rook != SQ_NONE && king != SQ_NONE && has(st_->unmoved, rook) && has(st_->unmoved, king);
}

bool Position::can_bunker_leap(Color c) const {
    const Square king = king_square(c);
    return game_->bunker_leap && king != SQ_NONE && has(st_->unmoved, king);
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
    for (Color c : {WHITE, BLACK}) {
        if (st_->adjust_rights & (1 << c)) continue;
        const Square king = king_square(c);
        Bitboard keep = 0;
        if (king != SQ_NONE && has(st_->unmoved, king)) {
            for (CastlingSide side : {KING_SIDE, QUEEN_SIDE})
                if (castling_rooks_[c][side] != SQ_NONE &&
                    has(st_->unmoved, castling_rooks_[c][side]))
                    keep |= square_bb(castling_rooks_[c][side]);
            if (keep || game_->bunker_leap) keep |= square_bb(king);
        }
        unmark(pieces(c) & ~keep);
    }
}

void Position::update_ep(Square from, Square to) {
    const Color us = stm_, them = ~us;
    const Bitboard single = tables_->piece(game_->pawn, us).quiet[from];
    if (!single || has(single, to) || !has(game_->double_step_zone[us], from)) return;
    const Square mid = lsb(single);
    if (!has(tables_->piece(game_->pawn, us).quiet[mid], to))
        return;  // a capture, not a double step
    if (tables_->piece(game_->pawn, them).reverse_capture[mid] & pieces(them, game_->pawn)) {
        st_->ep_square = mid;
        st_->ep_victim = to;
        st_->key ^= zobrist::ep(mid);
    }
}

// Moves king and rook to their castled cells (Do) or back; returns those cells.
template <bool Do>
std::pair<Square, Square> Position::do_castling(Color us, Square king_from, Square rook_from) {
    const CastlingSide side = castling_side(us, rook_from);
    const Square king_to = game_->castling.king_to[us][side],
                 rook_to = game_->castling.rook_to[us][side];
    const Square king_now = Do ? king_from : king_to, rook_now = Do ? rook_from : rook_to;
    const Piece king = board_[king_now], rook = board_[rook_now];
    remove_piece(king_now);
    remove_piece(rook_now);
    add_piece(Do ? king_to : king_from, king);
    add_piece(Do ? rook_to : rook_from, rook);
    return {king_to, rook_to};
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
    ns.key = st_->key;
    ns.unmoved = st_->unmoved;
    ns.rule50 = st_->rule50 + 1;
    ns.adjust_rights = st_->adjust_rights;
    ns.phase = st_->phase;
    ns.ep_square = ns.ep_victim = SQ_NONE;
    ns.captured = NO_PIECE;
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
            if (type_of(p) == game_->pawn) {
                ns.rule50 = 0;
                if (m.kind() == MoveKind::Promotion) {
                    const Piece promoted = make_piece_code(us, m.promotion());
                    remove_piece(to);
                    add_piece(to, promoted);
                    ns.key ^= zobrist::piece(p, to) ^ zobrist::piece(promoted, to);
                } else {
                    update_ep(from, to);
                }
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
        case MoveKind::Castling: {
            const Piece king = board_[from], rook = board_[to];
            const auto [kto, rto] = do_castling<true>(us, from, to);
            ns.key ^= zobrist::piece(king, from) ^ zobrist::piece(king, kto) ^
                      zobrist::piece(rook, to) ^ zobrist::piece(rook, rto);
            clear_unmoved(square_bb(from) | square_bb(to));
            break;
        }
        case MoveKind::BunkerLeap: {
            const Piece king = board_[from];
            ns.key ^= zobrist::piece(king, from) ^ zobrist::piece(king, to);
            move_piece(from, to);
            clear_unmoved(square_bb(from));
            break;
        }
        case MoveKind::Adjustment: {
            swap_men(from, to);
            ns.adjust_rights &= static_cast<uint8_t>(~(1 << us));
            ns.key ^= zobrist::adjust(us);
            clear_unmoved(square_bb(from) | square_bb(to));
            break;
        }
        case MoveKind::Relocation: {
            // The mover swaps; the opponent's array follows as its mirror image. Unmoved marks
            // travel with the men, who have not moved in the game's sense.
            const Square pairs[2][2] = {{from, to},
                                        {geometry().mirror(from), geometry().mirror(to)}};
            for (const auto& pair : pairs) swap_men(pair[0], pair[1]);
            ns.key ^= zobrist::phase(ns.phase);
            ns.phase = ns.phase == CHOOSE_KING ? CHOOSE_QUEEN : PLAY;
            ns.key ^= zobrist::phase(ns.phase);
            ns.rule50 = 0;
            // The next step's chooser; when play begins, White moves first as in every game.
            next = ns.phase == PLAY ? WHITE : game_->relocation_steps[ns.phase - 1].chooser;
            break;
        }
    }
    if (next != stm_) ns.key ^= zobrist::side();
    if (us == BLACK && m.kind() != MoveKind::Relocation) ++fullmove_;
    stm_ = next;
    const Square ksq = king_square(stm_);
    ns.checkers = ksq == SQ_NONE ? 0 : attackers_to(ksq, ~stm_, pieces());
}

void Position::undo_move(Move m) {
    const Square from = m.from(), to = m.to();
    Color us = ~stm_;
    switch (m.kind()) {
        case MoveKind::Normal:
        case MoveKind::Promotion:
            if (m.kind() == MoveKind::Promotion) {
                const Piece promoted = board_[to];
                remove_piece(to);
                add_piece(to, make_piece_code(color_of(promoted), game_->pawn));
            }
            move_piece(to, from);
            if (st_->captured != NO_PIECE) add_piece(to, st_->captured);
            break;
        case MoveKind::EnPassant:
            move_piece(to, from);
            add_piece(st_->previous->ep_victim, st_->captured);
            break;
        case MoveKind::Castling:
            do_castling<false>(us, from, to);
            break;
        case MoveKind::BunkerLeap:
            move_piece(to, from);
            break;
        case MoveKind::Adjustment:
            swap_pieces(from, to);
            break;
        case MoveKind::Relocation:
            us = color_of(board_[from]);
            swap_pieces(geometry().mirror(from), geometry().mirror(to));
            swap_pieces(from, to);
            break;
    }
    if (us == BLACK && m.kind() != MoveKind::Relocation) --fullmove_;
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
    return key ^ zobrist::phase(st_->phase);
}

std::string Position::finish_setup() {
    if (game_->king >= 0)
        for (Color c : {WHITE, BLACK})
            if (popcount(pieces(c, game_->king)) != 1)
                return std::string(c == WHITE ? "White" : "Black") + " must have exactly one king";
    for (Color c : {WHITE, BLACK})
        if (game_->pawn >= 0 && (pieces(c, game_->pawn) & game_->promotion_zone[c]))
            return std::string(c == WHITE ? "a White" : "a Black") +
                   " pawn stands on its promotion zone";
    if (Bitboard sw = geometry().switch_fields() & pieces(); sw)
        while (sw) {
            const Square s = pop_lsb(sw);
            if (geometry().mate(s) & pieces())
                return "two men stand on the switch at " + geometry().name(s);
        }
    if (game_->king >= 0 && attacked(king_square(~stm_), stm_))
        return "the side not to move is in check";
    drop_meaningless_unmoved();
    st_->key = compute_key();
    const Square ksq = king_square(stm_);
    st_->checkers = ksq == SQ_NONE ? 0 : attackers_to(ksq, ~stm_, pieces());
    return "";
}

}  // namespace menagerie
