// Evaluation for any piece set and geometry. EvalTables holds everything derived once per Game
// (piece values from mobility, piece-square terms from the board's shape, pawn spans); evaluate()
// reads them. docs/engine.md explains the method.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "core/position.h"

namespace menagerie::engine {

struct EvalTables {
    std::shared_ptr<const Game> game;
    // Per type: value (middlegame, endgame) in centipawns, the expected number of moves on a
    // board of typical density (the value's basis) and the weight of each move above it.
    std::array<int, PIECE_TYPE_MAX> value_mg{}, value_eg{};
    std::array<int, PIECE_TYPE_MAX> mobility_mg{}, mobility_eg{};  // per move, in 1/16 cp
    std::array<int, PIECE_TYPE_MAX> average_moves16{};             // in 1/16 moves
    std::array<int, PIECE_TYPE_MAX> attack_weight{};               // king attack, per attacker
    std::array<double, PIECE_TYPE_MAX> sampled_mobility{};         // the derivation's measure
    // Piece-square terms per piece code and cell.
    std::array<std::array<int16_t, SQUARE_MAX>, PIECE_CODE_NB> psq_mg{}, psq_eg{};
    // Pawns: the cells ahead on its file, ahead on its file and the files beside (where an
    // enemy pawn stops it being passed), the cells of the neighbouring files, and how many
    // steps it still needs to promote.
    std::array<std::array<Bitboard, SQUARE_MAX>, COLOR_NB> front_file{}, front_span{};
    std::array<Bitboard, SQUARE_MAX> adjacent_files{};
    std::array<std::array<int8_t, SQUARE_MAX>, COLOR_NB> advance{};   // steps made from home
    std::array<std::array<Bitboard, SQUARE_MAX>, COLOR_NB> shield{};  // pawn cells guarding a king
    std::array<Bitboard, SQUARE_MAX> king_zone{};
    // King steps between two cells (capped at 15), along the geometry's own steps.
    std::array<std::array<int8_t, SQUARE_MAX>, SQUARE_MAX> king_distance{};
    int phase_full = 1, phase_end = 0;  // non-pawn material bounds of the game phase
    // A player's view with face-down swans (Black Swan): the swan type (-1 if none), each tile
    // kind's expected value (the pieces it brings, by the rules library's probabilities), and
    // per cell the share (percent) of that value a swan there counts, by its steps to the zone
    // where it is turned over.
    int swan = -1;
    std::array<int, TILE_KINDS_MAX> tile_mg{}, tile_eg{};
    std::array<std::array<int8_t, SQUARE_MAX>, COLOR_NB> swan_share{};
};

// The tables of a game, built on first use and kept (thread-safe).
std::shared_ptr<const EvalTables> eval_tables(const std::shared_ptr<const Game>& game);

// The static evaluation from the side to move's point of view, in centipawns.
int evaluate(const Position& pos, const EvalTables& t);

}  // namespace menagerie::engine
