// The game catalogue. Each game is built from data in its own file; see docs/architecture.md.
// Games are built with the core only: they do not read or write notation.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"

namespace menagerie {

// Every game by name, built with the given options (an unknown name or option is an Error of
// kind Option).
std::vector<std::string> game_names();
std::shared_ptr<const Game> make_game(const std::string& name, const Options& options = {});

// Shared by the 8 x 8 games: the board, the orthodox men, promotion and castling to c/g.
std::shared_ptr<Game> orthodox_game(const std::string& name, const std::string& title);
// Checks the given options against game.option_list and stores every value in game.options.
void apply_options(Game& game, const Options& given);

// Puts an 8 x 8 array: White's back rank from `white` (one token a file, a to h), pawns on
// ranks 2 and 7, and Black's back rank either mirrored file for file or turned 180 degrees.
enum class BlackArray { Mirrored, Turned };
void put_array(Position& pos, const std::string& white, BlackArray black);
// Castling with the outermost rook on each side of each king, both marked unmoved.
void give_castling_rights(Position& pos);

std::shared_ptr<const Game> make_chess(const Options& options);
std::shared_ptr<const Game> make_placement(const std::string& name, const Options& options);
std::shared_ptr<const Game> make_contemporary(const Options& options);
std::shared_ptr<const Game> make_chess66(const Options& options);
// Outside the catalogue, for benchmarks: the Chess 2016 board with the default army (no dice).
std::shared_ptr<const Game> make_chess2016_default_army();

}  // namespace menagerie
