// Black Swan, the referee's game (every identity known); see games/blackswan.cpp.
#pragma once

#include <memory>

#include "core/game.h"

namespace menagerie {

// Options: seed (64 hex digits; default: from the system's secure random source) and
// composition (see blackswan::parse_composition). Not yet in the catalogue (the CLI and the
// seed in the FEN are still to come).
std::shared_ptr<const Game> make_blackswan(const Options& options);

}  // namespace menagerie
