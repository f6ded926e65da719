// A second, independent move generator for Chess 66, written from its rule page alone: the board
// is the page's own table of neighbours (docs/rules/chess66.md, "Neighbours", read from the page
// at run time), and the moves follow the page's words (lines that fork through a switch and close
// at a man on either field, the knight as two king steps off every line, pawns, castling with the
// turned array). It shares no code with the rules library: cells by name, a position copied for
// every move, a king in check when some enemy move could take it. Slow and plain on purpose, so
// that a perft count both agree on has two sources.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>

namespace menagerie::reference {

// Perft of a Chess 66 FEN (docs/rules/chess66.md). Throws std::invalid_argument for a rule page
// or a FEN it cannot read.
uint64_t chess66_perft(const std::string& rule_page, const std::string& fen, int depth);

// Each legal move of the FEN (in coordinates: from and to cells, a promotion's piece in lower
// case, castling king-takes-rook) with the perft of depth - 1 below it.
std::map<std::string, uint64_t> chess66_divide(const std::string& rule_page, const std::string& fen,
                                               int depth);

// Where a knight on `cell` goes on the empty board, as the page's rule derives it (for checking
// the derivation against the page's own table of knight moves).
std::set<std::string> chess66_knight_targets(const std::string& rule_page, const std::string& cell);

// The page's table of knight moves near the switches: cell -> the fields it lists.
std::map<std::string, std::set<std::string>> chess66_knight_table(const std::string& rule_page);

}  // namespace menagerie::reference
