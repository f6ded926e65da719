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
    : moves_(moves), pos_(&pos) {
    generate_pseudo_legal(pos, moves.list, captures_only ? Stage::Captures : Stage::All);
    const Game& g = pos.game();
    // Quiet moves are scored now, not when they come up: the history learnt meanwhile would
    // reorder them, and that ordering searched 23% more nodes for the bench's depths.
    const Color us = pos.side_to_move();
    for (int i = 0; i < moves.list.count; ++i) {
        const Move m = moves.list.moves[i];
        int& score = moves.score[i];
        moves.see[i] = SEE_UNKNOWN;
        if (m == tt_move) {
            score = TT_MOVE;
        } else if (is_tactical(pos, m)) {
            // Ordered by victim and attacker; the exchange is counted only when the move comes
            // up (next), since a cut usually comes first. Taking a man worth at least the taker
            // cannot lose material: no exchange to count.
            const Piece victim = pos.piece_on(m.to());
            const int victim_value = victim == NO_PIECE
                                         ? g.men.value[g.men.pawn >= 0 ? g.men.pawn : 0]
                                         : g.men.value[type_of(victim)];
            const int attacker_value = g.men.value[type_of(pos.piece_on(m.from()))];
            if (m.kind() == MoveKind::Normal && victim_value >= attacker_value &&
                type_of(pos.piece_on(m.from())) != g.men.king)
                moves.see[i] = victim_value - attacker_value;
            score = GOOD_TACTIC + victim_value * 16 - attacker_value / 16 +
                    (m.kind() == MoveKind::Promotion ? g.men.value[m.promotion()] : 0);
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
    if (ordered_) {
        see = SEE_UNKNOWN;
        return moves_.list.moves[cursor_++];
    }
    for (;;) {
        int best = cursor_;
        for (int i = cursor_ + 1; i < moves_.list.count; ++i)
            if (moves_.score[i] > moves_.score[best]) best = i;
        int& score = moves_.score[best];
        if (score >= GOOD_TACTIC && score < TT_MOVE && moves_.see[best] == SEE_UNKNOWN) {
            // A tactic that may lose material: counted now, and put after the quiet moves if it
            // does.
            const Move m = moves_.list.moves[best];
            moves_.see[best] = pos_->see(m);
            if (moves_.see[best] < 0) {
                score += BAD_TACTIC - GOOD_TACTIC;
                continue;
            }
        }
        std::swap(moves_.list.moves[best], moves_.list.moves[cursor_]);
        std::swap(moves_.score[best], moves_.score[cursor_]);
        std::swap(moves_.see[best], moves_.see[cursor_]);
        see = moves_.see[cursor_];
        return moves_.list.moves[cursor_++];
    }
}

}  // namespace menagerie::engine
