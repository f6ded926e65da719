// Start positions from a game's setup generators (see Game::build_setup).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>

#include "core/position.h"

namespace menagerie {

// Setup number n of the game (0 <= n < setups.size()).
Position setup_position(const std::shared_ptr<const Game>& game, int number);

// The start of a game: the given setup (any identifier Game::find_setup knows), else the game's
// start, drawn at random for games that start at random (reproducibly from `seed`).
Position start_position(const std::shared_ptr<const Game>& game,
                        const std::optional<std::string>& setup = std::nullopt,
                        std::optional<uint64_t> seed = std::nullopt);

// The number of a setup drawn as the game draws them (its own way, such as dice, or uniformly).
int draw_setup_number(const Game& game, std::mt19937_64& rng);

// Whether the game has one start position (not drawn at random, no setup needed).
bool has_fixed_start(const Game& game);

}  // namespace menagerie
