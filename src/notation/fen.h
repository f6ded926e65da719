// FEN dialects. Every game reads and writes
//   <board> <side> <castling> <en passant> <halfmove clock> <fullmove number> [extra fields]
// where the board lists each rank's cells from left to right, top rank first (holes are not
// cells and are not written). Extra fields: the relocation phase (Placement family) and the
// Bunker Leap and Bishop Adjustment rights (Contemporary Random Chess); see docs/notation.md.
#pragma once

#include <memory>
#include <string>

#include "core/position.h"

namespace menagerie {

// Throws Error with a message naming the field and what was wrong.
Position parse_fen(const std::shared_ptr<const Game>& game, const std::string& fen);
std::string write_fen(const Position& pos);

}  // namespace menagerie
