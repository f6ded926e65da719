// Games with hidden identities (Black Swan) on the server: the server is their referee
// (hidden/referee.h). It holds the referee's game (every face-down swan and the seed);
// everything a seat, a spectator or the engine receives is made from the referee's view
// instead, so no message can carry a hidden identity: the view's position has no type that
// could hold one. See docs/server.md.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "core/game.h"

namespace menagerie::server {

// Whether `game` is refereed: a game with hidden identities, in the referee's form.
bool is_refereed(const Game& game);

// The game a create request gets: `game` itself for an open game; for a game with hidden
// identities, its referee's game with a seed from the system's secure random source. Refused
// (ApiError 400): a given seed (it would be known before the game), a player's view (view=...),
// a given start (`has_start`: setup, FEN or PGN; the start is the seed's). `test_seed` (a seed as
// `--seed` takes it, from `menagerie serve --test-seed`) replaces the random seed: for tests only,
// and the game's record says so (StoredGame::test_seed).
std::shared_ptr<const Game> referee_game(std::shared_ptr<const Game> game, Options options,
                                         bool has_start,
                                         const std::optional<std::string>& test_seed);
// Why a refereed game refuses a takeback.
std::string refereed_takeback_refusal(const Game& game);

}  // namespace menagerie::server
