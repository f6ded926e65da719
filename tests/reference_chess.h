// A second, independent move generator for the 8 × 8 games with special moves: Placement Chess
// (its relocation phase, both castling rules, curtailed castling), Reduced Placement Chess,
// Chess20 and Contemporary Random Chess (castling to b/g, the King's Bunker Leap, the Bishop
// Adjustment). It is written from the rule pages alone (docs/rules/placement.md,
// docs/rules/contemporary.md) and shares no code with the rules library: a board of 64
// characters, a position copied for every move, attacks found by looking outwards from a square.
// Slow and plain on purpose, so that a perft count both agree on has two sources.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace menagerie::reference {

// Perft of `fen` (the FEN dialect of docs/notation.md for these games: X-FEN or Shredder-FEN
// castling, Placement's relocation field, Contemporary's bunker and adjustment fields) in the game
// `variant` (placement, placement-reduced, chess20, contemporary) with its `options` (castling,
// curtailed). Throws std::invalid_argument for a game or a FEN it does not read.
uint64_t perft(const std::string& variant, const std::map<std::string, std::string>& options,
               const std::string& fen, int depth);

}  // namespace menagerie::reference
