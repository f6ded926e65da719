// A played move as a value: the move (a chance move with its outcome), its texts and the position
// after it, worked out once where the move is played and handed as they are to the record (PGN),
// storage, the API and the front end, which then never read or replay move text to learn them.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "core/record.h"

namespace menagerie {

struct PlayedMove {
    Move move;
    std::string uci;  // coordinate form, with the outcome ("d2d4:N")
    std::string san;  // SAN with the outcome and the check mark
    std::string fen;  // the position after the move
    Draw brought;     // a chance move's outcome as data (count 0 for any other move)
};

// Plays m (a legal move, a chance move with its outcome) on `record` and returns it noted.
PlayedMove play_noted(GameRecord& record, Move m);

}  // namespace menagerie
