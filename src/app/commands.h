#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/position.h"

namespace menagerie {

int run_bench(int argc, char** argv);
int run_match(int argc, char** argv);    // argv[0] is "match"; see docs/match.md
int run_serve(int argc, char** argv);    // argv[0] is "serve"; see docs/server.md
int run_datagen(int argc, char** argv);  // argv[0] is "datagen"; see docs/engine.md
int run_train(int argc, char** argv);    // argv[0] is "train"; see docs/engine.md
int run_fit(int argc, char** argv);      // argv[0] is "fit"; see docs/engine.md
int run_atlas(int argc, char** argv);    // argv[0] is "atlas"; see docs/atlas.md
// `--option name=value` flags as game options (a flag without `=` or a name is an error).
Options parse_options(const std::vector<std::string>& given);
// parse_move, with the text quoted in the message (a NUL included).
// `to_play`: the move is played on `pos`, so that on a player's view (Black Swan) a chance move
// must carry its outcome; a seat's move read on the view for the referee to play has none.
Move read_move(Position& pos, const std::string& text, bool to_play = true);
int run_play(const std::shared_ptr<const Game>& game, Position pos);
// Runs `play_move` on a typed move; an Error it throws is printed with the hint to 'help' (play's
// loops go on after a bad move).
void try_typed_move(const std::function<void()>& play_move);
// `play` on a referee's game (Black Swan): each side is shown only its player's view.
int run_refereed_play(const std::shared_ptr<const Game>& game, const Position& start);
// The board as text, with the FEN below (play's display).
void draw(const Position& pos);
// `analyse`: a search to a depth or for a time (0: no limit of that kind).
int run_analyse(const Position& pos, int depth, int movetime_ms, int threads, int hash_mb);

}  // namespace menagerie
