// The GameState a seat receives (docs/web-api.md). For an open game, the game itself; for a
// refereed game (Black Swan), everything position-dependent (FEN, moves, legal moves, last move,
// check, options, unseen counts) is made from the seats' view (server/refereed.h), never from
// the referee's position, and the seed is added only once the game is over.
#pragma once

#include <nlohmann/json.hpp>

#include "server/live_game.h"

namespace menagerie::server {

nlohmann::json game_state(LiveGame& game, Seat seat, int64_t now);

}  // namespace menagerie::server
