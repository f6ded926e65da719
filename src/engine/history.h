// What the search learns about moves while it runs: a history score per side, from-cell and
// to-cell (any move kind: relocation and adjustment moves too), counter-moves, the continuation
// history: how a quiet move (by its man's type and destination) has fared right after a given
// move (by its man and destination) one or two plies earlier, and the capture history: how a
// capture or promotion has fared by its man, destination and the type it takes.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "core/game.h"
#include "core/move.h"
#include "core/position.h"
#include "engine/score.h"

namespace menagerie::engine {

constexpr int HISTORY_MAX = 16384;

// The correction of the static evaluation by what searches found: per side to move, by pawn
// structure (a hash of both sides' pawn cells) and by each side's other men, in
// 1/CORRECTION_GRAIN of a centipawn. Pawn structures and placements recur across a search, and
// an evaluation wrong about one (a blockade, a passer it overrates) is wrong wherever it recurs.
constexpr int CORRECTION_BITS = 14, CORRECTION_GRAIN = 16, CORRECTION_MAX = 256 * CORRECTION_GRAIN;

inline size_t correction_index(Bitboard a, Bitboard b) {
    return static_cast<size_t>(hash_pair(a, b) >> (64 - CORRECTION_BITS));
}

inline size_t pawn_structure_index(const Position& pos) {
    const int pawn = pos.game().men.pawn;
    if (pawn < 0) return 0;
    return correction_index(pos.pieces(WHITE, pawn), pos.pieces(BLACK, pawn));
}

// The cells of one side's other men (king included): a second correction per side, for what
// the evaluation misjudges in a placement of the men (a trapped piece, an attack it underrates).
inline size_t men_index(const Position& pos, Color c) {
    const int pawn = pos.game().men.pawn;
    return correction_index(pos.pieces(c) & ~(pawn >= 0 ? pos.pieces(pawn) : 0), c);
}

// The continuation rows a node's quiet moves are scored against: those of the moves one, two
// and four plies before it (null where there was none: the root, a null move).
using ContinuationRows = std::array<int16_t*, 3>;

struct History {
    std::array<std::array<std::array<int16_t, SQUARE_MAX>, SQUARE_MAX>, COLOR_NB> table{};
    std::array<std::array<int16_t, size_t(1) << CORRECTION_BITS>, COLOR_NB> correction{};
    // By side to move, then the side whose men are hashed.
    std::array<std::array<std::array<int16_t, size_t(1) << CORRECTION_BITS>, COLOR_NB>, COLOR_NB>
        men_correction{};
    // The quiet move that last refuted a move (by the man now on its destination), per man and
    // cell.
    std::array<std::array<Move, SQUARE_MAX>, PIECE_CODE_NB> counter{};

    // Moves an entry towards +-HISTORY_MAX by `bonus`, less as it nears the bound.
    static void nudge(int16_t& e, int bonus) {
        e = static_cast<int16_t>(e + bonus - e * std::abs(bonus) / HISTORY_MAX);
    }
    int get(Color c, Move m) const { return table[c][m.from()][m.to()]; }
    void update(Color c, Move m, int bonus) { nudge(table[c][m.from()][m.to()], bonus); }

    // Sizes the continuation table for a game (its types and cells vary: up to ~100 cells and
    // dozens of types), so that it costs little in a small game; cleared when the shape changes.
    void fit(const Game& g) {
        const int t = static_cast<int>(g.men.types.size()), c = g.geometry.size();
        if (t == types_ && c == cells_) return;
        types_ = t, cells_ = c;
        continuation_.assign(static_cast<size_t>(COLOR_NB * t * c) * static_cast<size_t>(t * c), 0);
        captures_.assign(static_cast<size_t>(COLOR_NB * t * c) * static_cast<size_t>(t + 1), 0);
    }
    // A tactical move's history (0 for a move by no man): by its man, destination and the type
    // it takes (`taken`, or the game's type count for a promotion that takes nothing).
    int capture(Piece moved, Square to, int taken) const {
        return moved == NO_PIECE || captures_.empty() ? 0
                                                      : captures_[capture_entry(moved, to, taken)];
    }
    void update_capture(Piece moved, Square to, int taken, int bonus) {
        if (moved != NO_PIECE && !captures_.empty())
            nudge(captures_[capture_entry(moved, to, taken)], bonus);
    }
    int types() const { return types_; }
    // The row of the move of man `moved` to `to` (null for no man: nothing to learn from).
    int16_t* row(Piece moved, Square to) {
        if (moved == NO_PIECE || continuation_.empty()) return nullptr;
        return continuation_.data() + context(moved, to) * static_cast<size_t>(types_ * cells_);
    }
    // The quiet move's whole score: its own history and its continuations.
    int quiet(Color c, Move m, Piece moved, const ContinuationRows& rows) const {
        int s = get(c, m);
        if (moved == NO_PIECE) return s;
        const size_t i = entry(moved, m.to());
        for (const int16_t* r : rows)
            if (r) s += r[i];
        return s;
    }
    void update_quiet(Color c, Move m, Piece moved, const ContinuationRows& rows, int bonus) {
        update(c, m, bonus);
        if (moved == NO_PIECE) return;
        const size_t i = entry(moved, m.to());
        for (int16_t* r : rows)
            if (r) nudge(r[i], bonus);
    }
    int corrected(const Position& pos, int eval) const {
        const Color us = pos.side_to_move();
        const int men = men_correction[us][WHITE][men_index(pos, WHITE)] +
                        men_correction[us][BLACK][men_index(pos, BLACK)];
        return eval + (correction[us][pawn_structure_index(pos)] + men / 2) / CORRECTION_GRAIN;
    }
    // Moves the entries by a share, growing with depth, of how far the search's result `score`
    // was from the corrected evaluation `eval`: together they converge on the evaluation's error.
    void correct(const Position& pos, int eval, int score, int depth) {
        const Color us = pos.side_to_move();
        const int error =
            std::clamp((score - eval) * CORRECTION_GRAIN, -CORRECTION_MAX, CORRECTION_MAX);
        const int weight = std::min(depth + 1, 16);
        auto nudge_towards = [&](int16_t& e) {
            e = static_cast<int16_t>(
                std::clamp(e + error * weight / 256, -CORRECTION_MAX, CORRECTION_MAX));
        };
        nudge_towards(correction[us][pawn_structure_index(pos)]);
        nudge_towards(men_correction[us][WHITE][men_index(pos, WHITE)]);
        nudge_towards(men_correction[us][BLACK][men_index(pos, BLACK)]);
    }
    void clear() {
        table = {};
        for (auto& side : correction) side.fill(0);
        for (auto& by_side : men_correction)
            for (auto& side : by_side) side.fill(0);
        for (auto& row : counter) row.fill(MOVE_NONE);
        std::fill(continuation_.begin(), continuation_.end(), int16_t{0});
        std::fill(captures_.begin(), captures_.end(), int16_t{0});
    }

  private:
    size_t entry(Piece moved, Square to) const {
        return static_cast<size_t>(type_of(moved) * cells_ + to);
    }
    // A move's man (colour and type) and destination, numbered from 0: the row of the
    // continuation table, the block of the capture history.
    size_t context(Piece moved, Square to) const {
        return static_cast<size_t>((color_of(moved) * types_ + type_of(moved)) * cells_ + to);
    }
    size_t capture_entry(Piece moved, Square to, int taken) const {
        return context(moved, to) * static_cast<size_t>(types_ + 1) + static_cast<size_t>(taken);
    }
    int types_ = 0, cells_ = 0;
    std::vector<int16_t> continuation_, captures_;
};

}  // namespace menagerie::engine
