// Black Swan's chance nodes for the search: the outcomes of a chance move (a swan turned over, a
// random promotion) on a player's view, with their probabilities from the rules library
// (games/blackswan_outcomes.h), grouped and cut down so that expectimax stays affordable.
// docs/engine.md ("Chance nodes") explains the choices.
#pragma once

#include <array>
#include <cstdint>

#include "core/position.h"
#include "games/blackswan_outcomes.h"

namespace menagerie::engine {

struct ChanceOutcome {
    Move move;  // the chance move with this outcome
    double probability;
};

// One chance node's outcomes (a search keeps one per ply: no allocation).
struct ChanceOutcomes {
    std::array<ChanceOutcome, blackswan::MAX_OUTCOMES> list;
    int count = 0;
};

// The outcomes of chance move m (generated on a player's view, without outcome), most probable
// first. Outcomes that differ only in the order of their pieces are one group (the owner chooses
// which piece stays and where the others go anyway), played as its sequence in sorted order with
// the group's whole probability (the probabilities sum to 1). count 0 when m has no possible
// outcome.
void chance_outcomes(const Position& pos, Move m, ChanceOutcomes& out);

// What a position's key leaves out but a chance node's value depends on: each side's counts of
// unseen tiles (0 in games without them).
uint64_t unseen_key(const Position& pos);

}  // namespace menagerie::engine
