// FEN dialects. Every game reads and writes
//   <board> <side> <castling> <en passant> <halfmove clock> <fullmove number> [extra fields]
// where the board lists each rank's cells from left to right, top rank first (holes are not
// cells and are not written), and the extra fields are the game's own (Game::fen_extension:
// Placement's relocation step, Contemporary Random Chess's Bunker Leap and adjustment rights).
// See docs/notation.md.
//
// Reading has two stages, as in shakmaty: read_fen checks the text's form and gives a FenSetup
// (errors name the field and the offset in the text); to_position checks what it means (kings,
// checks, castling and en passant rights) and builds the position. Both throw Error of kind Fen.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/position.h"

namespace menagerie {

struct FenSetup {
    std::vector<std::pair<Square, Piece>> men;
    Color side = WHITE;
    std::string castling = "-", en_passant = "-";
    int halfmove_clock = 0, fullmove = 1;
    std::vector<std::string> extra;
    std::vector<size_t> offsets;  // where each field starts in the text
};

FenSetup read_fen(const Game& game, const std::string& fen);
Position to_position(const std::shared_ptr<const Game>& game, const FenSetup& setup);
Position parse_fen(const std::shared_ptr<const Game>& game, const std::string& fen);
std::string write_fen(const Position& pos);

}  // namespace menagerie
