#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "core/position.h"

namespace menagerie {

// The start position of a game: the given setup, else the game's start (drawn at random, from
// `seed` when given, for games that start at random).
Position start_position(const std::shared_ptr<const Game>& game,
                        const std::optional<std::string>& setup,
                        std::optional<uint64_t> seed = std::nullopt);

int run_bench(int argc, char** argv);
int run_play(const std::shared_ptr<const Game>& game, Position pos);

}  // namespace menagerie
