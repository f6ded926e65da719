// What requests for games and analyses name, read the same way for both: the start (a FEN, a
// setup, or one drawn) and a played move; and the engine's searcher of each engine thread.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "core/position.h"
#include "server/atlas.h"
#include "server/move_searcher.h"

namespace menagerie::server {

// The start a request asks for (fen, setup or neither) with its setup id. A setup is drawn where
// `draw_random` allows it: within `balance` centipawns of equality by the atlas, if given.
// Throws ApiError 400 naming what is wrong.
Position requested_start(const std::shared_ptr<const Game>& game,
                         const std::optional<std::string>& fen,
                         const std::optional<std::string>& setup,
                         std::optional<std::string>& setup_id, bool draw_random,
                         const Atlas* atlas = nullptr, std::optional<int> balance = std::nullopt);

// A move a request plays on its position (on a player's view, with its outcome); ApiError 400.
Move parse_move_text(Position& pos, const std::string& text);

// The searcher of the calling engine thread (one engine with its hash for all its searches).
MoveSearcher& worker_searcher();

}  // namespace menagerie::server
