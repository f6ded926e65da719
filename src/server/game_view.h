// The GameState a seat receives (docs/web-api.md). For an open game, the game itself; for a
// refereed game (Black Swan), everything position-dependent (FEN, moves, legal moves, last move,
// check, options, unseen counts) is made from the seats' view (server/refereed.h), never from
// the referee's position, and the seed is added only once the game is over.
#pragma once

#include <nlohmann/json.hpp>

#include "server/live_game.h"

namespace menagerie::server {

nlohmann::json game_state(LiveGame& game, Seat seat, int64_t now);

// An engine's line from `pos` as [{"uci","san"}]. On a player's view (Black Swan) it ends at its
// first chance move: what follows depends on the outcome, which nobody knows, and the view
// cannot play the move without one.
nlohmann::json line_json(Position pos, const std::vector<Move>& line);

}  // namespace menagerie::server
