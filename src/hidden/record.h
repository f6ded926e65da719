// Black Swan's records: the player's PGN of a game the program referees, and `verify`, which
// checks a record against its seed.
//
// The record is written from the player's view (docs/rules/blackswan.md): Variant blackswan,
// VariantOptions "composition=... view=player", [Commitment "<SHA-256 of the seed, hex>"] from
// the start, [Seed "<64 hex digits>"] once the game is over, the players' contributions to the
// randomness ([WhiteContribution "..."], [BlackContribution "..."]) where they gave any, and
// every chance move with its outcome ("Sd3:N", "a8:NB").
#pragma once

#include <string>
#include <vector>

#include "core/position.h"
#include "notation/pgn.h"

namespace menagerie {

// The player's PGN of the game that plays `moves` (legal moves of the referee's game, in turn,
// with or without their outcomes) from `referee_start`; with the Seed tag when `reveal_seed`.
std::string player_pgn(const Position& referee_start, const std::vector<Move>& moves,
                       bool reveal_seed);

struct Verdict {
    bool honest = false;      // every check passed on a finished record
    bool unfinished = false;  // nothing wrong so far, but the record is no finished game
    std::string message;      // one line: what was checked, or the first thing that is wrong
};
// Checks one game of a PGN database: its Seed tag hashes to its Commitment tag, the players'
// contributions (if any) are mixed in, and every outcome the record writes is the one the seed
// draws, from the setup on. A record that ends with `*`, with no result token (cut short), with
// a turn half done (drawn pieces still owed) or without its Seed is unfinished, not honest.
// Throws Error (kind Pgn, naming the game's number and line) for a text that is no Black Swan
// record.
Verdict verify_record(const PgnText& game);
Verdict verify_record(const std::string& pgn);

}  // namespace menagerie
