#include "server/refereed.h"

#include "core/error.h"
#include "games/games.h"
#include "hidden/player_view.h"
#include "server/api_error.h"

namespace menagerie::server {

bool is_refereed(const Game& game) { return is_referee_game(game); }

std::shared_ptr<const Game> referee_game(std::shared_ptr<const Game> game, Options options,
                                         bool has_start,
                                         const std::optional<std::string>& test_seed) {
    if (!game->has_chance()) return game;
    const std::string& name = game->name;
    if (options.count("view"))
        throw ApiError(400, "a " + name +
                                " game is created without the option \"view\": the server is "
                                "the referee, and each seat is shown the player's view");
    if (options.count("seed"))
        throw ApiError(400, "a " + name +
                                " game's seed is drawn by the server and kept secret until the "
                                "game ends: it cannot be given (only its commitment is shown)");
    if (has_start)
        throw ApiError(400, "a " + name +
                                " game starts from its seed's setup: \"setup\", \"fen\" and "
                                "\"pgn\" are refused (check a finished record with menagerie "
                                "verify)");
    if (test_seed) {
        options["seed"] = *test_seed;
        return make_game(name, options);  // the seed was checked when the server started
    }
    return game;
}

std::string refereed_takeback_refusal(const Game& game) {
    return "takeback is not offered in " + game.name +
           ": a swan once turned over cannot be turned back face down";
}

}  // namespace menagerie::server
