// The read-only part of the API: the games, their setups, boards, pieces and dice, as JSON.
// Every function validates its input and throws ApiError (400) naming what was wrong.
#pragma once

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace menagerie::server {

using Query = std::map<std::string, std::string>;

// The games the server offers: every listed game (a game with hidden identities is refereed,
// refereed.h).
std::vector<std::string> served_game_names();
// The game a request names: `variant` and its options (a JSON object of strings).
std::shared_ptr<const Game> game_named(const std::string& variant, const Options& options);
// The game of a query: variant=V and opt.NAME=VALUE parameters.
std::shared_ptr<const Game> game_of_query(const Query& query);

const nlohmann::json& variants_json();
nlohmann::json setups_json(const Game& game_ptr, const std::shared_ptr<const Game>& game);
nlohmann::json board_json(const Game& game);
nlohmann::json piece_moves_json(const Game& game, const std::string& token,
                                const std::string& cell);
// A new roll (from `seed`, or the system's randomness), or the roll that made `setup`.
nlohmann::json roll_json(const std::shared_ptr<const Game>& game, std::optional<uint64_t> seed,
                         const std::optional<std::string>& setup = std::nullopt);

// "number", "dice", "array", "relocation" or "random": how a new game's setup is chosen.
std::string setup_kind(const Game& game);

}  // namespace menagerie::server
