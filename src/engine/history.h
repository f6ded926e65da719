// What the search learns about quiet moves while it runs: a history score per side, from-cell
// and to-cell (any move kind: relocation and adjustment moves too), and counter-moves.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>

#include "core/move.h"
#include "engine/score.h"

namespace menagerie::engine {

constexpr int HISTORY_MAX = 16384;

struct History {
    std::array<std::array<std::array<int16_t, SQUARE_MAX>, SQUARE_MAX>, COLOR_NB> table{};
    int get(Color c, Move m) const { return table[c][m.from()][m.to()]; }
    // Moves the entry towards +-HISTORY_MAX by `bonus`, less as it nears the bound.
    void update(Color c, Move m, int bonus) {
        int16_t& e = table[c][m.from()][m.to()];
        e = static_cast<int16_t>(e + bonus - e * std::abs(bonus) / HISTORY_MAX);
    }
    // The quiet move that last refuted a move (by the man now on its destination), per man and
    // cell.
    std::array<std::array<Move, SQUARE_MAX>, PIECE_CODE_NB> counter{};
    void clear() {
        table = {};
        for (auto& row : counter) row.fill(MOVE_NONE);
    }
};

}  // namespace menagerie::engine
