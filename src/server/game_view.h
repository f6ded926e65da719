// The GameState a seat receives (docs/web-api.md). Everything a seat sees is produced here from
// seat_view(): for the open games the whole game (the identity); Black Swan's hidden swans will
// be hidden there, per seat, and nowhere else.
#pragma once

#include <nlohmann/json.hpp>

#include "server/live_game.h"

namespace menagerie::server {

nlohmann::json game_state(LiveGame& game, Seat seat, int64_t now);

}  // namespace menagerie::server
