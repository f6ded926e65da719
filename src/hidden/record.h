// Black Swan's records: the player's PGN of a game the program referees, and `verify`, which
// checks a finished game's record against its seed.
//
// The record is written from the player's view (docs/rules/blackswan.md): Variant blackswan,
// VariantOptions "composition=... view=player", [Commitment "<SHA-256 of the seed, hex>"] from
// the start, [Seed "<64 hex digits>"] once the game is over, and every chance move with its
// outcome ("Sd3[N]", "a8[NB]").
#pragma once

#include <string>
#include <vector>

#include "core/position.h"

namespace menagerie {

// The player's PGN of the game that plays `moves` (legal moves of the referee's game, in turn)
// from `referee_start`; with the Seed tag when `reveal_seed`.
std::string player_pgn(const Position& referee_start, const std::vector<Move>& moves,
                       bool reveal_seed);

struct Verdict {
    bool honest = false;
    std::string message;  // one line: what was checked, or the first thing that is wrong
};
// Checks one game's PGN text: its Seed tag hashes to its Commitment tag, and every outcome the
// record writes is the one the seed draws, from the setup on. Throws Error (kind Pgn) for a
// text that is no Black Swan record.
Verdict verify_record(const std::string& pgn);

}  // namespace menagerie
