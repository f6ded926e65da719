#include "core/setup.h"

#include <cassert>

#include "core/error.h"

namespace menagerie {

namespace {

Position finished(Position pos) {
    const std::string problem = pos.finish_setup();
    if (!problem.empty())  // a generator's bug, not the user's
        throw std::logic_error(pos.game().name + " generated an impossible setup: " + problem);
    return pos;
}

}  // namespace

Position setup_position(const std::shared_ptr<const Game>& game, int number) {
    assert(number >= 0 && number < static_cast<int>(game->start.setups.size()));
    const std::shared_ptr<const Game> own =
        game->start.game_for_setup ? game->start.game_for_setup(*game, number) : nullptr;
    Position pos(own ? own : game);
    pos.game().start.build_setup(pos, number);
    return finished(std::move(pos));
}

bool has_fixed_start(const Game& game) {
    return !game.start.random_start && game.start.build_start;
}

Position start_position(const std::shared_ptr<const Game>& game,
                        const std::optional<std::string>& setup, std::optional<uint64_t> seed) {
    if (setup) return setup_position(game, game->find_setup(*setup).number);
    if (!game->start.random_start) {
        if (!game->start.build_start)
            throw Error(ErrorKind::Setup, "setup", game->name + " needs a setup");
        Position pos(game);
        game->start.build_start(pos);
        return finished(std::move(pos));
    }
    std::mt19937_64 rng(seed ? *seed : std::random_device{}());
    return setup_position(game, draw_setup_number(*game, rng));
}

int draw_setup_number(const Game& game, std::mt19937_64& rng) {
    if (game.start.draw_setup) return game.start.draw_setup(rng);
    return static_cast<int>(
        std::uniform_int_distribution<size_t>(0, game.start.setups.size() - 1)(rng));
}

}  // namespace menagerie
