// `menagerie roll`: one throw of the dice that choose a setup of chess56 or chess2016.
#include <CLI/CLI.hpp>
#include <iostream>
#include <limits>
#include <random>

#include "app/command_line.h"
#include "app/commands.h"
#include "app/game_flags.h"
#include "core/error.h"
#include "core/setup.h"
#include "games/chess2016.h"
#include "notation/fen.h"

namespace menagerie {

Runner declare_roll(CLI::App& cmd) {
    auto flags = std::make_shared<GameFlags>();
    cmd.add_option("--variant", flags->variant, "chess56 or chess2016")->required();
    cmd.add_option("--option", flags->options, "game option name=value (repeatable)");
    cmd.add_option("--seed", flags->seed, "seed for the roll");
    return [flags] {
        const std::shared_ptr<const Game> game = game_of(*flags);
        if (!game->start.draw_setup || !game->start.setup_id)
            throw Error(ErrorKind::Usage, "--variant",
                        game->name +
                            " does not draw its setups by dice (roll is for chess56 and "
                            "chess2016)");
        const std::optional<uint64_t> seed =
            flags->seed ? std::optional<uint64_t>(parse_number(
                              "--seed", *flags->seed, std::numeric_limits<uint64_t>::max()))
                        : std::nullopt;
        std::mt19937_64 rng(seed ? *seed : std::random_device{}());
        const int n = game->start.draw_setup(rng);
        std::cout << "dice " << game->start.setups[static_cast<size_t>(n)].name << "\n"
                  << "substitutions " << game_substitutions(*game, n) << "\n"
                  << "fen " << write_fen(setup_position(game, n)) << "\n";
        return 0;
    };
}

}  // namespace menagerie
