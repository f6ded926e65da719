#pragma once

#include <cstdint>

#include "core/move.h"
#include "core/position.h"

namespace menagerie {

// Every legal move of the position, each exactly once. The position is used as scratch space for
// rare moves whose legality is tested by playing them, and is left as it was.
void generate_legal(Position& pos, MoveList& list);

// The number of legal moves, without listing them where the fast legality test applies.
uint64_t count_legal(Position& pos);

// Leaf nodes at `depth` plies (bulk-counted at the last ply).
uint64_t perft(Position& pos, int depth);

}  // namespace menagerie
