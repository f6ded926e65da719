// `menagerie variants` and `menagerie setups`: what the catalogue holds, one a line.
#include <CLI/CLI.hpp>
#include <iostream>

#include "app/commands.h"
#include "app/game_flags.h"
#include "core/setup.h"
#include "games/games.h"
#include "notation/fen.h"

namespace menagerie {

Runner declare_variants(CLI::App&) {
    return [] {
        for (const std::string& name : game_names()) std::cout << name << "\n";
        return 0;
    };
}

Runner declare_setups(CLI::App& cmd) {
    auto flags = std::make_shared<GameFlags>();
    add_game_flags(cmd, *flags, false);
    return [flags] {
        const std::shared_ptr<const Game> game = game_of(*flags);
        // Games whose setups have many spellings (dice) are listed by the canonical one.
        for (const Setup& s : game->start.setups)
            std::cout << (game->start.setup_id ? s.name : std::to_string(s.number)) << "\t"
                      << write_fen(setup_position(game, s.number)) << "\n";
        return 0;
    };
}

}  // namespace menagerie
