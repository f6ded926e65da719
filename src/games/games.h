// The game catalogue. Each game is built from data in its own file; see docs/architecture.md.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "core/game.h"

namespace menagerie {

// The catalogue: every game by name, built with the given options (an unknown name or option is
// an Error of kind Option).
std::vector<std::string> game_names();
std::shared_ptr<const Game> make_game(const std::string& name, const Options& options = {});

// Shared by the 8 x 8 games: the board, the orthodox men, promotion and castling to c/g.
std::shared_ptr<Game> orthodox_game(const std::string& name, const std::string& title);
// Checks the given options against game.option_list and stores every value in game.options.
void apply_options(Game& game, const Options& given);

// The start position of a game: the given setup, else the game's start (drawn uniformly at
// random, from `seed` when given, for games that start at random).
class Position;
Position start_position(const std::shared_ptr<const Game>& game,
                        const std::optional<std::string>& setup,
                        std::optional<uint64_t> seed = std::nullopt);

std::shared_ptr<const Game> make_chess(const Options& options);
std::shared_ptr<const Game> make_placement(const std::string& name, const Options& options);
std::shared_ptr<const Game> make_contemporary(const Options& options);

}  // namespace menagerie
