// The GameState a seat receives (docs/web-api.md). Everything a seat sees is produced here from
// seat_view(): for the open games the whole game (the identity); Black Swan's hidden swans will
// be hidden there, per seat, and nowhere else.
#pragma once

#include <nlohmann/json.hpp>

#include "server/live_game.h"

namespace menagerie::server {

nlohmann::json game_state(LiveGame& game, Seat seat, int64_t now);

// A move's cells as the front end draws it: castling as the king's cell and destination, a
// relocation or adjustment as the two cells that swap, a placement as the cell placed on.
std::pair<std::string, std::string> move_cells(const Position& pos, Move m);

}  // namespace menagerie::server
