// The flags that name a game and a position, shared by the subcommands that take them, and the
// reading of their values.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/commands.h"
#include "core/position.h"

namespace menagerie {

struct GameFlags {
    std::string variant = "chess";
    std::vector<std::string> options;
    std::optional<std::string> fen, setup, moves;
    std::optional<std::string> seed;
};

// --variant and --option; with `position`, also --fen, --setup, --moves and --seed.
void add_game_flags(CLI::App& cmd, GameFlags& flags, bool position);

// `--option name=value` flags as game options (a flag without `=` or a name is an error).
Options parse_options(const std::vector<std::string>& given);

// The game the flags name; a game of chance (Black Swan) takes --seed as its seed option.
std::shared_ptr<const Game> game_of(const GameFlags& flags);

// The position the flags describe, with the listed moves played.
Position position_of(const GameFlags& flags);

// A subcommand that takes the game and position flags and nothing else: `run` is given the
// position they describe.
Runner on_position(CLI::App& cmd, std::function<int(Position& pos)> run);

// parse_move, with the text quoted in the message (a NUL included).
// `to_play`: the move is played on `pos`, so that on a player's view (Black Swan) a chance move
// must carry its outcome; a seat's move read on the view for the referee to play has none.
Move read_move(Position& pos, const std::string& text, bool to_play = true);

// On the referee's game (Black Swan with its seed) the command line is the referee: a chance
// move is played and written with the outcome the seed draws (a text that names another is
// refused); on any other game, m itself.
Move as_refereed(const Position& pos, Move m);

}  // namespace menagerie
