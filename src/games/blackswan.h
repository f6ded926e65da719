// Black Swan, the referee's game (every identity known); see games/blackswan.cpp.
#pragma once

#include <memory>

#include "core/game.h"

namespace menagerie {

// Options: seed (64 hex digits, or a decimal number standing for the 32-byte big-endian number;
// default: from the system's secure random source), composition (see
// blackswan::parse_composition), and view: referee (every identity known, draws from the seed)
// or player (one swan type with no identity, no seed; hidden/player_view.h).
std::shared_ptr<const Game> make_blackswan(const Options& options);

}  // namespace menagerie
