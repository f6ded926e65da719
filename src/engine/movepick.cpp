#include "engine/movepick.h"

#include "engine/score.h"

namespace menagerie::engine {

namespace {

constexpr int TT_MOVE = 1 << 30, GOOD_TACTIC = 1 << 28, KILLER = 1 << 27, BAD_TACTIC = -(1 << 28);

}  // namespace

bool is_tactical(const Position& pos, Move m) {
    return m.kind() == MoveKind::Promotion || pos.is_capture(m);
}

int taken_type(const Position& pos, Move m) {
    const Piece victim = pos.piece_on(m.to());
    const Game& g = pos.game();
    if (m.kind() == MoveKind::EnPassant) return g.men.pawn;
    return victim != NO_PIECE && m.kind() != MoveKind::Castling
               ? type_of(victim)
               : static_cast<int>(g.men.types.size());
}

MovePicker::MovePicker(Position& pos, PlyMoves& moves, Move tt_move,
                       const std::array<Move, 2>& killers, Move counter, const History& history,
                       const ContinuationRows& rows, bool captures_only)
    : moves_(moves),
      pos_(&pos),
      tt_move_(tt_move),
      counter_(counter),
      killers_(killers),
      history_(&history),
      rows_(rows) {
    generate_pseudo_legal(pos, moves.list, Stage::Captures);
    score(0, Stage::Captures);
    // A quiet hash move comes first: its stage is generated now.
    quiets_pending_ = !captures_only;
    if (quiets_pending_ && tt_move != MOVE_NONE && !is_tactical(pos, tt_move)) {
        const int first = moves.list.count;
        append_pseudo_legal(pos, moves.list, Stage::Quiets);
        score(first, Stage::Quiets);
        quiets_pending_ = false;
    }
}

void MovePicker::score(int first, Stage stage) {
    const Position& pos = *pos_;
    const Game& g = pos.game();
    const Color us = pos.side_to_move();
    for (int i = first; i < moves_.list.count; ++i) {
        const Move m = moves_.list.moves[i];
        int& score = moves_.score[i];
        moves_.see[i] = SEE_UNKNOWN;
        if (m == tt_move_) {
            score = TT_MOVE;
        } else if (stage == Stage::Captures) {
            // Ordered by victim and attacker, then by how the capture has fared; the exchange
            // is counted only when the move comes up (next), since a cut usually comes first.
            // Taking a man worth at least the taker cannot lose material: no exchange to count.
            const Piece victim = pos.piece_on(m.to());
            const int victim_value = victim == NO_PIECE
                                         ? g.men.value[g.men.pawn >= 0 ? g.men.pawn : 0]
                                         : g.men.value[type_of(victim)];
            const Piece mover = pos.piece_on(m.from());
            const int attacker_value = g.men.value[type_of(mover)];
            if (m.kind() == MoveKind::Normal && victim_value >= attacker_value &&
                type_of(mover) != g.men.king)
                moves_.see[i] = victim_value - attacker_value;
            // (The history's share is offset so that it never drops a capture below the
            // good ones' floor: only the exchange makes a capture a losing one.)
            score = GOOD_TACTIC + HISTORY_MAX / 4 + victim_value * 16 - attacker_value / 16 +
                    (m.kind() == MoveKind::Promotion ? g.men.value[m.promotion()] : 0) +
                    history_->capture(mover, m.to(), taken_type(pos, m)) / 4;
        } else if (m == killers_[0]) {
            score = KILLER + 1;
        } else if (m == killers_[1]) {
            score = KILLER;
        } else if (m == counter_) {
            score = KILLER - 1;
        } else {
            score = history_->quiet(us, m, pos.piece_on(m.from()), rows_);
        }
    }
}

Move MovePicker::next(int& see) {
    if (ordered_) {
        if (cursor_ >= moves_.list.count) return MOVE_NONE;
        see = SEE_UNKNOWN;
        return moves_.list.moves[cursor_++];
    }
    for (;;) {
        int best = cursor_;
        for (int i = cursor_ + 1; i < moves_.list.count; ++i)
            if (moves_.score[i] > moves_.score[best]) best = i;
        if (quiets_pending_ && (best >= moves_.list.count || moves_.score[best] < GOOD_TACTIC)) {
            // The good captures are spent: the quiet moves join the losing ones.
            const int first = moves_.list.count;
            append_pseudo_legal(*pos_, moves_.list, Stage::Quiets);
            score(first, Stage::Quiets);
            quiets_pending_ = false;
            continue;
        }
        if (best >= moves_.list.count) return MOVE_NONE;
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
