// Move ordering: the hash move first, then captures and promotions that do not lose material
// (by static exchange, then most valuable victim / least valuable attacker and the capture
// history), the killers and the counter-move, the quiet moves by history (their own and their
// continuations), and the losing captures last. Moves are scored once and picked by selection,
// which suits the cut-offs that usually come within the first few moves. The quiet moves are
// generated only once the good captures are spent (unless the hash move is quiet): a capture often
// ends the node first.
#pragma once

#include <array>
#include <climits>

#include "core/movegen.h"
#include "engine/history.h"

namespace menagerie::engine {

// One ply's scratch space: the moves, their ordering scores and static exchanges.
struct PlyMoves {
    MoveList list;
    std::array<int, sizeof(MoveList::moves) / sizeof(Move)> score, see;
};

constexpr int SEE_UNKNOWN = INT_MIN;

class MovePicker {
  public:
    // `captures_only`: quiescence (captures, en passant and promotions).
    MovePicker(Position& pos, PlyMoves& moves, Move tt_move, const std::array<Move, 2>& killers,
               Move counter, const History& history, const ContinuationRows& rows,
               bool captures_only);
    // Root: the given moves in the given order.
    MovePicker(PlyMoves& moves, int count) : moves_(moves), ordered_(true) {
        moves.list.count = count;
    }
    // The next move by score, or MOVE_NONE; `see` is its static exchange where computed.
    Move next(int& see);

  private:
    void score(int first, Stage stage);  // moves from `first` on, of the given stage

    PlyMoves& moves_;
    Position* pos_ = nullptr;
    Move tt_move_ = MOVE_NONE, counter_ = MOVE_NONE;
    std::array<Move, 2> killers_{};
    const History* history_ = nullptr;
    ContinuationRows rows_{};
    int cursor_ = 0;
    bool ordered_ = false, quiets_pending_ = false;
};

bool is_tactical(const Position& pos, Move m);  // a capture, en passant or a promotion
// The type a tactical move takes, or the game's type count when it takes none (a promotion).
int taken_type(const Position& pos, Move m);

}  // namespace menagerie::engine
