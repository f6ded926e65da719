// `menagerie pgn`: the game that --moves plays from the position the game flags describe, as PGN.
#include "notation/pgn.h"

#include <CLI/CLI.hpp>
#include <iostream>

#include "app/commands.h"
#include "app/game_flags.h"
#include "hidden/player_view.h"
#include "hidden/referee.h"
#include "notation/move_text.h"

namespace menagerie {

Runner declare_pgn(CLI::App& cmd) {
    auto flags = std::make_shared<GameFlags>();
    add_game_flags(cmd, *flags, true);
    return [flags] {
        GameFlags start_flags = *flags;
        start_flags.moves.reset();
        const Position start = position_of(start_flags);
        const std::vector<std::string> texts =
            flags->moves ? split_moves(*flags->moves) : std::vector<std::string>{};
        if (!is_referee_game(start.game())) {
            std::cout << write_pgn(start, texts);
            return 0;
        }
        // The referee's game: the players' record, with the seed (this is the referee).
        Referee referee(start);
        for (const std::string& text : texts) {
            Position& pos = referee.position();
            if (const auto keep = implicit_keep(pos, text)) referee.play(*keep);
            referee.play(as_refereed(pos, read_move(pos, text)));
        }
        std::cout << referee.pgn({}, true);
        return 0;
    };
}

}  // namespace menagerie
