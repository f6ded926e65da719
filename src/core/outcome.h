// How a game ends: checkmate and stalemate, and the draws the program claims by itself (the
// fifty-move rule, threefold repetition, and dead positions it can prove cheaply).
#pragma once

#include <string>

#include "core/position.h"
#include "core/record.h"

namespace menagerie {

enum class Result { Ongoing, WhiteWins, BlackWins, Draw };

struct Outcome {
    Result result = Result::Ongoing;
    std::string reason;  // "checkmate", "stalemate", "fifty-move rule", ...
};

// Repetition needs the position's history, so its states must still be alive (see GameRecord).
Outcome outcome(Position& pos);
std::string result_text(Result r);  // PGN form: 1-0, 0-1, 1/2-1/2, *

}  // namespace menagerie
