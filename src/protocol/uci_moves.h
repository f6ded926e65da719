// Moves as a UCI engine writes them. The one place where the castling conventions meet:
// Menagerie's own coordinate text (notation/move_text.h: e1g1 for orthodox castling in `chess`,
// king-takes-rook elsewhere), and the Chess960 mode of Stockfish and other engines
// (`UCI_Chess960`: every castling move king-takes-rook, e1h1).
#pragma once

#include <optional>
#include <string>

#include "core/move.h"
#include "core/position.h"

namespace menagerie {

enum class CastlingText {
    Game,           // as move_to_uci writes it
    KingTakesRook,  // UCI_Chess960
};

// Whether positions of this game need an engine in Chess960 mode: some castling move would be
// written king-takes-rook, which only that mode reads.
bool needs_chess960(const Position& start);

std::string engine_move_text(const Position& pos, Move m, CastlingText castling);
// The legal move an engine's text names, or nothing. Exactly the coordinate form, with one
// leniency: a castling move in the other convention is accepted where no other legal move has
// that text (Stockfish in Chess960 mode writes e1h1, an engine that ignores the mode e1g1).
std::optional<Move> read_engine_move(Position& pos, const std::string& text, CastlingText castling);

}  // namespace menagerie
