// Scores in centipawns from the side to move, and how mates are written into them.
#pragma once

#include <bit>
#include <cstdint>

#include "core/move.h"

namespace menagerie::engine {

constexpr int MAX_PLY = 128;
constexpr int SCORE_INFINITE = 32000;
constexpr int SCORE_MATE = 31000;  // mate at ply p scores SCORE_MATE - p
constexpr int SCORE_MATE_BOUND = SCORE_MATE - MAX_PLY;
constexpr int SCORE_NONE = 32001;

constexpr int mated_in(int ply) { return -SCORE_MATE + ply; }
constexpr int mate_in(int ply) { return SCORE_MATE - ply; }
constexpr bool is_mate_score(int s) { return s >= SCORE_MATE_BOUND || s <= -SCORE_MATE_BOUND; }

// The transposition table stores mate scores relative to the node, not the root.
constexpr int score_to_tt(int s, int ply) {
    return s >= SCORE_MATE_BOUND ? s + ply : s <= -SCORE_MATE_BOUND ? s - ply : s;
}
constexpr int score_from_tt(int s, int ply) {
    return s >= SCORE_MATE_BOUND ? s - ply : s <= -SCORE_MATE_BOUND ? s + ply : s;
}

// "No move": all zero bits, a normal move from the first cell to itself, which no game has.
inline Move move_from_raw(uint32_t raw) { return std::bit_cast<Move>(raw); }
inline const Move MOVE_NONE = move_from_raw(0);

}  // namespace menagerie::engine
