// A second, independent source for Chess 2016 and Chess 56: the pieces as an oracle written from
// the rulings' words on the 12 x 10 box (docs/rules/chess2016.md, "Pieces and tokens"), and a
// perft built on it that shares no code with the rules library (men in a map, a king in check when
// some enemy man's oracle reaches it). It counts start positions to a depth at which no castling,
// en passant or promotion can arise yet (the starts at depth 2).
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>

namespace menagerie::reference {

// The box: file 0-11 (a-l), rank 0-9 (1-10); the holes are not on it.
bool on_board(int f, int r);
std::string name(int f, int r);

// Men around a piece: 0 empty, 1 its own side's, 2 the enemy's.
using Board = std::map<std::pair<int, int>, int>;

// Where a White man of type `piece` (the rules' names: "knight", "griffin", ...) on (f, r) may go
// among `board`'s men, as the words say (forward is up).
std::set<std::string> oracle(const std::string& piece, const Board& board, int f, int r);

// Perft of a Chess 2016 / Chess 56 start position (its FEN) to `depth` (at most 2: before any
// castling, en passant or promotion could happen). Throws std::invalid_argument otherwise.
uint64_t chess2016_start_perft(const std::string& fen, int depth);

}  // namespace menagerie::reference
