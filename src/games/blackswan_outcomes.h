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

// The most outcomes one chance move can have (every reveal outcome).
constexpr int MAX_OUTCOMES = 235;
struct OutcomeProbability {
    int outcome = 0;
    double probability = 0;
};
// Every possible outcome (as possible_outcomes lists them, in the same order) with its
// probability, given the mover's unseen tiles: a reveal's tile kind in proportion to its unseen
// count, an event's pieces independently (with pawns P:N:B:R:Q = 8:2:2:2:2, without N B R Q
// alike); a promotion's 1, 2 or 3 pieces (3/5, 1/5, 1/5), each N B R Q alike. The
// probabilities sum to 1 (none listed when no tile is unseen). Writes at most MAX_OUTCOMES
// entries to `out` and returns their number: no allocation, for a search.
int outcome_probabilities(MoveKind kind, const std::array<uint8_t, TILE_KINDS_MAX>& unseen,
                          OutcomeProbability* out);
std::vector<OutcomeProbability> outcome_probabilities(
    MoveKind kind, const std::array<uint8_t, TILE_KINDS_MAX>& unseen);

}  // namespace menagerie::blackswan
