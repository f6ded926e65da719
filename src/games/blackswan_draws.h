// Black Swan's random decisions, each from its own labelled stream of the game's seed (see
// core/random_stream.h): the arrangement of each side's tiles, an event's pieces, a promotion's
// pieces. Pure functions of the seed and the label, so a referee, a verifier and a test all
// recompute the same draws.
//
// Labels: "setup/white", "setup/black"; "event/N" and "promotion/N", where N counts the game's
// draws of that kind from 1 in the order they happen.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/geometry.h"
#include "core/random_stream.h"
#include "core/rules.h"

namespace menagerie::blackswan {

// A tile's identity. Events bring 2 or 3 pieces, pawns possible ("with") or not ("without").
enum class Tile : uint8_t {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    Event2With,
    Event2Without,
    Event3With,
    Event3Without,
};
constexpr int TILE_KINDS = 9;

// What an event or a promotion brings: Pawn, Knight, Bishop, Rook or Queen.
using Kind = Tile;

// How many tiles of each kind a side has (indexed by Tile); the page's default is 8/2/2/2/2 and
// 2+2+3+3 events, 20 in all.
using Composition = std::array<int, TILE_KINDS>;
constexpr Composition default_composition = {8, 2, 2, 2, 2, 1, 1, 1, 1};
// The number of squares a side's tiles stand on at the start (ranks 1-2 but the king's square).
constexpr int ON_BOARD = 15;

// Empty when the composition can be played, else what is wrong with it: no count negative, at
// least 15 tiles in all (every starting square gets one), at most 64.
std::string composition_error(const Composition& composition);
// A composition as its option text: the nine counts in Tile order separated by '/', pawns,
// knights, bishops, rooks, queens, then the event tiles 2-with, 2-without, 3-with, 3-without
// (the default is 8/2/2/2/2/1/1/1/1). The reader throws Error (kind Option, field
// "composition") naming what is wrong, also for a composition that cannot be played.
Composition parse_composition(const std::string& text);
// Nine counts as above, any totals (a side's unseen tiles); nullopt when malformed.
std::optional<Composition> read_counts(const std::string& text);
std::string composition_text(const Composition& composition);

// The side's tiles in a random order: the first 15 stand, in this order, on a1 b1 c1 d1 f1 g1
// h1, a2 ... h2 (White) or a8 b8 c8 d8 f8 g8 h8, a7 ... h7 (Black); the rest stay unseen. Every
// order of the tiles is equally likely (Fisher-Yates over the kinds listed in Tile order).
std::vector<Tile> draw_arrangement(const Seed& seed, bool black,
                                   const Composition& composition = default_composition);

// The pieces of event tile `event` (an Event kind), drawn independently: with pawns possible,
// pawn : knight : bishop : rook : queen = 8 : 2 : 2 : 2 : 2; without, the four others equally
// likely. `number` is N of "event/N".
std::vector<Kind> draw_event(const Seed& seed, int number, Tile event);

// A promotion's pieces: 1, 2 or 3 of them (3/5, 1/5, 1/5), each a knight, bishop, rook or queen
// with equal chance. `number` is N of "promotion/N".
std::vector<Kind> draw_promotion(const Seed& seed, int number);

// The referee's announcement: chance move m of the referee's position `referee` with the outcome
// that `seed` draws for it (the swan's own tile and, for an event, the pieces of "event/N"; for a
// promotion, those of "promotion/N", N the next number the position counts); m itself when it is
// no chance move. The only place where a game's outcomes are drawn.
Move announce(const Seed& seed, const Position& referee, Move m);
// The same with the seed of the referee's game (its option seed).
Move announce(const Position& referee, Move m);
// The seed option of a referee's game (Error kind Invalid when it has none).
Seed game_seed(const Game& referee);

// How many pieces an event tile brings (0 for a piece tile).
int event_size(Tile tile);

// Where the pieces of events and promotions may go (an 8 x 8 board, `g` a rectangle).
//
// The cells a side's arrangement stands on, in the order of draw_arrangement: ranks 1 then 2
// (White) or 8 then 7 (Black), files a to h, the king's e-file square left out.
std::vector<Square> starting_squares(const Geometry& g, bool black);
// The owner's third and fourth ranks (ranks 3-4 for White, 6-5 for Black).
Bitboard event_zone(const Geometry& g, bool black);
// The cells of `candidates` nearest to `origin` in king steps: one function with the rules
// core's placement (core/rules.h). A piece placed after an event or a promotion goes to one of
// these, `candidates` being the empty cells where it may stand (for an event: empty cells of
// event_zone, never a swan's starting square).
using menagerie::nearest_cells;

}  // namespace menagerie::blackswan
