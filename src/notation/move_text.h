// Moves as text. Coordinate (UCI) form: from-cell, to-cell, promotion token in lower case.
// Castling is written king-takes-rook (e1h1) except in `chess`, where orthodox castling is e1g1;
// relocation is king/queen cell then partner cell (e8e8 keeps the array); the Bunker Leap is the
// king's from and to cells; the Bishop Adjustment is the bishop's cell then its partner's.
// SAN adds O-Ob / O-Og, Kc>>g1 (Bunker Leap), Be<=>R (adjustment), K<>d8 (relocation).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace menagerie {

std::string move_to_uci(const Position& pos, Move m);
std::string move_to_san(Position& pos, Move m);
// The same from the position's legal moves, generated once for all of them (a list's SAN).
std::string move_to_san(Position& pos, const MoveList& legal, Move m);
// A line of moves from `root` (a search's principal variation) in SAN, separated by spaces; a
// chance move without its outcome ends it, since the outcome decides what follows.
std::string san_line(const Position& root, const std::vector<Move>& line);
// Reads one move in UCI or SAN form; throws Error if it is malformed, illegal or ambiguous.
// A chance move (Black Swan) may come without its outcome (a seat names the move, the referee
// draws what it brings): such a move cannot be played until the referee has announced it.
Move parse_move(Position& pos, const std::string& text);
// A move as a record gives it, to be played as it is: parse_move, and a chance move must carry
// its outcome ("d2d4:N"); throws Error otherwise.
Move parse_played_move(Position& pos, const std::string& text);
// Black Swan: a record written before the owner chose which drawn piece stays goes on, after a
// draw of pieces of more than one type, with the placements of the others (the first drawn
// piece stayed). While that choice is owed and `text` is no legal move, but is one once the
// first drawn piece is kept: that keep, which the reader plays before `text`; else nullopt. An
// empty `text` is the record's end: the keep is implied where the others had no room (it ends
// the turn).
std::optional<Move> implicit_keep(Position& pos, const std::string& text);
// The legal moves of one position with their texts: the moves are generated once, and a move is
// read and its SAN written from that one list (each move's SAN worked out once, when first
// needed), as a record's reader does for every move. The position must outlive it unchanged.
class PositionMoves {
  public:
    explicit PositionMoves(Position& pos);
    const MoveList& legal() const { return legal_; }
    Move read(const std::string& text);  // as parse_move
    std::string san(Move m);             // as move_to_san

  private:
    const std::string& san_body(size_t index);  // without check mark or outcome
    Position& pos_;
    MoveList legal_;
    std::vector<std::optional<std::string>> san_bodies_;  // by index in legal_
};
// Splits a list of moves separated by spaces or commas.
std::vector<std::string> split_moves(const std::string& list);

}  // namespace menagerie
