// Black Swan's chance outcomes numbered, so that a move can carry one (Move::outcome, 8 bits):
// what a swan turned over brings (its tile and, for an event, the pieces drawn, in order) and
// what a random promotion brings (1-3 pieces). Numbers run from 1 in a fixed order (0 is
// "none"): reveals tile by tile in Tile order, an event's piece sequences in lexicographic order
// of the kinds P N B R Q (without pawns: N B R Q); promotions by size, then lexicographically.
// 235 reveal outcomes and 84 promotion outcomes.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/game.h"
#include "core/position.h"

namespace menagerie::blackswan {

// Kind Normal: a reveal; kind Promotion: a promotion. count 0 for a number that is no outcome.
Draw decode_outcome(MoveKind kind, int outcome);
// The number of an outcome; 0 when the draw is impossible (an event's pieces that its tile
// cannot bring, a piece tile with more than one piece, ...).
int encode_outcome(MoveKind kind, const Draw& draw);
// Every outcome a reveal by a side with these unseen tiles can have (each tile with an unseen
// count above 0, every sequence of its pieces), or every promotion's.
std::vector<int> possible_outcomes(MoveKind kind,
                                   const std::array<uint8_t, TILE_KINDS_MAX>& unseen);

}  // namespace menagerie::blackswan
