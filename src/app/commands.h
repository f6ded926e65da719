// The subcommands of `menagerie`; main.cpp lists them in the order `--help` shows them.
#pragma once

#include <functional>
#include <memory>

#include "core/position.h"

namespace CLI {
class App;
}

namespace menagerie {

// A subcommand whose flags are parsed with the command line: `declare_NAME` adds its flags to
// `cmd` and returns what runs it once they are parsed, which gives the exit status.
using Runner = std::function<int()>;
Runner declare_variants(CLI::App& cmd);
Runner declare_setups(CLI::App& cmd);
Runner declare_roll(CLI::App& cmd);
Runner declare_fen(CLI::App& cmd);
Runner declare_moves(CLI::App& cmd);
Runner declare_perft(CLI::App& cmd);
Runner declare_pgn(CLI::App& cmd);
Runner declare_replay(CLI::App& cmd);
Runner declare_verify(CLI::App& cmd);
Runner declare_play(CLI::App& cmd);
Runner declare_uci(CLI::App& cmd);
Runner declare_analyse(CLI::App& cmd);
Runner declare_geometry(CLI::App& cmd);

// Subcommands that read their own flags: argv[0] is the subcommand's name.
int run_bench(int argc, char** argv);
int run_match(int argc, char** argv);    // see docs/match.md
int run_serve(int argc, char** argv);    // see docs/server.md
int run_datagen(int argc, char** argv);  // see docs/engine.md
int run_train(int argc, char** argv);    // see docs/engine.md
int run_fit(int argc, char** argv);      // see docs/engine.md
int run_relabel(int argc, char** argv);  // see docs/engine.md
int run_atlas(int argc, char** argv);    // see docs/atlas.md

// Runs `play_move` on a typed move; an Error it throws is printed with the hint to 'help' (play's
// loops go on after a bad move).
void try_typed_move(const std::function<void()>& play_move);
// `play` on a referee's game (Black Swan): each side is shown only its player's view.
int run_refereed_play(const std::shared_ptr<const Game>& game, const Position& start);
// The board as text, with the FEN below (play's display).
void draw(const Position& pos);

}  // namespace menagerie
