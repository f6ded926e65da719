#include "core/outcome.h"

#include "core/movegen.h"

namespace menagerie {

namespace {

// Whether a bishop on s stays on cells of s's colour whatever it does: false where its diagonals
// reach a cell of the other colour or a two-coloured transfer field (Chess 66's 4 and 5).
bool bishop_keeps_colour(const Game& g, Square s) {
    const Geometry& geo = g.geometry;
    Bitboard seen = square_bb(s), frontier = seen;
    while (frontier) {
        Bitboard next = 0;
        for (Bitboard b = frontier; b;) {
            const Square x = pop_lsb(b);
            if (!g.same_colour(s, x)) return false;
            for (Direction d : {NORTH_EAST, SOUTH_EAST, SOUTH_WEST, NORTH_WEST})
                next |= geo.step(x, d);
        }
        frontier = next & ~seen;
        seen |= next;
    }
    return true;
}

// Dead positions the program proves cheaply: bare kings anywhere; with the orthodox men, a lone
// minor piece against a bare king, or bishops that all stand on squares of one colour and can
// never leave it (on Chess 66 bishops change colour through the transfer fields: never dead).
bool dead_position(const Position& pos) {
    const Game& g = pos.game();
    const Bitboard kings = g.men.king >= 0 ? pos.pieces(g.men.king) : 0;
    const Bitboard others = pos.pieces() & ~kings;
    if (!others) return true;
    if (!g.rules.orthodox_material) return false;
    if (!more_than_one(others) && (others & (pos.pieces(g.men.knight) | pos.pieces(g.men.bishop))))
        return true;
    const Bitboard bishops = pos.pieces(g.men.bishop);
    if (others != bishops) return false;
    const Square first = lsb(bishops);
    for (Bitboard b = bishops; b;) {
        const Square s = pop_lsb(b);
        if (!g.same_colour(first, s) || !bishop_keeps_colour(g, s)) return false;
    }
    return true;
}

}  // namespace

Outcome outcome(Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    if (!list.size()) {
        if (!pos.checkers()) return {Result::Draw, "stalemate"};
        return {pos.side_to_move() == WHITE ? Result::BlackWins : Result::WhiteWins, "checkmate"};
    }
    if (pos.rule50() >= 100) return {Result::Draw, "fifty-move rule"};
    if (pos.repetitions() >= 2) return {Result::Draw, "threefold repetition"};
    if (dead_position(pos)) return {Result::Draw, "insufficient material"};
    return {};
}

std::string result_text(Result r) {
    switch (r) {
        case Result::WhiteWins:
            return "1-0";
        case Result::BlackWins:
            return "0-1";
        case Result::Draw:
            return "1/2-1/2";
        default:
            return "*";
    }
}

}  // namespace menagerie
