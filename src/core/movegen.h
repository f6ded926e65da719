// Move generation: one generator for every game.
#pragma once

#include <atomic>
#include <cstdint>

#include "core/move.h"
#include "core/position.h"

namespace menagerie {

// Every legal move of the position, each exactly once. The position is used as scratch space for
// the few moves whose legality is tested by playing them, and is left as it was.
void generate_legal(Position& pos, MoveList& list);

// The number of legal moves, without listing them where no move needs a test by playing it.
uint64_t count_legal(Position& pos);

// Pseudo-legal moves, as a search wants them: every move the men can make, of which some may
// leave the mover's king attacked (legal() tells which). Captures are the moves that take a man,
// en passant, and every promotion; quiets are all the others. Castling, the Bunker Leap, the
// Bishop Adjustment and the choice moves of a pending choice are quiets and are listed only when
// legal.
enum class Stage { Captures, Quiets, All };
void generate_pseudo_legal(Position& pos, MoveList& list, Stage stage = Stage::All);
// The same, added after the moves already in the list (a search's second stage).
void append_pseudo_legal(Position& pos, MoveList& list, Stage stage);

// Whether a pseudo-legal move of the side to move is legal. Cheap for almost every move (pins
// and checks from tables); en passant and moves touching a path-capturer's line through the
// king are played and tested.
bool legal(Position& pos, Move m);
// The reference test: play the move and look at the king. Slow; for tests and rare moves.
bool legal_by_playing(Position& pos, Move m);

// Leaf nodes at `depth` plies (bulk-counted at the last ply). Debug builds check the position's
// consistency at every node.
uint64_t perft(Position& pos, int depth);
// The same count, given up once `stop` is set (the count so far is then returned, no total):
// for a perft that must answer a stop. The flag is read between the subtrees two plies deep,
// which the plain perft above counts at its full speed.
uint64_t perft(Position& pos, int depth, const std::atomic<bool>& stop);

}  // namespace menagerie
