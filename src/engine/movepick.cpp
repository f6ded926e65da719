#include "engine/movepick.h"

#include "engine/score.h"

namespace menagerie::engine {

namespace {

constexpr int TT_MOVE = 1 << 30, GOOD_TACTIC = 1 << 28, KILLER = 1 << 27, BAD_TACTIC = -(1 << 28);

}  // namespace

bool is_tactical(const Position& pos, Move m) {
    return m.kind() == MoveKind::Promotion || pos.is_capture(m);
}

MovePicker::MovePicker(Position& pos, PlyMoves& moves, Move tt_move,
                       const std::array<Move, 2>& killers, Move counter, const History& history,
                       const ContinuationRows& rows, bool captures_only)
    : moves_(moves) {
    generate_pseudo_legal(pos, moves.list, captures_only ? Stage::Captures : Stage::All);
    const Game& g = pos.game();
    const Color us = pos.side_to_move();
    for (int i = 0; i < moves.list.count; ++i) {
        const Move m = moves.list.moves[i];
        int& score = moves.score[i];
        moves.see[i] = SEE_UNKNOWN;
        if (m == tt_move) {
            score = TT_MOVE;
        } else if (is_tactical(pos, m)) {
            const Piece victim = pos.piece_on(m.to());
            const int victim_value = victim == NO_PIECE ? g.piece_value[g.pawn >= 0 ? g.pawn : 0]
                                                        : g.piece_value[type_of(victim)];
            // Taking a man worth at least the taker cannot lose material: no exchange to count.
            const int attacker_value = g.piece_value[type_of(pos.piece_on(m.from()))];
            const int see = m.kind() == MoveKind::Normal && victim_value >= attacker_value &&
                                    type_of(pos.piece_on(m.from())) != g.king
                                ? victim_value - attacker_value
                                : pos.see(m);
            moves.see[i] = see;
            const int mvv_lva =
                victim_value * 16 - g.piece_value[type_of(pos.piece_on(m.from()))] / 16 +
                (m.kind() == MoveKind::Promotion ? g.piece_value[m.promotion()] : 0);
            score = (see >= 0 ? GOOD_TACTIC : BAD_TACTIC) + mvv_lva;
        } else if (m == killers[0]) {
            score = KILLER + 1;
        } else if (m == killers[1]) {
            score = KILLER;
        } else if (m == counter) {
            score = KILLER - 1;
        } else {
            score = history.quiet(us, m, pos.piece_on(m.from()), rows);
        }
    }
}

Move MovePicker::next(int& see) {
    if (cursor_ >= moves_.list.count) return MOVE_NONE;
    if (!ordered_) {
        int best = cursor_;
        for (int i = cursor_ + 1; i < moves_.list.count; ++i)
            if (moves_.score[i] > moves_.score[best]) best = i;
        std::swap(moves_.list.moves[best], moves_.list.moves[cursor_]);
        std::swap(moves_.score[best], moves_.score[cursor_]);
        std::swap(moves_.see[best], moves_.see[cursor_]);
        see = moves_.see[cursor_];
    } else {
        see = SEE_UNKNOWN;
    }
    return moves_.list.moves[cursor_++];
}

}  // namespace menagerie::engine
